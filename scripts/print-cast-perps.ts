/**
 * The perps section of docs/sandbox-cast.md (printed by scripts/print-cast.ts): the perps world's
 * designed markets, the pool-venue trader cast and the reference venue C accounts. Addresses come from
 * the code (src/sandbox/world/perps/); the descriptions restate the designs checked by
 * test/sandbox/perps-world.test.ts.
 */
import { BONK_MINT, WBTC_MINT, WETH_MINT } from '../src/sandbox/world/entities.js';
import { PERPS_POOL_CAST, REFVENUE_CAST, refTraderDesigns, VENUE_A_CUSTODY, VENUE_B_CUSTODY, type RefVenueCastName } from '../src/sandbox/world/perps/index.js';

const cell = (s: string) => s.replace(/\|/g, '\\|');

const REF_DESCRIPTIONS: Readonly<Record<RefVenueCastName, string>> = {
  DIRECTIONAL: 'kept (rank 3 by month PnL): longs on SOL 8x, BTC 5x, ETH 12x — profile directional, all long',
  MARKET_NEUTRAL: 'kept (rank 6): BTC long ≈ $500k and ETH short ≈ $482k, rebalanced so the notionals stay within 5 % — profile market-neutral',
  DIVERSIFIED: 'kept (rank 9): SOL long $150k, BTC short $70k, ETH long $90k, kBONK short $25k (rebalanced) — long 72 % of gross, neither one-sided nor neutral',
  NEAR_LIQUIDATION: 'excluded (inconsistent: week PnL < 0): ETH long 25x (the venue maximum) whose entry tracks 0.3–0.8 % above the mark — losing, liquidation price 1.3–1.8 % below the mark',
  MARKET_MAKER: 'excluded (market maker: turnover 250); four two-sided positions',
  HFT: 'excluded (high frequency: turnover 1800)',
  MARKET_MAKER_2: 'excluded (market maker: turnover 800)',
  DUST_EDGE: 'excluded (dust): account value exactly $24,999.99, one cent under the bound',
  DUST: 'excluded (dust): account ≈ $8,000',
  DUST_2: 'excluded (dust): account ≈ $900',
  MEGA: 'excluded (mega): account ≈ $75M',
  MEGA_2: 'excluded (mega): account ≈ $210M',
  INCONSISTENT_ZERO_WEEK: 'excluded (inconsistent): week PnL exactly 0, month PnL > 0',
  INCONSISTENT_NEGATIVE_MONTH: 'excluded (inconsistent): week PnL > 0, month PnL < 0',
  INCONSISTENT_BOTH: 'excluded (inconsistent): week and month PnL < 0',
  EDGE_TURNOVER_50: 'kept, on the bound: month volume = exactly 50 × its whole-dollar account value',
  EDGE_ACCOUNT_25K: 'kept, on the bound: account value exactly $25,000.00 (the last kept rank)',
  EDGE_ACCOUNT_50M: 'kept, on the bound: account value exactly $50,000,000.00',
  SMART_01: 'kept, rank 1 by month PnL (the first of 42 smart traders SMART_01 … SMART_42): SOL long, BTC short',
};

export function perpsCastSection(): string[] {
  const smart = refTraderDesigns().filter((d) => d.group === 'smart');
  return [
    '## Perps venues',
    '',
    'The sandbox perps world (`src/sandbox/world/perps/`, `createPerpsWorld(seed)`) answers for four venues: pool venue',
    'A (Jupiter Perpetuals) and B (Adrena) — markets and every open position; reference venues C (Hyperliquid) and D',
    '(dYdX v4) — markets with hourly funding; venue C also accounts, portfolios and its leaderboard. Prices are the spot',
    'world\'s (SOL = wrapped SOL, BTC = WBTC, ETH = WETH, BONK; B\'s SOL collateral = jitoSOL), so perps and spot agree',
    'exactly. Every designed state below holds at every moment (checked every 7 h over 60 days by',
    '`test/sandbox/perps-world.test.ts`).',
    '',
    '### Perps spot tokens (real mints)',
    '',
    '| Token | Mint | Decimals | Price | Pools |',
    '|---|---|---|---|---|',
    `| WBTC (Portal) | \`${WBTC_MINT}\` | 8 | ≈ $97,000 | Orca USDC $90M, Raydium SOL $30M |`,
    `| WETH (Portal) | \`${WETH_MINT}\` | 8 | ≈ $3,400 | Orca USDC $70M, Raydium SOL $25M |`,
    `| Bonk | \`${BONK_MINT}\` | 5 | ≈ $0.000025 | Orca USDC $40M, Raydium SOL $30M |`,
    '',
    'All verified; a USDC quote of $100k–$10M routes through the USDC pool with a price impact growing with size',
    '(≈ 0.2–0.5 % at $100k, 18–34 % at $10M).',
    '',
    '### Pool venue markets',
    '',
    '| Market | Custody | Designed state |',
    '|---|---|---|',
    `| A:SOL | \`${VENUE_A_CUSTODY.SOL}\` | healthy; long headroom $2.25–2.75M under a $20M cap (a $5M long does not fit) |`,
    `| A:BTC | \`${VENUE_A_CUSTODY.BTC}\` | tilted: long OI 78–83 % of the total; utilization 60–74 % |`,
    `| A:ETH | \`${VENUE_A_CUSTODY.ETH}\` | stressed: long utilization 91–96 %, borrow 46–59 % APR |`,
    `| B:SOL | \`${VENUE_B_CUSTODY.SOL}\` | healthy; jitoSOL collateral |`,
    `| B:BTC | \`${VENUE_B_CUSTODY.BTC}\` | healthy; WBTC collateral |`,
    `| B:BONK | \`${VENUE_B_CUSTODY.BONK}\` | healthy; its oracle has no usable price in minutes 00–09 of every UTC hour (B's BONK PnL is null then) |`,
    '',
    'A: open/close fees 6 bps, max leverage 100, one position at most $10M (SOL, BTC) or $5M (ETH), jump-rate borrow',
    'curves (3 points); B: zero open fee, close 10 bps (BONK 18), max leverage 50 (BONK 25), no position-size limit',
    'stated, two-slope borrow curves. Shorts borrow each venue\'s USDC custody; both sides pay',
    'borrow. Venue C/D funding APR bands: SOL 15–22 % / 14–19 %, BTC 13.5–18 % / 13.5–17 %, ETH 9–13 % / 2–4.5 %, BONK',
    '−3 … −0.8 % / 5–9 % — so a basis trade yields ≥ 8 % APR on SOL and BTC on both, not on D:ETH nor C:BONK.',
    '',
    '### Pool venue traders',
    '',
    'The `WALLET_PERP_*` wallets above; any other address has no perps position. Each venue also has 20 background',
    'traders (derived from the seed) whose positions open and close over time.',
    '',
    '| Name | Address |',
    '|---|---|',
    ...Object.entries(PERPS_POOL_CAST).map(([name, address]) => `| \`${name}\` (\`WALLET_${name}\`) | \`${address}\` |`),
    '',
    '### Reference venue C accounts',
    '',
    'Addresses are `0x` + the first 20 bytes of sha256("perps-refvenue" ‖ U+001F ‖ name) in lowercase hex, the same in',
    'every sandbox. The leaderboard has 60 rows: 48 pass the smart-money filter (turnover = month volume ÷ account value',
    '≤ 50, account value within $25,000–$50,000,000, week and month PnL > 0; bounds kept) and 12 fail exactly one rule.',
    'Among the kept traders (ranked by month PnL, which never reorders), SOL is mostly long, BTC mostly short, ETH mixed,',
    'BONK rare, and a few hold HYPE (a coin outside the four assets). Any other 0x address is an empty account.',
    '',
    '| Name | Address | What it shows |',
    '|---|---|---|',
    ...Object.entries(REFVENUE_CAST).map(([name, address]) => `| \`${name}\` | \`${address}\` | ${cell(REF_DESCRIPTIONS[name as RefVenueCastName])} |`),
    '',
    `Smart traders: ${smart.length} (\`SMART_01\` … \`SMART_${String(smart.length).padStart(2, '0')}\`), plus the three kept cast accounts and the three kept boundary rows.`,
    '',
  ];
}
