/**
 * compare-wallets: the wallet profile of each address (exactly enrich-wallet-light/-full's code, per
 * `depth`) side by side: portfolio value, native balance, token and NFT counts, transaction activity,
 * risk score and level, labels, top holdings; rankings per metric and summary picks.
 *
 * Activity is the rate over the history read (src/analytics/activity-rate.ts). A risk score whose data
 * is incomplete (`data_complete: false`) counts unknown factors as 0, so it is ranked as unknown (last)
 * rather than looking safe. A token mint given as a wallet is a not_found member (its "profile" would be
 * an empty wallet). There is no overall pick: which wallet is "best" depends on the question; the picks
 * answer the usual ones (lowest_risk, largest_portfolio, most_active).
 */
import { activityRate } from '../../../analytics/activity-rate.js';
import { round2 } from '../../../analytics/round.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import { walletProfileWithFacts } from '../../shared/wallet-profile.js';
import { withinBudget } from '../../../lib/bounded-run.js';
import { compareMembers, degradedMembersCaveat, pickOut, ranking, requireComparable, type MemberOutcome, type PickOut } from '../shared/comparison.js';
import type { MemberError } from '../../shared/member-errors.js';
import { mintGivenAsWallet, mintsAmong, UNCHECKED_WALLETS } from '../shared/wallet-check.js';

const TOP_HOLDINGS = 5;
const DEFAULT_DEADLINE_MS = 15_000;

// The profile's data as built by walletProfile (src/endpoints/shared/wallet-profile.ts).
interface ProfileData {
  address: string;
  entity: unknown;
  native_balance: { lamports: number | null; sol: number | null; usd: number | null };
  portfolio_value_usd: number;
  holdings_count: number;
  unpriced_holdings: number;
  holdings: { mint: string; symbol: string | null; ui_amount: number; value_usd: number | null }[];
  nft_count: number;
  labels: string[];
  risk_score: { risk_score: number; level: string; data_complete: boolean; unknown_factors: string[]; max_risk_score: number; factors: { name: string; value: number; triggered: boolean | null }[] };
  activity: { transactions_analyzed: number | null; first_seen_at: string | null; last_active_at: string | null };
}

interface WalletColumn {
  address: string;
  ok: true;
  entity: unknown;
  portfolio_value_usd: number;
  native_balance: { sol: number | null; usd: number | null };
  token_count: number;
  unpriced_holdings: number;
  nft_count: number;
  /** transactions_seen null = the history could not be read (unknown, not "no transactions"). */
  activity: { transactions_seen: number | null; span_days: number | null; tx_per_day: number | null; first_seen_at: string | null; last_active_at: string | null };
  risk: ProfileData['risk_score'] & { comparable: boolean };
  labels: string[];
  top_holdings: { mint: string; symbol: string | null; ui_amount: number; value_usd: number | null; share_pct: number | null }[];
  caveats: Caveat[];
}

function column(result: HandlerResult, historyTimestamps: number[] | null): WalletColumn {
  const d = result.data as unknown as ProfileData;
  const rate: Omit<WalletColumn['activity'], 'first_seen_at' | 'last_active_at'> = historyTimestamps ? activityRate(historyTimestamps) : { transactions_seen: null, span_days: null, tx_per_day: null };
  const total = d.portfolio_value_usd;
  return {
    address: d.address,
    ok: true,
    entity: d.entity,
    portfolio_value_usd: total,
    native_balance: { sol: d.native_balance.sol, usd: d.native_balance.usd },
    token_count: d.holdings_count,
    unpriced_holdings: d.unpriced_holdings,
    nft_count: d.nft_count,
    activity: {
      ...rate,
      first_seen_at: d.activity.first_seen_at,
      last_active_at: d.activity.last_active_at,
    },
    risk: { ...d.risk_score, comparable: d.risk_score.data_complete },
    labels: d.labels,
    // Holdings arrive sorted by value (unpriced last).
    top_holdings: d.holdings.slice(0, TOP_HOLDINGS).map((h) => ({
      mint: h.mint, symbol: h.symbol, ui_amount: h.ui_amount, value_usd: h.value_usd,
      share_pct: h.value_usd !== null && total > 0 ? round2((h.value_usd / total) * 100) : null,
    })),
    caveats: result.caveats ?? [],
  };
}

export async function compareWallets(addresses: string[], depth: 'light' | 'full', ctx: HandlerContext): Promise<HandlerResult> {
  const started = performance.now();
  const [loaded, mints] = await Promise.all([
    compareMembers(addresses, (a) => walletProfileWithFacts(a, { full: depth === 'full' }, ctx), ctx),
    withinBudget(mintsAmong(addresses, ctx), (ctx.deadlineMs ?? DEFAULT_DEADLINE_MS) - 500, null, ctx.timers),
  ]);
  const members: MemberOutcome<Awaited<ReturnType<typeof walletProfileWithFacts>>>[] = loaded.map((m) =>
    mints?.has(m.address) ? { address: m.address, ok: false, error: mintGivenAsWallet(m.address, 'Compare it with compare-tokens.') } : m,
  );
  const caveats = requireComparable(members, 'wallets');
  if (mints === null) caveats.push(UNCHECKED_WALLETS);
  const columns: (WalletColumn | { address: string; ok: false; error: MemberError })[] = members.map((m) => (m.ok ? column(m.value.result, m.value.facts.historyTimestamps) : m));
  const ok = columns.filter((c): c is WalletColumn => c.ok);
  const short = (a: string) => `${a.slice(0, 4)}…${a.slice(-4)}`;

  const risk = ranking(ok.map((c) => ({ address: c.address, value: c.risk.comparable ? c.risk.risk_score : null })), 'lowest', 'Wallet risk score (0 safe … 1 critical); lower ranks first. A score with unknown factors is unknown here.');
  const value = ranking(ok.map((c) => ({ address: c.address, value: c.portfolio_value_usd })), 'highest', 'Portfolio value in USD (native plus priced holdings); higher ranks first');
  const native = ranking(ok.map((c) => ({ address: c.address, value: c.native_balance.sol })), 'highest', 'Native balance in SOL; higher ranks first');
  const tokens = ranking(ok.map((c) => ({ address: c.address, value: c.token_count })), 'highest', 'Fungible token holdings; more ranks first');
  const nfts = ranking(ok.map((c) => ({ address: c.address, value: c.nft_count })), 'highest', 'NFTs held; more ranks first');
  const activity = ranking(ok.map((c) => ({ address: c.address, value: c.activity.tx_per_day })), 'highest', 'Transactions per day over the history read; more ranks first');

  const picks: Record<string, PickOut> = {
    lowest_risk: pickOut(risk.ranking, short, 'risk score', (v) => `${v} (${ok.find((c) => c.risk.risk_score === v)?.risk.level ?? ''})`),
    largest_portfolio: pickOut(value.ranking, short, 'portfolio value', (v) => `$${v.toLocaleString('en-US', { maximumFractionDigits: 2 })}`),
    most_active: pickOut(activity.ranking, short, 'transactions per day', (v) => String(v)),
  };
  caveats.push(...degradedMembersCaveat(ok));
  return {
    data: {
      addresses,
      depth,
      wallets: columns,
      rankings: { risk_score: risk.out, portfolio_value_usd: value.out, native_balance_sol: native.out, token_count: tokens.out, nft_count: nfts.out, tx_per_day: activity.out },
      picks,
    },
    caveats,
    next_steps: nextSteps(ok, depth, picks.most_active!.address),
    timings: { compare: Math.round(performance.now() - started) },
  };
}

function nextSteps(ok: WalletColumn[], depth: 'light' | 'full', mostActive: string | null): NextStep[] {
  const steps: NextStep[] = [];
  const riskiest = [...ok].sort((a, b) => b.risk.risk_score - a.risk.risk_score)[0];
  if (riskiest && riskiest.risk.risk_score >= 0.5) steps.push({ endpoint: 'wallet-graph', input: { address: riskiest.address }, reason: `Who the riskiest wallet (${riskiest.risk.level}) transacts with` });
  if (depth === 'light') steps.push({ endpoint: 'compare-wallets', input: { addresses: ok.map((c) => c.address), depth: 'full' }, reason: 'The same comparison from full profiles (wider history, DeFi positions)' });
  if (mostActive) steps.push({ endpoint: 'copy-trade-signals', input: { address: mostActive }, reason: 'Trading PnL, win rate and drawdown of the most active wallet' });
  return steps;
}
