/**
 * Canonical JSON: object keys sorted at every level, undefined fields left out, so equal values give equal text
 * whatever their key order — the answer cache's keys (src/app/execute.ts) and alert subscriptions' group keys
 * (src/streams/subscriptions.ts).
 */

/** Canonical JSON (sorted keys). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += `${i > 0 ? ',' : ''}${canonicalJson(value[i]) ?? ''}`;
    return `${out}]`;
  }
  if (value && typeof value === 'object') return canonicalObject(value as Record<string, unknown>);
  return JSON.stringify(value);
}

/** An object's canonical JSON, leaving out undefined fields and the field `skip`. Loops, no intermediate arrays: every call's cache key goes through here. */
export function canonicalObject(object: Record<string, unknown>, skip?: string): string {
  // Default sort = UTF-16 code unit order, the order `<` gives.
  const keys = Object.keys(object).sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const v = object[key];
    if (v === undefined || key === skip) continue;
    out += `${first ? '' : ','}${JSON.stringify(key)}:${canonicalJson(v)}`;
    first = false;
  }
  return `${out}}`;
}
