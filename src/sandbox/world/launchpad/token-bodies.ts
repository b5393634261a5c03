/**
 * The platform's listing bodies (the `data` of each route; `../../providers/launchpad.ts` wraps them):
 * `GET /pairs`, `GET /tokens` and `GET /tokens/{mint}`, in the real wire format (`src/sources/wire/launchpad.ts`).
 */
import type { LaunchpadMode, StonkPair, StonkToken, StonkTokenDetail } from '../../../sources/wire/launchpad.js';
import { HOUR_MS } from '../../../lib/days.js';
import { coinCreator, coinMode, coinPriceUsd, type CoinDesign } from './coins.js';
import { byMint, launchpadTokensAt, listedCoinAt, type LaunchpadCoinAt } from './payouts.js';
import { LAUNCHPAD_GRADUATION_MCAP_USD, LAUNCH_TARGET_START_MCAP_USD } from './platform.js';
import { pricingDocument } from './pricing.js';
import { LAUNCHPAD_QUOTES, quoteMint, quoteTokenProgram } from './quotes.js';
import { categoryLabel, iso, quoteLogo, round } from './wire-format.js';

/** `GET /pairs` → `data.pairs`: every quote, launchable or not. */
export function launchpadPairs(): StonkPair[] {
  const symbols = LAUNCHPAD_QUOTES.map((q) => q.symbol.toLowerCase());
  return LAUNCHPAD_QUOTES.map((q) => ({
    mint: quoteMint(q),
    symbol: q.symbol,
    name: q.name,
    decimals: q.decimals,
    logoUrl: quoteLogo(quoteMint(q)),
    category: q.rawCategory,
    categoryLabel: categoryLabel(q.rawCategory),
    tokenProgram: quoteTokenProgram(q),
    launchable: q.launchable,
    // Another listed quote with the same symbol (case-insensitive): the caller must select by mint.
    symbolAmbiguous: symbols.filter((s) => s === q.symbol.toLowerCase()).length > 1,
    launchLabReady: true,
  }));
}

/** Graduation as the platform reports it: at the graduation market cap (the coin then trades on its CPMM pool). */
function graduation(c: CoinDesign, createdAt: number): { status: string; progress: number; at: number | null } {
  if (c.mcap >= LAUNCHPAD_GRADUATION_MCAP_USD) return { status: 'graduated', progress: 1, at: createdAt + HOUR_MS };
  return { status: 'active', progress: round(c.mcap / LAUNCHPAD_GRADUATION_MCAP_USD, 4), at: null };
}

/** The coin's peak market cap: above today's, by as much as it fell in 24 h, plus 15 %. */
function peakMarketCap(c: CoinDesign): number {
  const before = c.chg24 !== null && c.chg24 > -100 ? c.mcap / (1 + c.chg24 / 100) : c.mcap;
  return round(Math.max(c.mcap, before) * 1.15, 2);
}

/** One coin as `/tokens` and `/tokens/{mint}` give it. */
function launchpadTokenBody(t: LaunchpadCoinAt): StonkToken {
  const c = t.design;
  const q = t.quote;
  const grad = graduation(c, t.createdAt);
  const price = coinPriceUsd(c);
  // The platform also sends the quote's logo (the client's schema does not read it).
  const quote = { mint: t.quoteMint, symbol: q.symbol, name: q.name, logoUrl: quoteLogo(t.quoteMint), category: q.rawCategory, categoryLabel: categoryLabel(q.rawCategory) };
  return {
    mint: t.mint,
    pool: t.pool,
    name: coinMode(c) === 'reward' ? `${c.symbol} reward coin` : `${c.symbol} coin`,
    symbol: c.symbol,
    quote,
    launchpad: 'raydium',
    mode: t.mode,
    quoteOnlyFees: true,
    // Only transfer-fee (V3) reward coins carry it; fee-share and standard coins have none.
    ...(c.bps !== null ? { transferFee: { bps: c.bps } } : {}),
    ...(c.flywheel ? { flywheel: { active: true } } : {}),
    market: {
      priceUsd: price,
      marketCapUsd: c.mcap,
      fdvUsd: c.mcap,
      volume24hUsd: c.vol24,
      ...(c.chg24 !== null ? { priceChange24h: c.chg24 } : {}),
      peakMarketCapUsd: peakMarketCap(c),
    },
    status: grad.status,
    graduationProgress: grad.progress,
    graduatedAt: grad.at === null ? null : iso(grad.at),
    createdAt: iso(t.createdAt),
  };
}

export interface TokensQuery {
  page: number;
  pageSize: number;
  /** `volume`: 24 h volume, highest first; anything else: market cap, highest first (the platform's fallback). */
  sort: string;
  mode?: LaunchpadMode;
}

/** `GET /tokens` → `data`: one page of coins. */
export function launchpadTokensPage(nowMs: number, query: TokensQuery): { tokens: StonkToken[]; pagination: { page: number; pageSize: number; total: number; totalPages: number } } {
  const key = (t: LaunchpadCoinAt) => (query.sort === 'volume' ? t.design.vol24 : t.design.mcap);
  const all = launchpadTokensAt(nowMs)
    .filter((t) => query.mode === undefined || t.mode === query.mode)
    .sort((a, b) => key(b) - key(a) || byMint(a, b));
  const start = (query.page - 1) * query.pageSize;
  return {
    tokens: all.slice(start, start + query.pageSize).map(launchpadTokenBody),
    pagination: { page: query.page, pageSize: query.pageSize, total: all.length, totalPages: Math.ceil(all.length / query.pageSize) },
  };
}

/** The launch record of `/tokens/{mint}` (the wire schema reads only some of these fields; the rest are the platform's). */
interface LaunchRecord {
  mint: string;
  pool: string;
  name: string;
  symbol: string;
  creator: string;
  quote: { mint: string; symbol: string };
  launchpad: string;
  mode: LaunchpadMode;
  transferFee?: { bps: number };
  startMarketCapUsd: number;
  targetMarketCapUsd: number;
  createdAt: string;
}

/** `GET /tokens/{mint}` → `data`; null for a mint the platform does not list (yet). */
export function launchpadTokenDetail(mint: string, nowMs: number): StonkTokenDetail | null {
  const t = listedCoinAt(mint, nowMs);
  if (t === null) return null;
  const token = launchpadTokenBody(t);
  const pricing = pricingDocument(t.quote, nowMs);
  const launch: LaunchRecord = {
    mint: t.mint,
    pool: t.pool,
    name: token.name,
    symbol: token.symbol,
    creator: coinCreator(t.design),
    quote: { mint: t.quoteMint, symbol: t.quote.symbol },
    launchpad: 'raydium',
    mode: t.mode,
    ...(token.transferFee ? { transferFee: token.transferFee } : {}),
    startMarketCapUsd: pricing.marketCap?.startUsd ?? 0,
    targetMarketCapUsd: LAUNCH_TARGET_START_MCAP_USD,
    // The launch record is written just before the pool exists.
    createdAt: iso(t.createdAt - 29_000),
  };
  return { token, launch, network: 'mainnet-beta' };
}
