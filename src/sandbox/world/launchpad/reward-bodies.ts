/**
 * The platform's reward bodies: `GET /tokens/{mint}/rewards` (a coin's lifetime totals and what the
 * distributor holds for its next payout) and `GET /rewards` (every reward coin's totals and the latest
 * distributions platform-wide), in the real wire format (`src/sources/wire/launchpad.ts`).
 */
import type { StonkDistribution, StonkLedgerLaunch, StonkTokenRewards } from '../../../sources/wire/launchpad.js';
import { byMint, launchpadTokensAt, listedCoinAt, payoutAt, schedule, type LaunchpadCoinAt } from './payouts.js';
import { LAUNCHPAD_RECENT_DISTRIBUTIONS } from './platform.js';
import { iso, uiUnits } from './wire-format.js';

/** What the distributor holds for the coin's next payout: the running slot's accrual (none once stopped). */
function undistributed(t: LaunchpadCoinAt, nowMs: number): bigint {
  const sch = schedule(t.design, nowMs);
  if (!sch || sch.stopped) return 0n;
  const next = sch.last + 1;
  const slotStart = sch.last * sch.period + sch.phase;
  const share = Math.min(1, Math.max(0, (nowMs - Math.max(slotStart, t.createdAt)) / sch.period));
  const full = payoutAt(t.design, t.quote, next, next * sch.period + sch.phase).amountRaw;
  return BigInt(Math.floor(Number(full) * share));
}

function totals(t: LaunchpadCoinAt) {
  return {
    distributedRaw: t.distributedRaw.toString(),
    distributedTokens: uiUnits(t.distributedRaw, t.quote.decimals),
    payoutCount: t.payouts.length,
    // The distributor's count of the holders it pays: the coin's designed holders.
    holderCount: t.design.holders,
    lastPayoutAt: t.lastPayoutAt === null ? null : iso(t.lastPayoutAt),
  };
}

/** `GET /tokens/{mint}/rewards` → `data`; `rewards` null for a standard launch; null for an unlisted mint. */
export function launchpadTokenRewards(mint: string, nowMs: number): StonkTokenRewards | null {
  const t = listedCoinAt(mint, nowMs);
  if (t === null) return null;
  const quote = { mint: t.quoteMint, symbol: t.quote.symbol, decimals: t.quote.decimals };
  if (t.mode !== 'reward') return { mint: t.mint, mode: t.mode, quote, rewards: null };
  const pending = undistributed(t, nowMs);
  return {
    mint: t.mint,
    mode: t.mode,
    quote,
    rewards: { ...totals(t), undistributedRaw: pending.toString(), undistributedTokens: uiUnits(pending, t.quote.decimals) },
  };
}

/** Every distribution platform-wide up to `nowMs`, newest first (ties by mint). */
export function launchpadDistributionsAt(nowMs: number): StonkDistribution[] {
  const rows = launchpadTokensAt(nowMs).flatMap((t) => t.payouts.map((p) => ({ t, p })));
  rows.sort((a, b) => b.p.at - a.p.at || byMint(a.t, b.t));
  return rows.map(({ t, p }) => ({
    signature: p.signature,
    mint: t.mint,
    quoteMint: t.quoteMint,
    amountRaw: p.amountRaw.toString(),
    amountTokens: uiUnits(p.amountRaw, t.quote.decimals),
    holderCount: p.holderCount,
    distributedAt: iso(p.at),
  }));
}

/**
 * `GET /rewards?limit` → `data`: lifetime totals of every reward-mode coin (never-paid ones included),
 * biggest `distributedTokens` first (ties by mint), at most `limit`; and the latest 100 distributions.
 */
export function launchpadRewards(nowMs: number, limit: number): { launches: StonkLedgerLaunch[]; recentDistributions: StonkDistribution[] } {
  const launches = launchpadTokensAt(nowMs)
    .filter((t) => t.mode === 'reward')
    .map((t): StonkLedgerLaunch => ({ mint: t.mint, quote: { mint: t.quoteMint, symbol: t.quote.symbol, decimals: t.quote.decimals }, ...totals(t) }))
    .sort((a, b) => b.distributedTokens - a.distributedTokens || byMint(a, b))
    .slice(0, limit);
  return { launches, recentDistributions: launchpadDistributionsAt(nowMs).slice(0, LAUNCHPAD_RECENT_DISTRIBUTIONS) };
}
