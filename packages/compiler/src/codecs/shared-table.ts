// Values many records of an artefact repeat (predicates, sources, Strong's numbers, `generated`
// lists), stored once in a shared table of the artefact and named by their position in it.

export class SharedTable<T = string> {
  /** The distinct values, in the order first added: the table the artefact stores. */
  readonly values: T[] = [];
  readonly #ids = new Map<string, number>();
  readonly #keyOf: (value: T) => string;

  /** `keyOf` says when two values are the same; default their string form (strings: themselves). */
  constructor(keyOf: (value: T) => string = String) {
    this.#keyOf = keyOf;
  }

  /** The value's position in the table, adding it when new. */
  add(value: T): number {
    const key = this.#keyOf(value);
    let id = this.#ids.get(key);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.#ids.set(key, id);
    }
    return id;
  }

  addOrNull(value: T | null): number | null {
    return value === null ? null : this.add(value);
  }
}
