/**
 * gacha-ev-scan's answer: the card-pack machines (leg `card_packs`, required: without it there is
 * nothing to scan, so its failure is a 502/504 and the call is not charged) scored and filtered by
 * src/analytics/discovery/pack-ev.ts.
 *
 * An unknown `machine` code is a 404 `not_found` (not charged) naming the codes the source lists: the
 * code is an identifier, like a mint, and a caller who mistyped it should learn the right one for free
 * rather than pay for an empty list. A known machine that the franchise filter or `min_edge_pct` removes
 * is an ordinary (empty) answer with a caveat saying which filter did it.
 */
import { ApiError } from '../../../app/errors.js';
import { scanPackMachines, type ExitStrategy, type FranchiseFilter, type PackScan } from '../../../analytics/discovery/pack-ev.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import { gatherLegs, legTimings, required } from '../../shared/legs.js';

export interface GachaInput {
  machine?: string;
  franchise?: FranchiseFilter;
  exit_strategy?: ExitStrategy;
  min_edge_pct?: number;
}

export async function gachaEvScan(input: GachaInput, ctx: HandlerContext): Promise<HandlerResult> {
  const legs = await gatherLegs({ machines: () => ctx.sources.cardPacks.machines(ctx.signal) });
  const machines = required(legs.machines);
  const franchise = input.franchise ?? 'all';
  const strategy = input.exit_strategy ?? 'both';
  const scan = scanPackMachines(machines, { machine: input.machine, franchise, exitStrategy: strategy, minEdgePct: input.min_edge_pct });
  if (scan.machine_found === false) {
    const known = machines.map((m) => m.code);
    throw new ApiError(
      'not_found',
      `No card-pack machine has the code '${input.machine}'. Known codes: ${known.join(', ') || 'none'}. You were not charged.`,
      { extra: { known_machines: known } },
    );
  }
  return {
    data: {
      exit_strategy: scan.exit_strategy,
      filters: { machine: input.machine ?? null, franchise, min_edge_pct: input.min_edge_pct ?? null },
      machines: scan.machines,
      scanned: scan.scanned,
      matched: scan.matched,
      below_min_edge: scan.below_min_edge,
      machine_found: scan.machine_found,
      verdict_counts: scan.verdict_counts,
      thresholds: scan.thresholds,
      as_of: ctx.now().toISOString(),
    },
    caveats: gachaCaveats(scan, input, franchise),
    next_steps: gachaNextSteps(scan, input),
    timings: legTimings(legs),
  };
}

function gachaCaveats(scan: PackScan, input: GachaInput, franchise: FranchiseFilter): Caveat[] {
  const caveats: Caveat[] = [];
  if (scan.matched === 0 && input.machine !== undefined) {
    caveats.push({ code: 'filtered_out', message: `Machine '${input.machine}' exists but is not a ${franchise} machine: the franchise filter removed it.` });
  } else if (scan.matched === 0) {
    caveats.push({ code: 'no_machines', message: `The card-pack source lists no ${franchise === 'all' ? '' : `${franchise} `}machine.` });
  }
  if (scan.below_min_edge > 0) {
    const left = scan.machines.length === 0 ? 'none is left' : `${scan.machines.length} left`;
    caveats.push({
      code: 'below_min_edge',
      message: `${scan.below_min_edge} machine(s) with an edge below ${input.min_edge_pct} % on the ${scan.exit_strategy === 'both' ? 'better' : scan.exit_strategy} exit (or no EV) were removed; ${left}.`,
    });
  }
  const unavailable = scan.machines.filter((m) => !m.available).map((m) => m.code);
  if (unavailable.length > 0) {
    caveats.push({ code: 'machine_unavailable', message: `No drawable stock (every tier with odds is empty): ${unavailable.join(', ')} — no EV and no verdict, ranked last.` });
  }
  const clamped = scan.machines.filter((m) => m.exits.buyback.rate_clamped);
  if (clamped.length > 0) {
    caveats.push({
      code: 'buyback_rate_clamped',
      message: `Advertised buyback rates outside 85–93 % were clamped into that range: ${clamped.map((m) => `${m.code} advertises ${m.exits.buyback.advertised_rate_pct} %, ${m.exits.buyback.rate_pct} % used`).join('; ')}.`,
    });
  }
  if (scan.machines.length > 0) {
    caveats.push({
      code: 'insured_value_not_cash',
      message: 'EV is in insured value: only the buyback turns it into cash at a known rate (within 72 h); the marketplace exit assumes a sale at insured value less the 2 % fee and may not fill.',
    });
  }
  return caveats;
}

function gachaNextSteps(scan: PackScan, input: GachaInput): NextStep[] {
  const steps: NextStep[] = [];
  const best = scan.machines.find((m) => m.available);
  if (best && scan.exit_strategy !== 'buyback') {
    steps.push({ endpoint: 'gacha-ev-scan', input: { machine: best.code, exit_strategy: 'buyback' }, reason: `The guaranteed cash floor of the top machine, ${best.code}` });
  }
  if (input.min_edge_pct !== undefined && scan.machines.length === 0) {
    const rest = { ...(input.machine !== undefined ? { machine: input.machine } : {}), franchise: input.franchise ?? 'all', exit_strategy: scan.exit_strategy };
    steps.push({ endpoint: 'gacha-ev-scan', input: rest, reason: 'The same scan without the minimum edge, to see how far each machine is from it' });
  }
  return steps;
}
