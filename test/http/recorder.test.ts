/** After-the-response recording: a delivered answer leaves its daily snapshot and query-stream count; a refused one leaves nothing. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/index.js';
import { newPayer, paidInvoke, type Payer } from '../helpers/payers.js';
import { startTestService, type TestService } from '../helpers/service.js';

describe('recording answers', () => {
  let service: TestService;
  let payer: Payer;
  const now = new Date();
  const day = now.toISOString().slice(0, 10);
  before(async () => {
    service = await startTestService({ fixedNow: now });
    payer = await newPayer(service, 'solana');
  });
  after(() => service.close());

  it('a paid token and wallet enrichment each record today\'s snapshot and count in the query stream', async () => {
    assert.equal((await paidInvoke(payer, service, 'enrich-token-full', { mint: A.TOKEN_RISKY })).status, 200);
    assert.equal((await paidInvoke(payer, service, 'enrich-wallet-light', { address: A.WALLET_DEFI })).status, 200);
    await service.recorder.idle();
    const [token] = await service.store.getSnapshots('token', A.TOKEN_RISKY, day, day);
    assert.ok(token);
    assert.equal(token.data.risk_score, 0.7, 'the token risk score without the whale factor');
    assert.equal(token.data.risk_score_lower_bound, false);
    assert.ok((token.data.top1_pct as number) > 50);
    const [wallet] = await service.store.getSnapshots('wallet', A.WALLET_DEFI, day, day);
    assert.ok(wallet && (wallet.data.portfolio_value_usd as number) > 0);
    assert.ok((wallet.data.positions as unknown[]).length > 0);
    const hour = new Date(now.getTime() - 3_600_000);
    assert.deepEqual(await service.store.queryCounts('token', hour, new Date(now.getTime() + 3_600_000)), [{ entity: A.TOKEN_RISKY, count: 1 }]);
  });

  it('a refused call (not charged) records nothing', async () => {
    const res = await paidInvoke(payer, service, 'due-diligence', { mint: A.WALLET_EMPTY });
    assert.equal(res.status, 404);
    await service.recorder.idle();
    assert.deepEqual(await service.store.getSnapshots('token', A.WALLET_EMPTY, day, day), []);
    const counts = await service.store.queryCounts('token', new Date(now.getTime() - 3_600_000), new Date(now.getTime() + 3_600_000));
    assert.ok(!counts.some((c) => c.entity === A.WALLET_EMPTY));
  });
});
