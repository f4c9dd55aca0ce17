/**
 * The one least-recently-used cache of okstra: a Map kept in use order
 * (a hit moves its key to the end, the oldest go first), bounded by a total
 * weight — an entry's size, or 1 each for a bound on the count. For caches of
 * pure results and of content named by its hash: losing an entry costs a
 * recomputation, never a wrong answer. No dependency: a Map's insertion order
 * is already the use order, and this is all of it.
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private total = 0;

  constructor(
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    this.entries.set(key, { value, weight });
    this.total += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxWeight) break;
      this.entries.delete(oldest);
      this.total -= entry.weight;
    }
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.total -= entry.weight;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The weight held now: the count, or the sum of the entries' sizes. */
  get weight(): number {
    return this.total;
  }
}
