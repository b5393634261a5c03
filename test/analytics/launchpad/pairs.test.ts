/**
 * `agentLaunchability` (src/analytics/launchpad/pairs.ts): each of the three conditions alone, the reasons
 * listed for every failed one, and the platform's `launchLabReady` true / false / not said (never counted
 * as ready); plus the launchpad-pairs handler over the platform's real `/pairs` format, with a price
 * aggregator that answers or fails (a caveat, not a failed list).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agentLaunchability, type PairFacts } from '../../../src/analytics/launchpad/pairs.js';
import { LAUNCH_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '../../../src/analytics/launchpad-preflight/constants.js';
import pairsEndpoint from '../../../src/endpoints/launchpad/launchpad-pairs.js';
import type { HandlerContext, HandlerResult } from '../../../src/registry/types.js';
import { SourceError } from '../../../src/sources/errors.js';
import { wireListParser } from '../../../src/sources/wire.js';
import { StonkPairSchema } from '../../../src/sources/wire/launchpad.js';
import { MICRON, OPENAI, PAIRS, SOL, SPYX, USDC } from '../../fixtures/stonkfun/bodies.js';
import { reportSkipped } from '../../../src/sources/errors.js';

const PAIR: PairFacts = { quote_mint: 'Q', category: 'solana', launchable: true, token_program: TOKEN_PROGRAM_ID, launch_lab_ready: true };

describe('agentLaunchability', () => {
  it('all three conditions met: launchable by agents, no reasons', () => {
    assert.deepEqual(agentLaunchability(PAIR), {
      launchable: true, launch_protocol_ready: true, category_allowed: true, is_agent_launchable: true, reasons: [],
    });
    assert.equal(agentLaunchability({ ...PAIR, token_program: TOKEN_2022_PROGRAM_ID }).is_agent_launchable, true, 'a Token-2022 quote (xStocks) qualifies');
  });

  it('each condition alone blocks it, with its reason', () => {
    const closed = agentLaunchability({ ...PAIR, launchable: false });
    assert.deepEqual([closed.is_agent_launchable, closed.launch_protocol_ready, closed.reasons], [false, true, ['the platform has closed this quote to new launches']]);
    for (const category of ['leverage', 'collectible', 'custom'] as const) {
      const r = agentLaunchability({ ...PAIR, category });
      assert.deepEqual([r.category_allowed, r.is_agent_launchable, r.launch_protocol_ready], [false, false, true], category);
      assert.match(r.reasons[0]!, new RegExp(`^category ${category} is not one agents launch against`));
    }
    for (const category of ['solana', 'currency', 'xstock', 'prestock'] as const) {
      assert.equal(agentLaunchability({ ...PAIR, category }).category_allowed, true, category);
    }
  });

  it('launch_lab_ready false: not ready, the launch program named', () => {
    const r = agentLaunchability({ ...PAIR, launch_lab_ready: false });
    assert.deepEqual([r.launch_protocol_ready, r.is_agent_launchable, r.launchable, r.category_allowed], [false, false, true, true]);
    assert.deepEqual(r.reasons, [`the launch program (${LAUNCH_PROGRAM_ID}) has no global config for this quote yet`]);
  });

  it('launch_lab_ready undefined (the platform does not say): null, never counted as launchable', () => {
    const r = agentLaunchability({ ...PAIR, launch_lab_ready: undefined });
    assert.deepEqual([r.launch_protocol_ready, r.is_agent_launchable], [null, false]);
    assert.deepEqual(r.reasons, ['the platform does not say whether the launch program is ready for this quote']);
  });

  it('a token program that is neither SPL program is not ready, whatever the platform says', () => {
    for (const launch_lab_ready of [true, false, undefined]) {
      const r = agentLaunchability({ ...PAIR, token_program: 'Weird111', launch_lab_ready });
      assert.deepEqual([r.launch_protocol_ready, r.is_agent_launchable], [false, false], String(launch_lab_ready));
      assert.deepEqual(r.reasons, ['the quote\'s token program Weird111 is neither SPL Token nor Token-2022']);
    }
  });

  it('every failed condition is listed, in order: closed, readiness, category', () => {
    const r = agentLaunchability({ ...PAIR, launchable: false, launch_lab_ready: undefined, category: 'custom' });
    assert.equal(r.reasons.length, 3);
    assert.match(r.reasons[0]!, /closed/);
    assert.match(r.reasons[1]!, /does not say/);
    assert.match(r.reasons[2]!, /category custom/);
  });
});

describe('launchpad-pairs handler over the platform\'s /pairs', () => {
  const list = wireListParser(StonkPairSchema)([...PAIRS.data.pairs, { mint: 'broken' }]);
  const priceCalls: string[][] = [];
  const ctxWith = (prices: (mints: string[]) => Promise<Record<string, { usdPrice: number; decimals: number }>>) => ({
    now: () => new Date('2026-11-20T12:00:00Z'),
    signal: new AbortController().signal,
    sources: {
      // As the client does: its skips are reported for the call in progress (src/sources/errors.ts).
      launchpad: { pairs: async () => reportSkipped(list, { leg: 'launchpad', provider: 'StonkFun', what: 'pair', count: list.skipped, firstError: list.firstError }) },
      jupiter: { prices: async (mints: string[]) => { priceCalls.push(mints); return prices(mints); } },
    },
  }) as unknown as HandlerContext;
  type Row = { symbol: string; quote_mint: string; category: string; category_raw: string; category_label: string | null; token_program: string; price_usd: number | null; launch_protocol_ready: boolean | null; is_agent_launchable: boolean; reasons: string[] };
  const rowsOf = (r: HandlerResult) => (r.data as { pairs: Row[] }).pairs;
  const priced = ctxWith(async () => ({ [SPYX]: { usdPrice: 776.39, decimals: 8 }, [USDC]: { usdPrice: 1, decimals: 6 } }));

  it('agent-launchable first, then by symbol; categories normalized with the raw kept; readiness from launchLabReady', async () => {
    const r = await pairsEndpoint.handler!({ launchable_only: false }, priced);
    assert.deepEqual(rowsOf(r).map((p) => [p.symbol, p.category, p.category_raw, p.launch_protocol_ready, p.is_agent_launchable]), [
      ['MU', 'prestock', 'backpack', true, true],
      ['SPYX', 'xstock', 'xstock', true, true],
      ['USDC', 'currency', 'currency', true, true],
      ['OPENAI', 'xstock', 'tessera', true, false], // retired: launchable false
      ['SOL', 'solana', 'solana', null, false], // launchLabReady absent: unknown
    ]);
    const d = r.data as { count: number; agent_launchable: number };
    assert.deepEqual([d.count, d.agent_launchable], [5, 3]);
    const mu = rowsOf(r)[0]!;
    assert.deepEqual([mu.quote_mint, mu.category_label, mu.token_program], [MICRON, 'Sunrise', TOKEN_2022_PROGRAM_ID]);
  });

  it('prices from the aggregator (one call for every listed mint), null where it has none', async () => {
    priceCalls.length = 0;
    const rows = rowsOf(await pairsEndpoint.handler!({ launchable_only: false }, priced));
    assert.deepEqual(Object.fromEntries(rows.map((p) => [p.symbol, p.price_usd])), { MU: null, SPYX: 776.39, USDC: 1, OPENAI: null, SOL: null });
    assert.equal(priceCalls.length, 1);
    assert.deepEqual([...priceCalls[0]!].sort(), [SPYX, OPENAI, MICRON, USDC, SOL].sort());
  });

  it('the skipped malformed entry is a caveat; no price caveat when the aggregator answered', async () => {
    const r = await pairsEndpoint.handler!({ launchable_only: false }, priced);
    assert.deepEqual(r.caveats?.map((c) => c.code), ['items_skipped']);
    assert.match(r.caveats![0]!.message, /^1 malformed pair entry from StonkFun was skipped/);
  });

  it('a failing aggregator leaves every price null with a caveat, not a failed list', async () => {
    const r = await pairsEndpoint.handler!({ launchable_only: false }, ctxWith(async () => { throw new SourceError('price_aggregator', 'timeout', 'slow'); }));
    assert.ok(rowsOf(r).every((p) => p.price_usd === null));
    assert.deepEqual(r.caveats?.map((c) => c.code), ['prices_unavailable', 'items_skipped']);
    assert.equal(rowsOf(r).length, 5);
  });

  it('launchable_only keeps the agent-launchable pairs; category filters on the normalized category', async () => {
    assert.deepEqual(rowsOf(await pairsEndpoint.handler!({ launchable_only: true }, priced)).map((p) => p.symbol), ['MU', 'SPYX', 'USDC']);
    assert.deepEqual(rowsOf(await pairsEndpoint.handler!({ launchable_only: false, category: 'xstock' }, priced)).map((p) => p.symbol), ['SPYX', 'OPENAI']);
  });
});
