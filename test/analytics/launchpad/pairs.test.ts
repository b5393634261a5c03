/**
 * `agentLaunchability` (src/analytics/launchpad/pairs.ts): each of the three conditions alone, the reasons
 * listed for every failed one, and unknown readiness never counted as ready; plus the launchpad-pairs
 * handler on a stub platform whose pricing probe fails (caveat pricing_unavailable, not a failed list).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agentLaunchability, type PairFacts, type PricingProbe } from '../../../src/analytics/launchpad/pairs.js';
import { LAUNCH_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '../../../src/analytics/launchpad-preflight/constants.js';
import pairsEndpoint from '../../../src/endpoints/launchpad/launchpad-pairs.js';
import type { HandlerContext } from '../../../src/registry/types.js';
import { SourceError } from '../../../src/sources/errors.js';
import type { LaunchpadPair } from '../../../src/sources/launchpad.js';

const PAIR: PairFacts = { quote_mint: 'Q', category: 'solana', launchable: true, token_program: TOKEN_PROGRAM_ID };
const PRICED: PricingProbe = { kind: 'priced', program_id: LAUNCH_PROGRAM_ID, quote_token_program: TOKEN_PROGRAM_ID };

describe('agentLaunchability', () => {
  it('all three conditions met: launchable by agents, no reasons', () => {
    assert.deepEqual(agentLaunchability(PAIR, PRICED), {
      launchable: true, launch_protocol_ready: true, category_allowed: true, is_agent_launchable: true, reasons: [],
    });
    const t22 = { ...PAIR, token_program: TOKEN_2022_PROGRAM_ID };
    assert.equal(agentLaunchability(t22, { ...PRICED, quote_token_program: TOKEN_2022_PROGRAM_ID }).is_agent_launchable, true, 'a Token-2022 quote (xStocks) qualifies');
  });

  it('each condition alone blocks it, with its reason', () => {
    const closed = agentLaunchability({ ...PAIR, launchable: false }, PRICED);
    assert.deepEqual([closed.is_agent_launchable, closed.reasons], [false, ['the platform has closed this quote to new launches']]);
    for (const category of ['leverage', 'collectible', 'custom'] as const) {
      const r = agentLaunchability({ ...PAIR, category }, PRICED);
      assert.deepEqual([r.category_allowed, r.is_agent_launchable, r.launch_protocol_ready], [false, false, true], category);
      assert.match(r.reasons[0]!, new RegExp(`category ${category}`));
    }
    for (const category of ['solana', 'currency', 'xstock', 'prestock'] as const) {
      assert.equal(agentLaunchability({ ...PAIR, category }, PRICED).category_allowed, true, category);
    }
    const unpriced = agentLaunchability(PAIR, { kind: 'not_priced' });
    assert.deepEqual([unpriced.launch_protocol_ready, unpriced.is_agent_launchable], [false, false]);
    assert.match(unpriced.reasons[0]!, /no reward-mode launch pricing/);
  });

  it('not ready: a foreign launch program, a token program that differs or is neither SPL program', () => {
    const other = agentLaunchability(PAIR, { ...PRICED, program_id: 'Other111' });
    assert.deepEqual([other.launch_protocol_ready, other.is_agent_launchable], [false, false]);
    assert.match(other.reasons[0]!, /launch program Other111/);
    const differs = agentLaunchability(PAIR, { ...PRICED, quote_token_program: TOKEN_2022_PROGRAM_ID });
    assert.match(differs.reasons[0]!, /differs from the pair's/);
    const weird = agentLaunchability({ ...PAIR, token_program: 'Weird111' }, PRICED);
    assert.match(weird.reasons[0]!, /neither SPL Token nor Token-2022/);
  });

  it('unknown readiness (probe failed) or not probed (closed): null, never counted as launchable', () => {
    const unknown = agentLaunchability(PAIR, { kind: 'unknown' });
    assert.deepEqual([unknown.launch_protocol_ready, unknown.is_agent_launchable], [null, false]);
    assert.match(unknown.reasons[0]!, /could not be read/);
    const notProbed = agentLaunchability({ ...PAIR, launchable: false, category: 'custom' }, { kind: 'not_probed' });
    assert.equal(notProbed.launch_protocol_ready, null);
    assert.equal(notProbed.reasons.length, 2, 'closed and category; no readiness reason for a quote never probed');
  });
});

describe('launchpad-pairs handler: a failed pricing probe is a caveat, not a failed list', () => {
  const pair = (symbol: string, launchable: boolean): LaunchpadPair => ({
    quote_mint: `${symbol}1111111111111111111111111111111`, symbol, name: symbol, category: 'currency', launchable, decimals: 6,
    token_program: TOKEN_PROGRAM_ID, price_usd: 1,
  });
  const probed: string[] = [];
  const ctx = {
    now: () => new Date('2026-11-20T12:00:00Z'),
    signal: new AbortController().signal,
    sources: {
      launchpad: {
        pairs: async () => [pair('AAA', true), pair('BBB', true), pair('CCC', false)],
        launchPricing: async (quoteMint: string) => {
          probed.push(quoteMint);
          if (quoteMint.startsWith('AAA')) return { program_id: LAUNCH_PROGRAM_ID, quote_token_program: TOKEN_PROGRAM_ID };
          throw new SourceError('launchpad', 'timeout', 'slow');
        },
      },
    },
  } as unknown as HandlerContext;

  it('BBB unknown, AAA launchable, CCC (closed) never probed', async () => {
    const r = await pairsEndpoint.handler!({ launchable_only: false }, ctx);
    const d = r.data as { pairs: { symbol: string; launch_protocol_ready: boolean | null; is_agent_launchable: boolean }[]; agent_launchable: number };
    assert.deepEqual(d.pairs.map((p) => [p.symbol, p.launch_protocol_ready, p.is_agent_launchable]), [['AAA', true, true], ['BBB', null, false], ['CCC', null, false]]);
    assert.equal(d.agent_launchable, 1);
    assert.equal(probed.length, 2);
    assert.deepEqual(r.caveats?.map((c) => c.code), ['pricing_unavailable']);
    assert.match(r.caveats![0]!.message, /BBB/);
  });
});
