/**
 * `protocol-profile`: resolves the protocol (directory.ts), runs its legs in parallel —
 * DefiLlama detail, DefiLlama yields (cached list), the on-chain activity pipeline, and for a program id
 * outside the directory a check that the account is a program — then measures activity, automation
 * and health (pure analytics) and assembles the answer.
 *
 * What fails the call (never charged): input that is neither slug nor address (400, before this runs);
 * a slug outside the directory that DefiLlama does not know (404 with the supported slugs); an address
 * that is not an executable account (404); the one source a call depends on failing (502/504) — DefiLlama
 * for a slug outside the directory, the chain RPC for a program id outside it, and for a directory
 * protocol only when both fail. Everything else degrades to null with a caveat.
 */
import { automationShare, activityMetrics } from '../../../analytics/protocol-activity.js';
import { protocolHealth, tvlChanges } from '../../../analytics/protocol-health.js';
import { ApiError } from '../../../errors/api-error.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import { solanaPoolsOf } from '../../../sources/defillama.js';
import { toApiError } from '../../../sources/errors.js';
import type { ProtocolDetail, YieldPool } from '../../../sources/wire/defillama.js';
import { gatherLegs, legTimings, optional, required } from '../../shared/legs.js';
import { onChainActivity, SIGNATURES_PER_PROGRAM, type OnChainActivity } from './activity-leg.js';
import { resolveProtocol, SUPPORTED_SLUGS } from './directory.js';
import { cachedPools } from './yield-pools-cache.js';

/** Pools listed at most (largest TVL first); `yield_pools_total` says how many matched. */
const MAX_YIELD_POOLS = 25;
const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{86,90}$/;

export interface ProtocolProfileInput {
  protocol: string;
  include_yields?: boolean;
}

const iso = (unixSeconds: number | null): string | null => (unixSeconds === null ? null : new Date(unixSeconds * 1000).toISOString());

/** The Solana pools of a protocol: its own `project` and its child projects (`<slug>-…`, e.g. kamino-lend). */
export function protocolPools(pools: readonly YieldPool[], slug: string): YieldPool[] {
  const projects = [...new Set(pools.filter((p) => p.project === slug || p.project.startsWith(`${slug}-`)).map((p) => p.project))].sort();
  return projects.flatMap((project) => solanaPoolsOf(pools, project));
}

function yieldRows(pools: YieldPool[]) {
  return pools
    .slice()
    .sort((a, b) => b.tvlUsd - a.tvlUsd || (a.pool < b.pool ? -1 : 1))
    .slice(0, MAX_YIELD_POOLS)
    .map((p) => ({ pool: p.pool, project: p.project, symbol: p.symbol, tvl_usd: p.tvlUsd, apy_pct: p.apy, apy_base_pct: p.apyBase, apy_reward_pct: p.apyReward }));
}

function tvlBlock(detail: ProtocolDetail, nowSeconds: number) {
  const changes = tvlChanges(detail.tvl, nowSeconds);
  const last = detail.tvl.filter((p) => p.date <= nowSeconds).at(-1);
  return {
    ...changes,
    solana_tvl_usd: detail.currentChainTvls.Solana ?? null,
    chains: detail.chains,
    history_points: detail.tvl.length,
    as_of_at: iso(last?.date ?? null),
  };
}

function activityBlock(a: OnChainActivity, nowSeconds: number) {
  const m = activityMetrics(a.sample, nowSeconds);
  return {
    sample_size: m.sample_size,
    sample_limit_per_program: SIGNATURES_PER_PROGRAM,
    truncated: a.programs.some((p) => p.truncated),
    window_start_at: iso(m.window_start),
    window_hours: m.window_hours,
    tx_per_hour: m.tx_per_hour,
    failed_count: m.failed_count,
    failure_rate_pct: m.failure_rate_pct,
    last_activity_at: iso(m.last_activity),
    hours_since_last_activity: m.hours_since_last_activity,
    programs: a.programs.map((p) => ({ program_id: p.program_id, name: p.name, sample_size: p.sample_size, truncated: p.truncated, last_activity_at: iso(p.last_activity) })),
  };
}

export async function protocolProfile(input: ProtocolProfileInput, ctx: HandlerContext): Promise<HandlerResult> {
  const target = resolveProtocol(input.protocol);
  if (!target) throw new ApiError('invalid_input', 'Invalid input.', { issues: [{ path: '/protocol', message: 'must be a protocol slug or a base58 program id' }] });
  const includeYields = input.include_yields !== false;
  const entry = target.entry;
  const slug = target.kind === 'slug' ? target.slug : entry?.slug ?? null;
  const programIds = target.kind === 'program' ? [target.programId] : [...(entry?.programIds ?? [])];
  const unlistedProgram = target.kind === 'program' && !entry ? target.programId : null;
  const now = ctx.now();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const { defillama, rpc } = ctx.sources;

  const legs = await gatherLegs({
    protocol: async () => (slug ? defillama.protocol(slug, ctx.signal) : null),
    pools: async () => (slug && includeYields ? cachedPools(defillama, now) : null),
    programAccount: async () => (unlistedProgram ? rpc.getAccountInfo(unlistedProgram, ctx.signal) : null),
    activity: async () => (programIds.length > 0 ? onChainActivity(programIds, ctx) : null),
  });
  const caveats: Caveat[] = [];

  // Resolution: what the call cannot do without.
  let detail: ProtocolDetail | null = null;
  let activity: OnChainActivity | null = null;
  if (slug && !entry) {
    detail = required(legs.protocol);
    if (!detail) {
      throw new ApiError('not_found', `DefiLlama knows no protocol "${slug}" and it is not a program id. Supported slugs: ${SUPPORTED_SLUGS.join(', ')}; any other DefiLlama slug or a program id also works. You were not charged.`, { extra: { supported_slugs: SUPPORTED_SLUGS } });
    }
    caveats.push({ code: 'no_program_mapping', message: `"${slug}" is not in the directory of protocols with known program ids: on-chain activity, signers and automated_activity_pct are not measured.` });
  } else if (unlistedProgram) {
    const account = required(legs.programAccount);
    if (!account?.value?.executable) throw new ApiError('not_found', `${unlistedProgram} is not a program (no executable account on chain). Give a program id or a protocol slug (${SUPPORTED_SLUGS.join(', ')}). You were not charged.`, { extra: { supported_slugs: SUPPORTED_SLUGS } });
    activity = required(legs.activity);
    caveats.push({ code: 'no_defillama_mapping', message: 'This program id is not mapped to a DefiLlama protocol: TVL and yield pools are not available; the profile is on-chain only.' });
  } else {
    if (!legs.protocol.ok && !legs.activity.ok) throw toApiError(legs.protocol.error);
    detail = optional(legs.protocol, caveats, 'TVL (DefiLlama protocol detail)');
    if (legs.protocol.ok && detail === null) caveats.push({ code: 'defillama_unknown_slug', leg: 'defi_data', message: `DefiLlama does not know the slug "${slug}": TVL is not available.` });
    activity = optional(legs.activity, caveats, 'On-chain activity, signers and automated_activity_pct');
  }
  if (entry?.note) caveats.push({ code: 'shared_program', message: entry.note });
  if (activity) caveats.push(...activity.caveats);

  let pools: ReturnType<typeof yieldRows> | null = null;
  let poolsTotal: number | null = null;
  if (includeYields && slug) {
    const list = optional(legs.pools, caveats, 'Yield pools (DefiLlama yields)');
    if (list) {
      const mine = protocolPools(list.data, slug);
      poolsTotal = mine.length;
      pools = yieldRows(mine);
    }
  }

  const signers = activity?.signers ?? null;
  const classifications = activity?.classifications ?? null;
  const share = classifications ? automationShare(classifications) : null;
  if (activity && activity.sample.length > 0 && share?.automated_activity_pct == null) {
    caveats.push({ code: 'automation_unknown', message: 'No top signer could be classified (histories unavailable or too short): automated_activity_pct is unknown, not 0.' });
  }
  const tvl = detail ? tvlBlock(detail, nowSeconds) : null;
  const activityData = activity ? activityBlock(activity, nowSeconds) : null;
  const health = protocolHealth({
    tvl,
    activity: activityData,
    signers,
    automation: share,
    pools: includeYields && pools ? pools : null,
  });

  const classificationOf = new Map(classifications?.map((c) => [c.address, c]) ?? []);
  const topSigners = signers
    ? signers.ranked.slice(0, classifications?.length ?? 0).map((s) => ({ ...s, automated: classificationOf.get(s.address)?.classified ? classificationOf.get(s.address)!.automated : null, entity: ctx.entities.labelFor(s.address)?.name ?? null }))
    : null;

  const data: Record<string, unknown> = {
    protocol: {
      input: input.protocol,
      resolved_from: target.kind === 'slug' ? 'slug' : 'program_id',
      slug,
      name: detail?.name ?? entry?.name ?? null,
      category: detail?.category ?? null,
      in_directory: entry !== null,
      program_ids: programIds,
    },
    tvl,
    activity: activityData,
    top_signers: signers
      ? { parsed_transactions: signers.parsed_transactions, distinct_signers: signers.distinct_signers, top3_share_pct: signers.top3_share_pct, signers: topSigners }
      : null,
    automated_activity_pct: share?.automated_activity_pct ?? null,
    automation: share && classifications
      ? {
          labels_counted: ['regular_intervals', 'high_frequency'],
          signers_considered: share.signers_considered,
          classified: share.classified,
          automated: share.automated,
          evidence: classifications.map((c) => ({
            address: c.address,
            classified: c.classified,
            automated: c.automated,
            labels: c.labels,
            regular_intervals: c.regular_intervals && { value: c.regular_intervals.value, threshold: c.regular_intervals.threshold, sample_size: c.regular_intervals.sample_size, sufficient_sample: c.regular_intervals.sufficient_sample },
            high_frequency: c.high_frequency && { value: c.high_frequency.value, threshold: c.high_frequency.threshold, sample_size: c.high_frequency.sample_size, sufficient_sample: c.high_frequency.sufficient_sample },
          })),
        }
      : null,
    health,
  };
  if (includeYields) {
    data.yield_pools = pools;
    data.yield_pools_total = poolsTotal;
  }
  return { data, caveats, next_steps: nextSteps(input, includeYields, slug, activity, classifications), timings: legTimings(legs) };
}

function nextSteps(input: ProtocolProfileInput, includeYields: boolean, slug: string | null, activity: OnChainActivity | null, classifications: OnChainActivity['classifications']): NextStep[] {
  const steps: NextStep[] = [];
  const automated = classifications?.find((c) => c.automated);
  const top = classifications?.[0];
  if (automated) steps.push({ endpoint: 'enrich-wallet-full', input: { address: automated.address, depth: 'full' }, reason: `The busiest automated signer (${automated.labels.join(', ')}): its full profile and risk.` });
  else if (top) steps.push({ endpoint: 'enrich-wallet-light', input: { address: top.address }, reason: 'The busiest signer of the protocol\'s recent transactions.' });
  const latest = activity?.sample[0]?.signature;
  if (latest && SIGNATURE.test(latest)) steps.push({ endpoint: 'parse-transaction', input: { signature: latest }, reason: 'The protocol\'s most recent transaction, parsed.' });
  if (!includeYields && slug) steps.push({ endpoint: 'protocol-profile', input: { protocol: input.protocol, include_yields: true }, reason: 'The same profile with its yield pools.' });
  return steps;
}

