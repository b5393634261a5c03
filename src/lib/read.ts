/**
 * Reading loosely typed JSON (answers' `data`, stored snapshot documents) without trusting it: a value of
 * the wrong type reads as null (unknown), never as a default.
 */
export type JsonObject = Record<string, unknown>;

export const asObject = (x: unknown): JsonObject | null => (x && typeof x === 'object' && !Array.isArray(x) ? (x as JsonObject) : null);
export const asNumber = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);
export const asString = (x: unknown): string | null => (typeof x === 'string' ? x : null);
export const asStrings = (x: unknown): string[] => (Array.isArray(x) ? x.filter((v): v is string => typeof v === 'string') : []);
