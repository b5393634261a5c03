/**
 * NFT content: collected (uncompressed, named collections), benign compressed airdrops, and spam
 * airdrops whose names/descriptions carry claim bait, embedded domains and zero-width characters —
 * the patterns the service's spam heuristic looks for (src/analytics/nft-summary.ts).
 */
import type { NftState } from './types.js';
import { deriveAddress, deriveWallet, type Rng } from './random.js';

export interface Collection {
  name: string;
  address: string;
  size: number;
  /** The creator (royalty receiver) and candy machine of the collection. */
  creator: string;
  candyMachine: string;
}

const collection = (name: string, size: number): Collection => ({
  name,
  size,
  address: deriveAddress('collection', name),
  creator: deriveWallet('collection-creator', name),
  candyMachine: deriveAddress('candy-machine', name),
});

export const COLLECTIONS = {
  monkes: collection('Sandbox Monkes', 5_000),
  lads: collection('Loopback Lads', 10_000),
  glyphs: collection('Genesis Glyphs', 1_024),
  degens: collection('Devnet Degens', 3_333),
} as const;

const COLLECTION_LIST = Object.values(COLLECTIONS);

const DROPS_COLLECTION = collection('Sandbox Drops', 1_000_000);

const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const image = (id: string) => `https://metadata.sandbox.invalid/nft/${id}.png`;

/** A collected (uncompressed) NFT of a named collection. */
export function collectedNft(c: Collection, number: number): NftState {
  const id = deriveAddress('nft', c.name, number);
  return {
    id,
    name: `${c.name} #${number}`,
    description: `One of ${grouped(c.size)} ${c.name} on the sandbox chain.`,
    collection: { address: c.address, name: c.name },
    compressed: false,
    spamFlag: false,
    image: image(id),
  };
}

export function randomCollectedNft(r: Rng): NftState {
  const c = r.pick(COLLECTION_LIST);
  return collectedNft(c, 1 + r.int(c.size));
}

const DROP_TITLES = ['Sunset Study', 'Blue Hour', 'Quiet Harbor', 'Paper Moon', 'Static Bloom', 'Night Market', 'Low Tide', 'First Light'];

/** A benign compressed airdrop (a free art drop): compressed, named collection, no spam pattern. */
export function benignAirdrop(r: Rng, key: string): NftState {
  const id = deriveAddress('cnft', key);
  const title = r.pick(DROP_TITLES);
  return {
    id,
    name: `${title} #${1 + r.int(9_999)}`,
    description: 'A weekly art drop for sandbox wallets by the Sandbox Drops artists.',
    collection: { address: DROPS_COLLECTION.address, name: DROPS_COLLECTION.name },
    compressed: true,
    spamFlag: false,
    image: image(id),
  };
}

const ZWSP = '\u200B';

const SPAM_TEMPLATES: ((n: number) => { name: string; description: string })[] = [
  (n) => ({ name: `Claim ${grouped(n)} JUP`, description: 'Visit jup-claim.xyz to claim your tokens before they expire.' }),
  (n) => ({ name: `${n} USDC Reward Voucher`, description: 'Redeem at https://claim-sol.xyz within 24 hours.' }),
  () => ({ name: 'Visit claim-sol.xyz', description: 'You are eligible for a bonus distribution.' }),
  (n) => ({ name: `Air${ZWSP}drop Pass #${n}`, description: `Mint${ZWSP} your pass at solana-rewards${ZWSP}.app` }),
  (n) => ({ name: `$${n} SOL Giveaway`, description: 'Giveaway ends soon: sol-giveaway.io' }),
  (n) => ({ name: `Eligible: ${grouped(n)} BONK`, description: 'Check eligibility at bonk-claim.net' }),
];

/** A spam airdrop: claim bait, embedded domains, zero-width characters; sometimes provider-flagged. */
export function spamAirdrop(r: Rng, key: string, template?: number): NftState {
  const id = deriveAddress('cnft', key);
  const t = template ?? r.int(SPAM_TEMPLATES.length);
  const { name, description } = SPAM_TEMPLATES[t % SPAM_TEMPLATES.length]!(100 * (1 + r.int(500)));
  const fakeCollection = r.chance(0.5) ? { address: deriveAddress('spam-collection', t), name: 'Official Rewards' } : null;
  return { id, name, description, collection: fakeCollection, compressed: true, spamFlag: r.chance(0.3), image: image(id) };
}

/** Spammer wallets that mint the airdrops (fee payers of the Bubblegum mints). */
export const SPAMMERS: readonly string[] = Array.from({ length: 6 }, (_, i) => deriveWallet('spammer', i));
