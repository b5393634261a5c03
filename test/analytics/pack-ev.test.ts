/**
 * Pack EV analytics (gacha-ev-scan) on machines in Collector Crypt's real catalog format: the midpoint
 * value assumption per tier range, cards per pull, odds renormalization over the tiers in stock and for odds
 * not summing to 1, the real buyback percent and its 40,000 USD per-card cap, zero prices, the platform EV
 * gap, the derived franchise, hidden machines, every verdict boundary on both exits, the `both` rule, the
 * rare+epic share, and the scan's filters and ranking. Every expected number is worked out by hand.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  BUYBACK_CAP_USD_PER_CARD, evaluateMachine, franchiseOf, packVerdict, scanPackMachines, type ExitStrategy,
} from '../../src/analytics/discovery/pack-ev.js';
import type { CardPackMachine } from '../../src/sources/wire/card-packs.js';

/** A tier: name, odds (fraction), stock, insured-value range start and end (USD). */
type T = [tier: string, odds: number, stock: number, start: number, end: number];

function machine(code: string, price: number, buybackPct: number, tiers: T[], extra: Partial<CardPackMachine> = {}): CardPackMachine {
  return {
    code, name: `Machine ${code}`, price, contains: 1, instantBuyback: buybackPct, public: true,
    odds: Object.fromEntries(tiers.map(([t, odds]) => [t, odds])),
    tierRanges: Object.fromEntries(tiers.map(([t, , , start, end]) => [t, { start, end }])),
    stock: Object.fromEntries(tiers.map(([t, , stock]) => [t, stock])),
    ...extra,
  };
}

/** One always-drawn tier whose range is the single value `value`: the EV is exactly `value`. */
const flat = (code: string, price: number, pct: number, value: number, extra: Partial<CardPackMachine> = {}) =>
  machine(code, price, pct, [['common', 1, 10, value, value]], extra);

// Midpoints 30, 60, 150, 450. EV = 0.7×30 + 0.2×60 + 0.08×150 + 0.02×450 = 21 + 12 + 12 + 9 = 54.
const CLASSIC = machine('pokemon_50', 50, 85, [['common', 0.7, 1412, 20, 40], ['uncommon', 0.2, 455, 40, 80], ['rare', 0.08, 190, 100, 200], ['epic', 0.02, 45, 250, 650]], { ev: 55 });

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

describe('franchiseOf: derived from the code, else the name', () => {
  test('the code\'s first segment decides, case-insensitively', () => {
    assert.deepEqual(franchiseOf('pokemon_50', 'Anything'), { franchise: 'pokemon', from: 'code' });
    assert.deepEqual(franchiseOf('onepiece_250', 'Anything'), { franchise: 'onepiece', from: 'code' });
    assert.deepEqual(franchiseOf('Pokemon-100', ''), { franchise: 'pokemon', from: 'code' });
    // The code wins over a name that says otherwise.
    assert.deepEqual(franchiseOf('onepiece_50', 'Pokémon crossover'), { franchise: 'onepiece', from: 'code' });
  });

  test('a code naming no franchise falls back to the name (accents and spaces ignored)', () => {
    assert.deepEqual(franchiseOf('promo_0', 'Free Pokémon Promo Spin'), { franchise: 'pokemon', from: 'name' });
    assert.deepEqual(franchiseOf('op_100', 'One Piece Crew Pack'), { franchise: 'onepiece', from: 'name' });
    assert.deepEqual(franchiseOf('POKEMONX_1', 'ONE-PIECE mix'), { franchise: 'onepiece', from: 'name' }, 'a longer first segment is not the franchise');
  });

  test('anything else is `other`', () => {
    assert.deepEqual(franchiseOf('baseball_100', 'Baseball 100 Gacha Pack'), { franchise: 'other', from: null });
    assert.deepEqual(franchiseOf('anime_75', 'Anime Pop Culture Gacha'), { franchise: 'other', from: null });
  });
});

describe('evaluateMachine: EV from odds × range midpoints', () => {
  test('gross EV, per-tier assumption and contributions, both exits and their edges (hand-computed)', () => {
    const ev = evaluateMachine(CLASSIC, 'both');
    assert.equal(ev.available, true);
    assert.equal(ev.priced, true);
    assert.equal(ev.cards_per_pull, 1);
    assert.equal(ev.gross_ev_usd, 54);
    assert.equal(ev.gross_return_pct, 108);
    assert.deepEqual(ev.tiers.map((t) => t.rarity), ['common', 'uncommon', 'rare', 'epic']);
    assert.deepEqual(ev.tiers.map((t) => t.assumed_card_value_usd), [30, 60, 150, 450]);
    assert.deepEqual(ev.tiers.map((t) => t.value_assumption), ['midpoint of 20–40 USD', 'midpoint of 40–80 USD', 'midpoint of 100–200 USD', 'midpoint of 250–650 USD']);
    assert.deepEqual(ev.tiers[3]!.value_range_usd, { start: 250, end: 650 });
    assert.deepEqual(ev.tiers.map((t) => [t.effective_odds_pct, t.ev_contribution_usd]), [[70, 21], [20, 12], [8, 12], [2, 9]]);
    // Buyback per card 85 % of each midpoint: 25.5, 51, 127.5, 382.5; contributions 17.85, 10.2, 10.2, 7.65.
    assert.deepEqual(ev.tiers.map((t) => [t.buyback_per_card_usd, t.buyback_contribution_usd, t.buyback_capped]), [[25.5, 17.85, false], [51, 10.2, false], [127.5, 10.2, false], [382.5, 7.65, false]]);
    assert.equal(ev.odds_renormalized, false);
    assert.equal(ev.odds_sum_off, false);
    assert.equal(ev.advertised_odds_sum_pct, 100);
    assert.deepEqual(ev.depleted_tiers, []);
    // Buyback: 54 × 0.85 = 45.90; (45.90 − 50) / 50 = −8.20 %.
    const b = ev.exits.buyback;
    assert.deepEqual([b.value_usd, b.edge_pct, b.verdict, b.rate_pct, b.rate_in_stated_range, b.cap_reduction_usd, b.capped_tiers], [45.9, -8.2, 'HOUSE_EDGE', 85, true, 0, []]);
    assert.equal(b.cap_usd_per_card, 40_000);
    assert.equal(b.cash_exit_within_hours, 72);
    // Marketplace: 54 × 0.98 = 52.92; (52.92 − 50) / 50 = +5.84 %.
    const mk = ev.exits.marketplace;
    assert.deepEqual([mk.value_usd, mk.edge_pct, mk.verdict, mk.fee_pct, mk.may_not_fill], [52.92, 5.84, 'POSITIVE_EV', 2, true]);
    // Rare + epic stock: (190 + 45) / (1412 + 455 + 190 + 45) = 235 / 2102 = 11.1798… %.
    assert.equal(ev.total_stock, 2102);
    assert.equal(ev.rare_epic_stock_share_pct, 11.18);
    // The platform says 55: ours is 1 lower, −1.82 %.
    assert.deepEqual([ev.platform_ev_usd, ev.ev_gap_usd, ev.ev_gap_pct, ev.ev_gap_flagged], [55, -1, -1.82, false]);
    assert.deepEqual([ev.franchise, ev.franchise_from, ev.hidden], ['pokemon', 'code', false]);
  });

  test('a range\'s midpoint may have cents; a single-value range is that value', () => {
    // Midpoint of 30–60.05 is 45.025 → shown 45.03; EV 45.025 → 45.03 (rounded half away from zero).
    const ev = evaluateMachine(machine('x_1', 40, 85, [['common', 1, 3, 30, 60.05]]), 'buyback');
    assert.equal(ev.tiers[0]!.assumed_card_value_usd, 45.03);
    assert.equal(ev.gross_ev_usd, 45.03);
    assert.equal(evaluateMachine(flat('y_1', 40, 85, 41), 'buyback').tiers[0]!.value_assumption, 'midpoint of 41–41 USD');
  });

  test('cards per pull multiply the EV, the contributions and both exits', () => {
    const two = evaluateMachine({ ...CLASSIC, contains: 2, price: 100 }, 'both');
    assert.equal(two.cards_per_pull, 2);
    assert.equal(two.gross_ev_usd, 108);
    assert.deepEqual(two.tiers.map((t) => t.ev_contribution_usd), [42, 24, 24, 18]);
    // 108 × 0.85 = 91.80 (−8.20 % of 100); 108 × 0.98 = 105.84 (+5.84 %).
    assert.deepEqual([two.exits.buyback.value_usd, two.exits.buyback.edge_pct, two.exits.marketplace.value_usd, two.exits.marketplace.edge_pct], [91.8, -8.2, 105.84, 5.84]);
  });

  test('the verdict rests on the certain exit: `both` is judged on the buyback, the marketplace beside it as upside', () => {
    const pick = (s: ExitStrategy) => {
      const ev = evaluateMachine(CLASSIC, s);
      return [ev.verdict_exit, ev.verdict, ev.edge_pct];
    };
    assert.deepEqual(pick('buyback'), ['buyback', 'HOUSE_EDGE', -8.2]);
    assert.deepEqual(pick('marketplace'), ['marketplace', 'POSITIVE_EV', 5.84]);
    // The marketplace would read POSITIVE_EV (+5.84 %) but may not fill: the buyback (−8.20 %) decides.
    assert.deepEqual(pick('both'), ['buyback', 'HOUSE_EDGE', -8.2]);
    const mk = evaluateMachine(CLASSIC, 'both').exits.marketplace;
    // Upside 52.92 − 45.90 = 7.02; break-even when sales fetch 50 ÷ 52.92 = 94.48 % of insured value.
    assert.deepEqual([mk.verdict, mk.upside_over_buyback_usd, mk.breakeven_sale_pct_of_insured], ['POSITIVE_EV', 7.02, 94.48]);
  });

  test('tiers are reported common → epic → legendary whatever order the catalog lists them in; unknown tiers after', () => {
    const m = machine('x_2', 10, 85, [['epic', 0.1, 1, 100, 100], ['mythic', 0.05, 1, 200, 200], ['common', 0.6, 1, 5, 5], ['legendary', 0.05, 1, 400, 400], ['rare', 0.2, 1, 20, 20]]);
    const ev = evaluateMachine(m, 'both');
    assert.deepEqual(ev.tiers.map((t) => t.rarity), ['common', 'rare', 'epic', 'legendary', 'mythic']);
    // 3 + 4 + 10 + 20 + 10 = 47.
    assert.equal(ev.gross_ev_usd, 47);
  });
});

describe('evaluateMachine: empty tiers and odds not summing to 1', () => {
  test('an empty tier is dropped and the others renormalized', () => {
    // In stock: common 0.75 and uncommon 0.18 (sum 0.93). EV = (0.75×15 + 0.18×30) / 0.93 = 16.65 / 0.93 = 17.9032…
    const ev = evaluateMachine(
      machine('pokemon_25', 25, 85, [['common', 0.75, 900, 10, 20], ['uncommon', 0.18, 210, 20, 40], ['rare', 0.05, 0, 60, 100], ['epic', 0.02, 0, 200, 400]]),
      'both',
    );
    assert.equal(ev.gross_ev_usd, 17.9);
    assert.deepEqual(ev.tiers.map((t) => t.effective_odds_pct), [80.6452, 19.3548, 0, 0]);
    assert.deepEqual(ev.tiers.map((t) => t.odds_pct), [75, 18, 5, 2]);
    assert.deepEqual(ev.tiers.map((t) => t.ev_contribution_usd), [12.1, 5.81, 0, 0]);
    assert.deepEqual([ev.odds_renormalized, ev.odds_sum_off], [true, false], 'renormalized for stock; the advertised odds themselves sum to 1');
    assert.deepEqual(ev.depleted_tiers, ['rare', 'epic']);
    // Buyback 17.90 × 0.85 = 15.215 → 15.22 → −39.12 %; marketplace 17.90 × 0.98 = 17.542 → 17.54 → −29.84 %.
    assert.deepEqual([ev.exits.buyback.value_usd, ev.exits.buyback.edge_pct], [15.22, -39.12]);
    assert.deepEqual([ev.exits.marketplace.value_usd, ev.exits.marketplace.edge_pct], [17.54, -29.84]);
    assert.deepEqual([ev.verdict_exit, ev.verdict], ['buyback', 'NEGATIVE_EV']);
    // 25 ÷ 17.54 = 142.53 %: only a sale well above insured value would break even.
    assert.equal(ev.exits.marketplace.breakeven_sale_pct_of_insured, 142.53);
    assert.equal(ev.rare_epic_stock_share_pct, 0);
  });

  test('boundary: one card left keeps a tier in; zero drops it', () => {
    const tiers = (epicStock: number): T[] => [['common', 0.9, 10, 10, 10], ['epic', 0.1, epicStock, 1000, 1000]];
    const one = evaluateMachine(machine('x_3', 50, 85, tiers(1)), 'both');
    // 0.9×10 + 0.1×1000 = 109.
    assert.deepEqual([one.gross_ev_usd, one.odds_renormalized, one.depleted_tiers], [109, false, []]);
    const none = evaluateMachine(machine('x_3', 50, 85, tiers(0)), 'both');
    assert.deepEqual([none.gross_ev_usd, none.odds_renormalized, none.depleted_tiers], [10, true, ['epic']]);
  });

  test('advertised odds that do not sum to 1 are renormalized and flagged', () => {
    // 0.5 and 0.3 (sum 0.8) → 62.5 % and 37.5 %; EV = 0.625×40 + 0.375×80 = 25 + 30 = 55.
    const low = evaluateMachine(machine('x_4', 50, 85, [['common', 0.5, 5, 40, 40], ['rare', 0.3, 5, 80, 80]]), 'both');
    assert.deepEqual(low.tiers.map((t) => t.effective_odds_pct), [62.5, 37.5]);
    assert.equal(low.gross_ev_usd, 55);
    assert.deepEqual([low.advertised_odds_sum_pct, low.odds_sum_off, low.odds_renormalized], [80, true, true]);
    assert.deepEqual(low.depleted_tiers, []);
    assert.equal(low.rare_epic_stock_share_pct, 50);
    // 0.6 and 0.6 (sum 1.2) → 50 % each; EV = 0.5×40 + 0.5×80 = 60.
    const high = evaluateMachine(machine('x_5', 50, 85, [['common', 0.6, 5, 40, 40], ['rare', 0.6, 5, 80, 80]]), 'both');
    assert.deepEqual([high.gross_ev_usd, high.advertised_odds_sum_pct, high.odds_sum_off, high.odds_renormalized], [60, 120, true, true]);
  });

  test('boundary: float noise around a sum of 1 is not flagged; 1.0001 is', () => {
    // 0.8 + 0.15 + 0.04 + 0.01 is 1.0000000000000002 in binary floating point.
    const noisy = evaluateMachine(machine('x_6', 50, 85, [['common', 0.8, 1, 40, 40], ['uncommon', 0.15, 1, 80, 80], ['rare', 0.04, 1, 200, 200], ['epic', 0.01, 1, 1000, 1000]]), 'both');
    assert.deepEqual([noisy.odds_sum_off, noisy.odds_renormalized, noisy.advertised_odds_sum_pct], [false, false, 100]);
    const off = evaluateMachine(machine('x_7', 50, 85, [['common', 0.8001, 1, 40, 40], ['epic', 0.2, 1, 100, 100]]), 'both');
    assert.deepEqual([off.odds_sum_off, off.odds_renormalized, off.advertised_odds_sum_pct], [true, true, 100.01]);
  });

  test('a machine with nothing to pull is unavailable: no EV, no edge, no verdict', () => {
    const soldOut = machine('onepiece_25', 25, 85, [['common', 0.8, 0, 10, 18], ['uncommon', 0.15, 0, 20, 40], ['rare', 0.05, 0, 60, 120]]);
    // Stock left only in a tier that cannot be drawn (odds 0) is the same thing.
    const undrawable = machine('y_1', 25, 85, [['common', 1, 0, 14, 14], ['epic', 0, 3, 500, 500]]);
    for (const m of [soldOut, undrawable]) {
      const ev = evaluateMachine(m, 'both');
      assert.equal(ev.available, false, m.code);
      assert.deepEqual(
        [ev.gross_ev_usd, ev.gross_return_pct, ev.edge_pct, ev.verdict, ev.verdict_exit, ev.odds_renormalized, ev.ev_gap_usd],
        [null, null, null, null, null, false, null],
      );
      assert.deepEqual([ev.exits.buyback.value_usd, ev.exits.buyback.edge_pct, ev.exits.buyback.verdict, ev.exits.buyback.cap_reduction_usd], [null, null, null, null]);
      assert.deepEqual([ev.exits.marketplace.value_usd, ev.exits.marketplace.verdict], [null, null]);
      assert.ok(ev.tiers.every((t) => t.effective_odds_pct === 0 && t.ev_contribution_usd === 0));
    }
    const ev = evaluateMachine(soldOut, 'buyback');
    assert.deepEqual([ev.total_stock, ev.rare_epic_stock_share_pct], [0, null]);
    assert.deepEqual(ev.depleted_tiers, ['common', 'uncommon', 'rare']);
    assert.equal(evaluateMachine(undrawable, 'both').total_stock, 3);
  });

  test('stock of a tier without odds counts in the total stock only', () => {
    const m = machine('x_8', 50, 85, [['common', 1, 60, 40, 40]]);
    const withExtra = { ...m, stock: { ...m.stock, epic: 20, rare: 20 } };
    const ev = evaluateMachine(withExtra, 'both');
    assert.deepEqual([ev.total_stock, ev.rare_epic_stock_share_pct, ev.gross_ev_usd], [100, 40, 40]);
  });
});

describe('evaluateMachine: zero price', () => {
  test('priced 0: EV and exit values shown, no edge, no verdict, no return', () => {
    const free = evaluateMachine(flat('promo_0', 0, 85, 6), 'both');
    assert.deepEqual([free.available, free.priced, free.gross_ev_usd, free.gross_return_pct], [true, false, 6, null]);
    assert.deepEqual([free.exits.buyback.value_usd, free.exits.buyback.edge_pct, free.exits.buyback.verdict], [5.1, null, null]);
    assert.deepEqual([free.exits.marketplace.value_usd, free.exits.marketplace.edge_pct, free.exits.marketplace.verdict], [5.88, null, null]);
    assert.deepEqual([free.verdict_exit, free.verdict, free.edge_pct], [null, null, null]);
  });

  test('boundary: one cent is a price', () => {
    // EV 6 on a $0.01 pull: buyback 5.10 → (5.10 − 0.01) / 0.01 = +50,900 %.
    const cent = evaluateMachine(flat('promo_1', 0.01, 85, 6), 'buyback');
    assert.deepEqual([cent.priced, cent.edge_pct, cent.verdict], [true, 50_900, 'POSITIVE_EV']);
  });
});

describe('evaluateMachine: the real buyback percent and its cap', () => {
  test('the listed percent is used as is; outside 85–93 % it is flagged, not clamped', () => {
    const high = evaluateMachine(flat('h_1', 100, 95, 100), 'buyback').exits.buyback;
    assert.deepEqual([high.rate_pct, high.rate_in_stated_range, high.value_usd, high.edge_pct], [95, false, 95, -5]);
    const low = evaluateMachine(flat('l_1', 100, 80, 100), 'buyback').exits.buyback;
    assert.deepEqual([low.rate_pct, low.rate_in_stated_range, low.value_usd, low.edge_pct], [80, false, 80, -20]);
    const inRange = [84.99, 85, 90, 93, 93.01].map((pct) => evaluateMachine(flat('r_1', 100, pct, 100), 'buyback').exits.buyback.rate_in_stated_range);
    assert.deepEqual(inRange, [false, true, true, true, false]);
  });

  test('boundary: a card paying exactly 40,000 is not capped; a cent more of value is', () => {
    // 80 % of 50,000 = 40,000.00: at the cap, not above it.
    const at = evaluateMachine(flat('c_1', 40_000, 80, 50_000), 'buyback');
    assert.deepEqual([at.exits.buyback.value_usd, at.exits.buyback.cap_reduction_usd, at.exits.buyback.capped_tiers, at.tiers[0]!.buyback_capped, at.edge_pct], [40_000, 0, [], false, 0]);
    // 80 % of 50,000.02 = 40,000.016: capped; the cap takes 0.016 → 0.02 off 40,000.016 → 40,000.00.
    const above = evaluateMachine(flat('c_2', 40_000, 80, 50_000.02), 'buyback');
    assert.deepEqual([above.exits.buyback.cap_reduction_usd, above.exits.buyback.capped_tiers, above.tiers[0]!.buyback_per_card_usd], [0.02, ['common'], BUYBACK_CAP_USD_PER_CARD]);
    assert.equal(above.exits.buyback.value_usd, 40_000);
    // The marketplace has no cap: 50,000.02 × 0.98 = 49,000.0196 → 49,000.02.
    assert.equal(above.exits.marketplace.value_usd, 49_000.02);
  });

  test('a rare tier above the cap: the reduction is its odds × the excess, per card in the pull', () => {
    // Midpoints 1,500 / 4,000 / 10,000 / 60,000 (epic 20,000–100,000). EV = 1,200 + 600 + 490 + 60 = 2,350.
    // 93 % of 60,000 = 55,800 → paid 40,000; the cap takes 0.001 × 15,800 = 15.80 per pull.
    // Buyback 2,350 × 0.93 − 15.80 = 2,185.50 − 15.80 = 2,169.70 → (2,169.70 − 2,500) / 2,500 = −13.21 %.
    const tiers: T[] = [['common', 0.8, 160, 1000, 2000], ['uncommon', 0.15, 40, 3000, 5000], ['rare', 0.049, 12, 8000, 12000], ['epic', 0.001, 2, 20_000, 100_000]];
    const ev = evaluateMachine(machine('onepiece_2500', 2500, 93, tiers), 'buyback');
    assert.equal(ev.gross_ev_usd, 2350);
    assert.deepEqual([ev.exits.buyback.cap_reduction_usd, ev.exits.buyback.capped_tiers, ev.exits.buyback.value_usd, ev.edge_pct, ev.verdict], [15.8, ['epic'], 2169.7, -13.21, 'HOUSE_EDGE']);
    assert.deepEqual([ev.tiers[3]!.assumed_card_value_usd, ev.tiers[3]!.buyback_per_card_usd, ev.tiers[3]!.buyback_capped, ev.tiers[3]!.buyback_contribution_usd], [60_000, 40_000, true, 40]);
    // Two cards per pull double the EV and the cap's reduction: 4,700 × 0.93 − 31.60 = 4,339.40.
    const two = evaluateMachine(machine('onepiece_5000', 5000, 93, tiers, { contains: 2 }), 'buyback');
    assert.deepEqual([two.gross_ev_usd, two.exits.buyback.cap_reduction_usd, two.exits.buyback.value_usd], [4700, 31.6, 4339.4]);
  });
});

describe('evaluateMachine: the platform\'s EV beside ours', () => {
  const gap = (platform: number | null | undefined, ours: number) => {
    const ev = evaluateMachine(flat('g_1', 100, 85, ours, { ev: platform }), 'both');
    return [ev.platform_ev_usd, ev.ev_gap_usd, ev.ev_gap_pct, ev.ev_gap_flagged];
  };

  test('boundary: a gap of exactly ±10 % is not flagged; beyond it is', () => {
    assert.deepEqual(gap(100, 110), [100, 10, 10, false]);
    assert.deepEqual(gap(100, 110.01), [100, 10.01, 10.01, true]);
    assert.deepEqual(gap(100, 90), [100, -10, -10, false]);
    assert.deepEqual(gap(100, 89.99), [100, -10.01, -10.01, true]);
  });

  test('no platform EV: no gap; a platform EV of 0: the gap in USD only', () => {
    assert.deepEqual(gap(undefined, 50), [null, null, null, false]);
    assert.deepEqual(gap(null, 50), [null, null, null, false]);
    assert.deepEqual(gap(0, 50), [0, 50, null, false]);
  });

  test('the target EV is passed through', () => {
    assert.equal(evaluateMachine(flat('t_1', 100, 85, 100, { targetEv: 110 }), 'both').platform_target_ev_usd, 110);
    assert.equal(evaluateMachine(flat('t_2', 100, 85, 100), 'both').platform_target_ev_usd, null);
  });
});

describe('evaluateMachine: verdict boundaries on each exit', () => {
  const buyback = (price: number, value: number) => {
    const e = evaluateMachine(flat('b_1', price, 85, value), 'buyback');
    return [e.exits.buyback.value_usd, e.edge_pct, e.verdict];
  };
  const market = (price: number, value: number) => {
    const e = evaluateMachine(flat('m_1', price, 85, value), 'marketplace');
    return [e.exits.marketplace.value_usd, e.edge_pct, e.verdict];
  };

  test('buyback at break-even is HOUSE_EDGE; one cent above is POSITIVE_EV', () => {
    // 100 × 0.85 = 85.00 on an $85 pull: edge 0.
    assert.deepEqual(buyback(85, 100), [85, 0, 'HOUSE_EDGE']);
    // 100.02 × 0.85 = 85.017 → 85.02: edge 0.02 / 85 = +0.0235 % → 0.02.
    assert.deepEqual(buyback(85, 100.02), [85.02, 0.02, 'POSITIVE_EV']);
  });

  test('buyback at −15.00 % is HOUSE_EDGE; −15.01 % is NEGATIVE_EV', () => {
    assert.deepEqual(buyback(100, 100), [85, -15, 'HOUSE_EDGE']);
    // 99.99 × 0.85 = 84.9915 → 84.99: −15.01 %.
    assert.deepEqual(buyback(100, 99.99), [84.99, -15.01, 'NEGATIVE_EV']);
  });

  test('marketplace at break-even is HOUSE_EDGE; one cent above is POSITIVE_EV', () => {
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
    const e = evaluateMachine(flat('r_2', 85, 85, 100.005), 'buyback');
    assert.deepEqual([e.gross_ev_usd, e.exits.buyback.value_usd, e.edge_pct, e.verdict], [100.01, 85.01, 0.01, 'POSITIVE_EV']);
  });

  test('`both` is decided by the buyback even when both exits are worth 0 (no break-even sale exists)', () => {
    // Worthless cards: both exits are worth 0, both edges −100 %.
    const e = evaluateMachine(flat('z_1', 10, 85, 0), 'both');
    assert.deepEqual([e.exits.buyback.edge_pct, e.exits.marketplace.edge_pct, e.verdict_exit, e.verdict], [-100, -100, 'buyback', 'NEGATIVE_EV']);
    assert.deepEqual([e.exits.marketplace.upside_over_buyback_usd, e.exits.marketplace.breakeven_sale_pct_of_insured], [0, null]);
  });

  test('`both` reads the buyback when it pays more than the marketplace too (a rate above 98 %): the upside is negative', () => {
    const e = evaluateMachine(flat('z_2', 100, 99, 100), 'both');
    assert.deepEqual([e.exits.buyback.edge_pct, e.exits.marketplace.edge_pct, e.verdict_exit, e.edge_pct], [-1, -2, 'buyback', -1]);
    assert.equal(e.exits.marketplace.upside_over_buyback_usd, -1);
  });
});

describe('scanPackMachines', () => {
  // Edges (buyback / marketplace): A −8.20 / +5.84; B +4.76 / +14.07; C −21.80 / −9.84; D sold out; E −15.00 / −2.00.
  const A = CLASSIC;
  // EV 0.6×150 + 0.25×300 + 0.12×600 + 0.03×1800 = 90 + 75 + 72 + 54 = 291.
  const B = machine('pokemon_250', 250, 90, [['common', 0.6, 640, 100, 200], ['uncommon', 0.25, 260, 200, 400], ['rare', 0.12, 120, 400, 800], ['epic', 0.03, 30, 1000, 2600]]);
  // EV 0.65×60 + 0.23×100 + 0.10×180 + 0.02×600 = 39 + 23 + 18 + 12 = 92.
  const C = machine('onepiece_100', 100, 85, [['common', 0.65, 650, 40, 80], ['uncommon', 0.23, 230, 80, 120], ['rare', 0.1, 100, 120, 240], ['epic', 0.02, 20, 300, 900]]);
  const D = machine('onepiece_25', 25, 85, [['common', 1, 0, 14, 14]]);
  const E = flat('sports_10', 10, 85, 10);
  // Hidden: EV 100, buyback 90 (+12.5 % on $80) — it would rank first if it were shown.
  const H = flat('pokemon_80', 80, 90, 100, { public: false });
  // Hidden and free: only by code.
  const F = flat('promo_0', 0, 85, 6, { public: false, name: 'Free Pokémon Promo Spin' });
  const ALL = [A, B, C, D, E, H, F];
  const codes = (s: { machines: { code: string }[] }) => s.machines.map((m) => m.code);

  test('ranks by the verdict exit (the buyback for `both`), machines without an edge last, with ranks from 1; hidden ones left out', () => {
    const both = scanPackMachines(ALL, { exitStrategy: 'both' });
    assert.deepEqual(codes(both), ['pokemon_250', 'pokemon_50', 'sports_10', 'onepiece_100', 'onepiece_25']);
    assert.deepEqual(both.machines.map((m) => m.edge_pct), [4.76, -8.2, -15, -21.8, null]);
    assert.deepEqual(both.machines.map((m) => m.verdict_exit), ['buyback', 'buyback', 'buyback', 'buyback', null]);
    assert.deepEqual(both.machines.map((m) => m.rank), [1, 2, 3, 4, 5]);
    // pokemon_50 is POSITIVE_EV on the marketplace only: HOUSE_EDGE here.
    assert.deepEqual(both.verdict_counts, { POSITIVE_EV: 1, HOUSE_EDGE: 2, NEGATIVE_EV: 1, unavailable: 1, unpriced: 0 });
    assert.deepEqual(
      [both.exit_strategy, both.scanned, both.hidden_excluded, both.matched, both.below_min_edge, both.machine_found],
      ['both', 7, 2, 5, 0, null],
    );

    const buyback = scanPackMachines(ALL, { exitStrategy: 'buyback' });
    assert.deepEqual(buyback.machines.map((m) => m.edge_pct), [4.76, -8.2, -15, -21.8, null]);
    assert.deepEqual(buyback.verdict_counts, { POSITIVE_EV: 1, HOUSE_EDGE: 2, NEGATIVE_EV: 1, unavailable: 1, unpriced: 0 });

    const market = scanPackMachines(ALL, { exitStrategy: 'marketplace' });
    assert.deepEqual(market.verdict_counts, { POSITIVE_EV: 2, HOUSE_EDGE: 2, NEGATIVE_EV: 0, unavailable: 1, unpriced: 0 });
  });

  test('defaults: all franchises, exit strategy both, the thresholds applied', () => {
    const s = scanPackMachines(ALL);
    assert.equal(s.exit_strategy, 'both');
    assert.equal(s.machines.length, 5);
    assert.deepEqual(s.thresholds, {
      value_assumption: 'midpoint', buyback_stated_min_pct: 85, buyback_stated_max_pct: 93, buyback_cap_usd_per_card: 40_000,
      buyback_cash_exit_hours: 72, marketplace_fee_pct: 2, positive_ev_above_edge_pct: 0, house_edge_min_edge_pct: -15, ev_gap_flag_above_pct: 10,
    });
  });

  test('a hidden machine asked for by code is scored and marked hidden', () => {
    const h = scanPackMachines(ALL, { machine: 'POKEMON_80', exitStrategy: 'buyback' });
    assert.deepEqual([codes(h), h.machine_found, h.hidden_excluded, h.matched], [['pokemon_80'], true, 0, 1]);
    assert.deepEqual([h.machines[0]!.hidden, h.machines[0]!.edge_pct, h.machines[0]!.verdict], [true, 12.5, 'POSITIVE_EV']);
    // The franchise filter still applies to it.
    assert.deepEqual(codes(scanPackMachines(ALL, { machine: 'pokemon_80', franchise: 'onepiece' })), []);
  });

  test('a free machine asked for by code: unpriced, counted as such, never passes min_edge_pct', () => {
    const f = scanPackMachines(ALL, { machine: 'promo_0' });
    assert.deepEqual([codes(f), f.machines[0]!.priced, f.machines[0]!.edge_pct, f.machines[0]!.franchise, f.machines[0]!.franchise_from], [['promo_0'], false, null, 'pokemon', 'name']);
    assert.deepEqual(f.verdict_counts, { POSITIVE_EV: 0, HOUSE_EDGE: 0, NEGATIVE_EV: 0, unavailable: 0, unpriced: 1 });
    const min = scanPackMachines(ALL, { machine: 'promo_0', minEdgePct: -100 });
    assert.deepEqual([codes(min), min.below_min_edge], [[], 1]);
  });

  test('min_edge_pct is inclusive on the chosen path and never passes a machine without an edge', () => {
    // `both` filters on the buyback edge: pokemon_50's +5.84 % marketplace edge does not pass 0.
    const at = scanPackMachines(ALL, { exitStrategy: 'both', minEdgePct: -8.2 });
    assert.deepEqual(codes(at), ['pokemon_250', 'pokemon_50']);
    assert.deepEqual([at.matched, at.below_min_edge], [5, 3]);
    assert.deepEqual(codes(scanPackMachines(ALL, { exitStrategy: 'both', minEdgePct: -8.19 })), ['pokemon_250']);
    assert.deepEqual(codes(scanPackMachines(ALL, { exitStrategy: 'both', minEdgePct: 0 })), ['pokemon_250']);
    assert.deepEqual(codes(scanPackMachines(ALL, { exitStrategy: 'buyback', minEdgePct: 4.76 })), ['pokemon_250']);
    assert.deepEqual(codes(scanPackMachines(ALL, { exitStrategy: 'buyback', minEdgePct: 4.77 })), []);
    const floor = scanPackMachines(ALL, { exitStrategy: 'buyback', minEdgePct: -100 });
    assert.deepEqual(codes(floor), ['pokemon_250', 'pokemon_50', 'sports_10', 'onepiece_100']);
    assert.equal(floor.below_min_edge, 1);
  });

  test('franchise filter on the derived franchise; other franchises only match `all`', () => {
    assert.deepEqual(codes(scanPackMachines(ALL, { franchise: 'pokemon' })), ['pokemon_250', 'pokemon_50']);
    assert.deepEqual(codes(scanPackMachines(ALL, { franchise: 'onepiece' })), ['onepiece_100', 'onepiece_25']);
    const byName = { ...C, code: 'op_x', name: 'One Piece Crew Pack' };
    assert.deepEqual(codes(scanPackMachines([byName], { franchise: 'onepiece' })), ['op_x'], 'read from the name when the code does not say');
    const s = scanPackMachines(ALL, { franchise: 'pokemon' });
    assert.deepEqual([s.matched, s.hidden_excluded], [2, 2]);
  });

  test('machine filter: one code, case-insensitive; unknown codes say so', () => {
    const one = scanPackMachines(ALL, { machine: ' POKEMON_250 ' });
    assert.deepEqual([codes(one), one.machine_found, one.matched], [['pokemon_250'], true, 1]);
    const none = scanPackMachines(ALL, { machine: 'nope_1' });
    assert.deepEqual([codes(none), none.machine_found], [[], false]);
    const other = scanPackMachines(ALL, { machine: 'pokemon_250', franchise: 'onepiece' });
    assert.deepEqual([codes(other), other.machine_found, other.matched], [[], true, 0]);
  });

  test('equal edges rank by code', () => {
    const twin = { ...A, code: 'aaa_twin' };
    assert.deepEqual(codes(scanPackMachines([A, twin, B], { exitStrategy: 'buyback' })), ['pokemon_250', 'aaa_twin', 'pokemon_50']);
  });

  test('no machines, an empty scan', () => {
    const s = scanPackMachines([], { exitStrategy: 'marketplace', minEdgePct: 0 });
    assert.deepEqual([s.machines, s.scanned, s.matched, s.below_min_edge, s.hidden_excluded], [[], 0, 0, 0, 0]);
    assert.deepEqual(s.verdict_counts, { POSITIVE_EV: 0, HOUSE_EDGE: 0, NEGATIVE_EV: 0, unavailable: 0, unpriced: 0 });
  });
});
