/**
 * A bounded cache with least-recently-used flavour at generation granularity (the "quick-lru"
 * scheme): two maps; hits in the old generation are promoted; when the young generation is full it
 * becomes the old one. At most 2 × capacity entries, O(1) without Map re-insertion on every hit.
 */
export class Lru<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const v = this.young.get(key);
    if (v !== undefined) return v;
    const o = this.old.get(key);
    if (o !== undefined) {
      this.old.delete(key);
      this.set(key, o);
    }
    return o;
  }

  set(key: K, value: V): void {
    if (this.young.size >= this.capacity && !this.young.has(key)) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }

  getOrCreate(key: K, create: () => V): V {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const value = create();
    this.set(key, value);
    return value;
  }

  get size(): number {
    return this.young.size + this.old.size;
  }
}
