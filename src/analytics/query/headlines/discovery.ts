/** Headlines of the memecoin discovery endpoints: scans report what they found (counts), never which tokens. */
import { spec, type HeadlineSpec } from './types.js';
import { span, subject, text, usd } from './format.js';

export const DISCOVERY_HEADLINES: Record<string, HeadlineSpec> = {
  'smart-money-flow': spec({
    pick: (r) => ({
      lookback_days: r.num('lookback_days'),
      window_from_at: r.str('window.from_at'),
      window_to_at: r.str('window.to_at'),
      seed_source: r.str('seed.source'),
      wallets_read: r.num('summary.wallets_read'),
      qualifying_wallets: r.num('summary.qualifying'),
      min_win_rate: r.num('criteria.min_win_rate'),
      min_closed_trades: r.num('criteria.min_closed_trades'),
      tokens_accumulated: r.num('summary.tokens_accumulated'),
      clusters: r.num('summary.clusters'),
    }),
    brief: (h) =>
      `Smart money over the last ${text(h.lookback_days)} days (${span(h.window_from_at, h.window_to_at)}): ${text(h.qualifying_wallets)} of ${text(h.wallets_read)} ` +
      `${text(h.seed_source)}-list wallet(s) qualify (win rate ≥ ${text(h.min_win_rate)} on ≥ ${text(h.min_closed_trades)} closed trades); ` +
      `they net-accumulated ${text(h.tokens_accumulated)} token(s) in that window; ${text(h.clusters)} wallet cluster(s) found.`,
    full: 'which tokens they accumulated with net USD, buyers and last buy, each wallet\'s record, and the clusters',
  }),
  'smart-money-trenches': spec({
    pick: (r) => ({
      hours_back: r.num('window.hours_back'),
      window_from_at: r.str('window.from_at'),
      window_to_at: r.str('window.to_at'),
      max_token_age_hours: r.num('criteria.max_token_age_hours'),
      qualifying_wallets: r.count('smart_wallets.qualifying'),
      smart_buys: r.num('candidates.smart_buys'),
      tokens_ranked: r.count('tokens'),
    }),
    brief: (h) =>
      `Smart-money buys of fresh launches over the last ${text(h.hours_back)} h (${span(h.window_from_at, h.window_to_at)}): ${text(h.qualifying_wallets)} qualifying smart wallet(s) ` +
      `made ${text(h.smart_buys)} buy(s); ${text(h.tokens_ranked)} token(s) ≤ ${text(h.max_token_age_hours)} h old ranked.`,
    full: 'the ranked tokens with their smart buyers, buy sizes and times, score and market figures',
  }),
  'trending-signals': spec({
    pick: (r) => ({
      as_of: r.str('as_of'),
      sentiment: r.str('sentiment.sentiment'),
      tokens_ranked: r.num('summary.returned'),
      candidates: r.num('summary.candidates'),
      leaning_accumulation: r.num('sentiment.accumulation'),
      leaning_distribution: r.num('sentiment.distribution'),
      min_liquidity_usd: r.num('filters.min_liquidity_usd'),
      max_risk_score: r.num('filters.max_risk_score'),
    }),
    brief: (h) =>
      `Trending as of ${text(h.as_of)} (scored on 24 h market data): ${text(h.tokens_ranked)} token(s) ranked of ${text(h.candidates)} candidate(s) ` +
      `with liquidity ≥ ${usd(h.min_liquidity_usd)} and risk ≤ ${text(h.max_risk_score)}; market sentiment ${text(h.sentiment)} ` +
      `(${text(h.leaning_accumulation)} leaning to accumulation, ${text(h.leaning_distribution)} to distribution).`,
    full: 'the ranked tokens with score, factors, runner stage, whale lean, risk and market figures',
  }),
  'runner-scan': spec({
    pick: (r) => ({
      as_of: r.str('as_of'),
      max_token_age_hours: r.num('filters.max_token_age_hours'),
      scanned: r.num('scanned'),
      matched: r.num('matched'),
      running: r.num('stage_counts.RUNNING'),
      igniting: r.num('stage_counts.IGNITING'),
      parabolic_late: r.num('stage_counts.PARABOLIC_LATE'),
      rugs_flagged: r.count('rugs'),
    }),
    brief: (h) =>
      `Runner scan as of ${text(h.as_of)} of tokens ≤ ${text(h.max_token_age_hours)} h old: ${text(h.matched)} of ${text(h.scanned)} scanned match — ` +
      `${text(h.running)} RUNNING, ${text(h.igniting)} IGNITING, ${text(h.parabolic_late)} PARABOLIC_LATE; ${text(h.rugs_flagged)} rug(s) flagged.`,
    full: 'the tokens with stage, velocity, buy pressure by window and market figures, and the rugs with their reasons',
  }),
  'trenches-scan': spec({
    pick: (r) => {
      const legs = ['runner', 'smart_money', 'attention'].map((leg) => r.str(`legs.${leg}`));
      return {
        as_of: r.str('as_of'),
        max_token_age_hours: r.num('filters.max_token_age_hours'),
        scanned: r.num('scanned'),
        matched: r.num('matched'),
        high_confluence: r.countWhere('tokens', 'verdict', 'HIGH_CONFLUENCE'),
        moderate: r.countWhere('tokens', 'verdict', 'MODERATE'),
        signal_legs_degraded: legs.filter((s) => s !== 'ok').length,
      };
    },
    brief: (h) =>
      `Trenches scan as of ${text(h.as_of)} of tokens ≤ ${text(h.max_token_age_hours)} h old: ${text(h.matched)} of ${text(h.scanned)} scanned carry a signal — ` +
      `${text(h.high_confluence)} HIGH_CONFLUENCE, ${text(h.moderate)} MODERATE; ${text(h.signal_legs_degraded)} of 3 signal legs degraded.`,
    full: 'the tokens with verdict, score, which signals fired (runner stage, smart buyers, paid calls) and their details',
  }),
  'trenches-check': spec({
    pick: (r) => ({
      mint: r.str('mint'),
      symbol: r.str('symbol'),
      as_of: r.str('as_of'),
      verdict: r.str('verdict'),
      confluence_count: r.num('confluence_count'),
      signals_checked: r.count('signals'),
      legs_missing: r.count('legs_missing'),
      smart_money_window_hours: r.num('smart_money.window_hours'),
      attention_window_from: r.str('attention_window.from'),
      attention_window_to: r.str('attention_window.to'),
    }),
    brief: (h) =>
      `Trenches check on ${subject(h.symbol, h.mint)} as of ${text(h.as_of)}: ${text(h.verdict)}, ${text(h.confluence_count)} of ${text(h.signals_checked)} signals present ` +
      `(runner stage now, smart-money buys in the last ${text(h.smart_money_window_hours)} h, paid calls ${span(h.attention_window_from, h.attention_window_to)}); ` +
      `${text(h.legs_missing)} signal leg(s) missing.`,
    full: 'each signal\'s detail, the composite score and factors, runner stage and market, smart buyers and attention',
  }),
  'exit-signal': spec({
    pick: (r) => ({
      mint: r.str('mint'),
      symbol: r.str('symbol'),
      as_of: r.str('as_of'),
      verdict: r.str('verdict'),
      exit_score: r.num('exit_score'),
      decided_by: r.str('decided_by'),
      stage: r.str('stage'),
      unknown_factors: r.count('unknown_factors'),
    }),
    brief: (h) =>
      `Exit signal for ${subject(h.symbol, h.mint)} as of ${text(h.as_of)}: ${text(h.verdict)} (decided by ${text(h.decided_by)}, exit score ${text(h.exit_score)} on 0–1); ` +
      `runner stage ${text(h.stage)}; ${text(h.unknown_factors)} factor(s) could not be read.`,
    full: 'the factors and hard triggers behind the verdict, the market by window, liquidity and holder deltas and the PnL from your entry',
  }),
  'new-tokens': spec({
    pick: (r) => {
      const ages = (r.list('tokens') ?? []).map((t) => (typeof t === 'object' && t !== null && 'age_hours' in t ? t.age_hours : null)).filter((a): a is number => typeof a === 'number');
      return {
        as_of: r.str('as_of'),
        candidates: r.num('summary.candidates'),
        passed_filters: r.num('summary.passed_both'),
        returned: r.num('summary.returned'),
        // The source is the newest profiles, not a fixed window: the oldest listed age says how far back "new" reaches.
        oldest_listed_age_hours: ages.length > 0 ? Math.max(...ages) : null,
        min_liquidity_usd: r.num('filters.min_liquidity_usd'),
        max_risk_score: r.num('filters.max_risk_score'),
      };
    },
    brief: (h) =>
      `New tokens as of ${text(h.as_of)}: ${text(h.returned)} listed of ${text(h.passed_filters)} passing liquidity ≥ ${usd(h.min_liquidity_usd)} and risk ≤ ${text(h.max_risk_score)} ` +
      `(${text(h.candidates)} fresh launches read; the oldest listed is ${text(h.oldest_listed_age_hours)} h old).`,
    full: 'the tokens with age, price, liquidity, market cap, volume, risk score and verdict, and the excluded ones with reasons',
  }),
  'gacha-ev-scan': spec({
    pick: (r) => ({
      as_of: r.str('as_of'),
      franchise: r.str('filters.franchise'),
      exit_strategy: r.str('exit_strategy'),
      scanned: r.num('scanned'),
      matched: r.num('matched'),
      positive_ev: r.num('verdict_counts.POSITIVE_EV'),
      house_edge: r.num('verdict_counts.HOUSE_EDGE'),
      negative_ev: r.num('verdict_counts.NEGATIVE_EV'),
    }),
    brief: (h) =>
      `Card-pack EV as of ${text(h.as_of)} (${h.franchise ? text(h.franchise) : 'all franchises'}, exit ${text(h.exit_strategy)}, card values at tier-range midpoints): ` +
      `${text(h.matched)} of ${text(h.scanned)} listed machine(s) matched (hidden ones only by code) — ` +
      `${text(h.positive_ev)} POSITIVE_EV, ${text(h.house_edge)} HOUSE_EDGE, ${text(h.negative_ev)} NEGATIVE_EV.`,
    full: 'each machine with its price, gross EV, buyback and marketplace exits, edge, stock and odds by tier',
  }),
};
