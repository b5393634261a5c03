/**
 * Token analysis (light and full), shared by `enrich-token-light`, `enrich-token-full` and the demo.
 * Fetches every leg in parallel, maps provider data to the analytics' domain types, and lets the pure
 * analytics decide. A failed leg leaves its fields unknown (null, never "safe") with a caveat; only
 * when no leg can say anything about the mint does the call fail (502/504) — or 404 when every leg
 * that answered says there is no such mint.
 */
import { ApiError } from '../../errors/api-error.js';
import { holderConcentration, supplyShortfall, type ConcentrationResult } from '../../analytics/concentration.js';
import { slippageTable } from '../../analytics/slippage.js';
import { medianPrice } from '../../analytics/token-price.js';
import { tokenRiskFlags, type TokenRiskFlag } from '../../analytics/token-risk-flags.js';
import { estimateVolatility } from '../../analytics/volatility.js';
import { round2, round4 } from '../../analytics/round.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../registry/types.js';
import { bestPair } from '../../sources/dexscreener.js';
import { readMint } from '../../sources/solana-rpc.js';
import { gatherLegs, legTimings, optional } from './legs.js';
import { toApiError } from '../../sources/errors.js';
import { fetchTopHolders, type TopHolders } from './top-holders.js';
import { mintExtensionsToDomain, quoteFill, quoteSizesUsd, usdcSelfQuote, USDC_MINT, type QuoteFill } from './token-mapping.js';

export interface TokenAnalysisOptions {
  /** Top-20 holders (light: on request; full: always). */
  includeHolders: boolean;
  /** HHI on raw supply and float, volatility. */
  full: boolean;
}

function uiAmount(raw: string, decimals: number): number {
  return Number(raw) / 10 ** decimals;
}

/** The typed facts behind a token analysis, for composite endpoints that build on it (due-diligence, compare-tokens). */
export interface TokenFacts {
  priceUsd: number | null;
  supplyUi: number | null;
  decimals: number | null;
  /** null = not read (light without holders) or the holders leg failed. */
  holders: TopHolders | null;
  concentration: ConcentrationResult | null;
  riskFlags: TokenRiskFlag[];
  /** null = unknown (mint account unreadable). */
  mintAuthorityActive: boolean | null;
  freezeAuthorityActive: boolean | null;
  verified: boolean | null;
}

export async function analyzeToken(mint: string, options: TokenAnalysisOptions, ctx: HandlerContext): Promise<HandlerResult> {
  return (await analyzeTokenWithFacts(mint, options, ctx)).result;
}

export async function analyzeTokenWithFacts(mint: string, options: TokenAnalysisOptions, ctx: HandlerContext): Promise<{ result: HandlerResult; facts: TokenFacts }> {
  const { sources, signal } = ctx;
  const legs = await gatherLegs({
    mintAccount: () => sources.rpc.getAccountInfo(mint, signal),
    asset: () => sources.helius.getAsset(mint, signal),
    pairs: () => sources.dexscreener.tokenPairs([mint], signal),
    aggregatorToken: () => sources.jupiter.token(mint, signal),
    aggregatorPrice: () => sources.jupiter.prices([mint], signal),
    holders: () => (options.includeHolders || options.full ? fetchTopHolders(mint, sources, ctx.entities, signal) : Promise.resolve(null)),
    // Buying the token with USDC at each size; runs beside the other legs (decimals are only needed after).
    quotes: () => fetchQuotes(mint, ctx),
  });
  const caveats: Caveat[] = [];
  const mintInfo = legs.mintAccount.ok ? readMint(legs.mintAccount.value.value) : null;
  if (!legs.mintAccount.ok) optional(legs.mintAccount, caveats, 'Mint account (authorities, supply, Token-2022 extensions)');
  const asset = optional(legs.asset, caveats, 'Wallet-asset provider price and metadata');
  const pairs = optional(legs.pairs, caveats, 'Market data (DEX pairs, liquidity, volume, price changes)') ?? [];
  const aggregatorToken = optional(legs.aggregatorToken, caveats, 'Verification status');
  const aggregatorPrices = optional(legs.aggregatorPrice, caveats, 'Aggregator price');
  const holders = optional(legs.holders, caveats, 'Top holders');

  // Existence: the chain is the authority. If it answered and the account is not a mint, say so.
  if (legs.mintAccount.ok && !mintInfo) {
    throw new ApiError('not_found', `${mint} is not a token mint on chain. If it is a wallet, use enrich-wallet-light. You were not charged.`);
  }
  if (!legs.mintAccount.ok && !asset && pairs.length === 0 && !aggregatorToken) {
    // Nothing at all could be learned: fail the call rather than answer with only unknowns.
    throw toApiError(legs.mintAccount.error);
  }

  const pair = bestPair(pairs, mint);
  const decimals = mintInfo?.decimals ?? asset?.token_info?.decimals ?? aggregatorToken?.decimals ?? null;
  const price = medianPrice([
    { source: 'wallet_assets', price: asset?.token_info?.price_info?.price_per_token },
    { source: 'market_data', price: pair?.priceUsd !== undefined ? Number(pair.priceUsd) : null },
    { source: 'price_aggregator', price: aggregatorPrices?.[mint]?.usdPrice },
  ]);
  const supplyUi = mintInfo ? uiAmount(mintInfo.supplyRaw, mintInfo.decimals) : null;
  const basePairs = pairs.filter((p) => p.baseToken.address === mint);
  const liquidityUsd = basePairs.some((p) => p.liquidity?.usd !== undefined) ? round2(basePairs.reduce((s, p) => s + (p.liquidity?.usd ?? 0), 0)) : null;
  const volume24hUsd = basePairs.some((p) => p.volume?.h24 !== undefined) ? round2(basePairs.reduce((s, p) => s + (p.volume?.h24 ?? 0), 0)) : null;
  const marketCapUsd = pair?.marketCap ?? (price.price_usd !== null && supplyUi !== null ? round2(price.price_usd * supplyUi) : null);
  const changes = {
    change_1h_pct: pair?.priceChange?.h1 ?? null,
    change_6h_pct: pair?.priceChange?.h6 ?? null,
    change_24h_pct: pair?.priceChange?.h24 ?? null,
  };

  const quotes = optional(legs.quotes, caveats, 'Swap quotes for slippage');
  if (quotes?.some((q) => q === undefined)) caveats.push({ code: 'leg_degraded', leg: 'price_aggregator', message: 'Some swap quotes failed; those sizes show no slippage.' });
  const slippage = slippageTable(
    quoteSizesUsd.map((size, i) => {
      const quote = quotes?.[i];
      if (!quote || decimals === null) return null;
      // The aggregator reports impact as a fraction; the analytics work in percent.
      return { size_usd: size, in_amount: size, out_amount: Number(quote.outAmountRaw) / 10 ** decimals, in_price_usd: 1, price_impact_pct: round4(quote.impactFraction * 100) };
    }),
    price.price_usd,
  );

  const concentration: ConcentrationResult | null = holders && supplyUi !== null ? holderConcentration(holders.rows, supplyUi) : null;
  const shortfall = holders ? supplyShortfall(holders.rows, supplyUi) : null;
  if (shortfall) {
    caveats.push({
      code: 'holders_exceed_supply',
      message: `The largest accounts listed hold ${round2(shortfall.listed_ui)}, more than the supply read (${round2(shortfall.supply_ui)}): the two readings disagree (taken at different moments), so holder shares of supply and the concentration risk flags are unknown rather than above 100 %.`,
    });
  }
  const extensions = mintInfo ? mintExtensionsToDomain(mintInfo.extensions) : null;
  const riskFlags = tokenRiskFlags({
    mintAuthority: mintInfo ? mintInfo.mintAuthority : undefined,
    freezeAuthority: mintInfo ? mintInfo.freezeAuthority : undefined,
    verified: legs.aggregatorToken.ok ? (aggregatorToken?.isVerified ?? false) : null,
    liquidityUsd: legs.pairs.ok ? (liquidityUsd ?? 0) : null,
    top1Pct: concentration?.raw_supply.top1_pct ?? null,
    top5Pct: concentration?.raw_supply.top5_pct ?? null,
    tokenProgram: mintInfo ? (mintInfo.program === 'spl-token-2022' ? 'token-2022' : 'spl-token') : null,
    extensions,
  });

  const name = asset?.content?.metadata.name ?? aggregatorToken?.name ?? pair?.baseToken.name ?? null;
  const symbol = asset?.content?.metadata.symbol ?? aggregatorToken?.symbol ?? pair?.baseToken.symbol ?? null;
  const data: Record<string, unknown> = {
    mint,
    name,
    symbol,
    decimals,
    token_program: mintInfo?.program ?? null,
    entity: ctx.entities.labelFor(mint),
    price,
    market_cap_usd: marketCapUsd,
    fdv_usd: pair?.fdv ?? null,
    volume_24h_usd: volume24hUsd,
    liquidity_usd: liquidityUsd,
    price_change: changes,
    pairs_count: legs.pairs.ok ? basePairs.length : null,
    supply: mintInfo ? { raw: mintInfo.supplyRaw, ui: supplyUi } : null,
    authorities: mintInfo ? { mint_authority: mintInfo.mintAuthority, freeze_authority: mintInfo.freezeAuthority } : null,
    token_2022_extensions: extensions,
    verification: {
      verified: legs.aggregatorToken.ok ? (aggregatorToken?.isVerified ?? false) : null,
      source: 'price_aggregator',
      tags: aggregatorToken?.tags ?? [],
    },
    holder_count: aggregatorToken?.holderCount !== undefined ? { value: aggregatorToken.holderCount, counts: 'owners', source: 'price_aggregator' } : null,
    slippage,
    risk_flags: riskFlags,
  };
  // The full analysis always reads holders (concentration needs them); `include_holders` decides whether the list is returned.
  if (options.includeHolders) data.top_holders = holders ? holders.top : null;
  if (options.full) {
    data.concentration = concentration;
    data.volatility = estimateVolatility(changes);
  }
  const verified = legs.aggregatorToken.ok ? (aggregatorToken?.isVerified ?? false) : null;
  const facts: TokenFacts = {
    priceUsd: price.price_usd,
    supplyUi,
    decimals,
    holders,
    concentration,
    riskFlags,
    mintAuthorityActive: mintInfo ? mintInfo.mintAuthority !== null : null,
    freezeAuthorityActive: mintInfo ? mintInfo.freezeAuthority !== null : null,
    verified,
  };
  return { result: { data, caveats, next_steps: nextSteps(mint, options), timings: legTimings(legs) }, facts };
}

/** The four quotes; a failed size is `undefined` (no route is `null`). All failing fails the leg. */
async function fetchQuotes(mint: string, ctx: HandlerContext): Promise<(QuoteFill | null | undefined)[]> {
  if (mint === USDC_MINT) return quoteSizesUsd.map((size) => usdcSelfQuote(size));
  const settled = await Promise.allSettled(
    quoteSizesUsd.map((size) => ctx.sources.jupiter.quote({ inputMint: USDC_MINT, outputMint: mint, amount: String(size * 1_000_000) }, ctx.signal).then(quoteFill)),
  );
  if (settled.every((r) => r.status === 'rejected')) throw (settled[0] as PromiseRejectedResult).reason;
  return settled.map((r) => (r.status === 'fulfilled' ? r.value : undefined));
}

function nextSteps(mint: string, options: TokenAnalysisOptions): NextStep[] {
  const steps: NextStep[] = [];
  if (!options.full) steps.push({ endpoint: 'enrich-token-full', input: { mint }, reason: 'Top 20 holders, HHI concentration on supply and float, volatility' });
  steps.push({ endpoint: 'due-diligence', input: { mint }, reason: 'Token risk score with verdict SAFE / CAUTION / RISKY and whale activity' });
  return steps;
}
