/** True for a plain JSON object (not null, not an array): what an untrusted payload's object fields must be. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
