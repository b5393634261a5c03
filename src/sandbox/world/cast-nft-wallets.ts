/**
 * Cast wallets that show NFT holdings (what each shows: cast.ts, docs/sandbox-cast.md "Wallets"):
 * WALLET_NFT_COLLECTOR (collected NFTs, Magic Eden sales, the featured NFT sale and mint) and
 * WALLET_SPAM_RECEIVER (compressed spam airdrops, the featured cNFT mint).
 */
import { CAST_ADDRESS as A, FEATURED_TX } from './cast.js';
import { ENTITY, USDC_MINT } from './entities.js';
import type { Draft, WalletPlan } from './history.js';
import { COLLECTIONS, SPAMMERS, benignAirdrop, collectedNft, spamAirdrop } from './nfts.js';
import type { PlanCtx } from './plan-context.js';
import { castPlan, commonPools, fixed, friendsOf, poolSwap, timesIn } from './plan-kit.js';
import { rng } from './random.js';
import { DAY, FEATURED_DAY, HOUR, MINUTE, WORLD_START } from './time.js';
import { cnftMintTx, nftMintTx, nftSaleTx, solTransferTx, splTransferTx } from './transactions.js';
import type { NftState } from './types.js';

/** The NFT wallets' plans, in cast order. */
export function nftWalletPlans(ctx: PlanCtx): WalletPlan[] {
  return [nftCollectorPlan(ctx), spamReceiverPlan(ctx)];
}

/** nft_collector: 14 collected NFTs in 4 named collections; buys and sells on Magic Eden. */
function nftCollectorPlan(ctx: PlanCtx): WalletPlan {
  const { solUsdcOrca } = commonPools(ctx);
  const me = A.WALLET_NFT_COLLECTOR;
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
  return castPlan(ctx, me, {
    bornAt: fixed(WORLD_START - 100 * DAY),
    sol: 180,
    holdings: [{ mint: USDC_MINT, ui: 2_000 }],
    nfts: held,
    day: (d, r) => {
      const out: Draft[] = [];
      if (d === FEATURED_DAY) {
        out[FEATURED_TX.TX_NFT_SALE.index] = { tx: nftSaleTx(ctx, { ts: d * DAY + 15 * HOUR + 4 * MINUTE + 11, buyer: me, seller: sellers[0]!, nft: monke, priceSol: 42, creator: COLLECTIONS.monkes.creator }) };
        out[FEATURED_TX.TX_NFT_MINT.index] = { tx: nftMintTx(ctx, { ts: d * DAY + 18 * HOUR + 30 * MINUTE + 2, minter: me, nft: lad, candyMachine: COLLECTIONS.lads.candyMachine, treasury: COLLECTIONS.lads.creator, priceSol: 1.5 }) };
      }
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
  });
}

/** Spam receiver: two compressed airdrops a day (12–22 UTC), keeps the 300 most recent; 3 collected. */
function spamReceiverPlan(ctx: PlanCtx): WalletPlan {
  const { solUsdcOrca } = commonPools(ctx);
  const seed = ctx.seed;
  const me = A.WALLET_SPAM_RECEIVER;
  const fr = rng('featured', me);
  const featured = spamAirdrop(fr, `${me}:featured`, 0);
  const friends = friendsOf(me, 4);
  return castPlan(ctx, me, {
    bornAt: fixed(WORLD_START - 200 * DAY),
    sol: 0.9,
    holdings: [{ mint: USDC_MINT, ui: 35 }],
    nfts: [collectedNft(COLLECTIONS.glyphs, 300), collectedNft(COLLECTIONS.degens, 77), collectedNft(COLLECTIONS.degens, 2048)],
    rollingNftLimit: 300,
    day: (d, r) => {
      const out: Draft[] = [];
      if (d === FEATURED_DAY) {
        out[FEATURED_TX.TX_CNFT_MINT.index] = { tx: cnftMintTx({ ts: d * DAY + 12 * HOUR + 1 * MINUTE + 40, minter: SPAMMERS[0]!, owner: me, nft: featured }), nft: featured };
      }
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
  });
}
