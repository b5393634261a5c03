/**
 * The claim job's view of channels that back alert-subscription allowances (src/jobs/batch-settlement-claims.ts
 * `withoutUndelivered`): the counted charge minus the allowance not yet delivered, never below what is claimed;
 * writes keep the real count, and an untouched record stays untouched.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { InMemoryChannelStorage, type Channel } from '@x402/evm/batch-settlement/server';
import { withoutUndelivered } from '../../src/jobs/batch-settlement-claims.js';

const ID = '0x' + 'ab'.repeat(32);
/** The held-back amounts as the job reads them (afresh on every read). */
const held = (amounts: ReadonlyMap<string, bigint>) => async () => amounts;
const OTHER = '0x' + 'cd'.repeat(32);

function channel(id: string, charged: string, claimed: string): Channel {
  return {
    channelId: id, channelConfig: {} as Channel['channelConfig'], chargedCumulativeAmount: charged, signedMaxClaimable: charged, signature: '0x',
    balance: '1000000', totalClaimed: claimed, withdrawRequestedAt: 0, refundNonce: 0, lastRequestTimestamp: 0,
  };
}

describe('batch-settlement claims: undelivered allowance is held back', () => {
  it('reads the count minus the undelivered allowance, floored at the claimed total; other channels unchanged', async () => {
    const storage = new InMemoryChannelStorage();
    await storage.updateChannel(ID, () => channel(ID, '201000', '1000'));
    await storage.updateChannel(OTHER, () => channel(OTHER, '5000', '0'));
    const view = withoutUndelivered(storage, held(new Map([[ID.toUpperCase().replace('0X', '0x'), 199_000n]])));
    assert.equal((await view.get(ID))!.chargedCumulativeAmount, '2000', '201,000 counted − 199,000 undelivered');
    assert.equal((await view.get(OTHER))!.chargedCumulativeAmount, '5000');
    const floored = withoutUndelivered(storage, held(new Map([[ID, 250_000n]])));
    assert.equal((await floored.get(ID))!.chargedCumulativeAmount, '1000', 'never below what is already claimed');
    assert.deepEqual((await view.list()).map((c) => c.chargedCumulativeAmount).sort(), ['2000', '5000']);
  });

  it('reads the held-back amounts afresh: a top-up counted during a run is held back at once', async () => {
    const storage = new InMemoryChannelStorage();
    await storage.updateChannel(ID, () => channel(ID, '100000', '0'));
    let amounts = new Map<string, bigint>();
    const view = withoutUndelivered(storage, async () => amounts);
    assert.equal((await view.get(ID))!.chargedCumulativeAmount, '100000');
    amounts = new Map([[ID, 100_000n]]);
    assert.equal((await view.get(ID))!.chargedCumulativeAmount, '0');
  });

  it('a claim written through the view keeps the real count; leaving a record alone writes nothing', async () => {
    const storage = new InMemoryChannelStorage();
    await storage.updateChannel(ID, () => channel(ID, '201000', '1000'));
    const view = withoutUndelivered(storage, held(new Map([[ID, 199_000n]])));
    await view.updateChannel(ID, (c) => c && { ...c, totalClaimed: c.chargedCumulativeAmount });
    const real = (await storage.get(ID))!;
    assert.deepEqual([real.totalClaimed, real.chargedCumulativeAmount], ['2000', '201000']);
    const untouched = await view.updateChannel(ID, (c) => c);
    assert.equal(untouched.status, 'unchanged');
  });
});
