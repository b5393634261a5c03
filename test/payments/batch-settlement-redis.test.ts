/**
 * batch-settlement channel state in Redis (src/payments/batch-settlement/channel-storage.ts): the official
 * RedisChannelStorage through our ioredis adapter. Two service instances (two connections) share channels, and
 * their concurrent updates of one channel never lose one another (the Lua compare-and-set); a channel deleted by
 * one is gone for the other; `list` sees every channel under the prefix and nothing else.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Channel } from '@x402/evm/batch-settlement/server';
import { SwitchableChannelStorage } from '../../src/payments/batch-settlement/channel-storage.js';
import { connectOrSkip, deletePrefix, uniquePrefix } from '../cache/redis-helpers.js';

const A = '0x1111111111111111111111111111111111111111' as const;

function channel(id: string, charged: bigint): Channel {
  return {
    channelId: id,
    channelConfig: { payer: A, payerAuthorizer: A, receiver: A, receiverAuthorizer: A, token: A, withdrawDelay: 3600, salt: `0x${'00'.repeat(32)}` },
    chargedCumulativeAmount: charged.toString(), signedMaxClaimable: charged.toString(), signature: '0x',
    balance: '1000000', totalClaimed: '0', withdrawRequestedAt: 0, refundNonce: 0, lastRequestTimestamp: 0,
  };
}

test('two instances share channels in Redis; concurrent updates of one channel are never lost', async (t) => {
  const conns = await connectOrSkip(t, 2);
  if (!conns) return;
  const prefix = uniquePrefix('batch-settlement');
  try {
    const [one, two] = conns.map((c) => {
      const storage = new SwitchableChannelStorage();
      storage.useRedis(c.client, prefix);
      return storage;
    });
    assert.equal(one!.kind, 'redis');
    const id = `0x${'ab'.repeat(32)}`;
    const other = `0x${'cd'.repeat(32)}`;
    assert.equal(await one!.get(id), undefined);
    await one!.updateChannel(id, () => channel(id, 0n));
    await two!.updateChannel(other, () => channel(other, 0n));
    assert.equal((await two!.get(id))?.chargedCumulativeAmount, '0', 'written by one, read by the other');

    // 40 concurrent read-modify-writes of one channel, half through each instance.
    const add = (storage: SwitchableChannelStorage) => storage.updateChannel(id, (current) => current && { ...current, chargedCumulativeAmount: (BigInt(current.chargedCumulativeAmount) + 1n).toString() });
    await Promise.all(Array.from({ length: 40 }, (_, i) => add(i % 2 === 0 ? one! : two!)));
    assert.equal((await one!.get(id))?.chargedCumulativeAmount, '40');

    assert.deepEqual((await two!.list()).map((c) => c.channelId).sort(), [id, other].sort());
    const deleted = await two!.updateChannel(other, () => undefined);
    assert.equal(deleted.status, 'deleted');
    assert.equal(await one!.get(other), undefined);
    assert.deepEqual((await one!.list()).map((c) => c.channelId), [id]);
  } finally {
    await deletePrefix(conns[0]!.client, prefix);
    for (const c of conns) await c.close();
  }
});
