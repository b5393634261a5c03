/**
 * `smart-money-trenches`: fresh tokens the smart wallets are buying, ranked by distinct smart buyers and
 * recency.
 *
 *  1. Smart wallets: the seed list (the operator's, the sandbox's curated list or, live, the seed derived
 *     from public trading: smart-money-derived-seed.ts) measured as in smart-money-flow
 *     with its defaults — 14-day lookback, win rate ≥ 0.55 over ≥ 5 closed trades (smart-wallets.ts).
 *     Only those winners count as smart buyers: a seed wallet that loses is not smart money.
 *  2. Their buys (cash → token swaps) in the last hours_back hours, from the histories already read.
 *  3. Token age from DEX Screener (tokenPairs, required: without it "fresh" cannot be told): the oldest
 *     pair listing the token as base — a new pool of an old token does not make it young. Tokens older
 *     than max_token_age_hours, or without any pair (age unknown), are left out and counted.
 *     Only buys at or after the token's creation count (a buy before its first pair is of something else —
 *     in the sandbox, an earlier life of a relaunched launch token).
 *  4. Per token the analytics' smartMoneySignal over the window (distinct buyers, each at its latest buy,
 *     recency 1 − age ÷ hours_back), with each buyer's exit (`winnerExits`, the rule trenches-scan and
 *     trenches-check apply): smart money present means holding now, so a buyer that sold out since is
 *     listed as exited (with when) and adds nothing — not to the score, not to min_buyers, not to the rank.
 *     At least min_buyers buyers still holding; ranked by holders, then the latest buy among them (most
 *     recent first), then mint; limit.
 */
import { smartMoneySignal, type SmartBuy } from '../../../analytics/discovery/trenches.js';
import { round2, roundSig } from '../../../analytics/round.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import type { DexPair } from '../../../sources/wire/dexscreener.js';
import { gatherLegs, legTimings, required } from '../../shared/legs.js';
import { launchMarkets } from '../../shared/launch-market.js';
import {
  DEFAULT_LOOKBACK_DAYS, DEFAULT_MIN_WIN_RATE, SMART_MIN_CLOSED_TRADES, rankWallets, readSmartWallets, smartMoneySeed, winnerBuys, winnerExits, type SmartWallet,
  type WinnerBuy,
} from '../shared/smart-wallets.js';
import { HOUR_MS } from '../../../lib/days.js';

export interface SmartMoneyTrenchesInput {
  hours_back: number;
  max_token_age_hours: number;
  min_buyers: number;
  limit: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The winners' buys from `fromMs` to now (`winnerBuys`), each valued where the copy-trade valuation priced it. */
function valuedBuys(winners: readonly SmartWallet[], fromMs: number, nowMs: number): (WinnerBuy & { usd: number | null })[] {
  const usdOf = new Map(winners.map((w) => [w.address, new Map(w.trades.valued.fills.map((f) => [f.signature, f.usd]))]));
  return winnerBuys(winners, fromMs, nowMs).map((b) => ({ ...b, usd: usdOf.get(b.wallet)?.get(b.signature) ?? null }));
}

/** The token's creation as its markets show it: the oldest pair listing it as base (ms), or null. */
function createdAtMs(pairs: readonly DexPair[], mint: string): number | null {
  let oldest: number | null = null;
  for (const p of pairs) {
    if (p.chainId !== 'solana' || p.baseToken.address !== mint || p.pairCreatedAt === undefined || p.pairCreatedAt === null) continue;
    oldest = oldest === null ? p.pairCreatedAt : Math.min(oldest, p.pairCreatedAt);
  }
  return oldest;
}

export async function smartMoneyTrenches(input: SmartMoneyTrenchesInput, ctx: HandlerContext): Promise<HandlerResult> {
  const seed = await smartMoneySeed(ctx, undefined);
  const read = await readSmartWallets(ctx, seed, DEFAULT_LOOKBACK_DAYS, DEFAULT_MIN_WIN_RATE);
  const caveats: Caveat[] = [...read.caveats];
  const nowMs = read.nowTs * 1000;
  const fromMs = nowMs - input.hours_back * HOUR_MS;
  const winners = rankWallets(read.wallets.filter((w) => w.status === 'winner'));
  const winRate = new Map(winners.map((w) => [w.address, w.winRate]));

  const buys = valuedBuys(winners, fromMs, nowMs);
  const mints = [...new Set(buys.map((b) => b.mint))].sort(byText);
  const legs = await gatherLegs({ token_pairs: async () => (mints.length > 0 ? ctx.sources.dexscreener.tokenPairs(mints, ctx.signal) : []) });
  const pairs = required(legs.token_pairs);
  const markets = launchMarkets(pairs, mints);

  // Sells after a buy: whether the smart buyer still holds (from its history over the same window).
  const soldAfter = (w: string, mint: string, firstBuyMs: number) =>
    winners.find((x) => x.address === w)!.swaps.some((s) => s.sold.mint === mint && s.timestamp * 1000 >= firstBuyMs && s.timestamp * 1000 <= nowMs);

  let tooOld = 0;
  let ageUnknown = 0;
  let belowMinBuyers = 0;
  const ranked = [];
  for (const mint of mints) {
    const created = createdAtMs(pairs, mint);
    if (created === null) {
      ageUnknown++;
      continue;
    }
    const ageHours = Math.max(0, (nowMs - created) / HOUR_MS);
    if (ageHours > input.max_token_age_hours) {
      tooOld++;
      continue;
    }
    // A buy before the token's first pair existed belongs to something else (in the sandbox, an earlier life of a
    // relaunched mint): only buys since its creation count.
    const mine = buys.filter((b) => b.mint === mint && b.atMs >= created);
    // Present means holding now: a buyer that sold out since is listed as exited and adds nothing.
    const exits = winnerExits(winners, mint, mine.map((b) => b.wallet), nowMs);
    const signal = smartMoneySignal(mine.map((b): SmartBuy => ({ wallet: b.wallet, atMs: b.atMs })), nowMs, input.hours_back, exits);
    if (signal.holding_buyers < input.min_buyers) {
      belowMinBuyers++;
      continue;
    }
    const holders = new Set(signal.buyers.filter((b) => b.holding).map((b) => b.wallet));
    const latestHoldingMs = Math.max(...mine.filter((b) => holders.has(b.wallet)).map((b) => b.atMs));
    const market = markets.get(mint) ?? null;
    ranked.push({
      latestMs: latestHoldingMs,
      entry: {
        mint,
        symbol: market?.symbol ?? null,
        name: market?.name ?? null,
        token_created_at: iso(created),
        token_age_hours: round2(ageHours),
        distinct_smart_buyers: signal.distinct_buyers,
        holding_smart_buyers: signal.holding_buyers,
        exited_smart_buyers: signal.distinct_buyers - signal.holding_buyers,
        latest_buy_at: signal.latest_buy_at,
        latest_holding_buy_at: iso(latestHoldingMs),
        smart_money_score: signal.score,
        factors: signal.factors,
        bought_usd: round2(mine.reduce((s, b) => s + (b.usd ?? 0), 0)),
        buyers: signal.buyers.map((b) => {
          const own = mine.filter((x) => x.wallet === b.wallet);
          const first = Math.min(...own.map((x) => x.atMs));
          const usd = own.every((x) => x.usd !== null) ? round2(own.reduce((s, x) => s + x.usd!, 0)) : null;
          return {
            wallet: b.wallet,
            win_rate: winRate.get(b.wallet) ?? null,
            buys: own.length,
            bought_usd: usd,
            first_buy_at: iso(first),
            last_buy_at: b.last_buy_at,
            age_hours: b.age_hours,
            recency: b.recency,
            sold_since: soldAfter(b.wallet, mint, first),
            holding: b.holding,
            exited_at: b.exited_at,
          };
        }),
        market: market
          ? { pair_address: market.pairAddress, dex: market.dex, price_usd: market.priceUsd === null ? null : roundSig(market.priceUsd, 6), liquidity_usd: market.liquidityUsd === null ? null : round2(market.liquidityUsd), market_cap_usd: market.marketCapUsd === null ? null : round2(market.marketCapUsd) }
          : null,
      },
    });
  }
  ranked.sort((a, b) => b.entry.holding_smart_buyers - a.entry.holding_smart_buyers || b.latestMs - a.latestMs || byText(a.entry.mint, b.entry.mint));
  const tokens = ranked.slice(0, input.limit).map((r) => r.entry);

  caveats.push({
    code: 'candidate_pool',
    message: `Tokens come only from the buys of the ${winners.length} seed wallet(s) qualifying as winners (win rate ≥ ${DEFAULT_MIN_WIN_RATE} over ≥ ${SMART_MIN_CLOSED_TRADES} closed trades in ${DEFAULT_LOOKBACK_DAYS} days): a token no winner bought in the last ${input.hours_back} h is not seen.`,
  });
  if (ageUnknown > 0) caveats.push({ code: 'age_unknown', message: `${ageUnknown} bought token(s) have no DEX pair with a creation time: their age is unknown, so they are left out.` });

  const data = {
    window: { hours_back: input.hours_back, from_at: iso(fromMs), to_at: iso(nowMs) },
    criteria: {
      max_token_age_hours: input.max_token_age_hours,
      min_buyers: input.min_buyers,
      smart_wallet_rule: { lookback_days: DEFAULT_LOOKBACK_DAYS, min_win_rate: DEFAULT_MIN_WIN_RATE, min_closed_trades: SMART_MIN_CLOSED_TRADES },
    },
    smart_wallets: {
      seed_source: seed.source,
      seed_wallets: seed.wallets.length,
      seed_derivation: seed.derivation,
      read: read.wallets.length,
      skipped: read.skipped,
      qualifying: winners.map((w) => ({ address: w.address, win_rate: w.winRate })),
      not_qualifying: rankWallets(read.wallets.filter((w) => w.status !== 'winner')).map((w) => ({ address: w.address, win_rate: w.winRate, status: w.status })),
    },
    candidates: { smart_buys: buys.length, tokens_bought: mints.length, too_old: tooOld, age_unknown: ageUnknown, below_min_buyers: belowMinBuyers, ranked: ranked.length },
    tokens,
  };
  return { data, caveats, next_steps: nextSteps(tokens), timings: { ...read.timings, ...legTimings(legs) } };
}

function nextSteps(tokens: readonly { mint: string; distinct_smart_buyers: number }[]): NextStep[] {
  const top = tokens[0];
  if (!top) return [{ endpoint: 'smart-money-flow', input: {}, reason: 'What the smart wallets accumulate over days, and how they score' }];
  return [
    { endpoint: 'trenches-check', input: { mint: top.mint }, reason: 'Confluence of runner stage, smart money and attention for the top token' },
    { endpoint: 'exit-signal', input: { mint: top.mint }, reason: 'Whether the top token is already fading' },
    { endpoint: 'due-diligence', input: { mint: top.mint }, reason: 'Risk check before following the smart buyers' },
  ];
}
