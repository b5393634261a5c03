/**
 * The documented cast of the sandbox world: named addresses, each showing one class the spec names.
 * Addresses and signatures are seed-independent (derived from fixed labels), so this table and
 * docs/sandbox-cast.md hold in every sandbox; what a cast member shows is designed to hold for every
 * seed and at every moment from WORLD_START on (designs: cast-tokens.ts and the cast-*.ts wallet plans,
 * checked by test/sandbox/world.test.ts).
 *
 * Wallet-risk designs use the factor table of the spec with the thresholds the service applies
 * (src/analytics/wallet-risk.ts, behaviour.ts): concentration = ≤ 3 counterparties or one in ≥ 50 %
 * of ≥ 10 transactions; low diversity = < 2 types or one type ≥ 90 %; new = first activity < 30 days;
 * bot-like = high_frequency (≥ 10 tx/h sustained) or repetitive_actions (one pattern ≥ 80 %);
 * airdrop farming = ≥ 20 holdings each < $1; low protocol diversity = < 2 non-infrastructure protocols.
 */
import {
  INCINERATOR,
  JITOSOL_MINT,
  MSOL_MINT,
  SANDBOX_DRAINER_PROGRAM,
  SANDBOX_TRANSFER_HOOK_PROGRAM,
  USDC_MINT,
  USDT_MINT,
  WSOL_MINT,
} from './entities.js';
import { addressToBytes, deriveMint, deriveWallet, encodeSignature } from './random.js';
import { FEATURED_DAY } from './time.js';

export type CastKind = 'token' | 'wallet' | 'program' | 'transaction';

export interface CastEntry {
  kind: CastKind;
  /** The address (for transactions: the signature). */
  address: string;
  /** The class it shows, as the service reports it. */
  class: string;
  /** What makes it so. */
  description: string;
}

const mint = (name: string) => deriveMint('cast', name);
const wallet = (name: string) => deriveWallet('cast', name);

/** Cast addresses by name (tokens, wallets, programs). */
export const CAST_ADDRESS = {
  TOKEN_SAFE: mint('TOKEN_SAFE'),
  TOKEN_CAUTION: mint('TOKEN_CAUTION'),
  TOKEN_RISKY: mint('TOKEN_RISKY'),
  TOKEN_VOL_LOW: mint('TOKEN_VOL_LOW'),
  TOKEN_VOL_MODERATE: mint('TOKEN_VOL_MODERATE'),
  TOKEN_VOL_HIGH: mint('TOKEN_VOL_HIGH'),
  TOKEN_VOL_EXTREME: mint('TOKEN_VOL_EXTREME'),
  TOKEN_HHI_WELL: mint('TOKEN_HHI_WELL'),
  TOKEN_HHI_MODERATE: mint('TOKEN_HHI_MODERATE'),
  TOKEN_HHI_HIGH: mint('TOKEN_HHI_HIGH'),
  TOKEN_FLOAT: mint('TOKEN_FLOAT'),
  TOKEN_T22_FEE_HOOK: mint('TOKEN_T22_FEE_HOOK'),
  TOKEN_T22_CONTROLLED: mint('TOKEN_T22_CONTROLLED'),
  TOKEN_T22_SOULBOUND: mint('TOKEN_T22_SOULBOUND'),
  TOKEN_NO_MARKET: mint('TOKEN_NO_MARKET'),
  TOKEN_BRAND_NEW: mint('TOKEN_BRAND_NEW'),
  TOKEN_LP_SOL_USDC: mint('TOKEN_LP_SOL_USDC'),
  TOKEN_WHALE_ACCUMULATING: mint('TOKEN_WHALE_ACCUMULATING'),
  // The launch cast: fresh tokens relaunched every period (designs and stage schedules: world/launches/).
  TOKEN_LAUNCH_RUNNER: mint('TOKEN_LAUNCH_RUNNER'),
  TOKEN_LAUNCH_RUG: mint('TOKEN_LAUNCH_RUG'),
  TOKEN_LAUNCH_WASH: mint('TOKEN_LAUNCH_WASH'),
  TOKEN_LAUNCH_BUYERS: mint('TOKEN_LAUNCH_BUYERS'),
  TOKEN_LAUNCH_SELLERS: mint('TOKEN_LAUNCH_SELLERS'),
  TOKEN_LAUNCH_QUIET: mint('TOKEN_LAUNCH_QUIET'),
  TOKEN_USDC: USDC_MINT,
  TOKEN_USDT: USDT_MINT,
  TOKEN_WSOL: WSOL_MINT,
  TOKEN_MSOL: MSOL_MINT,
  TOKEN_JITOSOL: JITOSOL_MINT,

  WALLET_REGULAR_INTERVALS: wallet('WALLET_REGULAR_INTERVALS'),
  WALLET_HIGH_FREQUENCY: wallet('WALLET_HIGH_FREQUENCY'),
  WALLET_24_7_ACTIVE: wallet('WALLET_24_7_ACTIVE'),
  WALLET_REPETITIVE: wallet('WALLET_REPETITIVE'),
  WALLET_NFT_COLLECTOR: wallet('WALLET_NFT_COLLECTOR'),
  WALLET_SPAM_RECEIVER: wallet('WALLET_SPAM_RECEIVER'),
  WALLET_NEW: wallet('WALLET_NEW'),
  WALLET_AIRDROP_FARMER: wallet('WALLET_AIRDROP_FARMER'),
  WALLET_RISK_LOW: wallet('WALLET_RISK_LOW'),
  WALLET_RISK_MODERATE: wallet('WALLET_RISK_MODERATE'),
  WALLET_RISK_ELEVATED: wallet('WALLET_RISK_ELEVATED'),
  WALLET_RISK_HIGH: wallet('WALLET_RISK_HIGH'),
  WALLET_RISK_CRITICAL: wallet('WALLET_RISK_CRITICAL'),
  WALLET_DEFI: wallet('WALLET_DEFI'),
  WALLET_EMPTY: wallet('WALLET_EMPTY'),
  WALLET_RUGR_DEV: wallet('WALLET_RUGR_DEV'),
  WALLET_RUGR_WHALE: wallet('WALLET_RUGR_WHALE'),
  WALLET_GULP_WHALE: wallet('WALLET_GULP_WHALE'),
  WALLET_DRAINER_COLLECTOR: wallet('WALLET_DRAINER_COLLECTOR'),
  WALLET_TRADER_SKILLED: wallet('WALLET_TRADER_SKILLED'),
  WALLET_TRADER_LOSING: wallet('WALLET_TRADER_LOSING'),
  WALLET_TRADER_FEW: wallet('WALLET_TRADER_FEW'),
  WALLET_SYBIL_FUNDER: wallet('WALLET_SYBIL_FUNDER'),
  WALLET_SYBIL_RING: wallet('WALLET_SYBIL_RING'),
  // Smart money (designs: sandbox/world/smart-money.ts, plans: cast-smart.ts).
  WALLET_SMART_1: wallet('WALLET_SMART_1'),
  WALLET_SMART_2: wallet('WALLET_SMART_2'),
  WALLET_SMART_3: wallet('WALLET_SMART_3'),
  WALLET_SMART_4: wallet('WALLET_SMART_4'),
  WALLET_SMART_5: wallet('WALLET_SMART_5'),
  WALLET_SMART_NOT_1: wallet('WALLET_SMART_NOT_1'),
  WALLET_SMART_NOT_2: wallet('WALLET_SMART_NOT_2'),
  WALLET_SMART_FUNDER: wallet('WALLET_SMART_FUNDER'),
  // Perps traders of pool venues A and B (their positions: sandbox/world/perps/pool-traders.ts).
  WALLET_PERP_SCALPER: wallet('WALLET_PERP_SCALPER'),
  WALLET_PERP_SWING: wallet('WALLET_PERP_SWING'),
  WALLET_PERP_POSITION: wallet('WALLET_PERP_POSITION'),
  WALLET_PERP_NEAR_LIQ: wallet('WALLET_PERP_NEAR_LIQ'),
  WALLET_PERP_MULTI_VENUE: wallet('WALLET_PERP_MULTI_VENUE'),
  WALLET_PERP_B_TRADER: wallet('WALLET_PERP_B_TRADER'),

  PROGRAM_DRAINER: SANDBOX_DRAINER_PROGRAM,
  PROGRAM_TRANSFER_HOOK: SANDBOX_TRANSFER_HOOK_PROGRAM,
  BURN_INCINERATOR: INCINERATOR,
} as const;

export type CastName = keyof typeof CAST_ADDRESS;
export type CastWalletName = Extract<CastName, `WALLET_${string}`>;

/** Where each documented transaction lives: (wallet, FEATURED_DAY, generation index). */
export const FEATURED_TX = {
  TX_SWAP_JUPITER: { wallet: 'WALLET_RISK_LOW', index: 0 },
  TX_SWAP_FAILED: { wallet: 'WALLET_RISK_LOW', index: 1 },
  TX_TRANSFER_SOL: { wallet: 'WALLET_DEFI', index: 0 },
  TX_TRANSFER_SPL: { wallet: 'WALLET_DEFI', index: 1 },
  TX_STAKE_MARINADE: { wallet: 'WALLET_DEFI', index: 2 },
  TX_STAKE_NATIVE: { wallet: 'WALLET_DEFI', index: 3 },
  TX_ADD_LIQUIDITY: { wallet: 'WALLET_DEFI', index: 4 },
  TX_NFT_SALE: { wallet: 'WALLET_NFT_COLLECTOR', index: 0 },
  TX_NFT_MINT: { wallet: 'WALLET_NFT_COLLECTOR', index: 1 },
  TX_CNFT_MINT: { wallet: 'WALLET_SPAM_RECEIVER', index: 0 },
} as const satisfies Record<string, { wallet: CastWalletName; index: number }>;

export type FeaturedTxName = keyof typeof FEATURED_TX;

export const CAST_SIGNATURE = Object.fromEntries(
  Object.entries(FEATURED_TX).map(([name, f]) => [name, encodeSignature(addressToBytes(CAST_ADDRESS[f.wallet])!, FEATURED_DAY, f.index)]),
) as Record<FeaturedTxName, string>;

/** Sandbox dust tokens (priced well under $1 per holding) held by the airdrop farmer and the drainer victim. */
export const DUST_MINTS: readonly string[] = Array.from({ length: 40 }, (_, i) => deriveMint('dust', i));

const entry = (kind: CastKind, address: string, cls: string, description: string): CastEntry => ({ kind, address, class: cls, description });
const A = CAST_ADDRESS;
const S = CAST_SIGNATURE;

/** The cast, in documentation order. */
export const CAST = {
  TOKEN_SAFE: entry('token', A.TOKEN_SAFE, 'verdict SAFE', 'ROCK: verified, mint and freeze authority revoked, 48k holders with the top one under 4 %, $12M liquidity in two pools'),
  TOKEN_CAUTION: entry('token', A.TOKEN_CAUTION, 'verdict CAUTION', 'MAYBE: unverified, mint authority active, thin $6.5k pool (low liquidity); no freeze authority, holders spread (score 0.35 counting factors only, 0.55 if the three flags also count)'),
  TOKEN_RISKY: entry('token', A.TOKEN_RISKY, 'verdict RISKY', 'RUGR: mint + freeze authority active (the dev wallet), unverified, top holder 54–58 % and top 5 > 82 % of supply, the two whales sell into the pool every few hours, $8k liquidity'),
  TOKEN_VOL_LOW: entry('token', A.TOKEN_VOL_LOW, 'volatility LOW', 'CALM: changes 1h +0.2 %, 6h −0.5 %, 24h +1.0 % → daily std ≈ 0.99 %'),
  TOKEN_VOL_MODERATE: entry('token', A.TOKEN_VOL_MODERATE, 'volatility MODERATE', 'SWELL: changes 1h +1.0 %, 6h −2.5 %, 24h +5.0 % → daily std ≈ 5.0 %'),
  TOKEN_VOL_HIGH: entry('token', A.TOKEN_VOL_HIGH, 'volatility HIGH', 'STORM: changes 1h +2.2 %, 6h +5.5 %, 24h −11 % → daily std ≈ 10.9 %'),
  TOKEN_VOL_EXTREME: entry('token', A.TOKEN_VOL_EXTREME, 'volatility EXTREME', 'HURR: changes 1h +6 %, 6h −15 %, 24h +30 % → daily std ≈ 29.8 %'),
  TOKEN_HHI_WELL: entry('token', A.TOKEN_HHI_WELL, 'HHI well distributed (< 1500)', 'CMNS: top-20 holders 4 % … 0.9 % of supply → HHI ≈ 100'),
  TOKEN_HHI_MODERATE: entry('token', A.TOKEN_HHI_MODERATE, 'HHI moderately concentrated (1500–2500)', 'CLQ: one holder ≈ 40 %, then 12 %, 8 %, 5 % … → HHI ≈ 1900'),
  TOKEN_HHI_HIGH: entry('token', A.TOKEN_HHI_HIGH, 'HHI highly concentrated (> 2500)', 'WPOD: holders ≈ 48 % and 21.5 %, then small ones → HHI ≈ 2850 (top holder under 50 %, top 5 under 80 %)'),
  TOKEN_FLOAT: entry('token', A.TOKEN_FLOAT, 'float ≠ raw concentration', 'FLOAT: top holders are the incinerator (burn, 30 %), its Raydium pool (pool, ≈ 20 %), a launchpad bonding curve (10 %) and an exchange (Binance sandbox, 8 %); the float is ≈ 32 % of supply'),
  TOKEN_T22_FEE_HOOK: entry('token', A.TOKEN_T22_FEE_HOOK, 'Token-2022: transfer fee + transfer hook', 'TOLL: Token-2022 with a 300 bps transfer fee (max 5,000 TOLL per transfer) and a transfer hook (PROGRAM_TRANSFER_HOOK); tradable on a Meteora pool'),
  TOKEN_T22_CONTROLLED: entry('token', A.TOKEN_T22_CONTROLLED, 'Token-2022: permanent delegate + default frozen + mint close authority', 'SRUSD: verified regulated-style dollar; permanent delegate, new accounts start frozen (freeze authority set), mint close authority; tradable ≈ $1.00'),
  TOKEN_T22_SOULBOUND: entry('token', A.TOKEN_T22_SOULBOUND, 'Token-2022: non-transferable', 'BADGE: soul-bound non-transferable badge; no pool and no price (market data unknown)'),
  TOKEN_NO_MARKET: entry('token', A.TOKEN_NO_MARKET, 'no market data (unknown)', 'GHOST: a valid SPL mint with holders but no pool, no price from any source, no price change, no market cap'),
  TOKEN_BRAND_NEW: entry('token', A.TOKEN_BRAND_NEW, 'brand-new token', 'JUSTL: (re)launched every hour, always 10–70 minutes old; no 6h/24h change (1h only once an hour old), priced by the market-data source only'),
  TOKEN_LP_SOL_USDC: entry('token', A.TOKEN_LP_SOL_USDC, 'LP token', 'RLP: sandbox Raydium SOL-USDC LP token; held by WALLET_DEFI as a liquidity position; priced by the price aggregator only, no pool of its own'),
  TOKEN_WHALE_ACCUMULATING: entry('token', A.TOKEN_WHALE_ACCUMULATING, 'whale signal accumulation (verdict SAFE)', 'GULP: verified, no authorities, $2M pool; its top holder WALLET_GULP_WHALE (20–23 % of supply, rising through each week) buys every ~4 h, so whale-watch shows accumulation; the other 19 holders are quiet'),
  TOKEN_LAUNCH_RUNNER: entry('token', A.TOKEN_LAUNCH_RUNNER, 'fresh launch: runner stages QUIET → IGNITING → RUNNING → PARABOLIC_LATE → FADING', 'RUNR: relaunched every 8 h (UTC-aligned; design: launches/designs.ts), one PumpSwap SOL pool opened with it. By age: 0–15 min QUIET (a sniper burst, buyers ≈ sellers), 15–45 min IGNITING, 45 min–3 h RUNNING (volume compounding 2 %/min, 74 % buyers, liquidity $15k → $120k, price ×9), 3–5 h PARABOLIC_LATE (volume drops to a third and decays, 56 % then 52 % buyers, price ×9–11 since launch), 5–8 h FADING (25 % buyers, price back to ×3, liquidity → $16k); authorities revoked, unverified'),
  TOKEN_LAUNCH_RUG: entry('token', A.TOKEN_LAUNCH_RUG, 'fresh launch: rug (liquidity pulled)', 'RUGL: relaunched every 6 h; trades like RUNR for 2 h (QUIET, IGNITING, RUNNING), then at exactly 2 h the liquidity is pulled ($78k → $650), the price falls to 5 % of its launch price at once (−99 %) and loses 90 % more every hour, holders dump (95 % sells): FADING (rug: liquidity < $1k, h1 ≤ −90 %) to the end of the life; mint authority active (the dev wallet, 18 % of supply), unverified'),
  TOKEN_LAUNCH_WASH: entry('token', A.TOKEN_LAUNCH_WASH, 'fresh launch: wash trading', 'WASH: relaunched every 12 h; ≈ 120–230 trades an hour averaging $3,500 (75 % buys) churning a $58k–62k pool, so the wash-trade flag holds from 15 min on; otherwise it reads like a runner: RUNNING to 45 min, IGNITING to 4.5 h, then QUIET; freeze authority active, unverified'),
  TOKEN_LAUNCH_BUYERS: entry('token', A.TOKEN_LAUNCH_BUYERS, 'fresh launch: buy pressure (85 % buys)', 'BUYR: relaunched every 12 h; exactly SELR\'s volume and trade count in every window ($300/min at launch compounding 0.4 %/min, $16 trades, $40k pool) with 85 % buyers: RUNNING to 45 min, then IGNITING; price +90 % over a life; authorities revoked, unverified'),
  TOKEN_LAUNCH_SELLERS: entry('token', A.TOKEN_LAUNCH_SELLERS, 'fresh launch: sell pressure (43 % buys)', 'SELR: BUYR\'s twin with 43 % buyers: FADING (sellers in control) at every age from 5 min; price −40 % over a life; the dev holds 35 %; authorities revoked, unverified'),
  TOKEN_LAUNCH_QUIET: entry('token', A.TOKEN_LAUNCH_QUIET, 'fresh launch: QUIET', 'QUIE: relaunched every 24 h; steady $60/min in $8 trades, buyers 50 %, a $6k–7.5k pool, price within ±8 %: QUIET at every age'),
  TOKEN_USDC: entry('token', A.TOKEN_USDC, 'real mint: USDC', 'USD Coin (real mint): verified, ≈ $1.00, deep USDC/USDT and SOL/USDC pools'),
  TOKEN_USDT: entry('token', A.TOKEN_USDT, 'real mint: USDT', 'Tether USD (real mint): verified, ≈ $1.00'),
  TOKEN_WSOL: entry('token', A.TOKEN_WSOL, 'real mint: wrapped SOL', 'Wrapped SOL (real mint): verified; SOL price follows a deterministic path around $150'),
  TOKEN_MSOL: entry('token', A.TOKEN_MSOL, 'real mint: mSOL (LST)', 'Marinade staked SOL (real mint): verified, tag lst, ≈ 1.28 SOL'),
  TOKEN_JITOSOL: entry('token', A.TOKEN_JITOSOL, 'real mint: jitoSOL (LST)', 'Jito staked SOL (real mint): verified, tag lst, ≈ 1.24 SOL'),

  WALLET_REGULAR_INTERVALS: entry('wallet', A.WALLET_REGULAR_INTERVALS, 'label regular_intervals', 'one transaction every 4 h ± 45 s (gap CV ≈ 0.004), five rotating actions; 6 tx/day, so not high-frequency or 24/7'),
  WALLET_HIGH_FREQUENCY: entry('wallet', A.WALLET_HIGH_FREQUENCY, 'label high_frequency', '≈ 20 swaps per hour around the clock over 8 pools on 2 DEXes, Jupiter-routed or direct (a sample longer than 20 h also shows 24_7_active; never repetitive)'),
  WALLET_24_7_ACTIVE: entry('wallet', A.WALLET_24_7_ACTIVE, 'label 24_7_active', 'exactly one transaction in every UTC hour at a random minute (gap CV ≈ 0.4, 1 tx/h: not regular, not high-frequency)'),
  WALLET_REPETITIVE: entry('wallet', A.WALLET_REPETITIVE, 'label repetitive_actions', '3–5 times a day (08–20 UTC) the same Jupiter→Raydium SOL→USDC swap through the same pool (100 % one pattern)'),
  WALLET_NFT_COLLECTOR: entry('wallet', A.WALLET_NFT_COLLECTOR, 'label nft_collector', '14 collected (uncompressed, not spam) NFTs in 4 named collections plus 2 benign compressed airdrops; buys on Magic Eden'),
  WALLET_SPAM_RECEIVER: entry('wallet', A.WALLET_SPAM_RECEIVER, 'airdrop/spam receiver (NOT nft_collector)', 'holds its 300 most recent compressed airdrops (≈ 2/3 claim-bait names, domains like claim-sol.xyz, zero-width characters; some provider-flagged) and only 3 collected NFTs; two drops a day among its own swaps and transfers'),
  WALLET_NEW: entry('wallet', A.WALLET_NEW, 'new wallet (< 30 days)', 'its life restarts every 24 days and it is always 2–26 days old: funded by Binance (sandbox), then a few swaps and transfers'),
  WALLET_AIRDROP_FARMER: entry('wallet', A.WALLET_AIRDROP_FARMER, 'airdrop farmer', '40 dust token accounts each worth $0.05–$0.80 (priced), plus SOL; receives dust drops from many distributors'),
  WALLET_RISK_LOW: entry('wallet', A.WALLET_RISK_LOW, 'risk LOW (0.10)', 'factors: low_tx_diversity only — every transaction is a SWAP, but over 12 pools on Jupiter/Raydium/Orca, ~0.5 tx/day since 2023, no risky program, few holdings'),
  WALLET_RISK_MODERATE: entry('wallet', A.WALLET_RISK_MODERATE, 'risk MODERATE (0.35)', 'factors: new_wallet + low_tx_diversity + low_protocol_diversity — always < 30 days old, only SOL transfers (System program) to 16 different friends'),
  WALLET_RISK_ELEVATED: entry('wallet', A.WALLET_RISK_ELEVATED, 'risk ELEVATED (0.55)', 'factors: high_tx_concentration + low_tx_diversity + bot_like (repetitive) + low_protocol_diversity — every ~2 days the same SOL transfer to Coinbase (sandbox); old wallet'),
  WALLET_RISK_HIGH: entry('wallet', A.WALLET_RISK_HIGH, 'risk HIGH (0.75)', 'factors: bot_like (≈ 20 tx/h) + new_wallet + risky_program + high_tx_concentration (2 pools + drainer collector) + low_tx_diversity (≈ 93 % SWAP); uses Jupiter, Raydium, Orca, so protocols ≥ 2'),
  WALLET_RISK_CRITICAL: entry('wallet', A.WALLET_RISK_CRITICAL, 'risk CRITICAL (0.95)', 'all seven factors: ≈ 20 drainer calls per hour (UNKNOWN, one counterparty), always < 30 days old, 25 dust token accounts under $1, only the drainer program'),
  WALLET_DEFI: entry('wallet', A.WALLET_DEFI, 'DeFi positions', 'mSOL (Marinade) and jitoSOL (Jito) staking, a Raydium SOL-USDC LP position, a Kamino USDC deposit; varied activity incl. Kraken and Wormhole (sandbox) counterparties'),
  WALLET_EMPTY: entry('wallet', A.WALLET_EMPTY, 'empty wallet', 'no lamports, no tokens, no NFTs, no transactions'),
  WALLET_RUGR_DEV: entry('wallet', A.WALLET_RUGR_DEV, 'whale distributing (RUGR top holder)', 'RUGR mint/freeze authority and top holder (54–58 %, falling through each week); sells RUGR into its pool every ~3 h'),
  WALLET_RUGR_WHALE: entry('wallet', A.WALLET_RUGR_WHALE, 'whale distributing (RUGR #2 holder)', 'second RUGR holder (13–15 %); sells into the pool every ~5 h'),
  WALLET_GULP_WHALE: entry('wallet', A.WALLET_GULP_WHALE, 'whale accumulating (GULP top holder)', 'top GULP holder (20–23 %, rising through each week); buys GULP from its pool six times a day'),
  WALLET_DRAINER_COLLECTOR: entry('wallet', A.WALLET_DRAINER_COLLECTOR, 'drainer collector', 'receives what PROGRAM_DRAINER sweeps from WALLET_RISK_HIGH and WALLET_RISK_CRITICAL'),
  WALLET_TRADER_SKILLED: entry('wallet', A.WALLET_TRADER_SKILLED, 'copy-trade: profitable', 'one ~$500 round trip a day (STORM/USDC on even days, MAYBE/SOL on odd days) bought at the day\'s low and sold at the later high; every 5th day a small deliberate loss → positive PnL, win rate ≈ 80 % (> 60 % over any 5+ trades), Sharpe > 0 (design: cast-traders.ts)'),
  WALLET_TRADER_LOSING: entry('wallet', A.WALLET_TRADER_LOSING, 'copy-trade: losing', 'the mirror image: buys the day\'s high and sells the later low, every 5th day a small win → negative PnL, win rate ≈ 20 % (< 40 % over any 5+ trades), Sharpe < 0'),
  WALLET_TRADER_FEW: entry('wallet', A.WALLET_TRADER_FEW, 'copy-trade: insufficient data', 'one STORM/USDC round trip every 12 days: 2–3 closed trades in any 30-day window, below the 5-trade minimum, so the ratios are null'),
  WALLET_SYBIL_FUNDER: entry('wallet', A.WALLET_SYBIL_FUNDER, 'sybil funder', 'funds the five WALLET_SYBIL_RING wallets in one batch transfer (2 SOL each) at the start of every ring life; itself funded by Binance (sandbox)'),
  WALLET_SYBIL_RING: entry('wallet', A.WALLET_SYBIL_RING, 'sybil ring (wallet-graph clusters)', 'entry point of a 5-wallet ring (design in cast-clusters.ts), always 1–6 days old: three times a day the ring passes SOL R0 → R1 → R2 → R3 → R0 and R4 → R0 → R4 within one minute; wallet-graph depth 1 shows shared_funder, synchronized_activity and circular_flow clusters, depth 2 adds the 4-wallet loop'),

  WALLET_SMART_1: entry('wallet', A.WALLET_SMART_1, 'smart money: winner (win rate ≈ 0.78)', 'buys TOKEN_LAUNCH_RUNNER 10 min after each launch (every 8 h, $300–$900 of SOL) and sells it at +3 h 30 (PARABOLIC_LATE) for a gain; 3 established round trips (HURR/STORM/SWELL vs USDC) per 2 days, 1 won; buys GULP daily; win rate 7/9 (0.766–0.790 over any 14 days); same operator as WALLET_SMART_2 (design: smart-money.ts)'),
  WALLET_SMART_2: entry('wallet', A.WALLET_SMART_2, 'smart money: winner (win rate 0.75)', 'RUNNER at +20 min, sold at +3 h 40; 2 small established losses per 2 days; buys GULP daily; win rate 6/8 (0.737–0.764 over any 14 days); every other day WALLET_SMART_FUNDER tops it and WALLET_SMART_1 up and the two pass SOL back and forth within a minute (synchronized_activity and circular_flow clusters, in its history)'),
  WALLET_SMART_3: entry('wallet', A.WALLET_SMART_3, 'smart money: winner (win rate 0.70)', 'RUNNER at +35 min, sold at +3 h 50; 4 established round trips per 2 days, 1 won; buys GULP every other day; win rate 7/10 (0.690–0.710 over any 14 days)'),
  WALLET_SMART_4: entry('wallet', A.WALLET_SMART_4, 'smart money: winner (win rate ≈ 0.67)', 'buys TOKEN_LAUNCH_BUYERS 30 min after each launch (every 12 h) and holds it; 6 established round trips per 2 days, 4 won; buys GULP daily; win rate 4/6 (0.651–0.683 over any 14 days)'),
  WALLET_SMART_5: entry('wallet', A.WALLET_SMART_5, 'smart money: winner (win rate 0.625)', 'buys TOKEN_LAUNCH_QUIET 60 min after each daily launch and holds it; 8 established round trips per 2 days, 5 won; win rate 5/8 (0.614–0.636 over any 14 days)'),
  WALLET_SMART_NOT_1: entry('wallet', A.WALLET_SMART_NOT_1, 'smart money: loser (win rate 0.25)', 'buys TOKEN_LAUNCH_RUG 15 min after each launch (every 6 h) and is left holding it; 4 established round trips per 2 days, 1 small win and 3 sold at the worst fall; win rate 1/4, below the default min_win_rate 0.55'),
  WALLET_SMART_NOT_2: entry('wallet', A.WALLET_SMART_NOT_2, 'smart money: loser (win rate ≈ 0.33)', '3 established round trips per 2 days, 1 small win and 2 sold at the worst fall; no launch buys; win rate 1/3'),
  WALLET_SMART_FUNDER: entry('wallet', A.WALLET_SMART_FUNDER, 'smart-money operator funder', 'every other day at 22:03 UTC tops up WALLET_SMART_1 and WALLET_SMART_2 (0.5 SOL each, one batch transfer); itself funded by OKX (sandbox)'),

  WALLET_PERP_SCALPER: entry('wallet', A.WALLET_PERP_SCALPER, 'perps: scalper (pool venue A)', 'a rolling schedule of short SOL/ETH trades on venue A, either side, 15–30x: one opens every hour (0–10 min past) and lives 70–110 min, so 1–2 are always open, each under 2 h old'),
  WALLET_PERP_SWING: entry('wallet', A.WALLET_PERP_SWING, 'perps: swing (pool venue A)', 'venue A: BTC long 5x $200k, always 1–5 days old (re-opened every 4 days), and SOL short 4x $80k, always 2–4 days old (re-opened every 2 days)'),
  WALLET_PERP_POSITION: entry('wallet', A.WALLET_PERP_POSITION, 'perps: position trader (pool venue A)', 'venue A: BTC long 2x $500k, always 20–80 days old, and ETH long 3x $150k, always 10–40 days old; borrow interest settled weekly (realised PnL)'),
  WALLET_PERP_NEAR_LIQ: entry('wallet', A.WALLET_PERP_NEAR_LIQ, 'perps: liquidation approaching (pool venue A)', 'venue A: SOL long 40–60x (re-opened daily, 3–27 h old) that averages in every 15 min, so its entry stays 0.4–1.4 % above the mark: collateral buffer (collateral + PnL − borrow − close fee − size ÷ max leverage) is 4–9 % of collateral at every moment, unrealized PnL < 0'),
  WALLET_PERP_MULTI_VENUE: entry('wallet', A.WALLET_PERP_MULTI_VENUE, 'perps: multi-venue (pool venues A and B)', 'venue A: SOL long 5x $100k; venue B: BTC short 3x $60k (USDC collateral) and SOL long 4x $40k (jitoSOL collateral); positions on both venues at every moment'),
  WALLET_PERP_B_TRADER: entry('wallet', A.WALLET_PERP_B_TRADER, 'perps: pool venue B only (BONK PnL gaps)', 'venue B: BONK long 10x $20k (B\'s BONK oracle has no usable price in minutes 00–09 of every UTC hour, so its PnL is null then) and SOL short 3x $30k'),

  PROGRAM_DRAINER: entry('program', A.PROGRAM_DRAINER, 'known risky program', 'FAKE sandbox-only drainer program (listed in RISKY_PROGRAMS); invoked by WALLET_RISK_HIGH and WALLET_RISK_CRITICAL'),
  PROGRAM_TRANSFER_HOOK: entry('program', A.PROGRAM_TRANSFER_HOOK, 'transfer-hook program', 'FAKE sandbox transfer-hook program of TOLL'),
  BURN_INCINERATOR: entry('program', A.BURN_INCINERATOR, 'burn address', 'the real incinerator address; holder kind burn (FLOAT)'),

  TX_SWAP_JUPITER: entry('transaction', S.TX_SWAP_JUPITER, 'SWAP (Jupiter)', 'WALLET_RISK_LOW swaps 2 SOL for USDC via Jupiter v6 routed through Raydium (2024-07-01)'),
  TX_SWAP_FAILED: entry('transaction', S.TX_SWAP_FAILED, 'failed transaction', 'WALLET_RISK_LOW: a Jupiter swap that failed on slippage (custom program error 0x1771), no transfers'),
  TX_TRANSFER_SOL: entry('transaction', S.TX_TRANSFER_SOL, 'TRANSFER (SOL)', 'WALLET_DEFI sends 3.5 SOL to a friend (System program)'),
  TX_TRANSFER_SPL: entry('transaction', S.TX_TRANSFER_SPL, 'TRANSFER (SPL)', 'WALLET_DEFI sends 250 USDC to a friend (Token program)'),
  TX_STAKE_MARINADE: entry('transaction', S.TX_STAKE_MARINADE, 'STAKE_SOL (Marinade)', 'WALLET_DEFI deposits 10 SOL into Marinade and receives mSOL'),
  TX_STAKE_NATIVE: entry('transaction', S.TX_STAKE_NATIVE, 'STAKE_SOL (native stake account)', 'WALLET_DEFI funds and delegates a native stake account with 5 SOL (Stake program)'),
  TX_ADD_LIQUIDITY: entry('transaction', S.TX_ADD_LIQUIDITY, 'ADD_LIQUIDITY (Raydium)', 'WALLET_DEFI adds SOL + USDC to the Raydium SOL-USDC pool and receives RLP'),
  TX_NFT_SALE: entry('transaction', S.TX_NFT_SALE, 'NFT_SALE (Magic Eden)', 'WALLET_NFT_COLLECTOR buys Sandbox Monkes #2210 for 42 SOL on Magic Eden v2 (royalty and fee transfers)'),
  TX_NFT_MINT: entry('transaction', S.TX_NFT_MINT, 'NFT_MINT', 'WALLET_NFT_COLLECTOR mints Loopback Lads #777 from its Candy Machine for 1.5 SOL'),
  TX_CNFT_MINT: entry('transaction', S.TX_CNFT_MINT, 'COMPRESSED_NFT_MINT (spam airdrop)', 'a spammer mints a claim-bait compressed NFT into WALLET_SPAM_RECEIVER via Bubblegum'),
} as const satisfies Record<string, CastEntry>;
