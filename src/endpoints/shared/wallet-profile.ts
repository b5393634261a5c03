/**
 * Wallet profile (light and full), shared by `enrich-wallet-light`, `enrich-wallet-full` and the demo.
 * Legs in parallel: the wallet's assets (required: holdings cannot be known otherwise), its enhanced
 * transaction history and its signature list (for behaviour, risk and first activity; optional — when
 * they fail, the factors that need them are reported unknown, never safe).
 */
import { behaviouralSignals } from '../../analytics/behaviour.js';
import { connectedWallets } from '../../analytics/connections.js';
import { defiPositions } from '../../analytics/defi-positions.js';
import { knownProgram } from '../../analytics/known-programs.js';
import { nftSummary } from '../../analytics/nft-summary.js';
import { round2 } from '../../analytics/round.js';
import { assessWalletRisk } from '../../analytics/wallet-risk.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../registry/types.js';
import { gatherLegs, legTimings, optional, required } from './legs.js';
import { isFungible, toActivity, toHolding, toNft } from './wallet-mapping.js';

export interface WalletProfileOptions {
  full: boolean;
}

const LAMPORTS_PER_SOL = 1e9;
const DAY_S = 86_400;
/** Enough history for the behavioural labels; the full profile reads more. */
const HISTORY_LIMIT = { light: 100, full: 100 } as const;
const SIGNATURE_LIMIT = 1000;
/** Holdings listed in an answer, most valuable first (every holding still counts in the totals). */
const HOLDINGS_LISTED_LIGHT = 20;
const HOLDINGS_LISTED_FULL = 100;

export async function walletProfile(address: string, options: WalletProfileOptions, ctx: HandlerContext): Promise<HandlerResult> {
  return (await walletProfileWithFacts(address, options, ctx)).result;
}

/** The typed facts behind a profile, for composite endpoints that build on it (compare-wallets). */
export interface WalletFacts {
  /** Block times (unix s) of the transactions read for behaviour; null = the history leg failed. */
  historyTimestamps: number[] | null;
}

export async function walletProfileWithFacts(address: string, options: WalletProfileOptions, ctx: HandlerContext): Promise<{ result: HandlerResult; facts: WalletFacts }> {
  const { sources, signal } = ctx;
  const legs = await gatherLegs({
    assets: () => sources.helius.getAssetsByOwner(address, { signal, maxPages: options.full ? 3 : 1 }),
    history: () => sources.helius.getTransactionsByAddress(address, { limit: HISTORY_LIMIT[options.full ? 'full' : 'light'], signal }),
    signatures: () => sources.rpc.getSignaturesForAddress(address, { limit: SIGNATURE_LIMIT }, signal),
  });
  const caveats: Caveat[] = [];
  const assets = required(legs.assets);
  const history = optional(legs.history, caveats, 'Transaction history (behaviour labels, activity-based risk factors)');
  const signatures = optional(legs.signatures, caveats, 'Signature list (first activity, wallet age)');
  if (assets.truncated) caveats.push({ code: 'partial_holdings', message: 'The wallet holds more assets than one call reads; holdings and NFT counts cover the first pages only.' });

  const holdings = assets.items.filter(isFungible).map(toHolding).sort((a, b) => (b.valueUsd ?? -1) - (a.valueUsd ?? -1) || (a.mint < b.mint ? -1 : 1));
  const nfts = assets.items.filter((i) => !isFungible(i)).map(toNft);
  const nft = nftSummary(nfts);
  const activity = history ? history.map((tx) => toActivity(tx, address)) : null;
  const behaviour = activity ? behaviouralSignals(activity) : null;

  const nowS = Math.floor(ctx.now().getTime() / 1000);
  const firstSeenAt = firstActivity(signatures, nowS);
  const risk = assessWalletRisk(activity, holdings, firstSeenAt, nowS, ctx.riskyPrograms);
  if (!risk.data_complete) {
    caveats.push({ code: 'risk_partial', message: `Risk factors unknown for lack of data: ${risk.unknown_factors.join(', ')}. The score counts them as 0; max_risk_score says what they could add.` });
  }

  // The list is cut (highest value first) while the portfolio value counts every holding: say so, with the
  // value left out, so a reader never sums the listed rows and takes them for the portfolio.
  const listed = options.full ? HOLDINGS_LISTED_FULL : HOLDINGS_LISTED_LIGHT;
  if (holdings.length > listed) {
    const unlisted = round2(holdings.slice(listed).reduce((sum, h) => sum + (h.valueUsd ?? 0), 0));
    caveats.push({ code: 'holdings_listed_top', message: `Holdings lists the ${listed} most valuable of ${holdings.length}; the other ${holdings.length - listed} (${unlisted} USD) count in portfolio_value_usd and holdings_count.` });
  }

  const lamports = assets.nativeBalance?.lamports ?? null;
  const solPrice = assets.nativeBalance?.price_per_sol ?? null;
  const nativeUsd = lamports !== null && solPrice !== null ? round2((lamports / LAMPORTS_PER_SOL) * solPrice) : null;
  const pricedValue = holdings.reduce((sum, h) => sum + (h.valueUsd ?? 0), 0);
  const entity = ctx.entities.labelFor(address);
  const labels = [
    ...(behaviour?.labels ?? []),
    ...nft.labels,
    ...(entity ? [`entity:${entity.kind}`] : []),
  ];

  const data: Record<string, unknown> = {
    address,
    entity,
    native_balance: { lamports, sol: lamports === null ? null : lamports / LAMPORTS_PER_SOL, usd: nativeUsd },
    portfolio_value_usd: round2(pricedValue + (nativeUsd ?? 0)),
    holdings_count: holdings.length,
    unpriced_holdings: holdings.filter((h) => h.valueUsd === null).length,
    holdings: holdings.slice(0, listed).map((h) => ({
      mint: h.mint, symbol: h.symbol, name: h.name, amount_raw: h.amountRaw, decimals: h.decimals, ui_amount: h.uiAmount,
      price_usd: h.priceUsd, value_usd: h.valueUsd, entity: ctx.entities.labelFor(h.mint),
    })),
    nft_count: nft.nft_count,
    nft_summary: {
      collected: nft.collected,
      airdropped: nft.airdropped,
      suspected_spam: nft.suspected_spam,
      distinct_collections: nft.distinct_collections,
      collections: options.full ? nft.collections : nft.collections.slice(0, 10),
    },
    labels,
    risk_score: risk,
    activity: {
      transactions_analyzed: activity?.length ?? null,
      first_seen_at: firstSeenAt === null ? null : new Date(firstSeenAt * 1000).toISOString(),
      last_active_at: activity && activity.length > 0 ? new Date(Math.max(...activity.map((a) => a.timestamp)) * 1000).toISOString() : null,
    },
  };
  if (options.full) {
    data.defi_positions = defiPositions(holdings.map((h) => ({ mint: h.mint, symbol: h.symbol, name: h.name, uiAmount: h.uiAmount, valueUsd: h.valueUsd ?? null })));
    caveats.push({ code: 'positions_from_holdings', message: 'DeFi positions are those visible in holdings (liquid staking, LP tokens); deposits held in program accounts are not listed.' });
    data.connected_wallets = activity
      ? connectedWallets(address, activity, (a) => knownProgram(a) !== null || ctx.riskyPrograms.has(a)).map((c) => ({
          address: c.address, interactions: c.interactions, entity: ctx.entities.labelFor(c.address),
          first_at: new Date(c.first_at * 1000).toISOString(), last_at: new Date(c.last_at * 1000).toISOString(),
        }))
      : null;
    data.behaviour = behaviour;
    data.history = history
      ? history.slice(0, 25).map((tx) => ({
          signature: tx.signature, block_time_at: new Date(tx.timestamp * 1000).toISOString(), type: tx.type, source: tx.source,
          description: tx.description, status: tx.transactionError ? 'failed' : 'success',
        }))
      : null;
    data.suspected_spam_assets = nft.suspected_spam_assets;
  }
  const facts: WalletFacts = { historyTimestamps: activity ? activity.map((a) => a.timestamp) : null };
  return { result: { data, caveats, next_steps: nextSteps(address, options), timings: legTimings(legs) }, facts };
}

/**
 * First activity from the signature list: exact when the list is complete; when it is capped, the oldest
 * listed signature still proves the wallet is at least that old (enough to say "not new" past 30 days),
 * otherwise the age is unknown.
 */
function firstActivity(signatures: { blockTime?: number | null }[] | null, nowS: number): number | null {
  if (!signatures || signatures.length === 0) return null;
  const times = signatures.map((s) => s.blockTime).filter((t): t is number => typeof t === 'number');
  if (times.length === 0) return null;
  const oldest = Math.min(...times);
  if (signatures.length < SIGNATURE_LIMIT || oldest < nowS - 30 * DAY_S) return oldest;
  return null;
}

function nextSteps(address: string, options: WalletProfileOptions): NextStep[] {
  const steps: NextStep[] = [];
  if (!options.full) steps.push({ endpoint: 'enrich-wallet-full', input: { address }, reason: 'DeFi positions, connected wallets, transaction history and behavioural signals' });
  steps.push({ endpoint: 'wallet-graph', input: { address }, reason: 'Who this wallet transacts with, and suspicious clusters' });
  steps.push({ endpoint: 'copy-trade-signals', input: { address }, reason: 'Trading PnL, win rate, Sharpe and drawdown' });
  return steps;
}
