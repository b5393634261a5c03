/**
 * The deterministic `query` router (no language model): an ordered table of rules, first match wins.
 * Each rule reads the question's keywords (identifiers removed, see extract.ts) and the shapes of what it
 * names, and plans one call or a chain of 2–3 calls run in parallel. The table is documented in
 * docs/query-routing.md and unit-tested with its phrasings.
 *
 * When a rule works on "an address" and the words do not say whether it is a token or a wallet, the
 * route carries both plans and the endpoint resolves the kind from the chain (is it a mint account?).
 */
import { extractFacts, type QuestionFacts } from './extract.js';

export interface PlannedCall {
  endpoint: string;
  input: Record<string, unknown>;
}

export interface Route {
  intent: string;
  /** The calls, when the kind of the subject is known (or there is no subject). */
  calls: PlannedCall[] | null;
  /** The subject address whose kind decides between `token` and `wallet` plans. */
  resolve: { address: string; token: PlannedCall[]; wallet: PlannedCall[] } | null;
}

export interface Unroutable {
  intent: null;
  reason: string;
  suggestions: { endpoint: string; example: string }[];
}

type Plans = PlannedCall[] | { token: PlannedCall[]; wallet: PlannedCall[] };

interface Rule {
  intent: string;
  /** A question this rule answers (docs, suggestions and tests). */
  example: string;
  /** What the rule needs beyond its keywords. */
  needs?: 'address' | 'two_or_three_addresses' | 'signature' | 'evm_address';
  match: (f: QuestionFacts) => boolean;
  plan: (f: QuestionFacts) => Plans;
}

const call = (endpoint: string, input: Record<string, unknown> = {}): PlannedCall => ({ endpoint, input });
const has = (re: RegExp) => (f: QuestionFacts) => re.test(f.text);
const subject = (f: QuestionFacts) => f.addresses[0]!;
/** A plan per kind, collapsed to one when the words already say which. */
const byKind = (f: QuestionFacts, token: PlannedCall[], wallet: PlannedCall[]): Plans =>
  f.saysToken && !f.saysWallet ? token : f.saysWallet && !f.saysToken ? wallet : { token, wallet };
const lookbackInput = (f: QuestionFacts, key: 'lookback' | 'period') => (f.lookback ? { [key]: f.lookback } : {});

/** Ordered: specific intents before general ones. */
export const RULES: readonly Rule[] = [
  {
    intent: 'transaction',
    example: 'What happened in transaction <signature>?',
    needs: 'signature',
    match: () => true,
    plan: (f) => [call('parse-transaction', { signature: f.signatures[0] })],
  },
  {
    intent: 'refvenue_smart_money',
    example: 'How is smart money positioned on the reference perps venue in BTC?',
    match: (f) => /smart[ -]?money|smart traders|top traders/.test(f.text) && /\bperps?\b|\blongs?\b|\bshorts?\b|positioned|reference venue|refvenue|leverag/.test(f.text),
    plan: (f) => [call('refvenue-smart-money', f.market ? { market: f.market } : {})],
  },
  {
    intent: 'refvenue_trader',
    example: 'Profile perps trader 0x…',
    needs: 'evm_address',
    match: () => true,
    plan: (f) => [call('refvenue-trader-profile', { address: f.evmAddresses[0] })],
  },
  {
    intent: 'buy_decision',
    example: 'Should I buy <mint>?',
    needs: 'address',
    match: has(/\b(should i|would you|is it (a )?good (time )?to|worth|good) (buy|ape|invest|get in|enter|buying|aping)|\b(buy|ape into|invest in)\b.*\?|^buy\b/),
    plan: (f) => [call('due-diligence', { mint: subject(f) }), call('token-trend', { mint: subject(f), ...lookbackInput(f, 'lookback') }), call('whale-watch', { mint: subject(f) })],
  },
  {
    intent: 'deep_dive',
    example: 'Wallet deep dive on <address>',
    needs: 'address',
    match: has(/deep[ -]?dive|everything (about|on)|full (picture|profile|report|rundown)|dig into/),
    plan: (f) => byKind(
      f,
      [call('enrich-token-full', { mint: subject(f) }), call('due-diligence', { mint: subject(f) }), call('token-trend', { mint: subject(f) })],
      [call('enrich-wallet-full', { address: subject(f) }), call('wallet-history', { address: subject(f), ...lookbackInput(f, 'lookback') }), call('perps-trader-profile', { address: subject(f) })],
    ),
  },
  {
    intent: 'compare',
    example: 'Compare <mint> vs <mint>',
    needs: 'two_or_three_addresses',
    match: has(/compar|versus|\bvs\.?\b|which (\w+ )?is (better|safer|riskier)|side by side|better than/),
    plan: (f) => {
      const list = f.addresses.slice(0, 3);
      return byKind(f, [call('compare-tokens', { mints: list })], [call('compare-wallets', { addresses: list })]);
    },
  },
  {
    intent: 'exit',
    example: 'Should I sell <mint>? I entered at $0.002',
    needs: 'address',
    match: has(/should i (sell|exit|take profit|get out)|exit signal|take profits?|time to sell|dump it|cut my loss/),
    plan: (f) => [call('exit-signal', { mint: subject(f), ...(f.sizeUsd !== null && /enter|entry|bought|in at/.test(f.text) ? { entry_price_usd: f.sizeUsd } : {}) })],
  },
  {
    intent: 'trenches_check',
    example: 'Trenches check on <mint>',
    needs: 'address',
    match: has(/trench|confluence/),
    plan: (f) => [call('trenches-check', { mint: subject(f) })],
  },
  {
    intent: 'whales',
    example: 'Are whales selling <mint> in the last 6 hours?',
    needs: 'address',
    match: has(/whale|big holders? (buy|sell)|accumulat|distributing/),
    plan: (f) => [call('whale-watch', { mint: subject(f), ...(f.hours !== null && f.hours >= 1 && f.hours <= 168 ? { lookback_hours: f.hours } : {}) })],
  },
  {
    intent: 'copy_trade',
    example: 'Is <address> worth copy trading? What is its win rate?',
    needs: 'address',
    match: has(/copy[ -]?trad|win ?rate|\bpnl\b|profit(able|s)?\b|sharpe|sortino|track record|good trader|drawdown/),
    plan: (f) => [call('copy-trade-signals', { address: subject(f), ...(f.lookback ? { lookback_days: Number(f.lookback.slice(0, -1)) } : {}) })],
  },
  {
    intent: 'wallet_graph',
    example: 'Which wallets are connected to <address>? Any sybil cluster?',
    needs: 'address',
    match: has(/graph|connect|cluster|sybil|linked|related wallets|\bfunded\b|funder|counterpart/),
    plan: (f) => [call('wallet-graph', { address: subject(f), ...(/two hops|depth 2|second degree|2nd degree/.test(f.text) ? { depth: 2 } : {}) })],
  },
  {
    intent: 'perps_positions',
    example: 'What perps positions does <address> have open?',
    needs: 'address',
    match: has(/\bperps?\b|position|leverage|liquidat/),
    plan: (f) => [call('perps-trader-profile', { address: subject(f) })],
  },
  {
    intent: 'portfolio_history',
    example: 'How did the portfolio of <address> do over the last 30 days?',
    needs: 'address',
    match: has(/portfolio (history|over time|chart|performance|value over)|net worth over|how did (the|my|this) portfolio/),
    plan: (f) => [call('portfolio-history', { address: subject(f), ...lookbackInput(f, 'period') })],
  },
  {
    intent: 'history',
    example: 'How has <mint> trended this week?',
    needs: 'address',
    match: has(/trend|history|changed|over the (last |past )?(week|month|two weeks)|since last week/),
    plan: (f) => byKind(f, [call('token-trend', { mint: subject(f), ...lookbackInput(f, 'lookback') })], [call('wallet-history', { address: subject(f), ...lookbackInput(f, 'lookback') })]),
  },
  {
    intent: 'launchpad_coin',
    example: 'Is reward coin <mint> still paying? What yield?',
    needs: 'address',
    match: has(/reward coin|payout|launchpad|dividend|reflection|\byield\b|\bapy\b|\bapr\b|round trip|transfer tax/),
    plan: (f) => /\byield\b|\bapy\b|\bapr\b/.test(f.text)
      ? [call('launchpad-yield', { mint: subject(f) })]
      : /round trip|cost to trade|quote|transfer tax/.test(f.text)
        ? [call('launchpad-quote', { mint: subject(f), ...(f.sizeUsd !== null && f.sizeUsd <= 1_000_000 ? { size_usd: f.sizeUsd } : {}) })]
        : [call('launchpad-reward-risk', { mint: subject(f) })],
  },
  {
    intent: 'alerts',
    example: 'Any alerts on <address> since yesterday?',
    needs: 'address',
    match: has(/alert|notify|anything (new|happen)|what happened to/),
    // `since` is filled by the endpoint from the clock (last 24 h): the router stays pure.
    plan: (f) => byKind(f, [call('check-alerts', { tokens: f.addresses.slice(0, 10) })], [call('check-alerts', { wallets: f.addresses.slice(0, 10) })]),
  },
  {
    intent: 'protocol',
    example: 'What is the TVL and health of Kamino?',
    match: (f) => f.protocol !== null || (/\b(tvl|protocol|program)\b/.test(f.text) && f.addresses.length > 0),
    plan: (f) => [call('protocol-profile', { protocol: f.protocol ?? subject(f) })],
  },
  {
    intent: 'token_risk',
    example: 'Is <mint> a rug?',
    needs: 'address',
    match: has(/\brug|scam|safe|honeypot|due diligence|\brisk|legit|audit|trust/),
    plan: (f) => byKind(f, [call('due-diligence', { mint: subject(f) })], [call('enrich-wallet-light', { address: subject(f) })]),
  },
  {
    intent: 'holders',
    example: 'Who are the top holders of <mint>?',
    needs: 'address',
    match: has(/holder|concentration|\bhhi\b|supply distribution|volatil/),
    plan: (f) => [call('enrich-token-full', { mint: subject(f) })],
  },
  {
    intent: 'venue_comparison',
    example: 'Which venue is cheapest to open a $5,000 SOL long?',
    match: (f) => f.market !== null && f.sizeUsd !== null && f.sizeUsd >= 100 && f.sizeUsd <= 10_000_000 && /venue|cheapest|where (should i|to) (open|go)|entry cost|best place/.test(f.text),
    plan: (f) => [call('perps-venue-comparison', { market: f.market, size_usd: f.sizeUsd, side: /\bshort\b/.test(f.text) ? 'short' : 'long' })],
  },
  {
    intent: 'cross_venue_funding',
    example: 'Compare SOL funding across venues',
    match: (f) => f.market !== null && /venue|across|cross|compare|cheapest|best (rate|funding)/.test(f.text) && /fund|borrow|rate/.test(f.text),
    plan: (f) => [call('perps-cross-venue-funding', { market: f.market })],
  },
  {
    intent: 'basis',
    example: 'Any basis trade on ETH above 8% APR?',
    match: (f) => f.market !== null && /basis|carry|funding arb|arbitrage|delta[ -]neutral/.test(f.text),
    plan: (f) => [call('perps-basis-signal', { asset: f.market })],
  },
  {
    intent: 'perps_funding',
    example: 'What are perp funding rates right now?',
    match: has(/funding|borrow (rate|apr|fee)|open interest|utili[sz]ation|\bperps? market/),
    plan: (f) => /trend|change|over the|week|month/.test(f.text) && !/funding rate/.test(f.text)
      ? [call('perps-market-trend', lookbackInput(f, 'lookback'))]
      : [call('perps-market-structure')],
  },
  {
    intent: 'smart_money',
    example: 'What are smart-money wallets buying?',
    match: has(/smart[ -]?money|smart wallets|what are (the )?(winners|pros|whales) buying|insiders? buying/),
    plan: (f) => /trench|fresh|new (tokens|launches)|just launched/.test(f.text) ? [call('smart-money-trenches')] : [call('smart-money-flow')],
  },
  {
    intent: 'trending',
    example: 'What is trending right now?',
    match: has(/trending|what'?s hot|hot (tokens|coins)|top (tokens|coins)|top movers|biggest movers|what is (moving|hot)/),
    plan: () => [call('trending-signals')],
  },
  {
    intent: 'runners',
    example: 'Which tokens are running right now?',
    match: has(/runner|running|pumping|parabolic|ignit|mooning/),
    plan: () => [call('runner-scan')],
  },
  {
    intent: 'trenches_scan',
    example: 'Scan the trenches for confluence',
    match: has(/trench|confluence/),
    plan: () => [call('trenches-scan')],
  },
  {
    intent: 'new_tokens',
    example: 'Show me new token launches that are not rugs',
    match: has(/new (token|launch|coin|pair|listing)s?|just launched|fresh launch|recently launched|newly launched/),
    plan: () => [call('new-tokens')],
  },
  {
    intent: 'attention',
    example: 'Which tokens are gaining attention in the last 24h?',
    match: has(/attention|mindshare|most (talked|discussed|mentioned)|buzz|hype/),
    plan: (f) => [call('attention-momentum', /24 ?h|today|day/.test(f.text) ? { window: '24h' } : /\b1 ?h\b|hour/.test(f.text) ? { window: '1h' } : {})],
  },
  {
    intent: 'consensus',
    example: 'What are other agents asking about most?',
    match: has(/most (queried|asked|requested|looked up)|other agents|consensus|what are (people|others|agents) (asking|looking)/),
    plan: () => [call('consensus-signal')],
  },
  {
    intent: 'daily_brief',
    example: "Give me today's daily brief",
    match: has(/daily brief|\bbrief(ing)?\b|digest|\bnews\b|what happened (today|overnight)|market recap|\bfeed\b/),
    plan: () => [call('feed-latest')],
  },
  {
    intent: 'card_packs',
    example: 'Which Pokemon packs have positive expected value?',
    match: (f) => f.franchise !== null || /\bpacks?\b|gacha|expected value|\bev\b|trading cards?/.test(f.text),
    plan: (f) => [call('gacha-ev-scan', f.franchise ? { franchise: f.franchise } : {})],
  },
  {
    intent: 'launchpad_market',
    example: 'Find launchpad gems / which quote asset should I launch against?',
    match: has(/launchpad|reward coins?|\bgems?\b|screener|launch intel|where (should i|to) launch|quote assets?|what can i pair/),
    plan: (f) => /\bgems?\b/.test(f.text) ? [call('launchpad-gems')]
      : /launch intel|where (should i|to) launch|demand|survival/.test(f.text) ? [call('launchpad-launch-intel')]
        : /pairs?|quote assets?|what can i pair/.test(f.text) ? [call('launchpad-pairs')]
          : [call('launchpad-screener')],
  },
  {
    intent: 'lookup',
    example: 'Tell me about <address>',
    needs: 'address',
    match: () => true,
    plan: (f) => byKind(f, [call('enrich-token-light', { mint: subject(f) })], [call('enrich-wallet-light', { address: subject(f) })]),
  },
];

function satisfied(rule: Rule, f: QuestionFacts): boolean {
  switch (rule.needs) {
    case 'address': return f.addresses.length >= 1;
    case 'two_or_three_addresses': return f.addresses.length >= 2 && f.addresses.length <= 3;
    case 'signature': return f.signatures.length >= 1;
    case 'evm_address': return f.evmAddresses.length >= 1;
    default: return true;
  }
}

/** The suggestions of an unroutable answer: one example per family of questions. */
export const SUGGESTIONS: readonly { endpoint: string; example: string }[] = [
  { endpoint: 'query', example: 'Should I buy <mint>?' },
  { endpoint: 'query', example: 'Wallet deep dive on <address>' },
  { endpoint: 'query', example: 'What is trending right now?' },
  { endpoint: 'query', example: 'What are perp funding rates right now?' },
  { endpoint: 'query', example: 'Is <mint> a rug?' },
  { endpoint: 'query', example: 'Which wallets are connected to <address>?' },
  { endpoint: 'query', example: 'What is the TVL and health of Kamino?' },
  { endpoint: 'enrich-token-light', example: 'Call an endpoint directly: /llms.txt lists all of them with their inputs' },
];

export function routeQuestion(question: string): Route | Unroutable {
  const f = extractFacts(question);
  const needsSubject: string[] = [];
  for (const rule of RULES) {
    if (!rule.match(f)) continue;
    if (!satisfied(rule, f)) {
      // The catch-all lookup matches everything: only keyword rules say what the question wanted.
      if ((rule.needs === 'address' || rule.needs === 'two_or_three_addresses') && rule.intent !== 'lookup') needsSubject.push(rule.intent);
      continue;
    }
    const plans = rule.plan(f);
    return Array.isArray(plans)
      ? { intent: rule.intent, calls: plans, resolve: null }
      : { intent: rule.intent, calls: null, resolve: { address: subject(f), ...plans } };
  }
  const reason = needsSubject.length > 0
    ? `The question reads as "${needsSubject[0]}" but names no ${needsSubject[0] === 'compare' ? '2 or 3 addresses' : 'token mint or wallet address'} (base58, 32–44 characters).`
    : 'No routing rule matches the question.';
  return { intent: null, reason, suggestions: [...SUGGESTIONS] };
}
