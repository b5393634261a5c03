/**
 * Reads a few scalar fields out of another endpoint's answer by path ("summary.whales", "coins.0.bias"),
 * for the headlines `query` shows of a leg it does not return whole. Answers are `Record<string, unknown>`
 * at this boundary, so every read is checked: a wrong type or an absent field reads as null, and is listed
 * in `missing` so a test over each endpoint's schema example catches a headline path that drifted from
 * the schema (a null that only means "the answer says unknown" is not listed).
 */

export type Scalar = string | number | boolean | null;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export class Reader {
  /** Paths that were absent or of another type than asked: schema drift, never a legitimate unknown. */
  readonly missing: string[] = [];

  constructor(private readonly data: unknown) {}

  /** The value at `path`; null when a parent on the way is null (an unknown the answer states). */
  at(path: string): unknown {
    let node: unknown = this.data;
    for (const part of path.split('.')) {
      if (node === null) return null;
      if (Array.isArray(node) && /^\d+$/.test(part)) {
        // An empty list has no first item: that is the answer's content, not drift.
        if (Number(part) >= node.length) return null;
        node = node[Number(part)];
      } else if (isRecord(node) && Object.hasOwn(node, part)) {
        node = node[part];
      } else {
        this.missing.push(path);
        return null;
      }
    }
    return node;
  }

  num(path: string): number | null {
    return this.typed(path, (v): v is number => typeof v === 'number');
  }

  str(path: string): string | null {
    return this.typed(path, (v): v is string => typeof v === 'string');
  }

  bool(path: string): boolean | null {
    return this.typed(path, (v): v is boolean => typeof v === 'boolean');
  }

  /** The length of the list at `path` (how many items the full answer holds). */
  count(path: string): number | null {
    const v = this.list(path);
    return v === null ? null : v.length;
  }

  list(path: string): unknown[] | null {
    return this.typed(path, (v): v is unknown[] => Array.isArray(v));
  }

  /** How many items of the list at `path` have `field` equal to `value`. */
  countWhere(path: string, field: string, value: Scalar): number | null {
    const items = this.list(path);
    if (items === null) return null;
    return items.filter((item) => isRecord(item) && item[field] === value).length;
  }

  private typed<T>(path: string, is: (v: unknown) => v is T): T | null {
    const v = this.at(path);
    if (v === null) return null;
    if (is(v)) return v;
    this.missing.push(path);
    return null;
  }
}
