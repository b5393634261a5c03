/**
 * Wallet `risk_score` (spec "Scoring definitions"): 0.0 safe … 1.0 critical, the sum of the
 * increments of the factors that apply, capped at 1 and rounded to 4 decimals.
 *
 *   high_tx_concentration        +0.15  few counterparties
 *   low_tx_diversity             +0.10  few transaction types
 *   new_wallet                   +0.15  first activity < 30 days before `now`
 *   bot_like_patterns            +0.20  behavioural label high_frequency or repetitive_actions
 *   risky_program_interactions   +0.15  invoked a program from the caller's risky set
 *   airdrop_farming              +0.10  many small token accounts
 *   low_protocol_diversity       +0.10  fewer than 2 distinct protocols
 *
 * Increments are summed in integer hundredths so that factor sums land exactly on the level
 * boundaries (0.15 + 0.10 is 0.25, MODERATE — not 0.25000000000000006).
 *
 * Levels (lower-inclusive): LOW < 0.25 ≤ MODERATE < 0.50 ≤ ELEVATED < 0.65 ≤ HIGH ≤ 0.80
 * < CRITICAL. HIGH includes exactly 0.80; CRITICAL is strictly above it.
 *
 * Unknown is never safe: a factor whose input is unknown (null) adds nothing to the score but is
 * listed with `triggered: null`, `data_complete` turns false, and `max_risk_score` says how high the
 * score could be if every unknown factor applied; the caller must surface a caveat.
 */
import { behaviouralSignals } from './behaviour.js';
import { isInfrastructureProgram, knownProgram } from './known-programs.js';
import { clamp, round2, round4 } from './round.js';
import type { TokenHolding, WalletActivity } from './types.js';

export type WalletRiskFactorName =
  | 'high_tx_concentration'
  | 'low_tx_diversity'
  | 'new_wallet'
  | 'bot_like_patterns'
  | 'risky_program_interactions'
  | 'airdrop_farming'
  | 'low_protocol_diversity';

export type WalletRiskLevel = 'LOW' | 'MODERATE' | 'ELEVATED' | 'HIGH' | 'CRITICAL';

/** Increments in hundredths, in the spec's table order. */
export const WALLET_RISK_WEIGHTS_HUNDREDTHS: Readonly<Record<WalletRiskFactorName, number>> = {
  high_tx_concentration: 15,
  low_tx_diversity: 10,
  new_wallet: 15,
  bot_like_patterns: 20,
  risky_program_interactions: 15,
  airdrop_farming: 10,
  low_protocol_diversity: 10,
};

export const WALLET_RISK_FACTORS = Object.keys(WALLET_RISK_WEIGHTS_HUNDREDTHS) as WalletRiskFactorName[];

/** Factor inputs: true = applies, false = does not apply, null = unknown. */
export type WalletRiskInputs = Record<WalletRiskFactorName, boolean | null>;

export interface WalletRiskFactor {
  name: WalletRiskFactorName;
  /** Increment actually added (0 unless triggered). */
  value: number;
  /** Increment the factor adds when it applies. */
  weight: number;
  triggered: boolean | null;
  reason: string;
}

export interface WalletRiskResult {
  risk_score: number;
  level: WalletRiskLevel;
  data_complete: boolean;
  unknown_factors: WalletRiskFactorName[];
  /** Score if every unknown factor applied (equals risk_score when data_complete). */
  max_risk_score: number;
  max_level: WalletRiskLevel;
  factors: WalletRiskFactor[];
}

/** Level of a 0–1 wallet risk score, lower-inclusive boundaries (see file comment). */
export function walletRiskLevel(score: number): WalletRiskLevel {
  const s = round4(score);
  if (s < 0.25) return 'LOW';
  if (s < 0.5) return 'MODERATE';
  if (s < 0.65) return 'ELEVATED';
  if (s <= 0.8) return 'HIGH';
  return 'CRITICAL';
}

const DEFAULT_REASONS: Record<WalletRiskFactorName, string> = {
  high_tx_concentration: 'transactions concentrated on few counterparties',
  low_tx_diversity: 'few distinct transaction types',
  new_wallet: 'first activity less than 30 days ago',
  bot_like_patterns: 'high-frequency or repetitive automated activity',
  risky_program_interactions: 'interacted with a known risky program',
  airdrop_farming: 'many small token accounts',
  low_protocol_diversity: 'fewer than 2 distinct protocols used',
};

/** Scores factor inputs. `reasons` (e.g. from walletRiskInputs) explain each factor's outcome. */
export function walletRiskScore(inputs: WalletRiskInputs, reasons: Partial<Record<WalletRiskFactorName, string>> = {}): WalletRiskResult {
  let hundredths = 0;
  let unknownHundredths = 0;
  const unknown: WalletRiskFactorName[] = [];
  const factors = WALLET_RISK_FACTORS.map((name): WalletRiskFactor => {
    const w = WALLET_RISK_WEIGHTS_HUNDREDTHS[name];
    const triggered = inputs[name];
    if (triggered === true) hundredths += w;
    if (triggered === null || triggered === undefined) {
      unknownHundredths += w;
      unknown.push(name);
    }
    const reason = reasons[name] ?? (triggered === true ? DEFAULT_REASONS[name] : triggered === false ? `not observed: ${DEFAULT_REASONS[name]}` : 'unknown: input data unavailable');
    return { name, value: triggered === true ? w / 100 : 0, weight: w / 100, triggered: triggered ?? null, reason };
  });
  const risk_score = round4(clamp(hundredths / 100, 0, 1));
  const max_risk_score = round4(clamp((hundredths + unknownHundredths) / 100, 0, 1));
  return {
    risk_score,
    level: walletRiskLevel(risk_score),
    data_complete: unknown.length === 0,
    unknown_factors: unknown,
    max_risk_score,
    max_level: walletRiskLevel(max_risk_score),
    factors,
  };
}

/**
 * Thresholds used to derive the factor booleans from activity and holdings.
 *  - concentration: ≤ 3 distinct counterparties over the sample, or (with ≥ 10 transactions) one
 *    counterparty in ≥ 50 % of transactions. A wallet that only ever deals with a handful of
 *    addresses is typical of mule/funnel wallets and sybil clusters.
 *  - diversity: < 2 distinct transaction types, or (with ≥ 10 transactions) one type making up
 *    ≥ 90 % of them. Real users mix swaps, transfers, NFT and staking actions.
 *  - new wallet: first activity less than 30 days (2 592 000 s) before `now`; exactly 30 days is
 *    not new.
 *  - airdrop farming: ≥ 20 token holdings each worth < $1 (priced, non-zero balances). Farmers
 *    spread dust over many token accounts to qualify for airdrops.
 *  - protocols: non-infrastructure programs, grouped by known protocol (Jupiter v4 and v6 are one);
 *    an unknown program counts as its own protocol. < 2 distinct triggers the factor.
 */
export const WALLET_RISK_THRESHOLDS = {
  max_distinct_counterparties: 3,
  top_counterparty_share: 0.5,
  min_distinct_types: 2,
  dominant_type_share: 0.9,
  share_min_transactions: 10,
  new_wallet_age_s: 30 * 86_400,
  airdrop_small_value_usd: 1,
  airdrop_min_small_holdings: 20,
  min_protocols: 2,
} as const;

export interface WalletRiskDerivation {
  inputs: WalletRiskInputs;
  reasons: Record<WalletRiskFactorName, string>;
  measurements: {
    transactions: number | null;
    distinct_counterparties: number | null;
    top_counterparty_share: number | null;
    distinct_types: number | null;
    dominant_type_share: number | null;
    wallet_age_days: number | null;
    behaviour_labels: string[] | null;
    risky_programs_seen: string[] | null;
    small_holdings: number | null;
    unpriced_holdings: number | null;
    protocols: string[] | null;
  };
  data_complete: boolean;
}

function topShare(values: readonly string[]): { distinct: number; share: number } {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const top = counts.size ? Math.max(...counts.values()) : 0;
  return { distinct: counts.size, share: values.length ? top / values.length : 0 };
}

/** Distinct protocols a wallet used: non-infrastructure programs grouped by known protocol. */
export function distinctProtocols(activity: readonly WalletActivity[]): string[] {
  const set = new Set<string>();
  for (const a of activity) {
    for (const id of a.programIds) {
      if (isInfrastructureProgram(id)) continue;
      set.add(knownProgram(id)?.protocol ?? id);
    }
  }
  return [...set].sort();
}

/**
 * Derives the factor inputs. `activity` null = history unavailable; an empty array = no
 * transactions in the sample; both leave the activity-based factors unknown. `holdings` null =
 * unavailable. `firstSeenAt` (unix s) null = unknown age. `now` is unix seconds.
 */
export function walletRiskInputs(
  activity: readonly WalletActivity[] | null,
  holdings: readonly TokenHolding[] | null,
  firstSeenAt: number | null,
  now: number,
  riskyPrograms: ReadonlySet<string> | readonly string[],
): WalletRiskDerivation {
  const T = WALLET_RISK_THRESHOLDS;
  const risky = riskyPrograms instanceof Set ? riskyPrograms : new Set(riskyPrograms as readonly string[]);
  const inputs: WalletRiskInputs = {
    high_tx_concentration: null,
    low_tx_diversity: null,
    new_wallet: null,
    bot_like_patterns: null,
    risky_program_interactions: null,
    airdrop_farming: null,
    low_protocol_diversity: null,
  };
  const reasons = {} as Record<WalletRiskFactorName, string>;
  const m: WalletRiskDerivation['measurements'] = {
    transactions: activity ? activity.length : null,
    distinct_counterparties: null,
    top_counterparty_share: null,
    distinct_types: null,
    dominant_type_share: null,
    wallet_age_days: null,
    behaviour_labels: null,
    risky_programs_seen: null,
    small_holdings: null,
    unpriced_holdings: null,
    protocols: null,
  };

  const activityFactors: WalletRiskFactorName[] = ['high_tx_concentration', 'low_tx_diversity', 'bot_like_patterns', 'risky_program_interactions', 'low_protocol_diversity'];
  if (!activity || activity.length === 0) {
    const why = !activity ? 'unknown: transaction history unavailable' : 'unknown: no transactions in the sample';
    for (const f of activityFactors) reasons[f] = why;
  } else {
    const n = activity.length;
    const distinctPeers = new Set(activity.flatMap((a) => a.counterparties)).size;
    // Share of transactions that involve the most frequent counterparty.
    const peerTxCounts = new Map<string, number>();
    for (const a of activity) for (const c of new Set(a.counterparties)) peerTxCounts.set(c, (peerTxCounts.get(c) ?? 0) + 1);
    const topPeerShare = peerTxCounts.size ? Math.max(...peerTxCounts.values()) / n : 0;
    m.distinct_counterparties = distinctPeers;
    m.top_counterparty_share = round4(topPeerShare);
    const concentrated = distinctPeers <= T.max_distinct_counterparties || (n >= T.share_min_transactions && topPeerShare >= T.top_counterparty_share);
    inputs.high_tx_concentration = concentrated;
    reasons.high_tx_concentration = `${distinctPeers} distinct counterparties over ${n} transactions; top counterparty in ${round2(topPeerShare * 100)}% of them (triggers at ≤ ${T.max_distinct_counterparties} counterparties, or ≥ ${T.top_counterparty_share * 100}% with ≥ ${T.share_min_transactions} transactions)`;

    const types = topShare(activity.map((a) => String(a.type)));
    m.distinct_types = types.distinct;
    m.dominant_type_share = round4(types.share);
    inputs.low_tx_diversity = types.distinct < T.min_distinct_types || (n >= T.share_min_transactions && types.share >= T.dominant_type_share);
    reasons.low_tx_diversity = `${types.distinct} distinct transaction types; most common is ${round2(types.share * 100)}% of transactions (triggers below ${T.min_distinct_types} types, or ≥ ${T.dominant_type_share * 100}% with ≥ ${T.share_min_transactions} transactions)`;

    const behaviour = behaviouralSignals(activity);
    m.behaviour_labels = behaviour.labels;
    const bot = behaviour.labels.filter((l) => l === 'high_frequency' || l === 'repetitive_actions');
    inputs.bot_like_patterns = bot.length > 0;
    reasons.bot_like_patterns = bot.length ? `behavioural labels: ${bot.join(', ')}` : 'no high_frequency or repetitive_actions label';

    const seen = [...new Set(activity.flatMap((a) => a.programIds.filter((p) => risky.has(p))))].sort();
    m.risky_programs_seen = seen;
    inputs.risky_program_interactions = seen.length > 0;
    reasons.risky_program_interactions = seen.length ? `interacted with risky program(s): ${seen.join(', ')}` : 'no interaction with a program in the risky set';

    const protocols = distinctProtocols(activity);
    m.protocols = protocols;
    inputs.low_protocol_diversity = protocols.length < T.min_protocols;
    reasons.low_protocol_diversity = `${protocols.length} distinct protocol(s)${protocols.length ? `: ${protocols.join(', ')}` : ''} (triggers below ${T.min_protocols})`;
  }

  if (firstSeenAt === null || !Number.isFinite(firstSeenAt)) {
    reasons.new_wallet = 'unknown: first-activity time unavailable';
  } else {
    const age = now - firstSeenAt;
    m.wallet_age_days = round4(age / 86_400);
    inputs.new_wallet = age < T.new_wallet_age_s;
    reasons.new_wallet = `first activity ${round4(age / 86_400)} days before now (new below 30 days)`;
  }

  if (!holdings) {
    reasons.airdrop_farming = 'unknown: token holdings unavailable';
  } else {
    const held = holdings.filter((h) => h.uiAmount > 0);
    const small = held.filter((h) => typeof h.valueUsd === 'number' && Number.isFinite(h.valueUsd) && h.valueUsd < T.airdrop_small_value_usd).length;
    const unpriced = held.filter((h) => typeof h.valueUsd !== 'number' || !Number.isFinite(h.valueUsd)).length;
    m.small_holdings = small;
    m.unpriced_holdings = unpriced;
    const rule = `(triggers at ≥ ${T.airdrop_min_small_holdings} holdings each worth < $${T.airdrop_small_value_usd})`;
    if (small >= T.airdrop_min_small_holdings) {
      inputs.airdrop_farming = true;
      reasons.airdrop_farming = `${small} token holdings worth < $1 ${rule}`;
    } else if (small + unpriced < T.airdrop_min_small_holdings) {
      inputs.airdrop_farming = false;
      reasons.airdrop_farming = `${small} token holdings worth < $1, ${unpriced} unpriced ${rule}`;
    } else {
      // Unpriced holdings could push the count over the threshold: cannot call it safe.
      reasons.airdrop_farming = `unknown: ${small} holdings worth < $1 and ${unpriced} unpriced ${rule}`;
    }
  }

  return { inputs, reasons, measurements: m, data_complete: Object.values(inputs).every((v) => v !== null) };
}

/** Convenience: derive the inputs and score them. */
export function assessWalletRisk(
  activity: readonly WalletActivity[] | null,
  holdings: readonly TokenHolding[] | null,
  firstSeenAt: number | null,
  now: number,
  riskyPrograms: ReadonlySet<string> | readonly string[],
): WalletRiskResult & { measurements: WalletRiskDerivation['measurements'] } {
  const d = walletRiskInputs(activity, holdings, firstSeenAt, now, riskyPrograms);
  return { ...walletRiskScore(d.inputs, d.reasons), measurements: d.measurements };
}
