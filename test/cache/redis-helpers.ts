/** Redis access for tests: a unique key prefix per run, cleanup by prefix, skip/fail when unreachable. */
import type { TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import type { Redis } from 'ioredis';
import { openRedis, type RedisConnection } from '../../src/cache/redis-connection.js';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Unique per test file run, so concurrent runs and other helpers on the same Redis never collide. */
export function uniquePrefix(name: string): string {
  return `test:${name}:${process.pid}:${randomUUID()}:`;
}

/**
 * Whether anything accepts a TCP connection at the URL's host and port: an event (connected, or refused /
 * unreachable as the OS reports it), not a guess of how long a connection may take.
 */
function listening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, '') || '127.0.0.1', port: Number(port) || 6379 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** No time limit of our own on a Redis that is there (the largest delay a Node timer takes, ~24 days). */
const NO_LIMIT_MS = 2 ** 31 - 1;

/**
 * Opens `count` connections, or answers undefined after skipping the test when Redis is unreachable
 * outside CI. In CI (process.env.CI set) an unreachable Redis fails the test. "Unreachable" is decided
 * by a connection attempt being refused, never by a deadline: a Redis that is slow to get ready on a busy
 * machine is waited for (the runner's hang detector bounds a file that never gets there).
 */
export async function connectOrSkip(t: TestContext, count: number): Promise<RedisConnection[] | undefined> {
  const conns: RedisConnection[] = [];
  try {
    if (!(await listening(REDIS_URL))) throw new Error('connection refused');
    for (let i = 0; i < count; i++) conns.push(await openRedis(REDIS_URL, { timeoutMs: NO_LIMIT_MS }));
    return conns;
  } catch (err) {
    for (const c of conns) await c.close();
    if (process.env.CI) assert.fail(`Redis is required in CI and unreachable at ${REDIS_URL}: ${(err as Error).message}`);
    t.skip(`Redis unreachable at ${REDIS_URL} (set TEST_REDIS_URL); skipped outside CI`);
    return undefined;
  }
}

/** Deletes every key under `prefix` (SCAN, never KEYS: other tests share this server). */
export async function deletePrefix(client: Redis, prefix: string): Promise<number> {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) deleted += await client.del(...keys);
  } while (cursor !== '0');
  return deleted;
}
