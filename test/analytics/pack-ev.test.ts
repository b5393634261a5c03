/**
 * Pack EV analytics (gacha-ev-scan): EV arithmetic on hand-computed machines, odds renormalization over
 * the tiers in stock, the buyback clamp, every verdict boundary on both exits, the `both` rule, the
 * rare+epic share, and the scan's filters and ranking.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  clampBuybackRate, evaluateMachine, packVerdict, scanPackMachines, type ExitStrategy,
} from '../../src/analytics/discovery/pack-ev.js';
import type { CardPackMachine, CardRarity } from '../../src/sources/wire/card-packs.js';

type T = [rarity: CardRarity, odds: number, stock: number, value: number];

function machine(code: string, price: number, rate: number, tiers: T[], franchise = 'pokemon'): CardPackMachine {
  return {
    code, name: `Machine ${code}`, franchise, price_usd: price, buyback_rate: rate,
    tiers: tiers.map(([rarity, odds, stock, avg]) => ({ rarity, odds, stock, avg_insured_value_usd: avg })),
  };
}

/** One always-drawn tier worth `value`: the EV is exactly `value`. */
const flat = (code: string, price: number, rate: number, value: number) => machine(code, price, rate, [['common', 1, 10, value]]);

// EV = 0.7×30 + 0.2×60 + 0.08×150 + 0.02×450 = 21 + 12 + 12 + 9 = 54.
const CLASSIC = machine('pokemon_50', 50, 0.85, [['common', 0.7, 1412, 30], ['uncommon', 0.2, 455, 60], ['rare', 0.08, 190, 150], ['epic', 0.02, 45, 450]]);

describe('packVerdict boundaries', () => {
  test('POSITIVE_EV strictly above 0, HOUSE_EDGE from −15 to 0 inclusive, NEGATIVE_EV below −15', () => {
    assert.equal(packVerdict(0.01), 'POSITIVE_EV');
    assert.equal(packVerdict(250), 'POSITIVE_EV');
    assert.equal(packVerdict(0), 'HOUSE_EDGE');
    assert.equal(packVerdict(-0), 'HOUSE_EDGE');
    assert.equal(packVerdict(-14.99), 'HOUSE_EDGE');
    assert.equal(packVerdict(-15), 'HOUSE_EDGE');
    assert.equal(packVerdict(-15.01), 'NEGATIVE_EV');
    assert.equal(packVerdict(-100), 'NEGATIVE_EV');
  });
});

describe('clampBuybackRate', () => {
  test('clamps into [0.85, 0.93] and keeps rates inside', () => {
    assert.deepEqual([0, 0.8, 0.85, 0.9, 0.93, 0.95, 1].map(clampBuybackRate), [0.85, 0.85, 0.85, 0.9, 0.93, 0.93, 0.93]);
  });
});

describe('evaluateMachine: EV arithmetic', () => {
  test('gross EV, tier contributions, both exits and their edges (hand-computed)', () => {
    const ev = evaluateMachine(CLASSIC, 'both');
    assert.equal(ev.available, true);
    assert.equal(ev.gross_ev_usd, 54);
    assert.equal(ev.gross_return_pct, 108);
    assert.deepEqual(ev.tiers.map((t) => [t.effective_odds_pct, t.ev_contribution_usd]), [[70, 21], [20, 12], [8, 12], [2, 9]]);
    assert.equal(ev.odds_renormalized, false);
    assert.deepEqual(ev.depleted_tiers, []);
    // Buyback: 54 × 0.85 = 45.90; (45.90 − 50) / 50 = −8.20 %.
    assert.deepEqual(
      [ev.exits.buyback.value_usd, ev.exits.buyback.edge_pct, ev.exits.buyback.verdict, ev.exits.buyback.rate_pct],
      [45.9, -8.2, 'HOUSE_EDGE', 85],
    );
    assert.equal(ev.exits.buyback.cash_exit_within_hours, 72);
    assert.equal(ev.exits.buyback.rate_clamped, false);
    // Marketplace: 54 × 0.98 = 52.92; (52.92 − 50) / 50 = +5.84 %.
    assert.deepEqual(
      [ev.exits.marketplace.value_usd, ev.exits.marketplace.edge_pct, ev.exits.marketplace.verdict, ev.exits.marketplace.fee_pct],
      [52.92, 5.84, 'POSITIVE_EV', 2],
    );
    assert.equal(ev.exits.marketplace.may_not_fill, true);
    // Rare + epic stock: (190 + 45) / (1412 + 455 + 190 + 45) = 235 / 2102 = 11.1798… %.
    assert.equal(ev.total_stock, 2102);
    assert.equal(ev.rare_epic_stock_share_pct, 11.18);
  });

  test('the verdict follows the chosen exit; `both` takes the better one', () => {
    const pick = (s: ExitStrategy) => {
      const ev = evaluateMachine(CLASSIC, s);
      return [ev.verdict_exit, ev.verdict, ev.edge_pct];
    };
    assert.deepEqual(pick('buyback'), ['buyback', 'HOUSE_EDGE', -8.2]);
    assert.deepEqual(pick('marketplace'), ['marketplace', 'POSITIVE_EV', 5.84]);
    assert.deepEqual(pick('both'), ['marketplace', 'POSITIVE_EV', 5.84]);
  });

  test('an empty tier is dropped and the others renormalized', () => {
    // In stock: common 0.75 and uncommon 0.18 (sum 0.93). EV = (0.75×15 + 0.18×30) / 0.93 = 16.65 / 0.93 = 17.9032…
    const ev = evaluateMachine(
      machine('pokemon_25', 25, 0.85, [['common', 0.75, 900, 15], ['uncommon', 0.18, 210, 30], ['rare', 0.05, 0, 80], ['epic', 0.02, 0, 300]]),
      'both',
    );
    assert.equal(ev.gross_ev_usd, 17.9);
    assert.deepEqual(ev.tiers.map((t) => t.effective_odds_pct), [80.6452, 19.3548, 0, 0]);
    assert.deepEqual(ev.tiers.map((t) => t.odds_pct), [75, 18, 5, 2]);
    assert.deepEqual(ev.tiers.map((t) => t.ev_contribution_usd), [12.1, 5.81, 0, 0]);
    assert.equal(ev.odds_renormalized, true);
    assert.deepEqual(ev.depleted_tiers, ['rare', 'epic']);
    // Buyback 17.90 × 0.85 = 15.215 → 15.22 → −39.12 %; marketplace 17.90 × 0.98 = 17.542 → 17.54 → −29.84 %.
    assert.deepEqual([ev.exits.buyback.value_usd, ev.exits.buyback.edge_pct], [15.22, -39.12]);
    assert.deepEqual([ev.exits.marketplace.value_usd, ev.exits.marketplace.edge_pct], [17.54, -29.84]);
    assert.deepEqual([ev.verdict_exit, ev.verdict], ['marketplace', 'NEGATIVE_EV']);
    assert.equal(ev.rare_epic_stock_share_pct, 0);
  });

  test('advertised odds that do not sum to 1 are renormalized too', () => {
    // 0.5 and 0.3 (sum 0.8) → 62.5 % and 37.5 %; EV = 0.625×40 + 0.375×80 = 25 + 30 = 55.
    const ev = evaluateMachine(machine('x', 50, 0.85, [['common', 0.5, 5, 40], ['rare', 0.3, 5, 80]]), 'both');
    assert.deepEqual(ev.tiers.map((t) => t.effective_odds_pct), [62.5, 37.5]);
    assert.equal(ev.gross_ev_usd, 55);
    assert.equal(ev.odds_renormalized, true);
    assert.deepEqual(ev.depleted_tiers, []);
    assert.equal(ev.rare_epic_stock_share_pct, 50);
  });

  test('legendary stock counts in the total but not in the rare + epic share', () => {
    const ev = evaluateMachine(machine('x', 100, 0.9, [['common', 0.6, 60, 50], ['rare', 0.3, 20, 100], ['epic', 0.09, 10, 300], ['legendary', 0.01, 10, 2000]]), 'both');
    assert.equal(ev.total_stock, 100);
    assert.equal(ev.rare_epic_stock_share_pct, 30);
    // 30 + 30 + 27 + 20 = 107.
    assert.equal(ev.gross_ev_usd, 107);
  });

  test('a machine with nothing to pull is unavailable: no EV, no edge, no verdict', () => {
    const soldOut = machine('onepiece_25', 25, 0.85, [['common', 0.8, 0, 14], ['uncommon', 0.15, 0, 30], ['rare', 0.05, 0, 90]], 'onepiece');
    // Stock left only in a tier that cannot be drawn (odds 0) is the same thing.
    const undrawable = machine('y', 25, 0.85, [['common', 1, 0, 14], ['epic', 0, 3, 500]]);
    for (const m of [soldOut, undrawable]) {
      const ev = evaluateMachine(m, 'both');
      assert.equal(ev.available, false, m.code);
      assert.deepEqual(
        [ev.gross_ev_usd, ev.gross_return_pct, ev.edge_pct, ev.verdict, ev.verdict_exit, ev.odds_renormalized],
        [null, null, null, null, null, false],
      );
      assert.deepEqual([ev.exits.buyback.value_usd, ev.exits.buyback.edge_pct, ev.exits.buyback.verdict], [null, null, null]);
      assert.deepEqual([ev.exits.marketplace.value_usd, ev.exits.marketplace.verdict], [null, null]);
      assert.ok(ev.tiers.every((t) => t.effective_odds_pct === 0 && t.ev_contribution_usd === 0));
    }
    const ev = evaluateMachine(soldOut, 'buyback');
    assert.deepEqual([ev.total_stock, ev.rare_epic_stock_share_pct], [0, null]);
    assert.deepEqual(ev.depleted_tiers, ['common', 'uncommon', 'rare']);
  });
});

describe('evaluateMachine: the buyback rate clamp', () => {
  test('an advertised rate above 93 % is used as 93 %, below 85 % as 85 %, and flagged', () => {
    const high = evaluateMachine(flat('h', 100, 0.95, 100), 'buyback').exits.buyback;
    assert.deepEqual([high.rate_pct, high.advertised_rate_pct, high.rate_clamped, high.value_usd, high.edge_pct], [93, 95, true, 93, -7]);
    const low = evaluateMachine(flat('l', 100, 0.8, 100), 'buyback').exits.buyback;
    assert.deepEqual([low.rate_pct, low.advertised_rate_pct, low.rate_clamped, low.value_usd, low.edge_pct], [85, 80, true, 85, -15]);
    const inside = evaluateMachine(flat('i', 100, 0.9, 100), 'buyback').exits.buyback;
    assert.deepEqual([inside.rate_pct, inside.rate_clamped, inside.value_usd], [90, false, 90]);
  });
});

describe('evaluateMachine: verdict boundaries on each exit', () => {
  const buyback = (price: number, value: number) => {
    const e = evaluateMachine(flat('b', price, 0.85, value), 'buyback');
    return [e.exits.buyback.value_usd, e.edge_pct, e.verdict];
  };
  const market = (price: number, value: number) => {
    const e = evaluateMachine(flat('m', price, 0.85, value), 'marketplace');
    return [e.exits.marketplace.value_usd, e.edge_pct, e.verdict];
  };

  test('buyback at break-even is HOUSE_EDGE; one cent above is POSITIVE_EV', () => {
    // 100 × 0.85 = 85.00 on an $85 pull: edge 0.
    assert.deepEqual(buyback(85, 100), [85, 0, 'HOUSE_EDGE']);
    // 100.02 × 0.85 = 85.017 → 85.02: edge 0.02 / 85 = +0.0235 % → 0.02.
    assert.deepEqual(buyback(85, 100.02), [85.02, 0.02, 'POSITIVE_EV']);
  });

  test('buyback at −15.00 % is HOUSE_EDGE; −15.01 % is NEGATIVE_EV', () => {
    // 100 × 0.85 = 85.00 on a $100 pull: −15.00 %.
    assert.deepEqual(buyback(100, 100), [85, -15, 'HOUSE_EDGE']);
    // 99.99 × 0.85 = 84.9915 → 84.99: −15.01 %.
    assert.deepEqual(buyback(100, 99.99), [84.99, -15.01, 'NEGATIVE_EV']);
  });

  test('marketplace at break-even is HOUSE_EDGE; one cent above is POSITIVE_EV', () => {
    // 100 × 0.98 = 98.00 on a $98 pull: edge 0.
    assert.deepEqual(market(98, 100), [98, 0, 'HOUSE_EDGE']);
    // 100.02 × 0.98 = 98.0196 → 98.02: +0.0204 % → 0.02.
    assert.deepEqual(market(98, 100.02), [98.02, 0.02, 'POSITIVE_EV']);
  });

  test('marketplace around −15 %', () => {
    // 86.74 × 0.98 = 85.0052 → 85.01: −14.99 %; 86.73 × 0.98 = 84.9954 → 85.00: −15.00 %; 86.72 × 0.98 = 84.9856 → 84.99: −15.01 %.
    assert.deepEqual(market(100, 86.74), [85.01, -14.99, 'HOUSE_EDGE']);
    assert.deepEqual(market(100, 86.73), [85, -15, 'HOUSE_EDGE']);
    assert.deepEqual(market(100, 86.72), [84.99, -15.01, 'NEGATIVE_EV']);
  });

  test('the edge and verdict are read from the rounded figures a client sees', () => {
    // EV 100.005 is shown as 100.01; the buyback is computed from that: 100.01 × 0.85 = 85.0085 → 85.01, edge
    // +0.0118 % → +0.01, POSITIVE_EV. (From the unrounded EV it would be 85.00425 → 85.00, edge 0, HOUSE_EDGE.)
    const e = evaluateMachine(flat('r', 85, 0.85, 100.005), 'buyback');
    assert.deepEqual([e.gross_ev_usd, e.exits.buyback.value_usd, e.edge_pct, e.verdict], [100.01, 85.01, 0.01, 'POSITIVE_EV']);
  });

  test('`both` on equal edges is decided by the buyback (its cash is certain)', () => {
    // Worthless cards: both exits are worth 0, both edges −100 %.
    const e = evaluateMachine(flat('z', 10, 0.85, 0), 'both');
    assert.deepEqual([e.exits.buyback.edge_pct, e.exits.marketplace.edge_pct, e.verdict_exit, e.verdict], [-100, -100, 'buyback', 'NEGATIVE_EV']);
  });
});

describe('scanPackMachines', () => {
  // Edges (buyback / marketplace): A −8.20 / +5.84; B +4.76 / +14.07; C −21.80 / −9.84; D sold out; E −15.00 / −2.00.
  const A = CLASSIC;
  // EV 0.6×150 + 0.25×300 + 0.12×600 + 0.03×1800 = 90 + 75 + 72 + 54 = 291.
  const B = machine('pokemon_250', 250, 0.9, [['common', 0.6, 640, 150], ['uncommon', 0.25, 260, 300], ['rare', 0.12, 120, 600], ['epic', 0.03, 30, 1800]]);
  // EV 0.65×60 + 0.23×100 + 0.10×180 + 0.02×600 = 39 + 23 + 18 + 12 = 92.
  const C = machine('onepiece_100', 100, 0.85, [['common', 0.65, 650, 60], ['uncommon', 0.23, 230, 100], ['rare', 0.1, 100, 180], ['epic', 0.02, 20, 600]], 'onepiece');
  const D = machine('onepiece_25', 25, 0.85, [['common', 1, 0, 14]], 'onepiece');
  const E = { ...flat('sports_10', 10, 0.85, 10), franchise: 'sports' };
  const ALL = [A, B, C, D, E];
  const codes = (s: { machines: { code: string }[] }) => s.machines.map((m) => m.code);

  test('ranks by the chosen exit path, unavailable machines last, with ranks from 1', () => {
    const both = scanPackMachines(ALL, { exitStrategy: 'both' });
    assert.deepEqual(codes(both), ['pokemon_250', 'pokemon_50', 'sports_10', 'onepiece_100', 'onepiece_25']);
    assert.deepEqual(both.machines.map((m) => m.edge_pct), [14.07, 5.84, -2, -9.84, null]);
    assert.deepEqual(both.machines.map((m) => m.rank), [1, 2, 3, 4, 5]);
    assert.deepEqual(both.verdict_counts, { POSITIVE_EV: 2, HOUSE_EDGE: 2, NEGATIVE_EV: 0, unavailable: 1 });
    assert.deepEqual([both.exit_strategy, both.scanned, both.matched, both.below_min_edge, both.machine_found], ['both', 5, 5, 0, null]);

    const buyback = scanPackMachines(ALL, { exitStrategy: 'buyback' });
    assert.deepEqual(buyback.machines.map((m) => m.edge_pct), [4.76, -8.2, -15, -21.8, null]);
    assert.deepEqual(buyback.verdict_counts, { POSITIVE_EV: 1, HOUSE_EDGE: 2, NEGATIVE_EV: 1, unavailable: 1 });

    const market = scanPackMachines(ALL, { exitStrategy: 'marketplace' });
    assert.deepEqual(market.verdict_counts, { POSITIVE_EV: 2, HOUSE_EDGE: 2, NEGATIVE_EV: 0, unavailable: 1 });
  });

  test('defaults: all franchises, exit strategy both', () => {
    const s = scanPackMachines(ALL);
    assert.equal(s.exit_strategy, 'both');
    assert.equal(s.machines.length, 5);
    assert.deepEqual(s.thresholds, {
      buyback_rate_min_pct: 85, buyback_rate_max_pct: 93, buyback_cash_exit_hours: 72, marketplace_fee_pct: 2,
      positive_ev_above_edge_pct: 0, house_edge_min_edge_pct: -15,
    });
  });

  test('min_edge_pct is inclusive on the chosen path and never passes an unavailable machine', () => {
    const at = scanPackMachines(ALL, { exitStrategy: 'both', minEdgePct: 5.84 });
    assert.deepEqual(codes(at), ['pokemon_250', 'pokemon_50']);
    assert.deepEqual([at.matched, at.below_min_edge], [5, 3]);
    assert.deepEqual(codes(scanPackMachines(ALL, { exitStrategy: 'both', minEdgePct: 5.85 })), ['pokemon_250']);
    // On the buyback path the same 5.84 keeps only B (+4.76 is below it).
    assert.deepEqual(codes(scanPackMachines(ALL, { exitStrategy: 'buyback', minEdgePct: 4.76 })), ['pokemon_250']);
    assert.deepEqual(codes(scanPackMachines(ALL, { exitStrategy: 'buyback', minEdgePct: 4.77 })), []);
    const floor = scanPackMachines(ALL, { exitStrategy: 'buyback', minEdgePct: -100 });
    assert.deepEqual(codes(floor), ['pokemon_250', 'pokemon_50', 'sports_10', 'onepiece_100']);
    assert.equal(floor.below_min_edge, 1);
  });

  test('franchise filter; other franchises only match `all`', () => {
    assert.deepEqual(codes(scanPackMachines(ALL, { franchise: 'pokemon' })), ['pokemon_250', 'pokemon_50']);
    assert.deepEqual(codes(scanPackMachines(ALL, { franchise: 'onepiece' })), ['onepiece_100', 'onepiece_25']);
    const upper = { ...C, code: 'op_x', franchise: 'OnePiece' };
    assert.deepEqual(codes(scanPackMachines([upper], { franchise: 'onepiece' })), ['op_x'], 'franchise ids compare case-insensitively');
    assert.equal(scanPackMachines(ALL, { franchise: 'pokemon' }).matched, 2);
  });

  test('machine filter: one code, case-insensitive; unknown codes say so', () => {
    const one = scanPackMachines(ALL, { machine: ' POKEMON_250 ' });
    assert.deepEqual([codes(one), one.machine_found, one.matched], [['pokemon_250'], true, 1]);
    const none = scanPackMachines(ALL, { machine: 'nope_1' });
    assert.deepEqual([codes(none), none.machine_found], [[], false]);
    // Listed, but not of the requested franchise: found, yet filtered out.
    const other = scanPackMachines(ALL, { machine: 'pokemon_250', franchise: 'onepiece' });
    assert.deepEqual([codes(other), other.machine_found, other.matched], [[], true, 0]);
  });

  test('equal edges rank by code', () => {
    const twin = { ...A, code: 'aaa_twin' };
    assert.deepEqual(codes(scanPackMachines([A, twin, B], { exitStrategy: 'buyback' })), ['pokemon_250', 'aaa_twin', 'pokemon_50']);
  });

  test('no machines, an empty scan', () => {
    const s = scanPackMachines([], { exitStrategy: 'marketplace', minEdgePct: 0 });
    assert.deepEqual([s.machines, s.scanned, s.matched, s.below_min_edge], [[], 0, 0, 0]);
    assert.deepEqual(s.verdict_counts, { POSITIVE_EV: 0, HOUSE_EDGE: 0, NEGATIVE_EV: 0, unavailable: 0 });
  });
});
