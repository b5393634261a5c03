/**
 * Where the service keeps its batch-settlement channels (the official server scheme's `ChannelStorage`: per channel
 * the config, the counted cumulative charge, the latest voucher and its signature, mirrored on-chain balance).
 *
 * - With Redis (several instances): the official `RedisChannelStorage` (atomic per-channel updates by a Lua
 *   compare-and-set), spoken to through an adapter from our ioredis client to the node-redis calls it makes.
 * - Without: the official in-memory storage (one instance). A restart forgets the vouchers not yet claimed: those
 *   charges are the service's loss, never the payer's (the spec's "server state loss" rule); the claim job runs
 *   every 10 minutes, which bounds that loss. Use Redis where restarts are routine.
 *
 * The storage is chosen after the service opened Redis, which happens after the payment gate is built: the scheme
 * holds this switchable storage, and `useRedis` is called before the first request is served.
 */
import type { Redis } from 'ioredis';
import { InMemoryChannelStorage, type Channel, type ChannelStorage, type ChannelUpdateResult } from '@x402/evm/batch-settlement/server';
import { RedisChannelStorage, type RedisChannelStorageClient } from '@x402/evm/batch-settlement/server/redis-storage';

/** node-redis's call shapes (what RedisChannelStorage uses) on an ioredis client. */
export function ioredisChannelClient(client: Redis): RedisChannelStorageClient {
  return {
    get: (key) => client.get(key),
    set: (key, value, options) => {
      if (options?.NX && options.PX !== undefined) return client.set(key, value, 'PX', options.PX, 'NX');
      if (options?.NX) return client.set(key, value, 'NX');
      if (options?.PX !== undefined) return client.set(key, value, 'PX', options.PX);
      return client.set(key, value);
    },
    del: (key) => client.del(key),
    eval: (script, options) => client.eval(script, options.keys.length, ...options.keys, ...options.arguments),
    scanIterator: (options) => client.scanStream({ ...(options.MATCH ? { match: options.MATCH } : {}), ...(options.COUNT ? { count: options.COUNT } : {}) }) as AsyncIterable<string[]>,
  };
}

export class SwitchableChannelStorage implements ChannelStorage {
  private backend: ChannelStorage = new InMemoryChannelStorage();
  kind: 'memory' | 'redis' = 'memory';

  /** Moves channel state to Redis (keys `<prefix>bs:server:channel:<id>`); call before serving. */
  useRedis(client: Redis, prefix: string): void {
    this.backend = new RedisChannelStorage({ client: ioredisChannelClient(client), keyPrefix: `${prefix}bs` });
    this.kind = 'redis';
  }

  get(channelId: string): Promise<Channel | undefined> {
    return this.backend.get(channelId);
  }

  list(): Promise<Channel[]> {
    return this.backend.list();
  }

  updateChannel(channelId: string, update: (current: Channel | undefined) => Channel | undefined): Promise<ChannelUpdateResult> {
    return this.backend.updateChannel(channelId, update);
  }
}
