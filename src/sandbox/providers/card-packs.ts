/**
 * The sandbox's card-pack machines (leg `card_packs`): Collector Crypt's catalog route and format exactly,
 * `GET /api/machines` → `{ "machines": [...] }` with the real camelCase fields (`price`, `contains`,
 * `instantBuyback` in percent, `public`, `ev`, `targetEv`, `odds` as fractions, `tierRanges` {start, end}
 * in USD, `stock`) — `src/sources/wire/card-packs.ts`, docs/gacha.md. Eleven machines designed so
 * `gacha-ev-scan` shows every verdict under every exit strategy, a sold-out machine, a tier above the
 * 40,000 USD buyback cap, a machine of another franchise, two hidden machines (one priced 0, whose
 * franchise only its name tells) — the table in docs/sandbox.md.
 *
 * Prices, buyback percents, odds, ranges and the platform's EV figures never change, so each machine's EV
 * and verdicts hold at every moment. Stock drifts: each machine is restocked to its base stock at 00:00 UTC
 * every Monday (weeks counted from the world's start, a Monday) and drains linearly through the week, by
 * at most `DRAIN` of the base per tier (commons fastest). A tier with base stock ≥ 1 therefore never runs
 * out, and a tier designed empty (base 0) stays empty: depletion is a design, not an accident of the clock.
 * Every answer is a pure function of the sandbox clock.
 */
import type { CardPackMachine, CardPackMachines } from '../../sources/wire/card-packs.js';
import { WORLD_START } from '../world/time.js';
import type { ProviderHandler, ProviderResponse } from './server.js';

const WEEK_MS = 7 * 86_400_000;
const RESTOCK_ANCHOR_MS = WORLD_START * 1000;

export type SandboxTier = 'common' | 'uncommon' | 'rare' | 'epic';

/** Largest share of a tier's base stock pulled before the weekly restock. */
const DRAIN: Readonly<Record<SandboxTier, number>> = { common: 0.45, uncommon: 0.35, rare: 0.3, epic: 0.25 };

/** One tier: its odds (a fraction), base stock, and insured-value range per card in USD. */
export type TierDesign = [tier: SandboxTier, odds: number, baseStock: number, startUsd: number, endUsd: number];

export interface MachineDesign {
  code: string;
  name: string;
  shortName: string;
  price: number;
  contains: number;
  /** Percent of insured value. */
  instantBuyback: number;
  public: boolean;
  /** The platform's own EV per pull and its design EV, as the real catalog lists them beside the odds. */
  ev: number;
  targetEv: number;
  tiers: TierDesign[];
}

/**
 * The designs. Our gross EV per pull = contains × Σ odds × midpoint over the tiers in stock (odds
 * renormalized when a tier is empty); the comments give it and each exit's edge (docs/gacha.md has the
 * formulas, docs/sandbox.md the table).
 */
export const SANDBOX_CARD_MACHINES: readonly MachineDesign[] = [
  // Midpoints 30/60/150/450: EV 54.00 (platform 55.00, −1.82 %); buyback 45.90 (−8.20 % HOUSE_EDGE);
  // marketplace 52.92 (+5.84 % POSITIVE_EV).
  { code: 'pokemon_50', name: 'Classic Pokémon Gacha Pack', shortName: 'PKMN 50', price: 50, contains: 1, instantBuyback: 85, public: true, ev: 55, targetEv: 55,
    tiers: [['common', 0.7, 1800, 20, 40], ['uncommon', 0.2, 520, 40, 80], ['rare', 0.08, 210, 100, 200], ['epic', 0.02, 48, 250, 650]] },
  // Midpoints 150/300/600/1800: EV 291.00 (platform 262.50: +10.86 %, flagged); buyback 261.90 (+4.76 %
  // POSITIVE_EV); marketplace 285.18 (+14.07 % POSITIVE_EV).
  { code: 'pokemon_250', name: 'Elite Pokémon Gacha Pack', shortName: 'PKMN 250', price: 250, contains: 1, instantBuyback: 90, public: true, ev: 262.5, targetEv: 275,
    tiers: [['common', 0.6, 640, 100, 200], ['uncommon', 0.25, 260, 200, 400], ['rare', 0.12, 120, 400, 800], ['epic', 0.03, 30, 1000, 2600]] },
  // Midpoints 450/800/1200/2000: EV 727.50 (platform 760.00, −4.28 %); buyback 676.58 (−32.34 % NEGATIVE_EV);
  // marketplace 712.95 (−28.71 % NEGATIVE_EV).
  { code: 'pokemon_1000', name: 'Legends Pokémon Gacha Pack', shortName: 'PKMN 1K', price: 1000, contains: 1, instantBuyback: 93, public: true, ev: 760, targetEv: 1100,
    tiers: [['common', 0.55, 220, 300, 600], ['uncommon', 0.25, 100, 600, 1000], ['rare', 0.15, 56, 1000, 1400], ['epic', 0.05, 20, 1400, 2600]] },
  // Rare and epic sold out: EV over common + uncommon only = (0.75×15 + 0.18×30) / 0.93 = 17.90 (26.65 if
  // they were in stock); buyback 15.22 (−39.12 % NEGATIVE_EV); marketplace 17.54 (−29.84 % NEGATIVE_EV).
  { code: 'pokemon_25', name: 'Starter Pokémon Gacha Pack', shortName: 'PKMN 25', price: 25, contains: 1, instantBuyback: 85, public: true, ev: 18.2, targetEv: 27.5,
    tiers: [['common', 0.75, 900, 10, 20], ['uncommon', 0.18, 210, 20, 40], ['rare', 0.05, 0, 60, 100], ['epic', 0.02, 0, 200, 400]] },
  // Midpoints 32/55/120/350: EV 50.00 (platform 50.00); buyback 42.50 (exactly −15.00 %: HOUSE_EDGE, the
  // boundary); marketplace 49.00 (−2.00 % HOUSE_EDGE).
  { code: 'onepiece_50', name: 'One Piece Grand Line Pack', shortName: 'OP 50', price: 50, contains: 1, instantBuyback: 85, public: true, ev: 50, targetEv: 55,
    tiers: [['common', 0.7, 1400, 24, 40], ['uncommon', 0.2, 400, 40, 70], ['rare', 0.08, 160, 80, 160], ['epic', 0.02, 40, 200, 500]] },
  // Midpoints 60/100/180/600: EV 92.00 (platform 93.00); buyback 82.80 (−17.20 % NEGATIVE_EV); marketplace
  // 90.16 (−9.84 % HOUSE_EDGE).
  { code: 'onepiece_100', name: 'One Piece Pirate King Pack', shortName: 'OP 100', price: 100, contains: 1, instantBuyback: 90, public: true, ev: 93, targetEv: 110,
    tiers: [['common', 0.65, 650, 40, 80], ['uncommon', 0.23, 230, 80, 120], ['rare', 0.1, 100, 120, 240], ['epic', 0.02, 20, 300, 900]] },
  // The epic tier (20,000–100,000 USD, midpoint 60,000) is above the buyback cap: 93 % of 60,000 = 55,800,
  // paid 40,000. Midpoints 1500/4000/10000/60000: EV 2350.00 (platform 2400.00); buyback 2350 × 0.93 −
  // 0.001 × 15,800 = 2185.50 − 15.80 = 2169.70 (−13.21 % HOUSE_EDGE); marketplace 2303.00 (−7.88 % HOUSE_EDGE).
  { code: 'onepiece_2500', name: 'One Piece Emperor Pack', shortName: 'OP 2.5K', price: 2500, contains: 1, instantBuyback: 93, public: true, ev: 2400, targetEv: 2750,
    tiers: [['common', 0.8, 160, 1000, 2000], ['uncommon', 0.15, 40, 3000, 5000], ['rare', 0.049, 12, 8000, 12000], ['epic', 0.001, 2, 20000, 100000]] },
  // Sold out entirely (awaiting restock): no EV, no verdict.
  { code: 'onepiece_25', name: 'One Piece East Blue Pack', shortName: 'OP 25', price: 25, contains: 1, instantBuyback: 85, public: true, ev: 0, targetEv: 27.5,
    tiers: [['common', 0.8, 0, 10, 18], ['uncommon', 0.15, 0, 20, 40], ['rare', 0.04, 0, 60, 120], ['epic', 0.01, 0, 150, 450]] },
  // Another franchise (only `franchise: all` shows it), two cards per pull. Midpoints 35/60/125/400: EV 2 ×
  // 54.50 = 109.00 (platform 108.00); buyback 98.10 (−1.90 % HOUSE_EDGE); marketplace 106.82 (+6.82 % POSITIVE_EV).
  { code: 'baseball_100', name: 'Baseball Double Play Pack', shortName: 'BSB 100', price: 100, contains: 2, instantBuyback: 90, public: true, ev: 108, targetEv: 110,
    tiers: [['common', 0.7, 800, 20, 50], ['uncommon', 0.2, 240, 40, 80], ['rare', 0.08, 90, 100, 150], ['epic', 0.02, 20, 200, 600]] },
  // Hidden (`public: false`): left out of scans, answered when asked for by code. Midpoints 60/100/180/500:
  // EV 86.40 (platform 86.40); buyback 77.76 (−2.80 % HOUSE_EDGE); marketplace 84.67 (+5.84 % POSITIVE_EV).
  { code: 'pokemon_80', name: 'Boss Battle Pokémon Pack', shortName: 'PKMN 80', price: 80, contains: 1, instantBuyback: 90, public: false, ev: 86.4, targetEv: 88,
    tiers: [['common', 0.7, 300, 40, 80], ['uncommon', 0.2, 90, 80, 120], ['rare', 0.08, 30, 120, 240], ['epic', 0.02, 8, 300, 700]] },
  // Hidden and priced 0 (a free promotional spin): EV 0.9×5 + 0.1×15 = 6.00, but no edge and no verdict.
  // Its code names no franchise; its name does (pokemon, read from the name).
  { code: 'promo_0', name: 'Free Pokémon Promo Spin', shortName: 'PROMO', price: 0, contains: 1, instantBuyback: 85, public: false, ev: 6, targetEv: 6,
    tiers: [['common', 0.9, 500, 2, 8], ['uncommon', 0.1, 50, 10, 20]] },
];

/** How far through its weekly restock cycle the sandbox is at `at` (0 right after the restock, → 1). */
export function restockCycleFraction(at: Date): number {
  const elapsed = (at.getTime() - RESTOCK_ANCHOR_MS) % WEEK_MS;
  return (elapsed < 0 ? elapsed + WEEK_MS : elapsed) / WEEK_MS;
}

/** A tier's stock at `at`: its base, less the share pulled since the last restock (never below 1 when the base is ≥ 1). */
export function stockAt(baseStock: number, tier: SandboxTier, at: Date): number {
  return baseStock - Math.floor(baseStock * DRAIN[tier] * restockCycleFraction(at));
}

function render(design: MachineDesign, at: Date): CardPackMachine {
  return {
    code: design.code,
    name: design.name,
    shortName: design.shortName,
    price: design.price,
    contains: design.contains,
    instantBuyback: design.instantBuyback,
    turboMode: false,
    public: design.public,
    targetEv: design.targetEv,
    ev: design.ev,
    odds: Object.fromEntries(design.tiers.map(([tier, odds]) => [tier, odds])),
    tierRanges: Object.fromEntries(design.tiers.map(([tier, , , start, end]) => [tier, { start, end }])),
    stock: Object.fromEntries(design.tiers.map(([tier, , base]) => [tier, stockAt(base, tier, at)])),
  };
}

/** The whole `GET /api/machines` body at `at`. */
export function cardPackMachinesAt(at: Date): CardPackMachines {
  return { machines: SANDBOX_CARD_MACHINES.map((d) => render(d, at)) };
}

/** `now` is the sandbox clock. */
export function createCardPackHandler(now: () => Date): ProviderHandler {
  return (req): ProviderResponse => {
    if (req.method === 'GET' && /^\/api\/machines\/?$/.test(req.path)) return { body: cardPackMachinesAt(now()) };
    return { status: 404, body: { error: 'Not found' } };
  };
}
