/**
 * SSE frames, read back with a small parser that follows the WHATWG event-stream interpretation (lines end at
 * CRLF, LF or CR; one space after the colon is dropped; data lines are joined with LF; a blank line dispatches).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseLastEventId, sseComment, sseEvent, sseRetry } from '../../src/lib/sse.js';

interface Parsed {
  events: { type: string; data: string; lastEventId: string }[];
  comments: string[];
  retry: number | undefined;
}

function parseStream(stream: string): Parsed {
  const out: Parsed = { events: [], comments: [], retry: undefined };
  let data = '';
  let type = '';
  let lastEventId = '';
  for (const line of stream.split(/\r\n|\r|\n/)) {
    if (line === '') {
      if (data !== '') out.events.push({ type: type || 'message', data: data.slice(0, -1), lastEventId });
      data = '';
      type = '';
      continue;
    }
    if (line.startsWith(':')) {
      out.comments.push(line.slice(1).replace(/^ /, ''));
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data += `${value}\n`;
    else if (field === 'event') type = value;
    else if (field === 'id' && !value.includes('\0')) lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) out.retry = Number(value);
  }
  return out;
}

test('an event frame: id, optional event, data, ended by a blank line', () => {
  assert.equal(sseEvent({ id: 7, event: 'alert', data: '{"a":1}' }), 'id: 7\nevent: alert\ndata: {"a":1}\n\n');
  assert.equal(sseEvent({ id: '8', data: 'x' }), 'id: 8\ndata: x\n\n');
  assert.deepEqual(parseStream(sseEvent({ id: 7, event: 'alert', data: '{"a":1}' })).events, [{ type: 'alert', data: '{"a":1}', lastEventId: '7' }]);
});

test('multi-line data (LF, CRLF, lone CR) becomes several data lines and reads back joined with LF', () => {
  const frame = sseEvent({ id: 1, data: 'one\ntwo\r\nthree\rfour' });
  assert.equal(frame, 'id: 1\ndata: one\ndata: two\ndata: three\ndata: four\n\n');
  assert.deepEqual(parseStream(frame).events, [{ type: 'message', data: 'one\ntwo\nthree\nfour', lastEventId: '1' }]);
});

test('data keeps leading spaces, colons and empty lines exactly', () => {
  const data = '  indented: yes\n\n:not a comment';
  assert.equal(parseStream(sseEvent({ id: 2, data })).events[0]?.data, data);
  // One empty `data:` line still dispatches (the data buffer holds a line feed), with empty data.
  assert.deepEqual(parseStream(sseEvent({ id: 3, data: '' })).events, [{ type: 'message', data: '', lastEventId: '3' }]);
});

test('consecutive frames read back as separate events in order', () => {
  const stream = sseRetry(5000) + sseEvent({ id: 1, data: 'a' }) + sseComment('keep-alive') + sseEvent({ id: 2, event: 'x', data: 'b' });
  const parsed = parseStream(stream);
  assert.deepEqual(parsed.events, [
    { type: 'message', data: 'a', lastEventId: '1' },
    { type: 'x', data: 'b', lastEventId: '2' },
  ]);
  assert.deepEqual(parsed.comments, ['keep-alive']);
  assert.equal(parsed.retry, 5000);
});

test('id and event with a line break (or an id with NUL) are refused rather than split', () => {
  for (const id of ['1\n2', '1\r', 'a\r\nb', 'a\0b']) assert.throws(() => sseEvent({ id, data: 'x' }), /line break|NUL/, JSON.stringify(id));
  for (const event of ['a\nb', 'a\r']) assert.throws(() => sseEvent({ id: 1, event, data: 'x' }), /line break/, JSON.stringify(event));
});

test('a comment frame, also multi-line, is never read as an event', () => {
  assert.equal(sseComment('ping'), ': ping\n\n');
  const parsed = parseStream(sseComment('a\nb'));
  assert.deepEqual(parsed.comments, ['a', 'b']);
  assert.equal(parsed.events.length, 0);
});

test('sseRetry takes whole non-negative milliseconds', () => {
  assert.equal(sseRetry(0), 'retry: 0\n\n');
  assert.equal(sseRetry(15000), 'retry: 15000\n\n');
  for (const ms of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) assert.throws(() => sseRetry(ms), RangeError, String(ms));
});

test('parseLastEventId: a non-negative safe integer only', () => {
  assert.equal(parseLastEventId(undefined), undefined);
  assert.equal(parseLastEventId('0'), 0);
  assert.equal(parseLastEventId('42'), 42);
  assert.equal(parseLastEventId(' 42 '), 42);
  assert.equal(parseLastEventId(String(Number.MAX_SAFE_INTEGER)), Number.MAX_SAFE_INTEGER);
  for (const bad of ['', '-1', '1.5', '1e3', '0x10', 'abc', '12abc', '+3', String(Number.MAX_SAFE_INTEGER + 1), '99999999999999999999']) {
    assert.equal(parseLastEventId(bad), undefined, bad);
  }
});
