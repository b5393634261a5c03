/**
 * gacha-ev-scan's answer: Collector Crypt's machine catalog (leg `card_packs`, required: without it there
 * is nothing to scan, so its failure is a 502/504 and the call is not charged) scored and filtered by
 * src/analytics/discovery/pack-ev.ts.
 *
 * An unknown `machine` code is a 404 `not_found` (not charged) naming the public codes the catalog lists:
 * the code is an identifier, like a mint, and a caller who mistyped it should learn the right one for free
 * rather than pay for an empty list. A code whose catalog entry is malformed is a 502 (not charged): the
 * machine exists but cannot be valued. A known machine that the franchise filter or `min_edge_pct` removes
 * is an ordinary (empty) answer with a caveat saying which filter did it. A hidden machine (`public: false`)
 * is left out of scans and answered only when asked for by code, with a caveat saying so.
 *
 * Machines skipped as malformed are listed in `skipped_machines` and counted in an `items_skipped` caveat
 * (leg `card_packs`): the answer is built from the rest of the list.
 */
import { ApiError } from '../../../errors/api-error.js';
import {
  BUYBACK_CAP_USD_PER_CARD, BUYBACK_STATED_MAX_PCT, BUYBACK_STATED_MIN_PCT, EV_GAP_FLAG_ABOVE_PCT, MARKETPLACE_FEE_RATE,
  scanPackMachines, type ExitStrategy, type FranchiseFilter, type PackScan,
} from '../../../analytics/discovery/pack-ev.js';
import type { Caveat, HandlerContext, HandlerResult, NextStep } from '../../../registry/types.js';
import { SourceError, toApiError } from '../../../sources/errors.js';
import { gatherLegs, legTimings, required } from '../../shared/legs.js';

export interface GachaInput {
  machine?: string;
  franchise?: FranchiseFilter;
  exit_strategy?: ExitStrategy;
  min_edge_pct?: number;
}

export async function gachaEvScan(input: GachaInput, ctx: HandlerContext): Promise<HandlerResult> {
  const legs = await gatherLegs({ catalog: () => ctx.sources.cardPacks.machines(ctx.signal) });
  const { machines, skipped } = required(legs.catalog);
  const franchise = input.franchise ?? 'all';
  const strategy = input.exit_strategy ?? 'both';
  const scan = scanPackMachines(machines, { machine: input.machine, franchise, exitStrategy: strategy, minEdgePct: input.min_edge_pct });
  if (scan.machine_found === false) {
    const wanted = input.machine!.trim().toLowerCase();
    const broken = skipped.find((s) => s.code?.toLowerCase() === wanted);
    if (broken) {
      // Listed, but its entry cannot be read: the source's fault, not the caller's — same as the source failing.
      throw toApiError(new SourceError('card_packs', 'malformed', `machine ${broken.code}: ${broken.reason}`));
    }
    // Hidden machines are not advertised here either: the platform keeps them off its own menu.
    const known = machines.filter((m) => m.public !== false).map((m) => m.code);
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
      hidden_excluded: scan.hidden_excluded,
      matched: scan.matched,
      below_min_edge: scan.below_min_edge,
      machine_found: scan.machine_found,
      skipped_machines: skipped,
      verdict_counts: scan.verdict_counts,
      thresholds: scan.thresholds,
      as_of: ctx.now().toISOString(),
    },
    // Skipped machines reach the answer as `items_skipped` through the shared mechanism (src/sources/errors.ts).
    caveats: gachaCaveats(scan, input, franchise),
    next_steps: gachaNextSteps(scan, input),
    timings: legTimings(legs),
  };
}

const codes = (list: readonly { code: string }[]) => list.map((m) => m.code).join(', ');

function gachaCaveats(scan: PackScan, input: GachaInput, franchise: FranchiseFilter): Caveat[] {
  const caveats: Caveat[] = [];
  if (scan.matched === 0 && input.machine !== undefined) {
    caveats.push({ code: 'filtered_out', message: `Machine '${input.machine}' exists but is not a ${franchise} machine: the franchise filter removed it.` });
  } else if (scan.matched === 0) {
    caveats.push({ code: 'no_machines', message: `The card-pack catalog lists no public ${franchise === 'all' ? '' : `${franchise} `}machine.` });
  }
  if (scan.below_min_edge > 0) {
    const left = scan.machines.length === 0 ? 'none is left' : `${scan.machines.length} left`;
    caveats.push({
      code: 'below_min_edge',
      message: `${scan.below_min_edge} machine(s) with an edge below ${input.min_edge_pct} % on the ${scan.exit_strategy === 'marketplace' ? 'marketplace' : 'buyback'} exit (or no edge) were removed; ${left}.`,
    });
  }
  if (scan.hidden_excluded > 0) {
    caveats.push({ code: 'hidden_machines_excluded', message: `${scan.hidden_excluded} hidden machine(s) (public: false) were left out; ask for one by its machine code to score it.` });
  }
  const hidden = scan.machines.filter((m) => m.hidden);
  if (hidden.length > 0) {
    caveats.push({ code: 'hidden_machine', message: `${codes(hidden)} is hidden by the platform (public: false): scored because it was asked for by code; it is not on the platform's menu and may not be purchasable.` });
  }
  const unavailable = scan.machines.filter((m) => !m.available);
  if (unavailable.length > 0) {
    caveats.push({ code: 'machine_unavailable', message: `No drawable stock (every tier with odds is empty): ${codes(unavailable)} — no EV and no verdict, ranked last.` });
  }
  const unpriced = scan.machines.filter((m) => m.available && !m.priced);
  if (unpriced.length > 0) {
    caveats.push({ code: 'zero_price', message: `Listed at a price of 0: ${codes(unpriced)} — EV and exit values shown, but no edge and no verdict; ranked last.` });
  }
  const oddsOff = scan.machines.filter((m) => m.odds_sum_off);
  if (oddsOff.length > 0) {
    caveats.push({
      code: 'odds_not_summing_to_one',
      message: `Advertised odds that do not sum to 100 %, renormalized over the tiers in stock: ${oddsOff.map((m) => `${m.code} (${m.advertised_odds_sum_pct} %)`).join(', ')}.`,
    });
  }
  const outside = scan.machines.filter((m) => !m.exits.buyback.rate_in_stated_range);
  if (outside.length > 0) {
    caveats.push({
      code: 'buyback_rate_outside_stated_range',
      message: `Instant buyback rates outside the ${BUYBACK_STATED_MIN_PCT}–${BUYBACK_STATED_MAX_PCT} % the platform states, used as listed: ${outside.map((m) => `${m.code} ${m.exits.buyback.rate_pct} %`).join(', ')}.`,
    });
  }
  const capped = scan.machines.filter((m) => m.available && m.exits.buyback.capped_tiers.length > 0);
  if (capped.length > 0) {
    caveats.push({
      code: 'buyback_capped',
      message: `The instant buyback pays at most ${BUYBACK_CAP_USD_PER_CARD.toLocaleString('en-US')} USD per card: ${capped.map((m) => `${m.code} (${m.exits.buyback.capped_tiers.join(', ')}; −${m.exits.buyback.cap_reduction_usd} USD per pull)`).join(', ')}.`,
    });
  }
  const gaps = scan.machines.filter((m) => m.ev_gap_flagged);
  if (gaps.length > 0) {
    caveats.push({
      code: 'platform_ev_gap',
      message: `Our midpoint EV differs from the platform's own EV by more than ${EV_GAP_FLAG_ABOVE_PCT} %: ${gaps.map((m) => `${m.code} ${m.gross_ev_usd} vs ${m.platform_ev_usd} USD (${m.ev_gap_pct! > 0 ? '+' : ''}${m.ev_gap_pct} %)`).join(', ')} — the tiers' cards in stock need not sit at their ranges' midpoints.`,
    });
  }
  caveats.push(...exitCaveats(scan));
  if (scan.machines.some((m) => m.available)) {
    caveats.push({
      code: 'value_assumption',
      message: 'Each card is valued at the midpoint of its tier\'s insured-value range (tierRanges start–end; each tier states it): the catalog gives ranges, not averages, so the EV is an estimate; the platform\'s own EV is shown beside it.',
    });
    caveats.push({
      code: 'insured_value_not_cash',
      message: `EV is in insured value: only the buyback turns it into cash at a known rate (within 72 h); the marketplace exit assumes a sale at insured value less the ${MARKETPLACE_FEE_RATE * 100} % fee and may not fill.`,
    });
  }
  return caveats;
}

const signed = (v: number) => `${v > 0 ? '+' : ''}${v} %`;

/**
 * The verdict rests on the certain exit. With `both` (and `buyback`), machines whose marketplace edge is
 * positive while the buyback's is not are named: the upside exists only if sales fill at insured value.
 * With `marketplace` the verdicts are a what-if, and the caveat says which ones the buyback would not back.
 */
function exitCaveats(scan: PackScan): Caveat[] {
  const edged = scan.machines.filter((m) => m.exits.buyback.edge_pct !== null && m.exits.marketplace.edge_pct !== null);
  const upside = edged.filter((m) => m.exits.marketplace.edge_pct! > 0 && m.exits.buyback.edge_pct! <= 0);
  const line = (m: (typeof edged)[number]) =>
    `${m.code} (buyback ${signed(m.exits.buyback.edge_pct!)} ${m.exits.buyback.verdict}; marketplace ${signed(m.exits.marketplace.edge_pct!)} only if sales fetch at least ${m.exits.marketplace.breakeven_sale_pct_of_insured} % of insured value)`;
  if (scan.exit_strategy === 'marketplace') {
    if (edged.length === 0) return [];
    return [{
      code: 'verdict_not_certain',
      message: `Verdicts are read from the marketplace exit, which may not fill; the certain exit is the instant buyback${upside.length > 0 ? `, which loses money on ${upside.map(line).join(', ')}` : ''}.`,
    }];
  }
  if (upside.length === 0) return [];
  return [{
    code: 'marketplace_upside_only',
    message: `The verdict rests on the instant buyback (certain cash); a positive marketplace edge is upside that may not fill: ${upside.map(line).join(', ')}.`,
  }];
}

function gachaNextSteps(scan: PackScan, input: GachaInput): NextStep[] {
  const steps: NextStep[] = [];
  const best = scan.machines.find((m) => m.edge_pct !== null);
  // `both` already rests on the buyback; only a marketplace what-if needs the certain exit pointed out.
  if (best && scan.exit_strategy === 'marketplace') {
    steps.push({ endpoint: 'gacha-ev-scan', input: { machine: best.code, exit_strategy: 'buyback' }, reason: `The guaranteed cash floor of the top machine, ${best.code}` });
  }
  if (input.min_edge_pct !== undefined && scan.machines.length === 0) {
    const rest = { ...(input.machine !== undefined ? { machine: input.machine } : {}), franchise: input.franchise ?? 'all', exit_strategy: scan.exit_strategy };
    steps.push({ endpoint: 'gacha-ev-scan', input: rest, reason: 'The same scan without the minimum edge, to see how far each machine is from it' });
  }
  return steps;
}
