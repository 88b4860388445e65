// A small least-recently-used map bounded by entry count and by total weight (e.g. string length).

export class LruCache<V> {
  readonly #entries = new Map<string, { value: V; weight: number }>();
  readonly #maxEntries: number;
  readonly #maxWeight: number;
  #weight = 0;

  constructor(maxEntries: number, maxWeight: number) {
    this.#maxEntries = maxEntries;
    this.#maxWeight = maxWeight;
  }

  get size(): number {
    return this.#entries.size;
  }

  get weight(): number {
    return this.#weight;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    // Re-insert so iteration order runs from least to most recently used.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Stores the value unless it alone outweighs the whole cache; evicts the least recently used. */
  set(key: string, value: V, weight: number): void {
    const previous = this.#entries.get(key);
    if (previous !== undefined) {
      this.#entries.delete(key);
      this.#weight -= previous.weight;
    }
    if (weight > this.#maxWeight || this.#maxEntries < 1) return;
    this.#entries.set(key, { value, weight });
    this.#weight += weight;
    while (this.#entries.size > this.#maxEntries || this.#weight > this.#maxWeight) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      const entry = this.#entries.get(oldest.value);
      this.#entries.delete(oldest.value);
      this.#weight -= entry?.weight ?? 0;
    }
  }
}
