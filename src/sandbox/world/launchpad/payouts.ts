/**
 * The coins' payouts: a pure function of (coin, slot) on a fixed UTC grid, never changing once made, and
 * every listed coin at a moment with its payouts so far (what every wire body is built from).
 */
import { createHash } from 'node:crypto';
import type { LaunchpadMode } from '../../../sources/wire/launchpad.js';
import { base58Encode } from '../../../lib/base58.js';
import { DAY_MS, HOUR_MS } from '../../../lib/days.js';
import { Lru } from '../lru.js';
import { sha256 } from '../random.js';
import { LAUNCHPAD_ALL_COINS, RAINSTOP, coinCreatedAt, coinMint, coinMode, coinPool, dayStart, quoteOf, type CoinDesign } from './coins.js';
import { LAUNCHPAD_STALE_LAST_PAYOUT_MS } from './platform.js';
import { quoteMint, type QuoteDesign } from './quotes.js';

/** One distribution to the coin's holders, as the platform records it. */
interface LaunchpadPayout {
  /** Epoch ms. */
  at: number;
  /** Raw units of the quote. */
  amountRaw: bigint;
  /** Designed USD size (±25 % around the design): what the payout was sized with, at the quote's designed price. */
  usd: number;
  signature: string;
  /** Holders paid (the coin's designed holders). */
  holderCount: number;
}


/** A coin as listed at a moment: its design, addresses, creation and payouts up to that moment. */
export interface LaunchpadCoinAt {
  design: CoinDesign;
  symbol: string;
  mint: string;
  pool: string;
  quote: QuoteDesign;
  quoteMint: string;
  mode: LaunchpadMode;
  /** Epoch ms. */
  createdAt: number;
  /** Oldest first. */
  payouts: LaunchpadPayout[];
  lastPayoutAt: number | null;
  distributedRaw: bigint;
}

function payoutSignature(symbol: string, k: number): string {
  return base58Encode(createHash('sha512').update(`sandbox-world/launchpad-payout\u0000${symbol}\u0000${k}`).digest());
}

/** Payouts are a pure function of (coin, slot) and never change once made: cached (bounded), frozen. */
const payoutCache = new Lru<string, LaunchpadPayout>(20_000);

/** Payout slot `k` of a coin: its size is the design ±25 %, fixed per (coin, slot). */
export function payoutAt(c: CoinDesign, q: QuoteDesign, k: number, at: number): LaunchpadPayout {
  return payoutCache.getOrCreate(`${c.symbol}|${k}`, () => {
    const s = c.payouts!;
    const jitter = 0.75 + (sha256('launchpad', 'payout', c.symbol, k)[0]! / 255) * 0.5;
    const usd = Math.round(s.usdPerPayout * jitter * 100) / 100;
    const amountRaw = BigInt(Math.round((usd / q.priceUsd) * 10 ** q.decimals));
    return Object.freeze({ at, amountRaw, usd, signature: payoutSignature(c.symbol, k), holderCount: c.holders });
  });
}

/** The payout slots of a coin up to `nowMs` (the first strictly after creation) and the schedule's end. */
export function schedule(c: CoinDesign, nowMs: number): { first: number; last: number; period: number; phase: number; stopped: boolean } | null {
  const s = c.payouts;
  if (!s) return null;
  const created = coinCreatedAt(c, nowMs);
  const period = s.periodHours * HOUR_MS;
  const phase = s.phaseHours * HOUR_MS;
  const stop = c === RAINSTOP ? LAUNCHPAD_STALE_LAST_PAYOUT_MS : s.stoppedDaysAgo === undefined ? nowMs : dayStart(nowMs) - s.stoppedDaysAgo * DAY_MS;
  const end = Math.min(nowMs, stop);
  // First grid point strictly after creation (the fee has to accrue before the first withdrawal).
  const first = Math.floor((created - phase) / period) + 1;
  const last = Math.floor((end - phase) / period);
  return { first, last, period, phase, stopped: stop < nowMs };
}

/** Payouts at or before `nowMs`, oldest first. */
function payoutsOf(c: CoinDesign, nowMs: number): LaunchpadPayout[] {
  const sch = schedule(c, nowMs);
  if (!sch) return [];
  const q = quoteOf(c);
  const out: LaunchpadPayout[] = [];
  for (let k = sch.first; k <= sch.last; k++) out.push(payoutAt(c, q, k, k * sch.period + sch.phase));
  return out;
}

export function byMint<T extends { mint: string }>(a: T, b: T): number {
  return a.mint < b.mint ? -1 : a.mint > b.mint ? 1 : 0;
}

/** Every listed coin at `nowMs` with its payouts, in creation order (ties by mint). */
export function launchpadTokensAt(nowMs: number): LaunchpadCoinAt[] {
  return LAUNCHPAD_ALL_COINS
    .filter((c) => coinCreatedAt(c, nowMs) <= nowMs)
    .map((c): LaunchpadCoinAt => {
      const q = quoteOf(c);
      const payouts = payoutsOf(c, nowMs);
      return {
        design: c, symbol: c.symbol, mint: coinMint(c), pool: coinPool(c), quote: q, quoteMint: quoteMint(q), mode: coinMode(c),
        createdAt: coinCreatedAt(c, nowMs), payouts, lastPayoutAt: payouts.at(-1)?.at ?? null,
        distributedRaw: payouts.reduce((s, p) => s + p.amountRaw, 0n),
      };
    })
    .sort((a, b) => a.createdAt - b.createdAt || byMint(a, b));
}

/** The listed coin of `mint` at `nowMs`, or null when the platform does not list it (yet). */
export function listedCoinAt(mint: string, nowMs: number): LaunchpadCoinAt | null {
  return launchpadTokensAt(nowMs).find((t) => t.mint === mint) ?? null;
}
