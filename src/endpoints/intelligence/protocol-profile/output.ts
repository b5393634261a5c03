/**
 * Output schema and briefing of `protocol-profile`. Units (/docs, "Units and conventions"): `*_pct` 0–100,
 * money `*_usd`, times ISO 8601 `*_at`. Null means unknown (a degraded or inapplicable leg, named in caveats).
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Open } from '../../../lib/typebox.js';
import type { HandlerResult } from '../../../registry/types.js';

const Pct = (description: string) => Nullable(Type.Number({ description: `${description} (0–100 scale; null = unknown)` }));
const At = (description: string) => Nullable(Type.String({ format: 'date-time', description }));

const Behaviour = Nullable(Open({ value: Nullable(Type.Number()), threshold: Type.Number(), sample_size: Type.Integer(), sufficient_sample: Type.Boolean() }));

export const ProtocolProfileSchema = Open({
  protocol: Open({
    input: Type.String({ description: 'The protocol input as given' }),
    resolved_from: Type.String({ enum: ['slug', 'program_id'] }),
    slug: Nullable(Type.String({ description: 'DefiLlama slug (null for a program id outside the directory)' })),
    name: Nullable(Type.String()),
    category: Nullable(Type.String({ description: 'DefiLlama category, e.g. Dexs, Lending' })),
    in_directory: Type.Boolean({ description: 'One of the major protocols with known program ids' }),
    program_ids: Type.Array(Type.String(), { description: 'Programs whose activity was measured' }),
  }),
  tvl: Nullable(Open({
    tvl_usd: Nullable(Type.Number({ description: 'Current TVL (last point of the daily history)' })),
    solana_tvl_usd: Nullable(Type.Number()),
    change_1d_pct: Pct('TVL change against the last point ≥ 1 day old'),
    change_7d_pct: Pct('TVL change against the last point ≥ 7 days old'),
    change_30d_pct: Pct('TVL change against the last point ≥ 30 days old'),
    chains: Type.Array(Type.String()),
    history_points: Type.Integer(),
    as_of_at: At('Time of the latest TVL point'),
  }, 'TVL from DefiLlama; null when unavailable or unmapped')),
  yield_pools: Type.Optional(Nullable(Type.Array(Open({
    pool: Type.String({ description: 'DefiLlama pool id' }),
    project: Type.String(),
    symbol: Type.String(),
    tvl_usd: Type.Number(),
    apy_pct: Nullable(Type.Number()),
    apy_base_pct: Nullable(Type.Number()),
    apy_reward_pct: Nullable(Type.Number()),
  }), { description: 'Solana pools of the protocol (and its child projects), largest first, at most 25. Absent when include_yields is false.' }))),
  yield_pools_total: Type.Optional(Nullable(Type.Integer({ description: 'Matching pools before the cap' }))),
  activity: Nullable(Open({
    sample_size: Type.Integer({ description: 'Recent signatures read (merged over the programs)' }),
    sample_limit_per_program: Type.Integer(),
    truncated: Type.Boolean({ description: 'A program filled its page: it is busier than the window shows' }),
    window_start_at: At('Oldest sampled signature (the window runs from here to now)'),
    window_hours: Nullable(Type.Number()),
    tx_per_hour: Nullable(Type.Number({ description: 'sample_size / window_hours' })),
    failed_count: Type.Integer(),
    failure_rate_pct: Pct('Failed share of the sample'),
    last_activity_at: At('Newest sampled signature'),
    hours_since_last_activity: Nullable(Type.Number()),
    programs: Type.Array(Open({ program_id: Type.String(), name: Nullable(Type.String()), sample_size: Type.Integer(), truncated: Type.Boolean(), last_activity_at: At('Newest signature of this program') })),
  }, 'On-chain activity from the chain RPC; null when unavailable or unmapped')),
  top_signers: Nullable(Open({
    parsed_transactions: Type.Integer({ description: 'Most recent transactions parsed for their fee payer (≤ 100)' }),
    distinct_signers: Type.Integer(),
    top3_share_pct: Pct('Share of parsed transactions paid by the 3 busiest signers'),
    signers: Type.Array(Open({ address: Type.String(), tx_count: Type.Integer(), share_pct: Type.Number(), automated: Nullable(Type.Boolean({ description: 'null = unclassified' })), entity: Nullable(Type.String()) })),
  })),
  automated_activity_pct: Pct('Percent of the classified top signers with regular-interval or high-frequency patterns'),
  automation: Nullable(Open({
    labels_counted: Type.Array(Type.String()),
    signers_considered: Type.Integer({ description: 'Top signers whose histories were read (≤ 10)' }),
    classified: Type.Integer({ description: 'Signers with enough history for at least one of the two signals (the denominator)' }),
    automated: Type.Integer(),
    evidence: Type.Array(Open({ address: Type.String(), classified: Type.Boolean(), automated: Type.Boolean(), labels: Type.Array(Type.String()), regular_intervals: Behaviour, high_frequency: Behaviour })),
  }, 'Per-signer evidence behind automated_activity_pct')),
  health: Open({
    level: Type.String({ enum: ['HEALTHY', 'WATCH', 'WARNING', 'CRITICAL', 'UNKNOWN'] }),
    signals: Type.Array(Open({ signal: Type.String(), severity: Type.String({ enum: ['low', 'medium', 'high'] }), detail: Type.String(), data: Type.Record(Type.String(), Type.Unknown()) })),
    factors: Type.Array(Open({ name: Type.String(), value: Nullable(Type.Number()), threshold: Type.Number(), triggered: Nullable(Type.Boolean()) })),
    data_complete: Type.Boolean(),
    unknown_checks: Type.Array(Type.String()),
  }, 'Health signals with thresholds (docs/protocol-profile.md) and the overall level'),
}, 'Protocol profile');

// Reads the answer it was handed (this module's own builder's output); loosely typed on purpose, inside the module only.
type Data = Record<string, any>;

const usd = (v: unknown) => (typeof v === 'number' ? `$${Math.round(v).toLocaleString('en-US')}` : 'unknown');
const pct = (v: unknown) => (typeof v === 'number' ? `${v} %` : 'unknown');

export function protocolBriefing(result: HandlerResult): string {
  const d = result.data as Data;
  const p = d.protocol;
  const h = d.health;
  const lines = [
    `## ${p.name ?? p.input}${p.slug ? ` (${p.slug})` : ''}`,
    `- **Health: ${h.level}**${h.signals.length ? ` — ${h.signals.map((s: Data) => `${s.signal} (${s.severity}): ${s.detail}`).join('; ')}` : ' — no signal fired'}`,
    d.tvl ? `- TVL ${usd(d.tvl.tvl_usd)}; 1d ${pct(d.tvl.change_1d_pct)}, 7d ${pct(d.tvl.change_7d_pct)}, 30d ${pct(d.tvl.change_30d_pct)}` : '- TVL unknown',
    d.activity
      ? `- Activity: ${d.activity.sample_size} recent transactions over ${d.activity.window_hours ?? '?'} h (${d.activity.tx_per_hour ?? '?'} /h), failure rate ${pct(d.activity.failure_rate_pct)}, last at ${d.activity.last_activity_at ?? 'never'}`
      : '- On-chain activity unknown',
    `- Automated activity: ${pct(d.automated_activity_pct)}${d.automation ? ` (${d.automation.automated} of ${d.automation.classified} classified top signers)` : ''}`,
  ];
  if (Array.isArray(d.yield_pools) && d.yield_pools.length) {
    const best = d.yield_pools.slice(0, 3).map((y: Data) => `${y.symbol} ${pct(y.apy_pct)}`).join(', ');
    lines.push(`- Yield pools: ${d.yield_pools_total} (largest: ${best})`);
  }
  const degraded = (result.caveats ?? []).filter((c) => c.code !== 'sandbox_data');
  if (degraded.length) lines.push(`- Caveats: ${degraded.map((c) => c.message).join(' ')}`);
  return lines.join('\n');
}
