/**
 * The sandbox's card-pack machines (leg `card_packs`): `GET /api/machines` in the service's assumed
 * format (`src/sources/wire/card-packs.ts`, docs/gacha.md), over a fixed set of eight machines designed
 * so `gacha-ev-scan` shows every verdict under every exit strategy (the table in docs/sandbox.md).
 *
 * Prices, buyback rates, odds and average insured values never change, so each machine's EV and
 * verdicts hold at every moment. Stock drifts: each machine is restocked to its base stock at 00:00 UTC
 * every Monday (weeks counted from the world's start, a Monday) and drains linearly through the week,
 * by at most `DRAIN` of the base per tier (commons fastest). A tier with base stock ≥ 1 therefore never
 * runs out, and a tier designed empty (base 0) stays empty: depletion is a design, not an accident of
 * the clock. Every answer is a pure function of the sandbox clock.
 */
import type { CardPackMachine, CardPackMachines, CardRarity } from '../../sources/wire/card-packs.js';
import { WORLD_START } from '../world/time.js';
import type { ProviderHandler, ProviderResponse } from './server.js';

const WEEK_MS = 7 * 86_400_000;
const RESTOCK_ANCHOR_MS = WORLD_START * 1000;

/** Largest share of a tier's base stock pulled before the weekly restock. */
const DRAIN: Readonly<Record<CardRarity, number>> = { common: 0.45, uncommon: 0.35, rare: 0.3, epic: 0.25, legendary: 0.2 };

type TierDesign = [rarity: CardRarity, odds: number, baseStock: number, avgInsuredValueUsd: number];

interface MachineDesign {
  code: string;
  name: string;
  franchise: 'pokemon' | 'onepiece';
  priceUsd: number;
  buybackRate: number;
  tiers: TierDesign[];
}

/**
 * The designs. Gross EV per pull = Σ odds × value over the tiers in stock (odds renormalized when a
 * tier is empty); the comments give the EV and each exit's edge (docs/gacha.md has the formulas).
 */
export const SANDBOX_CARD_MACHINES: readonly MachineDesign[] = [
  // EV 54.00; buyback 45.90 (−8.20 % HOUSE_EDGE); marketplace 52.92 (+5.84 % POSITIVE_EV).
  { code: 'pokemon_50', name: 'Pokémon Classic Pack', franchise: 'pokemon', priceUsd: 50, buybackRate: 0.85,
    tiers: [['common', 0.7, 1800, 30], ['uncommon', 0.2, 520, 60], ['rare', 0.08, 210, 150], ['epic', 0.02, 48, 450]] },
  // EV 291.00; buyback 261.90 (+4.76 % POSITIVE_EV); marketplace 285.18 (+14.07 % POSITIVE_EV).
  { code: 'pokemon_250', name: 'Pokémon Elite Pack', franchise: 'pokemon', priceUsd: 250, buybackRate: 0.9,
    tiers: [['common', 0.6, 640, 150], ['uncommon', 0.25, 260, 300], ['rare', 0.12, 120, 600], ['epic', 0.03, 30, 1800]] },
  // EV 780.50; buyback 725.87 (−27.41 % NEGATIVE_EV); marketplace 764.89 (−23.51 % NEGATIVE_EV).
  { code: 'pokemon_1000', name: 'Pokémon Legends Pack', franchise: 'pokemon', priceUsd: 1000, buybackRate: 0.93,
    tiers: [['common', 0.55, 220, 450], ['uncommon', 0.25, 100, 800], ['rare', 0.14, 56, 1200], ['epic', 0.05, 20, 2000], ['legendary', 0.01, 5, 6500]] },
  // Rare and epic sold out: EV over common + uncommon only = 16.65 / 0.93 = 17.90 (26.65 if they were in
  // stock); buyback 15.22 (−39.12 % NEGATIVE_EV); marketplace 17.54 (−29.84 % NEGATIVE_EV).
  { code: 'pokemon_25', name: 'Pokémon Trainer Pack', franchise: 'pokemon', priceUsd: 25, buybackRate: 0.85,
    tiers: [['common', 0.75, 900, 15], ['uncommon', 0.18, 210, 30], ['rare', 0.05, 0, 80], ['epic', 0.02, 0, 300]] },
  // EV 50.00; buyback 44.00 (−12.00 % HOUSE_EDGE); marketplace 49.00 (−2.00 % HOUSE_EDGE).
  { code: 'onepiece_50', name: 'One Piece Grand Line Pack', franchise: 'onepiece', priceUsd: 50, buybackRate: 0.88,
    tiers: [['common', 0.7, 1400, 32], ['uncommon', 0.2, 400, 55], ['rare', 0.08, 160, 120], ['epic', 0.02, 40, 350]] },
  // EV 92.00; buyback 78.20 (−21.80 % NEGATIVE_EV); marketplace 90.16 (−9.84 % HOUSE_EDGE).
  { code: 'onepiece_100', name: 'One Piece Pirate King Pack', franchise: 'onepiece', priceUsd: 100, buybackRate: 0.85,
    tiers: [['common', 0.65, 650, 60], ['uncommon', 0.23, 230, 100], ['rare', 0.1, 100, 180], ['epic', 0.02, 20, 600]] },
  // The machine advertises a 95 % buyback; the analytics clamp it to 93 %. EV 561.00; buyback 521.73
  // (+4.35 % POSITIVE_EV); marketplace 549.78 (+9.96 % POSITIVE_EV).
  { code: 'onepiece_500', name: 'One Piece Yonko Pack', franchise: 'onepiece', priceUsd: 500, buybackRate: 0.95,
    tiers: [['common', 0.6, 300, 300], ['uncommon', 0.25, 125, 600], ['rare', 0.12, 60, 1250], ['epic', 0.03, 15, 2700]] },
  // Sold out entirely (awaiting restock): no EV, no verdict.
  { code: 'onepiece_25', name: 'One Piece East Blue Pack', franchise: 'onepiece', priceUsd: 25, buybackRate: 0.85,
    tiers: [['common', 0.8, 0, 14], ['uncommon', 0.15, 0, 30], ['rare', 0.05, 0, 90]] },
];

/** How far through its weekly restock cycle the sandbox is at `at` (0 right after the restock, → 1). */
export function restockCycleFraction(at: Date): number {
  const elapsed = (at.getTime() - RESTOCK_ANCHOR_MS) % WEEK_MS;
  return (elapsed < 0 ? elapsed + WEEK_MS : elapsed) / WEEK_MS;
}

/** A tier's stock at `at`: its base, less the share pulled since the last restock (never below 1 when the base is ≥ 1). */
export function stockAt(baseStock: number, rarity: CardRarity, at: Date): number {
  return baseStock - Math.floor(baseStock * DRAIN[rarity] * restockCycleFraction(at));
}

function render(design: MachineDesign, at: Date): CardPackMachine {
  return {
    code: design.code,
    name: design.name,
    franchise: design.franchise,
    price_usd: design.priceUsd,
    buyback_rate: design.buybackRate,
    tiers: design.tiers.map(([rarity, odds, baseStock, value]) => ({
      rarity,
      odds,
      stock: stockAt(baseStock, rarity, at),
      avg_insured_value_usd: value,
    })),
  };
}

/** The whole `GET /api/machines` body at `at`. */
export function cardPackMachinesAt(at: Date): CardPackMachines {
  return { machines: SANDBOX_CARD_MACHINES.map((d) => render(d, at)), updated_at: at.toISOString() };
}

/** `now` is the sandbox clock. */
export function createCardPackHandler(now: () => Date): ProviderHandler {
  return (req): ProviderResponse => {
    if (req.method === 'GET' && /^\/api\/machines\/?$/.test(req.path)) return { body: cardPackMachinesAt(now()) };
    return { status: 404, body: { error: 'Not found' } };
  };
}
