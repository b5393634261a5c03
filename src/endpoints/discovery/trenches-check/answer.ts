/**
 * trenches-check's answer (docs/discovery.md "Endpoint: trenches-check"): one token of any age, its three
 * signals read like trenches-scan reads them (trenches-scan.ts `trenchesReading`), in parallel —
 *  - runner: the token's pairs (`market_data`); no pair as base → the signal is absent (QUIET evidence);
 *  - smart money: buys of this token in the last 24 h by the seed wallets qualifying as winners, as
 *    smart-money-flow measures them (trenches-signals.ts; `wallet_assets`);
 *  - attention: the query stream's 6 h window (the token's calls and percentile);
 *  - the holder count (enrich-token-light, cached and shared) and the prior reading (observation log).
 * Each leg degrades on its own into a caveat and an unknown signal (the confluence count is then a lower
 * bound), except that with BOTH the market and the smart-money legs down there is nothing left to check
 * but the service's own query counts: 502/504, not charged. An address with no pair that enrich-token-light
 * says is not a mint is 404 (not charged). Every answer records this call's reading (liquidity, holders,
 * price), so a repeat ≥ 5 minutes later unlocks the liquidity and holder deltas.
 */
import { REPEAT_SPACING_MINUTES } from '../../../analytics/discovery/thresholds.js';
import { ApiError } from '../../../errors/api-error.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import { toApiError } from '../../../sources/errors.js';
import { degradedCaveat, gatherLegs, legTimings } from '../../shared/legs.js';
import { launchMarkets } from '../../shared/launch-market.js';
import { holderCountLeg, priorOrLatest, readingView, recordReading } from '../shared/prior-reading.js';
import { trenchesReading } from '../shared/trenches-scan.js';
import { readTransferTaxes } from '../shared/transfer-tax.js';
import { attentionCaveat, attentionLeg, attentionSampleCaveat, smartMoneyCaveats, smartMoneyLeg, smartSeedOf, tokenExits } from '../shared/trenches-signals.js';

export async function trenchesCheckAnswer(input: { mint: string }, ctx: HandlerContext): Promise<HandlerResult> {
  const { mint } = input;
  const nowMs = ctx.now().getTime();
  const caveats: Caveat[] = [];
  const seed = smartSeedOf(ctx);
  const [legs, board, holders, prior, tax] = await Promise.all([
    gatherLegs({
      pairs: () => ctx.sources.dexscreener.tokenPairs([mint], ctx.signal),
      smart: () => smartMoneyLeg(ctx, seed, [mint]),
    }),
    attentionLeg(ctx, caveats),
    holderCountLeg(ctx, mint),
    priorOrLatest(ctx, mint),
    readTransferTaxes(ctx, [mint]),
  ]);
  // Neither the market nor smart money: only the service's own query counts would be left to judge by.
  if (!legs.pairs.ok && !(legs.smart.ok && legs.smart.value !== null)) throw toApiError(legs.pairs.error);

  const market = legs.pairs.ok ? launchMarkets(legs.pairs.value, [mint]).get(mint) ?? null : undefined;
  if (market === null && holders.notMint) {
    throw new ApiError('not_found', `${mint} is not a token mint on chain, and no DEX pair lists it. If it is a wallet, use enrich-wallet-light. You were not charged.`);
  }
  const smart = legs.smart.ok ? legs.smart.value : null;
  const r = trenchesReading(mint, {
    market, prior, buys: smart?.buys ?? null, exitsOf: smart ? (m) => tokenExits(smart, m, nowMs) : undefined,
    attention: board?.readingOf(mint) ?? null, holderCount: holders.count, nowMs,
  });
  if (market || holders.count !== null) {
    await recordReading(ctx, mint, { liquidityUsd: market?.liquidityUsd ?? null, holderCount: holders.count, priceUsd: market?.priceUsd ?? null });
  }

  if (!legs.pairs.ok) {
    caveats.push({ ...degradedCaveat(legs.pairs.error, 'Runner leg'), message: `Runner leg unavailable: the ${legs.pairs.error.leg} source failed (${legs.pairs.error.kind}); the runner signal is unknown and the liquidity delta too.` });
  }
  if (!legs.smart.ok) {
    caveats.push({ ...degradedCaveat(legs.smart.error, 'Smart-money leg'), message: `Smart-money leg unavailable: the ${legs.smart.error.leg} source failed (${legs.smart.error.kind}); the smart-money signal is unknown.` });
  }
  caveats.push(...smartMoneyCaveats(seed, smart));
  if (board) caveats.push(attentionCaveat());
  const thinSample = board ? attentionSampleCaveat(board) : null;
  if (thinSample) caveats.push(thinSample);
  if (holders.caveat) caveats.push(holders.caveat);
  if (!tax.leg.ok) caveats.push(...tax.caveats);
  if (market === null) caveats.push({ code: 'no_market', message: 'No DEX pair lists this token as base token: no runner evidence (the runner signal is absent).' });
  const c = r.confluence;
  if (c.deltas_unavailable) caveats.push({ code: c.deltas_unavailable.code, message: c.deltas_unavailable.message });
  else if (c.deltas && c.deltas.holder_change_pct === null && prior?.holderCount === null) {
    caveats.push({ code: 'holder_delta_unknown', message: 'The prior reading compared with holds no holder count (a runner-scan reading, or the holder source was down then): the holder delta is unknown.' });
  }

  return {
    data: {
      mint,
      symbol: market?.symbol ?? null,
      name: market?.name ?? null,
      verdict: c.verdict,
      confluence_count: c.confluence_count,
      signals: c.signals,
      reasoning: c.reasoning,
      legs_missing: c.legs_missing,
      degraded: c.degraded,
      score: r.composite.score,
      factors: r.composite.factors,
      runner: r.runner,
      smart_money: r.smart_money,
      attention: r.attention,
      attention_window: board ? { from: board.bounds.from.toISOString(), to: board.bounds.to.toISOString() } : null,
      holder_count: holders.count,
      liquidity_usd: market?.liquidityUsd ?? null,
      transfer_tax: tax.taxOf(mint),
      prior_reading: prior === null ? null : readingView(prior),
      deltas: c.deltas,
      deltas_unavailable: c.deltas_unavailable,
      as_of: new Date(nowMs).toISOString(),
    },
    caveats,
    next_steps: checkNextSteps(mint, c.deltas === null, r.runner?.stage ?? null),
    timings: legTimings({ ...legs, mint_accounts: tax.leg }),
  };
}

function checkNextSteps(mint: string, deltasLocked: boolean, stage: string | null): NextStep[] {
  const steps: NextStep[] = [];
  if (deltasLocked) steps.push({ endpoint: 'trenches-check', input: { mint }, reason: `Call again in ${REPEAT_SPACING_MINUTES} minutes or more: liquidity and holder deltas unlock against this reading` });
  steps.push({ endpoint: 'exit-signal', input: { mint }, reason: stage === 'FADING' || stage === 'PARABOLIC_LATE' ? `Runner stage ${stage}: the exit verdict for holders` : 'The exit verdict if you hold it' });
  steps.push({ endpoint: 'due-diligence', input: { mint }, reason: 'Token risk score, authorities and whale activity' });
  return steps;
}
