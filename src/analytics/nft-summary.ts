/**
 * `nft_summary` (spec "Resources and their fields"): every NFT a wallet holds goes into exactly one
 * of three buckets, and the buckets sum to `nft_count`:
 *  - suspected_spam — the asset provider flagged it as spam, or it is COMPRESSED and its name or
 *                     description shows a spam pattern (below). The heuristic is applied to
 *                     compressed assets only: compressed NFTs cost fractions of a cent to mint, so
 *                     unsolicited "airdrops" are how phishing reaches wallets; an uncompressed asset
 *                     was paid for and is kept as collected whatever its name says.
 *  - airdropped     — compressed, not spam-flagged.
 *  - collected      — uncompressed, not spam-flagged.
 * Spam is a signal, not a verdict: each suspected asset carries the `spam_reasons` that matched.
 *
 * Spam patterns (checked on the NFKC-normalised, lower-cased text with invisible characters
 * removed, so "Ｃｌａｉｍ" and "cl\u200Baim" still match):
 *  - claim bait (matched at a word start, so "claimable", "rewards" match): claim, airdrop, reward,
 *    voucher, visit, free mint, giveaway, redeem, bonus,
 *    eligible, "$" (dollar amounts/tickers used as bait);
 *  - an embedded domain (`name.tld` for tld in com|io|xyz|net|org|app|gg|fun|site|club|live|online|
 *    top|pro) or a URL (http://, https://, www.);
 *  - invisible filter-evasion characters: U+200B–U+200F, U+2060–U+2064, U+FEFF, U+00AD and Unicode
 *    tag characters U+E0000–U+E007F (used to break up words so keyword filters miss them).
 *
 * `distinct_collections` counts only COLLECTED holdings in a NAMED collection (airdrop spam often
 * claims a collection; unnamed groupings say nothing about taste). Label `nft_collector` requires
 * ≥ 10 collected NFTs; airdrops never count towards it.
 */
import type { NftAsset } from './types.js';

export type NftBucket = 'collected' | 'airdropped' | 'suspected_spam';

export interface SpamReason {
  code: 'provider_flag' | 'claim_bait' | 'embedded_domain' | 'embedded_url' | 'invisible_characters';
  /** What matched (the keyword, domain, URL prefix or code points). */
  match: string;
  field: 'name' | 'description' | 'provider';
}

export interface NftCollectionRow {
  address: string | null;
  name: string | null;
  count: number;
  bucket: NftBucket;
}

export interface NftSummary {
  nft_count: number;
  collected: number;
  airdropped: number;
  suspected_spam: number;
  distinct_collections: number;
  nft_collector: boolean;
  labels: 'nft_collector'[];
  collections: NftCollectionRow[];
  suspected_spam_assets: { id: string; name: string; spam_reasons: SpamReason[] }[];
}

export const NFT_COLLECTOR_MIN_COLLECTED = 10;

const CLAIM_BAIT: readonly { word: string; re: RegExp }[] = [
  'claim', 'airdrop', 'reward', 'voucher', 'visit', 'free\\s*mint', 'giveaway', 'redeem', 'bonus', 'eligible',
].map((w) => ({ word: w.replace('\\s*', ' '), re: new RegExp(`(?:^|[^a-z0-9])${w}`, 'u') })); // word start: "claimable", "rewards" match

const DOMAIN_RE = /\b[a-z0-9-]+\.(?:com|io|xyz|net|org|app|gg|fun|site|club|live|online|top|pro)\b/u;
const URL_RE = /\bhttps?:\/\/|\bwww\./u;
// Zero-width and direction marks, word joiner & invisible operators, BOM, soft hyphen, tag characters.
const INVISIBLE_RE = /[\u200B-\u200F\u2060-\u2064\uFEFF\u00AD\u{E0000}-\u{E007F}]/gu;

function codePoints(chars: string[]): string {
  return [...new Set(chars)].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).sort().join(',');
}

/** Spam patterns found in one text field (see file comment). */
export function spamPatterns(text: string | null | undefined, field: 'name' | 'description'): SpamReason[] {
  if (!text) return [];
  const reasons: SpamReason[] = [];
  const invisible = text.match(INVISIBLE_RE);
  if (invisible) reasons.push({ code: 'invisible_characters', match: codePoints(invisible), field });
  const clean = text.replace(INVISIBLE_RE, '').normalize('NFKC').toLowerCase();
  for (const { word, re } of CLAIM_BAIT) if (re.test(clean)) reasons.push({ code: 'claim_bait', match: word, field });
  if (clean.includes('$')) reasons.push({ code: 'claim_bait', match: '$', field });
  const url = clean.match(URL_RE);
  if (url) reasons.push({ code: 'embedded_url', match: url[0], field });
  const domain = clean.match(DOMAIN_RE);
  if (domain) reasons.push({ code: 'embedded_domain', match: domain[0], field });
  return reasons;
}

/** The bucket of one asset and, for suspected spam, why. */
export function classifyNft(asset: NftAsset): { bucket: NftBucket; spam_reasons: SpamReason[] } {
  const reasons: SpamReason[] = [];
  if (asset.spamFlag === true) reasons.push({ code: 'provider_flag', match: 'spam', field: 'provider' });
  if (asset.compressed) reasons.push(...spamPatterns(asset.name, 'name'), ...spamPatterns(asset.description, 'description'));
  if (reasons.length > 0) return { bucket: 'suspected_spam', spam_reasons: reasons };
  return { bucket: asset.compressed ? 'airdropped' : 'collected', spam_reasons: [] };
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
/** Collection rows: largest first, then by bucket, then by address (assets without a collection last). */
const BUCKET_ORDER: Record<NftBucket, number> = { collected: 0, airdropped: 1, suspected_spam: 2 };

/** Builds the `nft_summary` for a wallet's NFTs. Throws if the buckets do not sum (a bug). */
export function nftSummary(assets: readonly NftAsset[]): NftSummary {
  const counts: Record<NftBucket, number> = { collected: 0, airdropped: 0, suspected_spam: 0 };
  const groups = new Map<string, NftCollectionRow>();
  const named = new Set<string>();
  const spam: NftSummary['suspected_spam_assets'] = [];
  for (const asset of assets) {
    const { bucket, spam_reasons } = classifyNft(asset);
    counts[bucket]++;
    const address = asset.collection?.address || null;
    const name = asset.collection?.name?.trim() || null;
    const key = `${bucket}\u0000${address ?? ''}`;
    const row = groups.get(key);
    if (row) {
      row.count++;
      if (!row.name && name) row.name = name;
    } else groups.set(key, { address, name, count: 1, bucket });
    if (bucket === 'collected' && address && name) named.add(address);
    if (bucket === 'suspected_spam') spam.push({ id: asset.id, name: asset.name, spam_reasons });
  }
  const nft_count = assets.length;
  if (counts.collected + counts.airdropped + counts.suspected_spam !== nft_count) {
    throw new Error('nft_summary buckets do not sum to nft_count');
  }
  const collections = [...groups.values()].sort(
    (a, b) => b.count - a.count || BUCKET_ORDER[a.bucket] - BUCKET_ORDER[b.bucket] || (a.address === null ? 1 : 0) - (b.address === null ? 1 : 0) || cmp(a.address ?? '', b.address ?? ''),
  );
  const nft_collector = counts.collected >= NFT_COLLECTOR_MIN_COLLECTED;
  return {
    nft_count,
    ...counts,
    distinct_collections: named.size,
    nft_collector,
    labels: nft_collector ? ['nft_collector'] : [],
    collections,
    suspected_spam_assets: spam,
  };
}
