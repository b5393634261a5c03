/**
 * Daily snapshots taken from enrichment answers (recorded after the response, see src/app/recorder.ts):
 * the few numbers the trend, history and alert endpoints compare across days. Read from the answer's
 * own data so a snapshot says exactly what the caller was told.
 *
 * Token risk score in a snapshot: the spec's token risk score over what the answer knows, WITHOUT the
 * whale-distribution factor (only due-diligence reads whales; counting it on some days and not others
 * would make the series jump for no change in the token). `risk_score_lower_bound` says when factors
 * were unknown (e.g. a light analysis without holders).
 */
import { tokenRiskScore } from '../../analytics/token-risk-score.js';
import type { TokenRiskFlag } from '../../analytics/token-risk-flags.js';
import type { SnapshotCapture } from '../../registry/types.js';
import { asNumber as num, asObject as obj, asString as str } from '../../lib/read.js';

type Data = Record<string, unknown>;

/**
 * A token's snapshot: what is stored, and what the history endpoints read back as the points of a series
 * (a field missing from an older row reads null).
 */
export interface TokenSnapshotData {
  price_usd: number | null;
  liquidity_usd: number | null;
  market_cap_usd: number | null;
  volume_24h_usd: number | null;
  holder_count: number | null;
  hhi: number | null;
  top1_pct: number | null;
  top5_pct: number | null;
  /** Always written; null only when read back from a row without it. */
  risk_score: number | null;
  risk_score_lower_bound: boolean;
}

export function tokenSnapshotData(d: Data): TokenSnapshotData {
  const concentration = obj(obj(d.concentration)?.raw_supply);
  const authorities = obj(d.authorities);
  const verified = obj(d.verification)?.verified;
  const flags = Array.isArray(d.risk_flags) ? (d.risk_flags as TokenRiskFlag[]) : [];
  const score = tokenRiskScore({
    flags,
    verified: typeof verified === 'boolean' ? verified : null,
    mintAuthorityActive: authorities ? authorities.mint_authority !== null : null,
    freezeAuthorityActive: authorities ? authorities.freeze_authority !== null : null,
    top1Pct: num(concentration?.top1_pct),
    top5Pct: num(concentration?.top5_pct),
    whaleDistribution: false,
  });
  return {
    price_usd: num(obj(d.price)?.price_usd),
    liquidity_usd: num(d.liquidity_usd),
    market_cap_usd: num(d.market_cap_usd),
    volume_24h_usd: num(d.volume_24h_usd),
    holder_count: num(obj(d.holder_count)?.value),
    hhi: num(concentration?.hhi),
    top1_pct: num(concentration?.top1_pct),
    top5_pct: num(concentration?.top5_pct),
    risk_score: score.score,
    risk_score_lower_bound: score.is_lower_bound,
  };
}

export interface WalletSnapshotData {
  portfolio_value_usd: number | null;
  native_sol: number | null;
  token_count: number | null;
  risk_score: number | null;
  /** Held mints with their USD value (null = unpriced): what "added/removed positions" compares. */
  positions: { mint: string; value_usd: number | null }[];
}

export function walletSnapshotData(d: Data): WalletSnapshotData {
  const holdings = Array.isArray(d.holdings) ? (d.holdings as unknown[]).map(obj).filter((h): h is Data => h !== null) : [];
  return {
    portfolio_value_usd: num(d.portfolio_value_usd),
    native_sol: num(obj(d.native_balance)?.sol),
    token_count: num(d.holdings_count),
    risk_score: num(obj(d.risk_score)?.risk_score),
    positions: holdings.flatMap((h) => {
      const mint = str(h.mint);
      return mint ? [{ mint, value_usd: num(h.value_usd) }] : [];
    }),
  };
}

export const tokenSnapshot = (field: 'mint'): SnapshotCapture => (input, result) => {
  const mint = str(input[field]);
  return mint ? [{ subjectType: 'token', subject: mint, data: { ...tokenSnapshotData(result.data) } }] : [];
};

export const walletSnapshot: SnapshotCapture = (input, result) => {
  const address = str(input.address);
  return address ? [{ subjectType: 'wallet', subject: address, data: { ...walletSnapshotData(result.data) } }] : [];
};

/** due-diligence: its embedded full token analysis. */
export const dueDiligenceSnapshot: SnapshotCapture = (input, result) => {
  const mint = str(input.mint);
  const analysis = obj(result.data.token_analysis);
  return mint && analysis ? [{ subjectType: 'token', subject: mint, data: { ...tokenSnapshotData(analysis) } }] : [];
};

/** batch-enrich: one snapshot per item that answered. */
export const batchSnapshot: SnapshotCapture = (input, result) => {
  const items = Array.isArray(result.data.items) ? (result.data.items as unknown[]).map(obj) : [];
  const type = input.type === 'token' ? 'token' : 'wallet';
  return items.flatMap((item) => {
    const address = str(item?.address);
    const data = obj(item?.data);
    if (!item || item.ok !== true || !address || !data) return [];
    return [{ subjectType: type, subject: address, data: { ...(type === 'token' ? tokenSnapshotData(data) : walletSnapshotData(data)) } }];
  });
};
