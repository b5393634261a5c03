/**
 * Server-Sent Events frames, in the WHATWG `text/event-stream` format: `field: value` lines, an event ended by
 * a blank line, `:` starting a comment (a keep-alive that no EventSource dispatches).
 *
 * A receiver splits lines at CRLF, LF or a lone CR, so a value that contains any of them would end its line
 * early: `data` is split into one `data:` line per line (the receiver joins them back with LF), and `id` /
 * `event`, which are single-line, refuse them instead. An `id` with NUL is ignored by EventSource, so it is
 * refused too.
 */

const LINE_BREAK = /\r\n|\r|\n/;

function singleLine(field: string, value: string): string {
  if (/[\r\n]/.test(value)) throw new Error(`an SSE ${field} cannot contain a line break`);
  return value;
}

export interface SseEventFields {
  /** The event's id: EventSource sends it back as `Last-Event-ID` when it reconnects. */
  id: string | number;
  /** The event type (`message` when absent). */
  event?: string;
  data: string;
}

/** One event frame, blank line included. */
export function sseEvent({ id, event, data }: SseEventFields): string {
  const idText = singleLine('id', String(id));
  if (idText.includes('\0')) throw new Error('an SSE id cannot contain NUL');
  let frame = `id: ${idText}\n`;
  if (event !== undefined) frame += `event: ${singleLine('event', event)}\n`;
  for (const line of data.split(LINE_BREAK)) frame += `data: ${line}\n`;
  return `${frame}\n`;
}

/** A comment frame (keep-alive); a multi-line text becomes one comment line per line. */
export function sseComment(text: string): string {
  return `${text
    .split(LINE_BREAK)
    .map((line) => `: ${line}\n`)
    .join('')}\n`;
}

/** The reconnection delay EventSource should use, in whole milliseconds. */
export function sseRetry(ms: number): string {
  if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError(`SSE retry must be whole non-negative milliseconds, got ${ms}`);
  return `retry: ${ms}\n\n`;
}

/**
 * The `Last-Event-ID` request header as an event sequence number: a non-negative safe integer in plain
 * decimal, else undefined (a client sending anything else is treated as starting afresh).
 */
export function parseLastEventId(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (!/^\d{1,16}$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}
