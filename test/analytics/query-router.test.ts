/**
 * The query routing table on real phrasings: each row is a question, the intent it must reach and the
 * calls it must plan (or, for an address of unstated kind, both plans).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { routeQuestion, RULES, type Route } from '../../src/analytics/query/router.js';
import { extractFacts } from '../../src/analytics/query/extract.js';

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
