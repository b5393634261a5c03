/**
 * Wallet plans: the designed cast wallets (what each shows is in cast.ts) and the generic plan that
 * answers any other address. Cast wallets' background details (exact times, amounts) come from the
 * seed; what makes each one show its class holds for every seed. The documented transactions on
 * FEATURED_DAY are seed-independent and come first in their day, so their signatures are fixed.
 */
import { CAST_ADDRESS as A, DUST_MINTS, FEATURED_TX } from './cast.js';
import { castTraderPlans } from './cast-traders.js';
import { smartMoneyPlans } from './cast-smart.js';
import { sybilRingPlans } from './cast-clusters.js';
import { ENTITY, JITOSOL_MINT, MSOL_MINT, USDC_MINT, WSOL_MINT } from './entities.js';
import type { Draft, Holding, WalletPlan } from './history.js';
import { COLLECTIONS, SPAMMERS, benignAirdrop, collectedNft, randomCollectedNft, spamAirdrop } from './nfts.js';
import { deriveAddress, deriveMint, deriveWallet, keyOf, keyUnit, mix32, rng, Rng } from './random.js';
import { DAY, FEATURED_DAY, HOUR, MINUTE, WORLD_START, epochStart } from './time.js';
import type { PoolSpec, TokenSpec } from './tokens.js';
import {
  addLiquidityTx,
  bridgeOutTx,
  cnftMintTx,
  drainerTx,
  kaminoDepositTx,
  marinadeStakeTx,
  marinadeUnstakeTx,
  nativeStakeTx,
  nftMintTx,
  nftSaleTx,
  solTransferTx,
  splTransferTx,
  swapTx,
  withdrawLiquidityTx,
  SLIPPAGE_ERROR,
  type Dex,
  type TxEnv,
} from './transactions.js';
import type { DefiPositionState, NftState } from './types.js';

export interface PlanCtx extends TxEnv {
  seed: string;
  spec(mint: string): TokenSpec | null;
}

const TAU = 2 * Math.PI;
/** History cap of cast wallets (generic wallets keep fewer). */
export const CAST_HISTORY_LIMIT = 200;
export const GENERIC_HISTORY_LIMIT = 40;
/** Perpetually young wallets: a life lasts 24 days and is always at least 2 days old. */
const YOUNG_PERIOD = 24 * DAY;
const YOUNG_MIN_AGE = 2 * DAY;

interface PoolRef {
  address: string;
  dex: Dex;
  mint: string;
  quoteMint: string;
}

function poolRef(ctx: PlanCtx, mint: string, i = 0): PoolRef {
  const spec = ctx.spec(mint);
  const p: PoolSpec | undefined = spec?.pools[i];
  if (!p) throw new Error(`no pool ${i} for ${mint}`);
  return { address: p.address, dex: p.dex, mint, quoteMint: p.quoteMint };
}

/** A swap through `pool`, buying (quote → token) or selling (token → quote). */
function poolSwap(ctx: PlanCtx, owner: string, ts: number, pool: PoolRef, buy: boolean, usd: number, viaJupiter: boolean, extra: { error?: string | null; extraPrograms?: string[] } = {}) {
  return swapTx(ctx, {
    owner,
    ts,
    pool: pool.address,
    dex: pool.dex,
    viaJupiter,
    inMint: buy ? pool.quoteMint : pool.mint,
    outMint: buy ? pool.mint : pool.quoteMint,
    usd,
    ...extra,
  });
}

/** n sorted times on day d between the two UTC hours. */
function timesIn(r: Rng, d: number, n: number, fromHour: number, toHour: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(d * DAY + Math.floor(r.range(fromHour * HOUR, toHour * HOUR)));
  return out.sort((a, b) => a - b);
}

/** Times across hour h with gaps of mean × U(0.2, 1.8) (CV ≈ 0.46: busy but not clockwork). */
function continuousTimes(r: Rng, h: number, meanGap: number): number[] {
  const out: number[] = [];
  let ts = h * HOUR + r.range(0, meanGap);
  while (ts < (h + 1) * HOUR) {
    out.push(Math.floor(ts));
    ts += meanGap * r.range(0.2, 1.8);
  }
  return out;
}

function strHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return mix32(h);
}

function lamportsWave(sol: number, address: string, amp = 0.03): (t: number) => bigint {
  const period = (3 + (strHash(address) % 9)) * DAY;
  const phase = (strHash(address + ':phase') % 1000) / 1000 * TAU;
  return (t) => BigInt(Math.max(0, Math.round(sol * (1 + amp * Math.sin((TAU * t) / period + phase)) * 1e9)));
}

/** Amount of a holding at t (slow drift around the design point). */
export function holdingUiAt(h: Holding, owner: string, t: number): number {
  const amp = h.amp ?? 0.02;
  if (amp === 0) return h.ui;
  const k = strHash(owner + h.mint);
  const period = (2 + (k % 13)) * DAY;
  return h.ui * (1 + amp * Math.sin((TAU * t) / period + (k % 628) / 100));
}

const fixed = (at: number) => () => at;
const young = (t: number) => epochStart(t, YOUNG_PERIOD, YOUNG_MIN_AGE);
const friendsOf = (address: string, n: number, seed = '') => Array.from({ length: n }, (_, i) => deriveWallet(seed, 'friend', address, i));

/** Dust holdings worth $0.05–$0.60 each at the dust token's base price. */
function dustHoldings(ctx: PlanCtx, r: Rng, count: number): Holding[] {
  return DUST_MINTS.slice(0, count).map((mint) => {
    const base = ctx.spec(mint)?.price?.base ?? 1e-5;
    return { mint, ui: Math.round(r.range(0.05, 0.6) / base), amp: 0.01 };
  });
}

type PlanInput = Partial<Omit<WalletPlan, 'generate'>> & Pick<WalletPlan, 'bornAt'> & { day?: (d: number) => Draft[]; hour?: (h: number) => Draft[] };

/** A cast plan generating per UTC day (`day`) or, for busy wallets, per hour (`hour`). */
function basePlan(address: string, over: PlanInput): WalletPlan {
  const { day, hour, ...rest } = over;
  const generate = hour ?? day ?? (() => []);
  return { address, limit: CAST_HISTORY_LIMIT, lamports: () => 0n, holdings: [], nfts: [], rollingNftLimit: 0, bucketSeconds: hour ? HOUR : DAY, generate, ...rest };
}

// ---------------------------------------------------------------------------------------------
// Cast wallets

function castPlans(ctx: PlanCtx): WalletPlan[] {
  const seed = ctx.seed;
  const dayRng = (address: string) => {
    const key = keyOf(seed, 'cast-wallet-day', address);
    return (d: number) => Rng.fromKey(key, d);
  };
  const solUsdcOrca = poolRef(ctx, WSOL_MINT, 0);
  const solUsdcRay = poolRef(ctx, WSOL_MINT, 1);
  const rockRay = poolRef(ctx, A.TOKEN_SAFE, 0);
  const rockOrca = poolRef(ctx, A.TOKEN_SAFE, 1);
  const plans: WalletPlan[] = [];

  // regular_intervals: every 4 h ± 45 s, five rotating actions.
  {
    const me = A.WALLET_REGULAR_INTERVALS;
    const R = dayRng(me);
    const friend = deriveWallet('friend', me, 0);
    plans.push(basePlan(me, {
      bornAt: fixed(WORLD_START + 10 * DAY),
      lamports: lamportsWave(24, me),
      holdings: [{ mint: USDC_MINT, ui: 800 }, { mint: A.TOKEN_SAFE, ui: 300 }, { mint: MSOL_MINT, ui: 2 }],
      day: (d) => {
        const r = R(d);
        const out: Draft[] = [];
        for (let k = 0; k < 6; k++) {
          const ts = d * DAY + k * 4 * HOUR + 17 * MINUTE + Math.round(r.range(-45, 45));
          switch ((d * 6 + k) % 5) {
            case 0: out.push({ tx: poolSwap(ctx, me, ts, solUsdcOrca, false, r.range(35, 45), true) }); break;
            case 1: out.push({ tx: solTransferTx({ ts, from: me, to: ENTITY.okx.address, sol: 0.2 }) }); break;
            case 2: out.push({ tx: poolSwap(ctx, me, ts, rockOrca, true, r.range(20, 30), true) }); break;
            case 3: out.push({ tx: splTransferTx(ctx, { ts, from: me, to: friend, mint: USDC_MINT, ui: 25 }) }); break;
            default: out.push({ tx: marinadeStakeTx(ctx, { ts, owner: me, sol: 0.1 }) });
          }
        }
        return out;
      },
    }));
  }

  // high_frequency: ≈ 20 swaps/h around the clock over 8 pools, Jupiter-routed or direct.
  {
    const me = A.WALLET_HIGH_FREQUENCY;
    const R = dayRng(me);
    const pools = [solUsdcOrca, solUsdcRay, rockRay, rockOrca, poolRef(ctx, A.TOKEN_VOL_LOW), poolRef(ctx, A.TOKEN_VOL_MODERATE), poolRef(ctx, A.TOKEN_HHI_WELL), poolRef(ctx, A.TOKEN_FLOAT)];
    plans.push(basePlan(me, {
      bornAt: fixed(WORLD_START + 30 * DAY),
      lamports: lamportsWave(61, me),
      holdings: [{ mint: USDC_MINT, ui: 5_400 }, { mint: A.TOKEN_SAFE, ui: 1_200 }, { mint: A.TOKEN_VOL_LOW, ui: 400 }, { mint: A.TOKEN_FLOAT, ui: 90_000 }],
      hour: (h) => {
        const r = R(h);
        return continuousTimes(r, h, 180).map((ts) => ({ tx: poolSwap(ctx, me, ts, r.pick(pools), r.chance(0.5), r.range(20, 300), r.chance(0.5)) }));
      },
    }));
  }

  // 24_7_active: exactly one transaction in every UTC hour.
  {
    const me = A.WALLET_24_7_ACTIVE;
    const R = dayRng(me);
    const friends = friendsOf(me, 5);
    const swell = poolRef(ctx, A.TOKEN_VOL_MODERATE);
    plans.push(basePlan(me, {
      bornAt: fixed(WORLD_START + 20 * DAY),
      lamports: lamportsWave(17, me),
      holdings: [{ mint: USDC_MINT, ui: 650 }, { mint: A.TOKEN_VOL_MODERATE, ui: 900 }],
      day: (d) => {
        const r = R(d);
        const out: Draft[] = [];
        for (let h = 0; h < 24; h++) {
          const ts = d * DAY + h * HOUR + r.int(HOUR);
          const friend = friends[(d + h) % friends.length]!;
          switch (r.int(5)) {
            case 0: out.push({ tx: poolSwap(ctx, me, ts, solUsdcOrca, r.chance(0.5), r.range(10, 90), true) }); break;
            case 1: out.push({ tx: poolSwap(ctx, me, ts, swell, r.chance(0.5), r.range(10, 60), true) }); break;
            case 2: out.push({ tx: solTransferTx({ ts, from: me, to: friend, sol: r.range(0.01, 0.3) }) }); break;
            case 3: out.push({ tx: splTransferTx(ctx, { ts, from: me, to: friend, mint: USDC_MINT, ui: Math.round(r.range(1, 40)) }) }); break;
            default: out.push({ tx: marinadeStakeTx(ctx, { ts, owner: me, sol: r.range(0.05, 0.5) }) });
          }
        }
        return out;
      },
    }));
  }

  // repetitive_actions: the same Jupiter→Raydium SOL→USDC swap 3–5 times a day (08–20 UTC).
  {
    const me = A.WALLET_REPETITIVE;
    const R = dayRng(me);
    plans.push(basePlan(me, {
      bornAt: fixed(WORLD_START + 40 * DAY),
      lamports: lamportsWave(44, me),
      holdings: [{ mint: USDC_MINT, ui: 3_100 }],
      day: (d) => {
        const r = R(d);
        return timesIn(r, d, 3 + r.int(3), 8, 20).map((ts) => ({ tx: poolSwap(ctx, me, ts, solUsdcRay, false, 75, true) }));
      },
    }));
  }

  // nft_collector: 14 collected NFTs in 4 named collections; buys and sells on Magic Eden.
  {
    const me = A.WALLET_NFT_COLLECTOR;
    const R = dayRng(me);
    const fr = rng('featured', me);
    const monke = collectedNft(COLLECTIONS.monkes, 2210);
    const lad = collectedNft(COLLECTIONS.lads, 777);
    const held: NftState[] = [
      monke, collectedNft(COLLECTIONS.monkes, 14), collectedNft(COLLECTIONS.monkes, 388), collectedNft(COLLECTIONS.monkes, 1999), collectedNft(COLLECTIONS.monkes, 4120),
      lad, collectedNft(COLLECTIONS.lads, 21), collectedNft(COLLECTIONS.lads, 5050), collectedNft(COLLECTIONS.lads, 9001),
      collectedNft(COLLECTIONS.glyphs, 7), collectedNft(COLLECTIONS.glyphs, 64), collectedNft(COLLECTIONS.glyphs, 512),
      collectedNft(COLLECTIONS.degens, 42), collectedNft(COLLECTIONS.degens, 1337),
      benignAirdrop(fr, `${me}:drop:0`), benignAirdrop(fr, `${me}:drop:1`),
    ];
    const sellers = friendsOf(me, 6, 'nft-seller');
    plans.push(basePlan(me, {
      bornAt: fixed(WORLD_START - 100 * DAY),
      lamports: lamportsWave(180, me),
      holdings: [{ mint: USDC_MINT, ui: 2_000 }],
      nfts: held,
      day: (d) => {
        const out: Draft[] = [];
        if (d === FEATURED_DAY) {
          out[FEATURED_TX.TX_NFT_SALE.index] = { tx: nftSaleTx(ctx, { ts: d * DAY + 15 * HOUR + 4 * MINUTE + 11, buyer: me, seller: sellers[0]!, nft: monke, priceSol: 42, creator: COLLECTIONS.monkes.creator }) };
          out[FEATURED_TX.TX_NFT_MINT.index] = { tx: nftMintTx(ctx, { ts: d * DAY + 18 * HOUR + 30 * MINUTE + 2, minter: me, nft: lad, candyMachine: COLLECTIONS.lads.candyMachine, treasury: COLLECTIONS.lads.creator, priceSol: 1.5 }) };
        }
        const r = R(d);
        if (!r.chance(0.6)) return out;
        const [ts] = timesIn(r, d, 1, 9, 23);
        const roll = r.int(10);
        if (d % 30 === 0) out.push({ tx: solTransferTx({ ts: ts!, from: ENTITY.solanaFoundation.address, to: me, sol: 25, feePayer: ENTITY.solanaFoundation.address }) });
        else if (roll < 4) {
          // Sells an NFT it no longer holds (sales reduce holdings, so holdings stay consistent).
          const c = r.pick(Object.values(COLLECTIONS));
          const sold = collectedNft(c, 1 + r.int(c.size));
          out.push({ tx: nftSaleTx(ctx, { ts: ts!, buyer: r.pick(sellers), seller: me, nft: sold, priceSol: Math.round(r.range(2, 60) * 10) / 10, creator: c.creator }) });
        } else if (roll < 7) out.push({ tx: poolSwap(ctx, me, ts!, solUsdcOrca, r.chance(0.5), r.range(100, 900), true) });
        else out.push({ tx: solTransferTx({ ts: ts!, from: me, to: r.pick(sellers), sol: Math.round(r.range(1, 20)) }) });
        return out;
      },
    }));
  }

  // Spam receiver: two compressed airdrops a day (12–22 UTC), keeps the 300 most recent; 3 collected.
  {
    const me = A.WALLET_SPAM_RECEIVER;
    const R = dayRng(me);
    const fr = rng('featured', me);
    const featured = spamAirdrop(fr, `${me}:featured`, 0);
    const friends = friendsOf(me, 4);
    plans.push(basePlan(me, {
      bornAt: fixed(WORLD_START - 200 * DAY),
      lamports: lamportsWave(0.9, me),
      holdings: [{ mint: USDC_MINT, ui: 35 }],
      nfts: [collectedNft(COLLECTIONS.glyphs, 300), collectedNft(COLLECTIONS.degens, 77), collectedNft(COLLECTIONS.degens, 2048)],
      rollingNftLimit: 300,
      day: (d) => {
        const out: Draft[] = [];
        if (d === FEATURED_DAY) {
          out[FEATURED_TX.TX_CNFT_MINT.index] = { tx: cnftMintTx({ ts: d * DAY + 12 * HOUR + 1 * MINUTE + 40, minter: SPAMMERS[0]!, owner: me, nft: featured }), nft: featured };
        }
        const r = R(d);
        for (const [i, ts] of timesIn(r, d, 2, 12, 22).entries()) {
          const key = `${seed}:${me}:${d}:${i}`;
          const nft = r.chance(0.67) ? spamAirdrop(r, key) : benignAirdrop(r, key);
          out.push({ tx: cnftMintTx({ ts, minter: r.pick(SPAMMERS), owner: me, nft }), nft });
        }
        // Its own (varied) activity, so the airdrops it receives are not most of its history.
        for (const ts of timesIn(r, d, 2 + r.int(2), 8, 22)) {
          const roll = r.int(3);
          if (roll === 0) out.push({ tx: poolSwap(ctx, me, ts, solUsdcOrca, r.chance(0.5), r.range(5, 60), true) });
          else if (roll === 1) out.push({ tx: solTransferTx({ ts, from: me, to: friends[r.int(friends.length)]!, sol: r.range(0.01, 0.1) }) });
          else out.push({ tx: splTransferTx(ctx, { ts, from: me, to: friends[r.int(friends.length)]!, mint: USDC_MINT, ui: Math.round(r.range(1, 10)) }) });
        }
        return out;
      },
    }));
  }

  // New wallet: always 2–26 days old; funded by Binance (sandbox), then a few swaps and transfers.
  {
    const me = A.WALLET_NEW;
    const R = dayRng(me);
    const friend = deriveWallet('friend', me, 0);
    plans.push(basePlan(me, {
      bornAt: young,
      lamports: lamportsWave(3.5, me),
      holdings: [{ mint: USDC_MINT, ui: 120 }, { mint: A.TOKEN_SAFE, ui: 40 }],
      day: (d) => {
        const out: Draft[] = [];
        const dayStart = d * DAY;
        if (dayStart % YOUNG_PERIOD === 0) out.push({ tx: solTransferTx({ ts: dayStart + 10 * MINUTE, from: ENTITY.binance.address, to: me, sol: 5, feePayer: ENTITY.binance.address }) });
        const r = R(d);
        for (const ts of timesIn(r, d, 1 + r.int(3), 10, 22)) {
          if (ts < dayStart + 20 * MINUTE) continue;
          const roll = r.int(3);
          if (roll === 0) out.push({ tx: poolSwap(ctx, me, ts, solUsdcOrca, false, r.range(10, 60), true) });
          else if (roll === 1) out.push({ tx: poolSwap(ctx, me, ts, rockOrca, true, r.range(5, 30), true) });
          else out.push({ tx: solTransferTx({ ts, from: me, to: friend, sol: r.range(0.01, 0.2) }) });
        }
        return out;
      },
    }));
  }

  // Airdrop farmer: 40 dust holdings under $1, receives dust drops from 12 distributors.
  {
    const me = A.WALLET_AIRDROP_FARMER;
    const R = dayRng(me);
    const distributors = Array.from({ length: 12 }, (_, i) => deriveWallet('dust-distributor', i));
    plans.push(basePlan(me, {
      bornAt: fixed(WORLD_START - 50 * DAY),
      lamports: lamportsWave(0.8, me),
      holdings: dustHoldings(ctx, rng(seed, 'farmer-dust'), 40),
      day: (d) => {
        const r = R(d);
        return timesIn(r, d, 1 + r.int(3), 6, 23).map((ts) => {
          if (r.chance(0.15)) return { tx: solTransferTx({ ts, from: me, to: deriveWallet('farmer-sibling', me, r.int(4)), sol: 0.002 }) };
          const mint = r.pick(DUST_MINTS);
          const from = r.pick(distributors);
          const base = ctx.spec(mint)?.price?.base ?? 1e-5;
          return { tx: splTransferTx(ctx, { ts, from, to: me, mint, ui: Math.round(r.range(0.01, 0.2) / base), feePayer: from }) };
        });
      },
    }));
  }

  // Risk LOW (0.10): SWAP only (low diversity) over 12 pools on 3 protocols, ~0.5/day, old.
  {
    const me = A.WALLET_RISK_LOW;
    const R = dayRng(me);
    const pools = [
      solUsdcOrca, solUsdcRay, rockRay, rockOrca,
      poolRef(ctx, A.TOKEN_VOL_LOW), poolRef(ctx, A.TOKEN_VOL_MODERATE), poolRef(ctx, A.TOKEN_VOL_HIGH), poolRef(ctx, A.TOKEN_HHI_WELL),
      poolRef(ctx, A.TOKEN_HHI_MODERATE), poolRef(ctx, A.TOKEN_FLOAT), poolRef(ctx, MSOL_MINT), poolRef(ctx, JITOSOL_MINT),
    ];
    plans.push(basePlan(me, {
      bornAt: fixed(WORLD_START - 30 * DAY),
      lamports: lamportsWave(35, me),
      holdings: [{ mint: USDC_MINT, ui: 2_400 }, { mint: A.TOKEN_SAFE, ui: 900 }, { mint: A.TOKEN_VOL_LOW, ui: 150 }],
      day: (d) => {
        const out: Draft[] = [];
        if (d === FEATURED_DAY) {
          const ts = d * DAY + 10 * HOUR + 15 * MINUTE;
          const sol = ctx.price(WSOL_MINT, ts);
          out[FEATURED_TX.TX_SWAP_JUPITER.index] = { tx: poolSwap(ctx, me, ts, solUsdcRay, false, 2 * sol, true) };
          out[FEATURED_TX.TX_SWAP_FAILED.index] = { tx: poolSwap(ctx, me, ts + 6 * MINUTE + 30, solUsdcRay, false, 2 * sol, true, { error: SLIPPAGE_ERROR }) };
        }
        const r = R(d);
        if (r.chance(0.5)) for (const ts of timesIn(r, d, 1, 8, 22)) out.push({ tx: poolSwap(ctx, me, ts, r.pick(pools), r.chance(0.5), r.range(50, 500), r.chance(0.6)) });
        return out;
      },
    }));
  }

  // Risk MODERATE (0.35): young; SOL transfers only (System) to 16 friends in rotation.
  {
    const me = A.WALLET_RISK_MODERATE;
    const R = dayRng(me);
    const friends = rng(seed, 'moderate-friends').shuffle(friendsOf(me, 16));
    plans.push(basePlan(me, {
      bornAt: young,
      lamports: lamportsWave(6.2, me),
      holdings: [{ mint: USDC_MINT, ui: 40 }],
      day: (d) => {
        const r = R(d);
        const out: Draft[] = [];
        const dayStart = d * DAY;
        if (dayStart % YOUNG_PERIOD === 0) out.push({ tx: solTransferTx({ ts: dayStart + 5 * MINUTE, from: ENTITY.kraken.address, to: me, sol: 12, feePayer: ENTITY.kraken.address }) });
        timesIn(r, d, 2 + r.int(4), 9, 22).forEach((ts, k) => {
          const friend = friends[(d * 5 + k) % friends.length]!;
          out.push({ tx: r.chance(0.8) ? solTransferTx({ ts, from: me, to: friend, sol: r.range(0.05, 1.5) }) : solTransferTx({ ts, from: friend, to: me, sol: r.range(0.05, 0.8) }) });
        });
        return out;
      },
    }));
  }

  // Risk ELEVATED (0.55): every ~2 days the same SOL transfer to Coinbase (sandbox); old.
  {
    const me = A.WALLET_RISK_ELEVATED;
    const R = dayRng(me);
    plans.push(basePlan(me, {
      bornAt: fixed(WORLD_START - 60 * DAY),
      lamports: lamportsWave(3.1, me),
      holdings: [{ mint: USDC_MINT, ui: 210 }],
      day: (d) => {
        const r = R(d);
        if (!r.chance(0.5)) return [];
        return timesIn(r, d, 1, 14, 20).map((ts) => ({ tx: solTransferTx({ ts, from: me, to: ENTITY.coinbase.address, sol: Math.round(r.range(1.8, 2.2) * 100) / 100 }) }));
      },
    }));
  }

  // Risk HIGH (0.75): young; ≈ 20 tx/h; 14 of 15 are swaps through 2 pools, every 15th a drainer call.
  {
    const me = A.WALLET_RISK_HIGH;
    const R = dayRng(me);
    const collector = A.WALLET_DRAINER_COLLECTOR;
    plans.push(basePlan(me, {
      bornAt: young,
      lamports: lamportsWave(1.4, me),
      holdings: [{ mint: USDC_MINT, ui: 85 }, { mint: A.TOKEN_SAFE, ui: 40 }],
      hour: (h) => {
        const r = R(h);
        // Every 15th transaction (counted across hours) is a drainer call.
        return continuousTimes(r, h, 180).map((ts, k) => {
          if ((h * 20 + k) % 15 === 7) return { tx: drainerTx(ctx, { ts, victim: me, collector, mint: A.TOKEN_SAFE, raw: BigInt(1 + r.int(5)) * 1_000_000n }) };
          const pool = r.chance(0.6) ? solUsdcRay : rockOrca;
          return { tx: poolSwap(ctx, me, ts, pool, r.chance(0.5), r.range(5, 40), true) };
        });
      },
    }));
  }

  // Risk CRITICAL (0.95): young; ≈ 20 drainer calls/h to one collector; 25 dust holdings.
  {
    const me = A.WALLET_RISK_CRITICAL;
    const R = dayRng(me);
    const collector = A.WALLET_DRAINER_COLLECTOR;
    plans.push(basePlan(me, {
      bornAt: young,
      lamports: lamportsWave(0.05, me),
      holdings: dustHoldings(ctx, rng(seed, 'critical-dust'), 25),
      hour: (h) => {
        const r = R(h);
        return continuousTimes(r, h, 180).map((ts, k) => {
          const mint = DUST_MINTS[(h + k) % 25]!;
          const base = ctx.spec(mint)?.price?.base ?? 1e-5;
          return { tx: drainerTx(ctx, { ts, victim: me, collector, mint, raw: BigInt(Math.max(1, Math.round(r.range(0.001, 0.01) / base))) * 1_000_000n }) };
        });
      },
    }));
  }

  // DeFi: LST staking, an LP position, a Kamino deposit; varied activity.
  {
    const me = A.WALLET_DEFI;
    const R = dayRng(me);
    const friend = deriveWallet('friend', me, 0);
    const lpPool = solUsdcRay;
    const kaminoAccount = deriveAddress('kamino-obligation', me);
    plans.push(basePlan(me, {
      bornAt: fixed(WORLD_START - 300 * DAY),
      lamports: lamportsWave(12.5, me),
      holdings: [
        { mint: MSOL_MINT, ui: 40 }, { mint: JITOSOL_MINT, ui: 25 }, { mint: A.TOKEN_LP_SOL_USDC, ui: 180 },
        { mint: USDC_MINT, ui: 1_200 }, { mint: A.TOKEN_SAFE, ui: 500 },
      ],
      extraPositions: (t) => {
        const usdc = 2_500 * (1 + 0.08 * ((t - WORLD_START) / (365 * DAY)));
        return [{ protocol: 'kamino', kind: 'lending', account: kaminoAccount, mint: USDC_MINT, amountRaw: String(Math.round(usdc * 1e6)), valueUsd: Math.round(usdc * ctx.price(USDC_MINT, t) * 100) / 100 }];
      },
      day: (d) => {
        const out: Draft[] = [];
        if (d === FEATURED_DAY) {
          const t0 = d * DAY + 9 * HOUR;
          out[FEATURED_TX.TX_TRANSFER_SOL.index] = { tx: solTransferTx({ ts: t0 + 2 * MINUTE + 5, from: me, to: friend, sol: 3.5 }) };
          out[FEATURED_TX.TX_TRANSFER_SPL.index] = { tx: splTransferTx(ctx, { ts: t0 + 9 * MINUTE + 41, from: me, to: friend, mint: USDC_MINT, ui: 250 }) };
          out[FEATURED_TX.TX_STAKE_MARINADE.index] = { tx: marinadeStakeTx(ctx, { ts: t0 + 31 * MINUTE + 12, owner: me, sol: 10 }) };
          out[FEATURED_TX.TX_STAKE_NATIVE.index] = { tx: nativeStakeTx({ ts: t0 + 47 * MINUTE + 3, owner: me, stakeAccount: deriveAddress('stake-account', me, 0), sol: 5 }) };
          out[FEATURED_TX.TX_ADD_LIQUIDITY.index] = { tx: addLiquidityTx(ctx, { ts: t0 + 2 * HOUR + 13 * MINUTE + 58, owner: me, pool: lpPool.address, lpMint: A.TOKEN_LP_SOL_USDC, usd: 2_000, quoteMint: USDC_MINT }) };
        }
        const r = R(d);
        if (!r.chance(0.8)) return out;
        for (const ts of timesIn(r, d, 1 + r.int(2), 8, 23)) {
          switch (r.int(8)) {
            case 0: out.push({ tx: marinadeStakeTx(ctx, { ts, owner: me, sol: Math.round(r.range(0.5, 5) * 10) / 10 }) }); break;
            case 1: out.push({ tx: marinadeUnstakeTx(ctx, { ts, owner: me, msol: Math.round(r.range(0.5, 3) * 10) / 10 }) }); break;
            case 2: out.push({ tx: poolSwap(ctx, me, ts, r.pick([solUsdcOrca, rockOrca, poolRef(ctx, JITOSOL_MINT)]), r.chance(0.5), r.range(50, 800), true) }); break;
            case 3: out.push({ tx: kaminoDepositTx(ctx, { ts, owner: me, mint: USDC_MINT, ui: Math.round(r.range(50, 400)) }) }); break;
            case 4: out.push({ tx: addLiquidityTx(ctx, { ts, owner: me, pool: lpPool.address, lpMint: A.TOKEN_LP_SOL_USDC, usd: r.range(100, 900), quoteMint: USDC_MINT }) }); break;
            case 5: out.push({ tx: withdrawLiquidityTx(ctx, { ts, owner: me, pool: lpPool.address, lpMint: A.TOKEN_LP_SOL_USDC, usd: r.range(100, 600), quoteMint: USDC_MINT }) }); break;
            case 6: out.push({ tx: solTransferTx({ ts, from: ENTITY.kraken.address, to: me, sol: Math.round(r.range(1, 10)), feePayer: ENTITY.kraken.address }) }); break;
            default: out.push({ tx: bridgeOutTx(ctx, { ts, owner: me, mint: USDC_MINT, ui: Math.round(r.range(50, 500)) }) });
          }
        }
        return out;
      },
    }));
  }

  // Empty wallet.
  plans.push(basePlan(A.WALLET_EMPTY, { bornAt: () => null, day: () => [] }));

  // RUGR whales: sell into the pool every few hours (their balances fall through the week).
  const seller = (me: string, born: number, perDay: number, shareSoldPerWeek: number, sol: number) => {
    const R = dayRng(me);
    const pool = poolRef(ctx, A.TOKEN_RISKY);
    const spec = ctx.spec(A.TOKEN_RISKY)!;
    const perSaleTokens = (shareSoldPerWeek * spec.supplyUi) / (7 * perDay);
    plans.push(basePlan(me, {
      bornAt: fixed(born),
      lamports: lamportsWave(sol, me),
      day: (d) => {
        const r = R(d);
        const out: Draft[] = [];
        for (let k = 0; k < perDay; k++) {
          const ts = Math.floor(d * DAY + ((k + r.range(0.1, 0.9)) * DAY) / perDay);
          const usd = perSaleTokens * r.range(0.9, 1.1) * ctx.price(A.TOKEN_RISKY, ts);
          out.push({ tx: poolSwap(ctx, me, ts, pool, false, usd, false) });
        }
        return out;
      },
    }));
  };
  seller(A.WALLET_RUGR_DEV, WORLD_START + 100 * DAY, 8, 0.04, 220);
  seller(A.WALLET_RUGR_WHALE, WORLD_START + 101 * DAY, 5, 0.02, 35);

  // GULP whale: buys from the pool six times a day (its share rises through the week).
  {
    const me = A.WALLET_GULP_WHALE;
    const R = dayRng(me);
    const pool = poolRef(ctx, A.TOKEN_WHALE_ACCUMULATING);
    const spec = ctx.spec(A.TOKEN_WHALE_ACCUMULATING)!;
    const perDay = 6;
    const perBuyTokens = (0.03 * spec.supplyUi) / (7 * perDay);
    plans.push(basePlan(me, {
      bornAt: fixed(WORLD_START + 20 * DAY),
      lamports: lamportsWave(900, me),
      holdings: [{ mint: USDC_MINT, ui: 250_000 }],
      day: (d) => {
        const r = R(d);
        return Array.from({ length: perDay }, (_, k) => {
          const ts = Math.floor(d * DAY + ((k + r.range(0.1, 0.9)) * DAY) / perDay);
          return { tx: poolSwap(ctx, me, ts, pool, true, perBuyTokens * r.range(0.9, 1.1) * ctx.price(A.TOKEN_WHALE_ACCUMULATING, ts), false) };
        });
      },
    }));
  }

  // Drainer collector: sells what it sweeps a few times a day.
  {
    const me = A.WALLET_DRAINER_COLLECTOR;
    const R = dayRng(me);
    plans.push(basePlan(me, {
      bornAt: fixed(WORLD_START),
      lamports: lamportsWave(410, me),
      holdings: [{ mint: USDC_MINT, ui: 3_100 }, { mint: A.TOKEN_SAFE, ui: 2_000 }],
      day: (d) => {
        const r = R(d);
        return timesIn(r, d, 3, 0, 24).map((ts) => ({ tx: poolSwap(ctx, me, ts, rockRay, false, r.range(20, 200), true) }));
      },
    }));
  }

  return plans;
}

/** The cast wallets' plans by address. */
export function castWalletPlans(ctx: PlanCtx): Map<string, WalletPlan> {
  return new Map([...castPlans(ctx), ...sybilRingPlans(ctx), ...castTraderPlans(ctx), ...smartMoneyPlans(ctx)].map((p) => [p.address, p]));
}

// ---------------------------------------------------------------------------------------------
// Generic wallets (any other address)

/** Tokens a generic wallet may hold: familiar cast/real tokens plus 48 hash-generated mints. */
function genericCandidates(seed: string): string[] {
  return [
    USDC_MINT, USDC_MINT, MSOL_MINT, JITOSOL_MINT, A.TOKEN_SAFE, A.TOKEN_VOL_LOW, A.TOKEN_VOL_MODERATE, A.TOKEN_HHI_WELL, A.TOKEN_FLOAT, A.TOKEN_CAUTION,
    ...Array.from({ length: 48 }, (_, i) => deriveMint(seed, 'background-token', i)),
  ];
}

const candidateCache = new Map<string, string[]>();

export interface GenericOptions {
  /** Institutional account (exchange, bridge, …): bigger balances, busier. */
  institutional?: boolean;
}

/** A plausible small wallet for any address: a few tokens, a few NFTs, 5–40 transactions. */
export function genericPlan(ctx: PlanCtx, address: string, opts: GenericOptions = {}): WalletPlan {
  const seed = ctx.seed;
  const r = rng(seed, 'generic-wallet', address);
  const big = opts.institutional === true;
  const born = WORLD_START - r.int(400) * DAY - r.int(DAY);
  const rate = big ? 0.9 : r.range(0.004, 0.025);
  const startHour = r.int(24);
  const friends = [...friendsOf(address, 5, seed), r.pick([ENTITY.binance, ENTITY.coinbase, ENTITY.kraken, ENTITY.okx]).address];
  let candidates = candidateCache.get(seed);
  if (!candidates) {
    candidates = genericCandidates(seed);
    candidateCache.set(seed, candidates);
  }
  const holdings: Holding[] = [];
  const n = big ? 4 : r.int(5);
  for (let i = 0; i < n; i++) {
    const mint = r.pick(candidates);
    if (holdings.some((h) => h.mint === mint)) continue;
    const spec = ctx.spec(mint);
    const price = spec?.price ? ctx.price(mint, WORLD_START) : 0;
    const usd = big ? r.logRange(1e5, 5e7) : r.logRange(2, 5_000);
    holdings.push({ mint, ui: price > 0 ? usd / price : Math.round(r.logRange(10, 1e6)) });
  }
  const nfts: NftState[] = [];
  const nNfts = big ? 0 : r.int(5);
  for (let i = 0; i < nNfts; i++) {
    const roll = r.next();
    nfts.push(roll < 0.5 ? randomCollectedNft(r) : roll < 0.75 ? benignAirdrop(r, `${seed}:${address}:${i}`) : spamAirdrop(r, `${seed}:${address}:${i}`));
  }
  const held = holdings.map((h) => h.mint).filter((m) => (ctx.spec(m)?.pools.length ?? 0) > 0);
  const key = keyOf(seed, 'generic-wallet-day', address);
  const sol = big ? r.logRange(2e4, 4e5) : r.logRange(0.005, 40);
  return {
    address,
    limit: big ? 100 : GENERIC_HISTORY_LIMIT,
    bornAt: fixed(born),
    lamports: lamportsWave(sol, address, 0.05),
    holdings,
    nfts,
    rollingNftLimit: 0,
    bucketSeconds: DAY,
    generate: (d) => {
      if (keyUnit(key, d) >= rate) return [];
      const rr = Rng.fromKey(key, d);
      const out: Draft[] = [];
      const count = 1 + rr.int(big ? 6 : 2);
      for (let i = 0; i < count; i++) {
        const ts = d * DAY + ((startHour * HOUR + Math.floor(rr.range(0, 14 * HOUR))) % DAY);
        const friend = rr.pick(friends);
        const roll = rr.next();
        if (roll < 0.4) out.push({ tx: rr.chance(0.5) ? solTransferTx({ ts, from: address, to: friend, sol: Math.round(rr.logRange(0.01, big ? 5_000 : 3) * 1e4) / 1e4 }) : solTransferTx({ ts, from: friend, to: address, sol: Math.round(rr.logRange(0.01, big ? 5_000 : 3) * 1e4) / 1e4, feePayer: friend }) });
        else if (roll < 0.75) {
          const mint = held.length > 0 && rr.chance(0.6) ? rr.pick(held) : USDC_MINT;
          const pools = ctx.spec(mint)!.pools;
          const p = pools[rr.int(pools.length)]!;
          out.push({ tx: poolSwap(ctx, address, ts, { address: p.address, dex: p.dex, mint, quoteMint: p.quoteMint }, rr.chance(0.5), rr.logRange(5, big ? 50_000 : 800), rr.chance(0.7)) });
        } else out.push({ tx: splTransferTx(ctx, { ts, from: address, to: friend, mint: USDC_MINT, ui: Math.round(rr.logRange(1, big ? 100_000 : 500)) }) });
      }
      return out.sort((a, b) => a.tx.timestamp - b.tx.timestamp);
    },
  };
}

/** Program accounts: executable, rent-exempt minimum, no activity of their own. */
export function programPlan(address: string): WalletPlan {
  return { address, limit: 0, bornAt: () => null, lamports: () => 1_141_440n, holdings: [], nfts: [], rollingNftLimit: 0, bucketSeconds: DAY, generate: () => [] };
}

export function defiPositionsFromHoldings(tokens: { mint: string; tokenAccount: string; amountRaw: string; decimals: number }[], price: (mint: string) => number | null): DefiPositionState[] {
  const out: DefiPositionState[] = [];
  for (const t of tokens) {
    const protocol = t.mint === MSOL_MINT ? 'marinade' : t.mint === JITOSOL_MINT ? 'jito' : t.mint === A.TOKEN_LP_SOL_USDC ? 'raydium' : null;
    if (!protocol) continue;
    const p = price(t.mint) ?? 0;
    const ui = Number(BigInt(t.amountRaw)) / 10 ** t.decimals;
    out.push({ protocol, kind: protocol === 'raydium' ? 'liquidity' : 'staking', account: t.tokenAccount, mint: t.mint, amountRaw: t.amountRaw, valueUsd: Math.round(ui * p * 100) / 100 });
  }
  return out;
}

