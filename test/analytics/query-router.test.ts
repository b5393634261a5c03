/**
 * The query routing table on real phrasings: each row is a question, the intent it must reach and the
 * calls it must plan (or, for an address of unstated kind, both plans). Then what a routed answer carries
 * of each route target: the whole answer at or below query's price, headlines above it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { routeQuestion, RULES, type PlannedCall, type Route } from '../../src/analytics/query/router.js';
import { extractFacts } from '../../src/analytics/query/extract.js';
import { HEADLINE_SPECS, readHeadlines } from '../../src/analytics/query/headlines/index.js';
import { legTreatment, shapeLeg, type Price } from '../../src/analytics/query/preview.js';
import { ENDPOINTS, buildServiceRegistry } from '../../src/endpoints/index.js';
import { priceBookOf } from '../../src/endpoints/intelligence/query/price-book.js';
import { usdcToAtomic } from '../../src/registry/index.js';
import { createAjv } from '../../src/registry/validation.js';
import { exampleData } from '../../src/registry/output-example.js';

const MINT = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const MINT2 = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const MINT3 = 'So11111111111111111111111111111111111111112';
const WALLET = '7fMVUPy1ds7edWVWuZKis5R3UweJc1YsWPGjtWTkEkhB';
const SIG = '4Xi26wXPFfrMKqaPhzciJtKdELUECS6sV54MMJLo7PNCbRGx6SVQU27h9GhpigsprByHz12fEXk3Zhcwns4bwpch';
const EVM = '0x1234567890abcdef1234567890ABCDEF12345678';

/** [question, intent, endpoints planned ('|' between the token and wallet plans when the kind is resolved at run time)] */
const TABLE: [string, string, string][] = [
  [`Should I buy ${MINT}?`, 'buy_decision', 'due-diligence,token-trend,whale-watch'],
  [`should i ape ${MINT}`, 'buy_decision', 'due-diligence,token-trend,whale-watch'],
  [`Is it a good time to buy ${MINT} this week?`, 'buy_decision', 'due-diligence,token-trend,whale-watch'],
  [`worth buying ${MINT}?`, 'buy_decision', 'due-diligence,token-trend,whale-watch'],
  [`Buy ${MINT} or not`, 'buy_decision', 'due-diligence,token-trend,whale-watch'],
  [`Wallet deep dive on ${WALLET}`, 'deep_dive', 'enrich-wallet-full,wallet-history,perps-trader-profile'],
  [`deep-dive ${WALLET}`, 'deep_dive', 'enrich-token-full,due-diligence,token-trend|enrich-wallet-full,wallet-history,perps-trader-profile'],
  [`Give me everything about token ${MINT}`, 'deep_dive', 'enrich-token-full,due-diligence,token-trend'],
  [`What is trending right now?`, 'trending', 'trending-signals'],
  [`what's hot on solana today`, 'trending', 'trending-signals'],
  [`top movers?`, 'trending', 'trending-signals'],
  [`What are perp funding rates right now?`, 'perps_funding', 'perps-market-structure'],
  [`SOL perp funding rate?`, 'perps_funding', 'perps-market-structure'],
  [`what's the borrow rate on the perps pool`, 'perps_funding', 'perps-market-structure'],
  [`How has open interest changed over the last month?`, 'perps_funding', 'perps-market-trend'],
  [`Compare SOL funding across venues`, 'cross_venue_funding', 'perps-cross-venue-funding'],
  [`Which venue is cheapest to open a $5,000 SOL long?`, 'venue_comparison', 'perps-venue-comparison'],
  [`Any basis trade on ETH?`, 'basis', 'perps-basis-signal'],
  [`How is smart money positioned on BTC perps?`, 'refvenue_smart_money', 'refvenue-smart-money'],
  [`Profile trader ${EVM}`, 'refvenue_trader', 'refvenue-trader-profile'],
  [`What happened in ${SIG}?`, 'transaction', 'parse-transaction'],
  [`Is ${MINT} a rug?`, 'token_risk', 'due-diligence|enrich-wallet-light'],
  [`is token ${MINT} safe`, 'token_risk', 'due-diligence'],
  [`how risky is wallet ${WALLET}`, 'token_risk', 'enrich-wallet-light'],
  [`honeypot check ${MINT}`, 'token_risk', 'due-diligence|enrich-wallet-light'],
  [`Are whales selling ${MINT} in the last 6 hours?`, 'whales', 'whale-watch'],
  [`whale activity on ${MINT}`, 'whales', 'whale-watch'],
  [`who is accumulating ${MINT}`, 'whales', 'whale-watch'],
  [`Compare ${MINT} vs ${MINT2}`, 'compare', 'compare-tokens|compare-wallets'],
  [`compare tokens ${MINT}, ${MINT2} and ${MINT3}`, 'compare', 'compare-tokens'],
  [`which wallet is better: ${WALLET} or ${MINT}`, 'compare', 'compare-wallets'],
  [`Should I sell ${MINT}? I entered at $0.002`, 'exit', 'exit-signal'],
  [`time to sell ${MINT}?`, 'exit', 'exit-signal'],
  [`Is ${WALLET} worth copy trading?`, 'copy_trade', 'copy-trade-signals'],
  [`what's the win rate of ${WALLET} over 90 days`, 'copy_trade', 'copy-trade-signals'],
  [`Which wallets are connected to ${WALLET}?`, 'wallet_graph', 'wallet-graph'],
  [`sybil cluster around ${WALLET}, two hops`, 'wallet_graph', 'wallet-graph'],
  [`who funded ${WALLET}`, 'wallet_graph', 'wallet-graph'],
  [`What perps positions does ${WALLET} have open?`, 'perps_positions', 'perps-trader-profile'],
  [`is ${WALLET} close to liquidation`, 'perps_positions', 'perps-trader-profile'],
  [`How did the portfolio of ${WALLET} do over the last 30 days?`, 'portfolio_history', 'portfolio-history'],
  [`How has ${MINT} trended this week?`, 'history', 'token-trend|wallet-history'],
  [`what changed in wallet ${WALLET} since last week`, 'history', 'wallet-history'],
  [`Is reward coin ${MINT} still paying?`, 'launchpad_coin', 'launchpad-reward-risk'],
  [`what yield does ${MINT} pay`, 'launchpad_coin', 'launchpad-yield'],
  [`round trip cost for $500 of ${MINT}`, 'launchpad_coin', 'launchpad-quote'],
  [`Any alerts on ${WALLET}?`, 'alerts', 'check-alerts|check-alerts'],
  [`What is the TVL and health of Kamino?`, 'protocol', 'protocol-profile'],
  [`jupiter protocol stats`, 'protocol', 'protocol-profile'],
  [`program ${MINT3} activity and tvl`, 'protocol', 'protocol-profile'],
  [`Who are the top holders of ${MINT}?`, 'holders', 'enrich-token-full'],
  [`holder concentration of ${MINT}`, 'holders', 'enrich-token-full'],
  [`What are smart-money wallets buying?`, 'smart_money', 'smart-money-flow'],
  [`smart money buying fresh launches`, 'smart_money', 'smart-money-trenches'],
  [`Which tokens are running right now?`, 'runners', 'runner-scan'],
  [`anything parabolic?`, 'runners', 'runner-scan'],
  [`Scan the trenches for confluence`, 'trenches_scan', 'trenches-scan'],
  [`trenches check ${MINT}`, 'trenches_check', 'trenches-check'],
  [`Show me new token launches that are not rugs`, 'new_tokens', 'new-tokens'],
  [`what just launched`, 'new_tokens', 'new-tokens'],
  [`Which tokens are gaining attention in the last 24h?`, 'attention', 'attention-momentum'],
  [`What are other agents asking about most?`, 'consensus', 'consensus-signal'],
  [`Give me today's daily brief`, 'daily_brief', 'feed-latest'],
  [`crypto news`, 'daily_brief', 'feed-latest'],
  [`Which Pokemon packs have positive expected value?`, 'card_packs', 'gacha-ev-scan'],
  [`one piece gacha ev`, 'card_packs', 'gacha-ev-scan'],
  [`find launchpad gems`, 'launchpad_market', 'launchpad-gems'],
  [`where should i launch my reward coin`, 'launchpad_market', 'launchpad-launch-intel'],
  [`what can i pair a launch with`, 'launchpad_market', 'launchpad-pairs'],
  [`reward coin screener`, 'launchpad_market', 'launchpad-screener'],
  [`Tell me about ${MINT}`, 'lookup', 'enrich-token-light|enrich-wallet-light'],
  [`${WALLET}`, 'lookup', 'enrich-token-light|enrich-wallet-light'],
  [`wallet ${WALLET}`, 'lookup', 'enrich-wallet-light'],
];

function planned(route: Route): string {
  if (route.calls) return route.calls.map((c) => c.endpoint).join(',');
  return `${route.resolve!.token.map((c) => c.endpoint).join(',')}|${route.resolve!.wallet.map((c) => c.endpoint).join(',')}`;
}

describe('query router: the routing table', () => {
  it(`has at least 50 phrasings and every rule is reached by one`, () => {
    assert.ok(TABLE.length >= 50);
    const reached = new Set(TABLE.map(([, intent]) => intent));
    for (const rule of RULES) assert.ok(reached.has(rule.intent), `no phrasing reaches ${rule.intent}`);
  });
  for (const [question, intent, endpoints] of TABLE) {
    it(`${question.replace(/[1-9A-HJ-NP-Za-km-z]{32,90}/g, '<addr>')} → ${intent}`, () => {
      const route = routeQuestion(question);
      assert.ok(route.intent !== null, `unroutable: ${JSON.stringify(route)}`);
      assert.equal(route.intent, intent);
      assert.equal(planned(route as Route), endpoints);
    });
  }
});

describe('query router: inputs it fills', () => {
  const calls = (q: string) => {
    const r = routeQuestion(q) as Route;
    return r.calls ?? r.resolve!.token;
  };
  it('the should-I-buy chain asks about the named mint, every leg', () => {
    assert.deepEqual(calls(`Should I buy ${MINT}?`).map((c) => c.input), [{ mint: MINT }, { mint: MINT }, { mint: MINT }]);
  });
  it('hours, sizes, sides, markets, look-backs and depth are read from the words', () => {
    assert.deepEqual(calls(`Are whales selling ${MINT} in the last 6 hours?`)[0]!.input, { mint: MINT, lookback_hours: 6 });
    assert.deepEqual(calls('Which venue is cheapest to open a $5,000 SOL short?')[0]!.input, { market: 'SOL', size_usd: 5000, side: 'short' });
    assert.deepEqual(calls('which venue is cheapest for a 2.5k usd eth long')[0]!.input, { market: 'ETH', size_usd: 2500, side: 'long' });
    assert.deepEqual(calls(`How did the portfolio of ${WALLET} do over the last 30 days?`)[0]!.input, { address: WALLET, period: '30d' });
    assert.deepEqual(calls(`sybil cluster around ${WALLET}, two hops`)[0]!.input, { address: WALLET, depth: 2 });
    assert.deepEqual(calls(`Should I sell ${MINT}? I entered at $0.002`)[0]!.input, { mint: MINT, entry_price_usd: 0.002 });
    assert.deepEqual(calls(`win rate of ${WALLET} this month`)[0]!.input, { address: WALLET, lookback_days: 30 });
    assert.deepEqual(calls('Which Pokemon packs have positive expected value?')[0]!.input, { franchise: 'pokemon' });
    assert.deepEqual(calls('How is smart money positioned on BTC perps?')[0]!.input, { market: 'BTC' });
  });
  it('a whale window outside 1–168 hours is left to the default', () => {
    assert.deepEqual(calls(`whales on ${MINT} in the last 500 hours`)[0]!.input, { mint: MINT });
  });
  it('compare takes 2 or 3 addresses; 4 is not a comparison', () => {
    assert.deepEqual(calls(`compare tokens ${MINT}, ${MINT2} and ${MINT3}`)[0]!.input, { mints: [MINT, MINT2, MINT3] });
    const four = routeQuestion(`compare ${MINT} ${MINT2} ${MINT3} ${WALLET}`);
    assert.notEqual(four.intent, 'compare');
  });
});

describe('query router: what it does not do', () => {
  it('base58 identifiers never trigger keywords ("ape", "sol", "rug" inside an address)', () => {
    const apeLike = 'Ape1RugSo1TrendWha1eBuyxxxxxxxxxxxxxxxxxxx';
    assert.equal(extractFacts(apeLike).text, '');
    assert.equal(routeQuestion(apeLike).intent, 'lookup');
  });
  it('unroutable questions: 422 material with a reason and suggestions', () => {
    for (const q of ['hello there', 'what is the meaning of life', 'how do I bake bread']) {
      const r = routeQuestion(q);
      assert.equal(r.intent, null, q);
      if (r.intent === null) {
        assert.equal(r.reason, 'No routing rule matches the question.');
        assert.ok(r.suggestions.length >= 5);
      }
    }
  });
  it('an intent that needs an address but names none says so', () => {
    const r = routeQuestion('should I buy this coin?');
    assert.equal(r.intent, null);
    if (r.intent === null) assert.match(r.reason, /buy_decision.*names no token mint or wallet address/);
  });
  it('is deterministic: the same question routes the same way', () => {
    for (const [q] of TABLE) assert.deepEqual(routeQuestion(q), routeQuestion(q));
  });
});

/** Every endpoint the routing table reaches, from its phrasings (both plans of an address of unstated kind). */
function routeTargets(): string[] {
  const targets = new Set<string>();
  for (const [question] of TABLE) {
    const route = routeQuestion(question) as Route;
    const plans = route.calls ? [route.calls] : [route.resolve!.token, route.resolve!.wallet];
    for (const plan of plans) for (const c of plan) targets.add(c.endpoint);
  }
  return [...targets].sort();
}

const registry = buildServiceRegistry();
const prices = priceBookOf(ENDPOINTS, usdcToAtomic);
const QUERY = prices.query;
const TARGETS = routeTargets();
const price = (usdc: string): NonNullable<Price> => ({ atomic: usdcToAtomic(usdc), usdc });
/** A schema-valid answer of the endpoint (every field present, placeholder values): what its headlines are read from. */
const sample = (endpoint: string) => exampleData(registry.get(endpoint)!) as Record<string, unknown>;
const leg = (endpoint: string): PlannedCall => ({ endpoint, input: { mint: 'M1nt', lookback: '7d' } });
const ajv = createAjv();
const validateQuery = ajv.compile(ENDPOINTS.find((e) => e.key === 'query')!.output);

describe('query answers: the price rule (whole at or below query\'s price, headlines above)', () => {
  it('query is priced 0.003 USDC (the spec) and the table reaches 40+ endpoints, all registered', () => {
    assert.deepEqual(QUERY, price('0.003'));
    assert.ok(TARGETS.length >= 40, TARGETS.join(','));
    for (const t of TARGETS) assert.notEqual(prices.of(t), undefined, `${t} is not an endpoint`);
  });

  it('the boundary: equal → whole, one atomic unit above → headlines, below or free → whole', () => {
    assert.equal(legTreatment(price('0.003'), QUERY), 'full');
    assert.equal(legTreatment(price('0.003001'), QUERY), 'headlines');
    assert.equal(legTreatment(price('0.002999'), QUERY), 'full');
    assert.equal(legTreatment(null, QUERY), 'full');
    assert.equal(legTreatment(price('0.1'), QUERY), 'headlines');
  });

  it('the route targets at or below query\'s price are exactly parse-transaction, the light enrichments and the free launchpad-pairs', () => {
    const whole = TARGETS.filter((t) => legTreatment(prices.of(t)!, QUERY) === 'full');
    assert.deepEqual(whole, ['enrich-token-light', 'enrich-wallet-light', 'launchpad-pairs', 'parse-transaction']);
  });

  it('every route target priced above query has a headline spec, and every spec belongs to such a target', () => {
    const dear = TARGETS.filter((t) => legTreatment(prices.of(t)!, QUERY) === 'headlines');
    assert.deepEqual(dear.filter((t) => !HEADLINE_SPECS[t]), []);
    assert.deepEqual(Object.keys(HEADLINE_SPECS).filter((k) => !dear.includes(k)).sort(), []);
  });

  for (const target of TARGETS) {
    it(`${target}: whole at exactly query's price, headlines one unit above`, () => {
      const data = sample(target);
      const call = leg(target);
      const result = { data, next_steps: [{ endpoint: 'due-diligence', input: { mint: 'X' }, reason: 'r' }], briefing: `## ${target}\n- full briefing` };
      const atPrice = shapeLeg(call, result, price('0.003'), QUERY);
      assert.equal(atPrice.treatment, 'full');
      if (atPrice.treatment === 'full') {
        assert.equal(atPrice.data, data, 'the whole answer, untouched');
        assert.deepEqual(atPrice.nextSteps, result.next_steps);
        assert.equal(atPrice.briefing, result.briefing);
      }
      const above = shapeLeg(call, result, price('0.003001'), QUERY);
      assert.equal(above.treatment, 'headlines');
      if (above.treatment === 'headlines') {
        assert.deepEqual(above.nextSteps, [{ endpoint: target, input: call.input, reason: above.nextSteps[0]!.reason }]);
        assert.match(above.nextSteps[0]!.reason, /0\.003001 USDC/);
        assert.ok(!('data' in above), 'no payload');
      }
    });
  }
});

describe('query answers: the headlines of each endpoint priced above query', () => {
  const dear = TARGETS.filter((t) => legTreatment(prices.of(t)!, QUERY) === 'headlines');
  /** Answers whose schema carries no time field: what bounds them is said otherwise (or they are the state now). */
  const TIMELESS = new Set([
    'enrich-token-full', 'compare-tokens', 'compare-wallets', // market state now
    'refvenue-smart-money', 'refvenue-trader-profile', // open positions now; the leaderboard's month PnL is named in the paragraph
    'wallet-graph', // bounded by `transactions_analyzed` (the most recent transactions), not by time
  ]);
  const TIME_FIELD = /(_at|^as_of|window|lookback|period|_day|days|hours|^since)$|^(window|lookback|period|as_of|since)/;

  for (const target of dear) {
    it(`${target}: scalar headlines read from fields its schema has, a one-paragraph briefing, a valid query answer`, () => {
      const reading = readHeadlines(target, sample(target))!;
      assert.deepEqual(reading.missing, [], 'headline paths the output schema does not have');
      const entries = Object.entries(reading.headlines);
      assert.ok(entries.length >= 3 && entries.length <= 12, `${entries.length} headlines: a few, not the payload`);
      for (const [k, v] of entries) assert.ok(v === null || ['string', 'number', 'boolean'].includes(typeof v), `${k} is not a scalar`);
      assert.ok(!reading.summary.includes('\n'), 'one paragraph');
      assert.ok(!/unknown|undefined|null|NaN|\[object/.test(reading.summary), `every field read into the paragraph: ${reading.summary}`);
      if (!TIMELESS.has(target)) assert.ok(entries.some(([k]) => TIME_FIELD.test(k)), `${target}: no time frame among ${entries.map(([k]) => k).join(', ')}`);

      const shaped = shapeLeg(leg(target), { data: sample(target), briefing: 'b' }, prices.of(target)!, QUERY);
      assert.equal(shaped.treatment, 'headlines');
      if (shaped.treatment !== 'headlines') return;
      const answer = {
        question: 'q?', route: { intent: 'x', subject: null, endpoints: [leg(target)], mode: 'single' }, answered_by: target, preview: shaped.preview,
      };
      assert.ok(validateQuery(answer), ajv.errorsText(validateQuery.errors));
      assert.equal(shaped.preview.price_usdc, prices.of(target)!.usdc);
      assert.deepEqual(shaped.preview.input, leg(target).input);
      assert.equal(shaped.preview.briefing, reading.summary);
      assert.match(shaped.briefing, new RegExp(`^## ${target}: headlines \\(full answer ${prices.of(target)!.usdc.replace('.', '\\.')} USDC\\)`));
    });
  }

  it('reading as the trader: a count comes with its window (smart-money-flow, whale-watch, wallet-history, token-trend)', () => {
    const flow = readHeadlines('smart-money-flow', {
      lookback_days: 14, window: { from_at: '2026-11-14T00:00:00.000Z', to_at: '2026-11-28T00:00:00.000Z' }, criteria: { min_win_rate: 0.55, min_closed_trades: 5 },
      seed: { source: 'default', wallets: 9, read: 9, skipped: [] }, summary: { wallets_read: 9, qualifying: 6, tokens_accumulated: 3, clusters: 2, sol_prices: 'ok' },
      winners: ['W'], wallets: [], accumulated_tokens: [{ mint: 'TopMint111', wallets: 4, net_usd: 57558.31 }], graph: { included: true, clusters: [], candidates: 0, transactions_analyzed: 0 },
    })!;
    assert.deepEqual(flow.headlines, {
      lookback_days: 14, window_from_at: '2026-11-14T00:00:00.000Z', window_to_at: '2026-11-28T00:00:00.000Z', seed_source: 'default',
      wallets_read: 9, qualifying_wallets: 6, min_win_rate: 0.55, min_closed_trades: 5, tokens_accumulated: 3, clusters: 2,
    });
    assert.match(flow.summary, /over the last 14 days \(2026-11-14T00:00:00\.000Z → 2026-11-28T00:00:00\.000Z\).*6 of 9 .*net-accumulated 3 token\(s\) in that window/);
    assert.ok(!JSON.stringify(flow).includes('TopMint111'), 'which tokens is the full answer');

    // The price change runs between the days that have a price, which may be narrower than the look-back: both are said.
    const trend = readHeadlines('token-trend', {
      mint: 'M', lookback: '30d', from_day: '2026-10-29', to_day: '2026-11-28', points: [{}, {}], overall_direction: 'rising',
      directions: { price: { direction: 'rising', change_pct: 12.5, from_day: '2026-11-20', to_day: '2026-11-28' } },
    })!;
    assert.deepEqual([trend.headlines.price_change_pct, trend.headlines.price_change_from_day, trend.headlines.price_change_to_day, trend.headlines.lookback], [12.5, '2026-11-20', '2026-11-28', '30d']);
    assert.match(trend.summary, /\+12\.5 % from 2026-11-20 to 2026-11-28/);
  });

  it('reading as the trader: nothing compared reads as unknown, not as "no change" (wallet-history, portfolio-history)', () => {
    const noBaseline = readHeadlines('wallet-history', {
      address: 'W', lookback: '7d', from_day: '2026-11-21', to_day: '2026-11-28', start: null, end: { day: '2026-11-28' }, overall_direction: null,
      deltas: { portfolio_value_usd: { change_pct: null, from_day: null, to_day: '2026-11-28' } }, positions_added: [], positions_removed: [],
    })!;
    assert.deepEqual([noBaseline.headlines.positions_added, noBaseline.headlines.positions_removed], [null, null], 'empty lists without a baseline are not "0 added"');
    assert.match(noBaseline.summary, /no earlier snapshot in the window, so no change can be told yet/);
    const withBaseline = readHeadlines('wallet-history', {
      address: 'W', lookback: '7d', from_day: '2026-11-21', to_day: '2026-11-28', start: { day: '2026-11-22' }, end: { day: '2026-11-28' }, overall_direction: 'rising',
      deltas: { portfolio_value_usd: { change_pct: 8, from_day: '2026-11-22', to_day: '2026-11-28' } }, positions_added: [{}], positions_removed: [],
    })!;
    assert.deepEqual([withBaseline.headlines.positions_added, withBaseline.headlines.positions_removed], [1, 0]);
    assert.match(withBaseline.summary, /\+8 % from 2026-11-22 to 2026-11-28; 1 position\(s\) added, 0 removed since 2026-11-22/);

    const portfolio = (points: number) => readHeadlines('portfolio-history', {
      address: 'W', period: '30d', from_day: '2026-10-29', to_day: '2026-11-28', points: [],
      summary: { valued_points: points, change_pct: 0, start: { day: '2026-11-28' }, max_drawdown: { pct: 0 } },
    })!;
    assert.deepEqual([portfolio(1).headlines.change_pct, portfolio(1).headlines.max_drawdown_pct], [null, null], 'one valued day: no change, not a flat 0 %');
    assert.match(portfolio(1).summary, /fewer than two valued days/);
    assert.deepEqual([portfolio(5).headlines.change_pct, portfolio(5).headlines.max_drawdown_pct], [0, 0]);
  });

  it('an unknown stays unknown: a null verdict or an absent field never reads as a value', () => {
    const r = readHeadlines('due-diligence', { mint: 'M', symbol: null, verdict: 'RISKY', token_risk_score: null, reasons: [], whale_activity: null })!;
    assert.equal(r.headlines.risk_score, null);
    assert.equal(r.headlines.whale_signal, null);
    assert.deepEqual(r.missing, [], 'null parents are stated unknowns, not drift');
    assert.match(r.summary, /risk unknown on 0–1/);
    const drifted = readHeadlines('due-diligence', { mint: 'M', verdict: 7 })!;
    assert.equal(drifted.headlines.verdict, null, 'a field of another type is not passed on');
    assert.ok(drifted.missing.includes('verdict') && drifted.missing.includes('symbol'));
  });

  it('a dear leg with no headline spec shows nothing of its answer', () => {
    const shaped = shapeLeg({ endpoint: 'batch-enrich', input: { addresses: ['A'] } }, { data: { results: [{ secret: 1 }] }, briefing: 'secret' }, price('0.015'), QUERY);
    assert.equal(shaped.treatment, 'headlines');
    if (shaped.treatment === 'headlines') {
      assert.deepEqual(shaped.preview.headlines, {});
      assert.ok(!JSON.stringify(shaped).includes('secret'));
    }
  });

  it('docs/query-routing.md lists each endpoint\'s headline fields', () => {
    const page = readFileSync('docs/query-routing.md', 'utf8');
    for (const target of dear) {
      const row = page.split('\n').find((line) => line.startsWith(`| \`${target}\` |`));
      assert.ok(row, `${target}: no row in the headlines table`);
      const price = prices.of(target)!.usdc;
      assert.ok(row.includes(price), `${target}: price ${price} missing from its row`);
      for (const field of Object.keys(readHeadlines(target, sample(target))!.headlines)) assert.ok(row.includes(`\`${field}\``), `${target}: ${field} missing from its row`);
    }
  });
});
