/**
 * Reading a polling endpoint's answer (`HandlerResult.data`, typed `Record<string, unknown>`) without casts.
 * The answers come from our own handlers and are schema-shaped; a field that is not what the schema says is
 * a bug, so it throws: the group's tick fails and its state stays where it was (nothing is skipped).
 */
import { isRecord } from '../../lib/is-record.js';

export class AnswerShapeError extends Error {
  constructor(endpoint: string, path: string, expected: string) {
    super(`${endpoint} answer: ${path} is not ${expected}`);
    this.name = 'AnswerShapeError';
  }
}

export function recordAt(endpoint: string, value: unknown, path: string): Record<string, unknown> {
  if (!isRecord(value)) throw new AnswerShapeError(endpoint, path, 'an object');
  return value;
}

export function stringAt(endpoint: string, obj: Record<string, unknown>, key: string, path = key): string {
  const v = obj[key];
  if (typeof v !== 'string') throw new AnswerShapeError(endpoint, path, 'a string');
  return v;
}

export function arrayAt(endpoint: string, obj: Record<string, unknown>, key: string, path = key): unknown[] {
  const v = obj[key];
  if (!Array.isArray(v)) throw new AnswerShapeError(endpoint, path, 'an array');
  return v;
}

/** An ISO 8601 timestamp field as a Date. */
export function timeAt(endpoint: string, obj: Record<string, unknown>, key: string, path = key): Date {
  const text = stringAt(endpoint, obj, key, path);
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw new AnswerShapeError(endpoint, path, 'a timestamp');
  return new Date(ms);
}

/** A detector's stored state: JSON it wrote itself. Unreadable state is a bug, not a reason to start over. */
export function parseState(source: string, state: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(state);
  } catch {
    throw new Error(`${source} detection state is not JSON`);
  }
  if (!isRecord(parsed)) throw new Error(`${source} detection state is not an object`);
  return parsed;
}
