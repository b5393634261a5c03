import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyNft, nftSummary, spamPatterns } from '../../src/analytics/nft-summary.js';
import type { NftAsset } from '../../src/analytics/types.js';

const collected = (i: number, collection: NftAsset['collection'] = { address: `COLL${i % 3}`, name: `Collection ${i % 3}` }): NftAsset => ({
  id: `c${i}`, name: `Art #${i}`, description: 'A fine piece', collection, compressed: false,
});
const airdrop = (i: number): NftAsset => ({ id: `a${i}`, name: `Badge ${i}`, description: 'Community badge', collection: { address: 'DROP', name: 'Drops' }, compressed: true });

test('the spam heuristic applies to compressed assets only', () => {
  const bait: Omit<NftAsset, 'compressed'> = { id: 'x', name: 'CLAIM AIRDROP at scam.xyz', description: null };
  assert.equal(classifyNft({ ...bait, compressed: false }).bucket, 'collected');
  const c = classifyNft({ ...bait, compressed: true });
  assert.equal(c.bucket, 'suspected_spam');
  assert.deepEqual(c.spam_reasons.map((r) => `${r.code}:${r.match}`), ['claim_bait:claim', 'claim_bait:airdrop', 'embedded_domain:scam.xyz']);
});

test('provider spam flag puts any asset in suspected_spam', () => {
  assert.equal(classifyNft({ id: 'u', name: 'Nice', compressed: false, spamFlag: true }).bucket, 'suspected_spam');
  assert.equal(classifyNft({ id: 'u', name: 'Nice', compressed: true, spamFlag: true }).spam_reasons[0]!.code, 'provider_flag');
  assert.equal(classifyNft({ id: 'u', name: 'Nice', compressed: true, spamFlag: false }).bucket, 'airdropped');
});

test('spam patterns: claim bait, domains, URLs, invisible characters', () => {
  const codes = (s: string) => spamPatterns(s, 'name').map((r) => `${r.code}:${r.match}`);
  assert.deepEqual(codes('Badge of honour'), []);
  assert.deepEqual(codes('Claimable rewards inside'), ['claim_bait:claim', 'claim_bait:reward']);
  assert.deepEqual(codes('Voucher 1000 USDC'), ['claim_bait:voucher']);
  assert.deepEqual(codes('Visit site'), ['claim_bait:visit']);
  assert.deepEqual(codes('FREE MINT live'), ['claim_bait:free mint']);
  assert.deepEqual(codes('$5000 JUP'), ['claim_bait:$']);
  assert.deepEqual(codes('go to jup-drop.io now'), ['embedded_domain:jup-drop.io']);
  assert.deepEqual(codes('https://x.co/abc'), ['embedded_url:https://']);
  assert.deepEqual(codes('www.something'), ['embedded_url:www.']);
  for (const tld of ['com', 'net', 'org', 'app', 'gg', 'fun', 'site', 'club', 'live', 'online', 'top', 'pro']) {
    assert.deepEqual(codes(`mint.${tld}`), [`embedded_domain:mint.${tld}`], tld);
  }
  assert.deepEqual(codes('Reclaim'), []); // not at a word start
  assert.deepEqual(codes('sol.rocks'), []); // tld not in the list
  // Invisible characters are reported and stripped before keyword matching.
  assert.deepEqual(codes('Cl\u200Baim now'), ['invisible_characters:U+200B', 'claim_bait:claim']);
  for (const ch of ['\u200C', '\u200D', '\u200E', '\u200F', '\u2060', '\u2064', '\uFEFF', '\u00AD', '\u{E0041}']) {
    assert.equal(codes(`Badge${ch}`)[0]!.startsWith('invisible_characters:'), true, ch.codePointAt(0)!.toString(16));
  }
  // Full-width letters normalise (NFKC) to ASCII.
  assert.deepEqual(codes('ＣＬＡＩＭ'), ['claim_bait:claim']);
  // Description is checked as well.
  assert.equal(classifyNft({ id: 'd', name: 'Badge', description: 'visit reward.site', compressed: true }).bucket, 'suspected_spam');
});

test('buckets sum to nft_count; per-collection rows; spam assets carry reasons', () => {
  const assets: NftAsset[] = [
    ...Array.from({ length: 4 }, (_, i) => collected(i)),
    collected(99, null),
    airdrop(1),
    airdrop(2),
    { id: 's1', name: 'Claim 500 USDC', compressed: true, collection: { address: 'SPAMC', name: 'Rewards' } },
    { id: 's2', name: 'ok', description: 'see http://evil', compressed: true },
  ];
  const s = nftSummary(assets);
  assert.equal(s.nft_count, 9);
  assert.equal(s.collected, 5);
  assert.equal(s.airdropped, 2);
  assert.equal(s.suspected_spam, 2);
  assert.equal(s.collected + s.airdropped + s.suspected_spam, s.nft_count);
  assert.deepEqual(s.collections, [
    { address: 'COLL0', name: 'Collection 0', count: 2, bucket: 'collected' },
    { address: 'DROP', name: 'Drops', count: 2, bucket: 'airdropped' },
    { address: 'COLL1', name: 'Collection 1', count: 1, bucket: 'collected' },
    { address: 'COLL2', name: 'Collection 2', count: 1, bucket: 'collected' },
    { address: null, name: null, count: 1, bucket: 'collected' },
    { address: 'SPAMC', name: 'Rewards', count: 1, bucket: 'suspected_spam' },
    { address: null, name: null, count: 1, bucket: 'suspected_spam' },
  ]);
  assert.deepEqual(s.suspected_spam_assets.map((a) => a.id), ['s1', 's2']);
  assert.ok(s.suspected_spam_assets.every((a) => a.spam_reasons.length > 0));
  // distinct_collections: collected + named only (COLL0..2), not DROP or SPAMC or the unnamed one.
  assert.equal(s.distinct_collections, 3);
});

test('distinct_collections ignores unnamed collections', () => {
  const s = nftSummary([collected(1, { address: 'X', name: '' }), collected(2, { address: 'Y' }), collected(3, { address: 'Z', name: 'Zed' })]);
  assert.equal(s.distinct_collections, 1);
});

test('nft_collector at 10 collected, not at 9, however many airdrops', () => {
  const drops = Array.from({ length: 500 }, (_, i) => airdrop(i));
  const nine = nftSummary([...Array.from({ length: 9 }, (_, i) => collected(i)), ...drops]);
  assert.equal(nine.collected, 9);
  assert.equal(nine.airdropped, 500);
  assert.equal(nine.nft_count, 509);
  assert.equal(nine.nft_collector, false);
  assert.deepEqual(nine.labels, []);
  const ten = nftSummary([...Array.from({ length: 10 }, (_, i) => collected(i)), ...drops]);
  assert.equal(ten.nft_collector, true);
  assert.deepEqual(ten.labels, ['nft_collector']);
  // 500 spam airdrops alone: not a collector.
  const spam = nftSummary(Array.from({ length: 500 }, (_, i) => ({ id: `s${i}`, name: `Claim ${i} $JUP`, compressed: true })));
  assert.equal(spam.suspected_spam, 500);
  assert.equal(spam.nft_collector, false);
  assert.equal(nftSummary([]).nft_count, 0);
});
