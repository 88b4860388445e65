// A small least-recently-used map bounded by entry count and by total weight (e.g. string length).
//
// Recency is a doubly linked list threaded through the entries (newest at the head), so a hit only
// relinks an entry and never writes to the Map: deleting and re-inserting a Map key on every hit was
// the most expensive step of a cached answer (it leaves a hole that makes the Map rehash periodically).

interface Entry<V> {
  readonly key: string;
  readonly value: V;
  readonly weight: number;
  newer: Entry<V> | undefined;
  older: Entry<V> | undefined;
}

export class LruCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #maxEntries: number;
  readonly #maxWeight: number;
  #weight = 0;
  #newest: Entry<V> | undefined;
  #oldest: Entry<V> | undefined;

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
    if (entry !== this.#newest) {
      this.#unlink(entry);
      this.#pushNewest(entry);
    }
    return entry.value;
  }

  /** Stores the value unless it alone outweighs the whole cache; evicts the least recently used. */
  set(key: string, value: V, weight: number): void {
    const previous = this.#entries.get(key);
    if (previous !== undefined) this.#remove(previous);
    if (weight > this.#maxWeight || this.#maxEntries < 1) return;
    const entry: Entry<V> = { key, value, weight, newer: undefined, older: undefined };
    this.#entries.set(key, entry);
    this.#pushNewest(entry);
    this.#weight += weight;
    while (this.#entries.size > this.#maxEntries || this.#weight > this.#maxWeight) {
      const oldest = this.#oldest;
      if (oldest === undefined) break;
      this.#remove(oldest);
    }
  }

  #remove(entry: Entry<V>): void {
    this.#entries.delete(entry.key);
    this.#unlink(entry);
    this.#weight -= entry.weight;
  }

  #unlink(entry: Entry<V>): void {
    if (entry.newer === undefined) this.#newest = entry.older;
    else entry.newer.older = entry.older;
    if (entry.older === undefined) this.#oldest = entry.newer;
    else entry.older.newer = entry.newer;
    entry.newer = undefined;
    entry.older = undefined;
  }

  #pushNewest(entry: Entry<V>): void {
    entry.older = this.#newest;
    if (this.#newest === undefined) this.#oldest = entry;
    else this.#newest.newer = entry;
    this.#newest = entry;
  }
}
