/**
 * Plans for addresses outside the cast: a plausible small wallet generated from (seed, address) for any
 * other address (institutional accounts are bigger and busier), and the inert plan of program accounts.
 */
import { CAST_ADDRESS as A } from './cast.js';
import { ENTITY, JITOSOL_MINT, MSOL_MINT, USDC_MINT } from './entities.js';
import type { Draft, Holding, WalletPlan } from './history.js';
import { benignAirdrop, randomCollectedNft, spamAirdrop } from './nfts.js';
import type { PlanCtx } from './plan-context.js';
import { fixed, friendsOf, poolSwap } from './plan-kit.js';
import { deriveMint, keyOf, keyUnit, rng, Rng } from './random.js';
import { DAY, HOUR, WORLD_START } from './time.js';
import { solTransferTx, splTransferTx } from './transactions.js';
import type { NftState } from './types.js';
import { lamportsWave } from './wallet-drift.js';

/** History cap of generic wallets (cast wallets keep CAST_HISTORY_LIMIT). */
const GENERIC_HISTORY_LIMIT = 40;

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
