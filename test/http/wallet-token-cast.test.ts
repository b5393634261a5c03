/**
 * Paid calls (Solana and Base payers alternating) for every member of the sandbox cast
 * (docs/sandbox-cast.md) through the real stack: each shows the class it is designed to show, with
 * the numbers the cast documents. Answers are memoised per (endpoint, body) inside this file, so a
 * member asked by several tests is paid for once; the exact-debit tests pay with fresh payers.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CAST, CAST_ADDRESS as A, CAST_SIGNATURE as S, SANDBOX_ENTITIES } from '../../src/sandbox/world/index.js';
import { newPayer, paidInvoke, type PayNetwork, type Payer } from '../helpers/payers.js';
import { startTestService, type TestService } from '../helpers/service.js';

type Json = any;
type Key = 'enrich-wallet-light' | 'enrich-wallet-full' | 'enrich-token-light' | 'enrich-token-full' | 'parse-transaction';

/** Prices in USDC atomic units (6 decimals). */
const PRICE: Record<Key, bigint> = {
  'enrich-wallet-light': 2000n,
  'enrich-wallet-full': 5000n,
  'enrich-token-light': 2000n,
  'enrich-token-full': 4000n,
  'parse-transaction': 1000n,
};

const WALLETS = Object.keys(A).filter((n) => n.startsWith('WALLET_')) as (keyof typeof A)[];
const FEATURED_DAY = '2024-07-01';
const entityAddress = (name: string) => SANDBOX_ENTITIES.find((e) => e.name === name)!.address;
const BINANCE = entityAddress('Binance Hot Wallet (sandbox)');

describe('the sandbox cast through paid calls', { concurrency: 4 }, () => {
  let service: TestService;
  let payers: Payer[];
  let turn = 0;
  const answers = new Map<string, Promise<Json>>();

  /** A paid call; settlement is done when it resolves. Payments on both networks run concurrently. */
  function pay(payer: Payer, key: Key, body: Record<string, unknown>): Promise<Response> {
    return paidInvoke(payer, service, key, body);
  }

  before(async () => {
    service = await startTestService();
    payers = await Promise.all((['solana', 'base', 'solana', 'base', 'solana', 'base'] as PayNetwork[]).map((n) => newPayer(service, n)));
  });
  after(() => service.close());

  /** A paid call by the next payer in turn (Solana and Base alternate); the 200 body. One call per (key, body). */
  function call(key: Key, body: Record<string, unknown>): Promise<Json> {
    const id = `${key} ${JSON.stringify(body)}`;
    let answer = answers.get(id);
    if (!answer) {
      const payer = payers[turn++ % payers.length]!;
      answer = (async () => {
        const res = await pay(payer, key, body);
        const text = await res.text();
        assert.equal(res.status, 200, `${id} (${payer.network}): ${text}`);
        const json = JSON.parse(text);
        assert.equal(json.meta.endpoint, key);
        if (key.startsWith('enrich-wallet') && body.format !== 'llm') assertNftSummary(json);
        return json;
      })();
      answers.set(id, answer);
    }
    return answer;
  }
  const walletLight = (name: keyof typeof A) => call('enrich-wallet-light', { address: A[name] });
  const walletFull = (name: keyof typeof A) => call('enrich-wallet-full', { address: A[name] });
  const tokenFull = (name: keyof typeof A) => call('enrich-token-full', { mint: A[name] });
  const tx = (name: keyof typeof S) => call('parse-transaction', { signature: S[name] });

  /** A paid call by a fresh payer: 200, a settlement receipt, and the payer debited exactly the price. */
  async function callDebited(network: PayNetwork, key: Key, body: Record<string, unknown>): Promise<Json> {
    const payer = await newPayer(service, network);
    const before = await payer.balance();
    const res = await pay(payer, key, body);
    assert.equal(res.status, 200, await res.clone().text());
    assert.ok(res.headers.get('payment-response'), 'settlement receipt');
    assert.equal(before - (await payer.balance()), PRICE[key], `${key} on ${network} debits exactly its price`);
    return res.json();
  }

  /** A paid call that must fail with 404 not_found, charging nothing. */
  async function notFound(network: PayNetwork, key: Key, body: Record<string, unknown>): Promise<string> {
    const payer = await newPayer(service, network);
    const before = await payer.balance();
    const res = await pay(payer, key, body);
    assert.equal(res.status, 404, await res.clone().text());
    assert.equal(res.headers.get('payment-response'), null);
    const err = ((await res.json()) as Json).error;
    assert.equal(err.code, 'not_found');
    assert.equal(err.retryable, false);
    assert.equal(await payer.balance(), before, 'not charged');
    return err.message;
  }

  function assertNftSummary(w: Json): void {
    const s = w.nft_summary;
    assert.equal(s.collected + s.airdropped + s.suspected_spam, w.nft_count, `${w.address}: nft_summary buckets sum to nft_count`);
  }

  const triggered = (w: Json): string[] => w.risk_score.factors.filter((f: Json) => f.triggered === true).map((f: Json) => f.name).sort();
  const flags = (t: Json, kind = 'risk'): string[] => t.risk_flags.filter((f: Json) => f.kind === kind).map((f: Json) => f.flag).sort();
  const flag = (t: Json, name: string): Json => t.risk_flags.find((f: Json) => f.flag === name);

  // ---------------------------------------------------------------------------------------------
  // Exact debits, one per endpoint

  it('each endpoint debits exactly its price (Solana and Base)', async () => {
    const [wl, wf, tl, tf, pt] = await Promise.all([
      callDebited('solana', 'enrich-wallet-light', { address: A.WALLET_EMPTY }),
      callDebited('base', 'enrich-wallet-full', { address: A.WALLET_EMPTY }),
      callDebited('base', 'enrich-token-light', { mint: A.TOKEN_USDC }),
      callDebited('solana', 'enrich-token-full', { mint: A.TOKEN_USDT }),
      callDebited('base', 'parse-transaction', { signature: S.TX_TRANSFER_SOL }),
    ]);
    assert.equal(wl.address, A.WALLET_EMPTY);
    assert.equal(wf.address, A.WALLET_EMPTY);
    assert.equal(tl.symbol, 'USDC');
    assert.equal(tf.symbol, 'USDT');
    assert.equal(pt.type, 'TRANSFER');
  });

  // ---------------------------------------------------------------------------------------------
  // Wallets

  it('behavioural wallets show their label, and not the labels their design rules out', async () => {
    const [regular, hf, always, repetitive] = await Promise.all(
      (['WALLET_REGULAR_INTERVALS', 'WALLET_HIGH_FREQUENCY', 'WALLET_24_7_ACTIVE', 'WALLET_REPETITIVE'] as const).map(walletLight),
    );
    assert.ok(regular.labels.includes('regular_intervals'), `regular: ${regular.labels}`);
    assert.ok(!regular.labels.includes('high_frequency') && !regular.labels.includes('24_7_active'), `regular: ${regular.labels}`);
    assert.ok(hf.labels.includes('high_frequency'), `high frequency: ${hf.labels}`);
    assert.ok(!hf.labels.includes('repetitive_actions'), `high frequency: ${hf.labels}`);
    assert.ok(always.labels.includes('24_7_active'), `24/7: ${always.labels}`);
    assert.ok(!always.labels.includes('regular_intervals') && !always.labels.includes('high_frequency'), `24/7: ${always.labels}`);
    assert.ok(repetitive.labels.includes('repetitive_actions'), `repetitive: ${repetitive.labels}`);
    // The behaviour label makes the bot_like factor (high_frequency / repetitive) — and only those.
    assert.equal(hf.risk_score.factors.find((f: Json) => f.name === 'bot_like_patterns').triggered, true);
    assert.equal(repetitive.risk_score.factors.find((f: Json) => f.name === 'bot_like_patterns').triggered, true);
    assert.equal(regular.risk_score.factors.find((f: Json) => f.name === 'bot_like_patterns').triggered, false);
  });

  it('the full profile shows the behavioural signal behind a label (value against threshold)', async () => {
    const w = await walletFull('WALLET_REGULAR_INTERVALS');
    assert.deepEqual(w.behaviour.labels, w.labels.filter((l: string) => !l.startsWith('entity:') && l !== 'nft_collector'));
    const signal = w.behaviour.signals.find((s: Json) => s.label === 'regular_intervals');
    assert.equal(signal.triggered, true);
    assert.ok(signal.value < 0.05 && signal.value <= signal.threshold, `gap CV ≈ 0.004, got ${signal.value}`);
    assert.equal(w.behaviour.signals.find((s: Json) => s.label === 'high_frequency').triggered, false);
  });

  it('WALLET_NFT_COLLECTOR: nft_collector with 14 collected in 4 collections, 2 benign airdrops, no spam', async () => {
    const w = await walletFull('WALLET_NFT_COLLECTOR');
    assert.ok(w.labels.includes('nft_collector'));
    assert.deepEqual(
      { count: w.nft_count, collected: w.nft_summary.collected, airdropped: w.nft_summary.airdropped, spam: w.nft_summary.suspected_spam, collections: w.nft_summary.distinct_collections },
      { count: 16, collected: 14, airdropped: 2, spam: 0, collections: 4 },
    );
    const collected = w.nft_summary.collections.filter((c: Json) => c.bucket === 'collected');
    assert.equal(collected.reduce((s: number, c: Json) => s + c.count, 0), 14);
    assert.deepEqual(w.suspected_spam_assets, []);
  });

  it('WALLET_SPAM_RECEIVER: hundreds of suspected spam, 3 collected, NOT nft_collector', async () => {
    const w = await walletFull('WALLET_SPAM_RECEIVER');
    assert.ok(!w.labels.includes('nft_collector'), `labels: ${w.labels}`);
    assert.equal(w.nft_summary.collected, 3);
    assert.equal(w.nft_count, 303, '300 compressed airdrops + 3 collected');
    // ≈ 2/3 of the 300 drops are claim bait: far more spam than anything else.
    assert.ok(w.nft_summary.suspected_spam >= 150 && w.nft_summary.suspected_spam > w.nft_summary.airdropped, JSON.stringify(w.nft_summary));
    assert.ok(w.suspected_spam_assets.length > 0);
    const reasons = new Set(w.suspected_spam_assets.flatMap((a: Json) => a.spam_reasons.map((r: Json) => r.code)));
    assert.ok(reasons.has('claim_bait') && reasons.has('embedded_domain'), [...reasons].join(','));
  });

  it('nft_summary buckets sum to nft_count for every cast wallet', async () => {
    const all = await Promise.all(WALLETS.map(walletLight));
    for (const w of all) assertNftSummary(w);
    assert.equal(all.length, Object.values(CAST).filter((e) => e.kind === 'wallet').length, 'every cast wallet was asked');
  });

  const RISK: [keyof typeof A, string, number, string[]][] = [
    ['WALLET_RISK_LOW', 'LOW', 0.1, ['low_tx_diversity']],
    ['WALLET_RISK_MODERATE', 'MODERATE', 0.35, ['low_protocol_diversity', 'low_tx_diversity', 'new_wallet']],
    ['WALLET_RISK_ELEVATED', 'ELEVATED', 0.55, ['bot_like_patterns', 'high_tx_concentration', 'low_protocol_diversity', 'low_tx_diversity']],
    ['WALLET_RISK_HIGH', 'HIGH', 0.75, ['bot_like_patterns', 'high_tx_concentration', 'low_tx_diversity', 'new_wallet', 'risky_program_interactions']],
    ['WALLET_RISK_CRITICAL', 'CRITICAL', 0.95, ['airdrop_farming', 'bot_like_patterns', 'high_tx_concentration', 'low_protocol_diversity', 'low_tx_diversity', 'new_wallet', 'risky_program_interactions']],
  ];
  it('each WALLET_RISK_* shows its level, its documented score and exactly its factor set', async () => {
    const answers = await Promise.all(RISK.map(([name]) => walletLight(name)));
    RISK.forEach(([name, level, score, factors], i) => {
      const r = answers[i].risk_score;
      assert.equal(r.level, level, name);
      assert.ok(Math.abs(r.risk_score - score) < 1e-4, `${name}: ${r.risk_score} ≈ ${score}`);
      assert.deepEqual(triggered(answers[i]), factors, name);
      assert.equal(r.data_complete, true, name);
      const sum = r.factors.reduce((s: number, f: Json) => s + f.value, 0);
      assert.ok(Math.abs(sum - r.risk_score) < 1e-4, `${name}: score is the sum of the triggered increments`);
    });
  });

  it('WALLET_NEW: new_wallet triggered, first activity 2–26 days ago, funded by a labelled exchange', async () => {
    const w = await walletFull('WALLET_NEW');
    assert.ok(triggered(w).includes('new_wallet'));
    const ageDays = (Date.parse(w.meta.served_at) - Date.parse(w.activity.first_seen_at)) / 86_400_000;
    assert.ok(ageDays >= 1.9 && ageDays < 26.1, `age ${ageDays} days`);
    const binance = w.connected_wallets.find((c: Json) => c.address === BINANCE);
    assert.ok(binance, 'Binance (sandbox) among connected wallets');
    assert.equal(binance.entity.kind, 'cex');
    assert.equal(binance.entity.name, 'Binance Hot Wallet (sandbox)');
  });

  it('WALLET_AIRDROP_FARMER: airdrop_farming from ≥ 20 priced holdings under $1 each', async () => {
    const w = await walletFull('WALLET_AIRDROP_FARMER');
    assert.ok(triggered(w).includes('airdrop_farming'), `factors: ${triggered(w)}`);
    const dust = w.holdings.filter((h: Json) => typeof h.value_usd === 'number' && h.value_usd < 1 && h.value_usd > 0);
    assert.ok(dust.length >= 20, `${dust.length} dust holdings`);
    assert.equal(w.holdings_count, 40);
  });

  it('WALLET_AIRDROP_FARMER, light: the 20 most valuable of 40 holdings listed; the caveat says 20 more and their value, which the portfolio counts', async () => {
    const w = await walletLight('WALLET_AIRDROP_FARMER');
    assert.equal(w.holdings_count, 40);
    assert.equal(w.holdings.length, 20);
    for (let i = 1; i < w.holdings.length; i++) assert.ok((w.holdings[i - 1].value_usd ?? -1) >= (w.holdings[i].value_usd ?? -1), 'most valuable first');
    const caveat = w.caveats.find((c: Json) => c.code === 'holdings_listed_top');
    assert.ok(caveat, 'the cut list is said');
    const listed = w.holdings.reduce((s: number, h: Json) => s + (h.value_usd ?? 0), 0);
    const unlisted = Math.round((w.portfolio_value_usd - (w.native_balance.usd ?? 0) - listed) * 100) / 100;
    assert.match(caveat.message, new RegExp(`the other 20 \\(${String(unlisted).replace('.', '\\.')} USD\\)`));
  });

  it('WALLET_DEFI: mSOL and jitoSOL staking and the Raydium LP position; labelled bridge and exchange counterparties', async () => {
    const w = await walletFull('WALLET_DEFI');
    const positions = w.defi_positions.map((p: Json) => `${p.protocol}:${p.kind}:${p.mint}`).sort();
    assert.deepEqual(positions, [`Jito:staking:${A.TOKEN_JITOSOL}`, `Marinade:staking:${A.TOKEN_MSOL}`, `Raydium:liquidity:${A.TOKEN_LP_SOL_USDC}`].sort());
    for (const p of w.defi_positions) assert.ok(p.ui_amount > 0, JSON.stringify(p));
    assert.ok(w.caveats.some((c: Json) => c.code === 'positions_from_holdings'), 'says program-held deposits (Kamino) are not listed');
    const kinds = new Map(w.connected_wallets.filter((c: Json) => c.entity).map((c: Json) => [c.entity.name, c.entity.kind]));
    assert.equal(kinds.get('Wormhole Token Bridge Custody (sandbox)'), 'bridge');
    assert.equal(kinds.get('Kraken Hot Wallet (sandbox)'), 'cex');
    assert.ok(w.history.length > 0 && w.history.every((h: Json) => h.status === 'success' || h.status === 'failed'));
  });

  it('WALLET_EMPTY: nothing held, and risk factors that need activity are unknown (never safe)', async () => {
    const w = await walletLight('WALLET_EMPTY');
    assert.deepEqual([w.nft_count, w.holdings_count, w.native_balance.lamports, w.portfolio_value_usd], [0, 0, 0, 0]);
    assert.equal(w.risk_score.data_complete, false);
    assert.ok(w.risk_score.unknown_factors.includes('new_wallet') && w.risk_score.unknown_factors.includes('bot_like_patterns'));
    assert.ok(w.risk_score.max_risk_score > w.risk_score.risk_score);
    assert.ok(w.caveats.some((c: Json) => c.code === 'risk_partial'));
  });

  it('a known entity is labelled as such when profiled (Binance hot wallet → entity cex)', async () => {
    const w = await call('enrich-wallet-light', { address: BINANCE });
    assert.deepEqual({ name: w.entity.name, kind: w.entity.kind }, { name: 'Binance Hot Wallet (sandbox)', kind: 'cex' });
    assert.ok(w.labels.includes('entity:cex'), `labels: ${w.labels}`);
  });

  // ---------------------------------------------------------------------------------------------
  // Tokens

  it('TOKEN_RISKY: mint + freeze authority (the dev wallet), unverified, top holder > 50 %, top 5 > 80 %', async () => {
    const t = await tokenFull('TOKEN_RISKY');
    assert.equal(t.symbol, 'RUGR');
    assert.deepEqual(t.authorities, { mint_authority: A.WALLET_RUGR_DEV, freeze_authority: A.WALLET_RUGR_DEV });
    for (const f of ['mint_authority_active', 'freeze_authority_active', 'top_holder_over_50pct']) assert.equal(flag(t, f)?.severity, 'high', f);
    assert.equal(flag(t, 'unverified')?.kind, 'risk');
    assert.equal(flag(t, 'top5_over_80pct')?.kind, 'risk');
    assert.equal(t.verification.verified, false);
    const raw = t.concentration.raw_supply;
    assert.ok(raw.top1_pct > 50 && raw.top1_pct < 60, `top1 ${raw.top1_pct}`);
    assert.ok(raw.top5_pct > 80, `top5 ${raw.top5_pct}`);
    assert.equal(raw.band, 'highly_concentrated');
    assert.equal(t.top_holders[0].owner, A.WALLET_RUGR_DEV);
    assert.equal(t.top_holders[1].owner, A.WALLET_RUGR_WHALE);
    assert.equal(t.top_holders.length, 20);
    assert.ok(t.liquidity_usd < 10_000, 'thin pool');
    assert.equal(flag(t, 'low_liquidity')?.kind, 'risk');
  });

  it('TOKEN_SAFE: verified, authorities revoked, no high-severity risk flag, deep liquidity, holders counted by owner', async () => {
    const t = await tokenFull('TOKEN_SAFE');
    assert.equal(t.verification.verified, true);
    assert.deepEqual(t.authorities, { mint_authority: null, freeze_authority: null });
    assert.deepEqual(t.risk_flags.filter((f: Json) => f.severity === 'high'), []);
    assert.deepEqual(t.risk_flags.filter((f: Json) => f.kind === 'unknown'), [], 'nothing left unknown');
    assert.ok(t.liquidity_usd > 10_000_000, `liquidity ${t.liquidity_usd}`);
    assert.ok(t.concentration.raw_supply.top1_pct < 4);
    assert.deepEqual(t.holder_count.counts, 'owners');
    assert.ok(t.holder_count.value > 40_000);
    assert.equal(t.concentration.counted_by, 'owner');
  });

  it('TOKEN_CAUTION: unverified, mint authority active and low liquidity, but no freeze authority or holder flag', async () => {
    const t = await tokenFull('TOKEN_CAUTION');
    assert.deepEqual(flags(t), ['low_liquidity', 'mint_authority_active', 'unverified']);
    assert.equal(t.authorities.freeze_authority, null);
  });

  const VOL: [keyof typeof A, string, number][] = [
    ['TOKEN_VOL_LOW', 'LOW', 0.99],
    ['TOKEN_VOL_MODERATE', 'MODERATE', 5.0],
    ['TOKEN_VOL_HIGH', 'HIGH', 10.9],
    ['TOKEN_VOL_EXTREME', 'EXTREME', 29.8],
  ];
  it('each TOKEN_VOL_* shows its volatility level, from its 1h/6h/24h changes', async () => {
    const answers = await Promise.all(VOL.map(([name]) => tokenFull(name)));
    VOL.forEach(([name, level, std], i) => {
      const t = answers[i];
      assert.equal(t.volatility.level, level, name);
      assert.ok(Math.abs(t.volatility.daily_std_pct - std) < 0.1, `${name}: daily std ${t.volatility.daily_std_pct} ≈ ${std}`);
      const { change_1h_pct: c1, change_6h_pct: c6, change_24h_pct: c24 } = t.price_change;
      const expected = Math.round(Math.sqrt((c1 ** 2 + c6 ** 2 / 6 + c24 ** 2 / 24) / 3) * Math.sqrt(24) * 100) / 100;
      assert.equal(t.volatility.daily_std_pct, expected, `${name}: rms random-walk formula`);
    });
  });

  const HHI: [keyof typeof A, string, number][] = [
    ['TOKEN_HHI_WELL', 'well_distributed', 100],
    ['TOKEN_HHI_MODERATE', 'moderately_concentrated', 1900],
    ['TOKEN_HHI_HIGH', 'highly_concentrated', 2850],
  ];
  it('each TOKEN_HHI_* shows its band on raw supply, and the HHI is the sum of squared holder shares', async () => {
    const answers = await Promise.all(HHI.map(([name]) => tokenFull(name)));
    HHI.forEach(([name, band, approx], i) => {
      const raw = answers[i].concentration.raw_supply;
      assert.equal(raw.band, band, name);
      assert.ok(Math.abs(raw.hhi - approx) / approx < 0.1, `${name}: HHI ${raw.hhi} ≈ ${approx}`);
      const squares = raw.top_holders.reduce((s: number, h: Json) => s + h.pct ** 2, 0);
      assert.ok(Math.abs(squares - raw.hhi) < 2, `${name}: Σ pct² ${squares} vs ${raw.hhi}`);
    });
    const high = answers[2];
    assert.ok(high.concentration.raw_supply.top1_pct < 50 && high.concentration.raw_supply.top5_pct < 80, 'WPOD: no holder flag territory');
    assert.equal(flag(high, 'top_holder_over_50pct'), undefined);
    assert.equal(flag(high, 'top5_over_80pct'), undefined);
  });

  it('TOKEN_FLOAT: float concentration differs from raw; burn and the exchange holder are excluded from the float', async () => {
    const t = await tokenFull('TOKEN_FLOAT');
    const { raw_supply: raw, tradeable_float: float } = t.concentration;
    assert.equal(raw.top1_pct, 30, 'the incinerator holds 30 % of supply');
    assert.notEqual(float.hhi, raw.hhi);
    assert.notEqual(float.top1_pct, raw.top1_pct);
    assert.ok(float.denominator_ui < raw.denominator_ui, 'the float denominator is stated and smaller');
    const burn = t.top_holders.find((h: Json) => h.owner === A.BURN_INCINERATOR);
    assert.equal(burn.kind, 'burn');
    const exchange = t.top_holders.find((h: Json) => h.owner === BINANCE);
    assert.equal(exchange.kind, 'exchange');
    assert.equal(exchange.entity.kind, 'cex');
    const excluded = new Set(float.excluded.map((e: Json) => e.kind));
    assert.ok(excluded.has('burn') && excluded.has('exchange'), [...excluded].join(','));
    const excludedUi = float.excluded.reduce((s: number, e: Json) => s + e.ui_amount, 0);
    assert.ok(Math.abs(raw.denominator_ui - excludedUi - float.denominator_ui) < 1e-3, 'float = supply − excluded holders');
  });

  it(
    'TOKEN_FLOAT: the Raydium pool and the bonding curve are excluded too, leaving a float of ≈ 32 % of supply',
    async () => {
      const t = await tokenFull('TOKEN_FLOAT');
      const float = t.concentration.tradeable_float;
      assert.deepEqual([...new Set(float.excluded.map((e: Json) => e.kind))].sort(), ['bonding_curve', 'burn', 'exchange', 'pool']);
      const share = float.denominator_ui / t.concentration.raw_supply.denominator_ui;
      assert.ok(Math.abs(share - 0.32) < 0.03, `float share ${share}`);
    },
  );

  it('Token-2022 cast mints show their extensions as flags', async () => {
    const [toll, srusd, badge] = await Promise.all([tokenFull('TOKEN_T22_FEE_HOOK'), tokenFull('TOKEN_T22_CONTROLLED'), tokenFull('TOKEN_T22_SOULBOUND')]);
    for (const t of [toll, srusd, badge]) assert.equal(t.token_program, 'spl-token-2022', t.symbol);

    assert.deepEqual(toll.token_2022_extensions.transferFee, { basisPoints: 300, maximumFeeRaw: '5000000000' });
    assert.equal(flag(toll, 'transfer_fee').data.basis_points, 300);
    assert.equal(flag(toll, 'transfer_fee').severity, 'medium');
    assert.equal(flag(toll, 'transfer_hook').data.program_id, A.PROGRAM_TRANSFER_HOOK);

    assert.deepEqual(flags(srusd), ['default_frozen', 'freeze_authority_active', 'mint_authority_active', 'mint_close_authority', 'permanent_delegate']);
    assert.equal(srusd.token_2022_extensions.defaultAccountState, 'frozen');
    assert.equal(flag(srusd, 'permanent_delegate').data.delegate, srusd.token_2022_extensions.permanentDelegate);
    assert.equal(srusd.verification.verified, true);
    assert.ok(Math.abs(srusd.price.price_usd - 1) < 0.02, `≈ $1.00, got ${srusd.price.price_usd}`);

    assert.equal(badge.token_2022_extensions.nonTransferable, true);
    assert.equal(flag(badge, 'non_transferable').severity, 'high');
    assert.equal(badge.price.price_usd, null);
  });

  it('TOKEN_NO_MARKET: price, liquidity, changes and volatility unknown — never zero, never safe', async () => {
    const t = await tokenFull('TOKEN_NO_MARKET');
    assert.equal(t.price.price_usd, null);
    assert.deepEqual(t.price.sources_used, []);
    assert.deepEqual([t.liquidity_usd, t.volume_24h_usd, t.market_cap_usd], [null, null, null]);
    assert.deepEqual(t.price_change, { change_1h_pct: null, change_6h_pct: null, change_24h_pct: null });
    assert.deepEqual([t.volatility.level, t.volatility.daily_std_pct], ['UNKNOWN', null]);
    for (const s of t.slippage) assert.deepEqual([s.available, s.price_impact_pct], [false, null], `size ${s.size_usd}`);
    // No pool: the liquidity flag is raised (low, or unknown) rather than left out.
    assert.ok(flag(t, 'low_liquidity') || flag(t, 'liquidity_unknown'), JSON.stringify(t.risk_flags));
    assert.equal(flag(t, 'unverified')?.kind, 'risk');
  });

  it('TOKEN_BRAND_NEW: no 6h or 24h change, priced by the market-data source alone', async () => {
    const t = await tokenFull('TOKEN_BRAND_NEW');
    assert.equal(t.price_change.change_24h_pct, null);
    assert.equal(t.price_change.change_6h_pct, null);
    assert.deepEqual(t.price.sources_used.map((s: Json) => s.source), ['market_data']);
    assert.equal(t.price.price_usd, t.price.sources_used[0].price);
  });

  it('price is the median of the sources used (1, 2 and 3 sources), with their spread', async () => {
    const cases: [keyof typeof A, string[]][] = [
      ['TOKEN_SAFE', ['market_data', 'price_aggregator', 'wallet_assets']],
      ['TOKEN_VOL_LOW', ['market_data', 'price_aggregator', 'wallet_assets']],
      ['TOKEN_RISKY', ['market_data', 'price_aggregator']],
      ['TOKEN_LP_SOL_USDC', ['price_aggregator']],
      ['TOKEN_BRAND_NEW', ['market_data']],
    ];
    const answers = await Promise.all(cases.map(([name]) => tokenFull(name)));
    cases.forEach(([name, sources], i) => {
      const { price } = answers[i];
      assert.deepEqual(price.sources_used.map((s: Json) => s.source).sort(), sources, name);
      const ps = price.sources_used.map((s: Json) => s.price).sort((a: number, b: number) => a - b);
      const mid = Math.floor(ps.length / 2);
      const median = ps.length % 2 === 1 ? ps[mid] : (ps[mid - 1] + ps[mid]) / 2;
      assert.equal(price.price_usd, median, name);
      const spread = Math.round(((ps[ps.length - 1] - ps[0]) / median) * 100 * 100) / 100;
      assert.equal(price.spread_pct, spread, name);
    });
  });

  it('slippage: four sizes, impact growing with size where a quote exists, unknown (not 0) where none does', async () => {
    const names = ['TOKEN_SAFE', 'TOKEN_RISKY', 'TOKEN_HHI_HIGH', 'TOKEN_VOL_EXTREME', 'TOKEN_T22_FEE_HOOK'] as const;
    const answers = await Promise.all(names.map(tokenFull));
    answers.forEach((t, i) => {
      assert.deepEqual(t.slippage.map((s: Json) => s.size_usd), [100, 1_000, 10_000, 100_000], names[i]);
      const available = t.slippage.filter((s: Json) => s.available);
      for (let k = 1; k < available.length; k++) {
        assert.ok(available[k].price_impact_pct >= available[k - 1].price_impact_pct, `${names[i]}: ${JSON.stringify(t.slippage)}`);
      }
      for (const s of t.slippage.filter((x: Json) => !x.available)) assert.equal(s.price_impact_pct, null);
    });
    const safe = answers[0].slippage;
    assert.ok(safe.every((s: Json) => s.available));
    assert.ok(safe[3].price_impact_pct > safe[0].price_impact_pct, 'deep pool: $100K still moves the price more than $100');
    const risky = answers[1].slippage;
    assert.equal(risky[3].available, false, 'the $8k RUGR pool cannot absorb $100K');
  });

  it('enrich-token-light: no concentration or volatility; top holders only on request', async () => {
    const [plain, withHolders] = await Promise.all([
      call('enrich-token-light', { mint: A.TOKEN_SAFE }),
      call('enrich-token-light', { mint: A.TOKEN_RISKY, include_holders: true }),
    ]);
    assert.equal(plain.verification.verified, true);
    assert.ok(!('concentration' in plain) && !('volatility' in plain) && !('top_holders' in plain), Object.keys(plain).join(','));
    assert.equal(withHolders.top_holders.length, 20);
    assert.equal(withHolders.top_holders[0].owner, A.WALLET_RUGR_DEV);
    assert.equal(flag(withHolders, 'top_holder_over_50pct')?.severity, 'high');
  });

  it('a wallet address sent to enrich-token-light → 404 not_found, not charged', async () => {
    const message = await notFound('solana', 'enrich-token-light', { mint: A.WALLET_DEFI });
    assert.match(message, /not a token mint.*enrich-wallet-light/);
  });

  // ---------------------------------------------------------------------------------------------
  // Transactions

  it('TX_SWAP_JUPITER: SWAP on Jupiter, 2 SOL out and USDC in for the fee payer', async () => {
    const t = await tx('TX_SWAP_JUPITER');
    assert.deepEqual([t.type, t.status, t.error, t.protocol.name], ['SWAP', 'success', null, 'Jupiter Aggregator v6']);
    assert.ok(t.block_time_at.startsWith(FEATURED_DAY));
    const out = t.transfers.find((x: Json) => x.from === A.WALLET_RISK_LOW);
    const into = t.transfers.find((x: Json) => x.to === A.WALLET_RISK_LOW);
    assert.deepEqual([out.mint, out.ui_amount], [A.TOKEN_WSOL, 2]);
    assert.equal(into.mint, A.TOKEN_USDC);
    assert.ok(into.ui_amount > 0);
    const payer = t.account_roles.find((r: Json) => r.address === A.WALLET_RISK_LOW);
    assert.ok(payer.roles.includes('fee_payer'), JSON.stringify(payer));
    assert.ok(t.programs.some((p: Json) => p.name === 'Raydium AMM v4'), 'routed through Raydium');
  });

  it('TX_SWAP_FAILED: status failed with the program error, no transfers', async () => {
    const t = await tx('TX_SWAP_FAILED');
    assert.equal(t.status, 'failed');
    assert.match(t.error, /0x1771/);
    assert.deepEqual(t.transfers, []);
    assert.equal(t.protocol.name, 'Jupiter Aggregator v6');
  });

  it('TX_TRANSFER_SOL and TX_TRANSFER_SPL: TRANSFER of 3.5 SOL (System) and 250 USDC (Token program)', async () => {
    const [sol, spl] = await Promise.all([tx('TX_TRANSFER_SOL'), tx('TX_TRANSFER_SPL')]);
    assert.deepEqual([sol.type, sol.protocol.name], ['TRANSFER', 'System Program']);
    assert.deepEqual(sol.transfers.map((x: Json) => [x.kind, x.from, x.ui_amount]), [['native', A.WALLET_DEFI, 3.5]]);
    assert.deepEqual([spl.type, spl.protocol.program_id], ['TRANSFER', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA']);
    assert.deepEqual(spl.transfers.map((x: Json) => [x.kind, x.from, x.mint, x.ui_amount]), [['token', A.WALLET_DEFI, A.TOKEN_USDC, 250]]);
  });

  it('TX_NFT_SALE and TX_NFT_MINT: NFT_SALE on Magic Eden for 42 SOL (fee treasury labelled), NFT_MINT for 1.5 SOL', async () => {
    const [sale, mint] = await Promise.all([tx('TX_NFT_SALE'), tx('TX_NFT_MINT')]);
    assert.deepEqual([sale.type, sale.protocol.name], ['NFT_SALE', 'Magic Eden v2']);
    const paid = sale.transfers.filter((x: Json) => x.kind === 'native' && x.from === A.WALLET_NFT_COLLECTOR).reduce((s: number, x: Json) => s + x.ui_amount, 0);
    assert.ok(Math.abs(paid - 42) < 1e-9, `paid ${paid} SOL`);
    assert.ok(sale.transfers.some((x: Json) => x.kind === 'token' && x.to === A.WALLET_NFT_COLLECTOR && x.ui_amount === 1), 'the NFT comes in');
    const treasury = sale.account_roles.find((r: Json) => r.entity?.name === 'Magic Eden Fee Treasury (sandbox)');
    assert.ok(treasury?.roles.includes('receiver'), 'the fee treasury is labelled');
    assert.equal(treasury.entity.kind, 'protocol');

    assert.equal(mint.type, 'NFT_MINT');
    assert.deepEqual(mint.transfers.filter((x: Json) => x.kind === 'native').map((x: Json) => [x.from, x.ui_amount]), [[A.WALLET_NFT_COLLECTOR, 1.5]]);
    assert.match(mint.description, /Loopback Lads #777/);
  });

  it('TX_STAKE_MARINADE and TX_STAKE_NATIVE: STAKE via Marinade (mSOL back) and the Stake program', async () => {
    const [marinade, native] = await Promise.all([tx('TX_STAKE_MARINADE'), tx('TX_STAKE_NATIVE')]);
    assert.deepEqual([marinade.type, marinade.protocol.program_id], ['STAKE', 'MarBmsSgKXdrN1egZf5sqe1TMai9K1rChYNDJgjq7aD']);
    assert.ok(marinade.transfers.some((x: Json) => x.kind === 'native' && x.from === A.WALLET_DEFI && x.ui_amount === 10));
    assert.ok(marinade.transfers.some((x: Json) => x.kind === 'token' && x.to === A.WALLET_DEFI && x.mint === A.TOKEN_MSOL));
    assert.ok(marinade.account_roles.some((r: Json) => r.entity?.name === 'Marinade Reserve (sandbox)'));
    assert.deepEqual([native.type, native.protocol.name], ['STAKE', 'Stake Program']);
    assert.deepEqual(native.transfers.map((x: Json) => [x.kind, x.from, x.ui_amount]), [['native', A.WALLET_DEFI, 5]]);
  });

  it('TX_CNFT_MINT and TX_ADD_LIQUIDITY: compressed mint via Bubblegum; liquidity added on Raydium for the LP token', async () => {
    const [cnft, lp] = await Promise.all([tx('TX_CNFT_MINT'), tx('TX_ADD_LIQUIDITY')]);
    assert.deepEqual([cnft.type, cnft.provider_type, cnft.protocol.name], ['NFT_MINT', 'COMPRESSED_NFT_MINT', 'Metaplex Bubblegum']);
    assert.match(cnft.description, new RegExp(A.WALLET_SPAM_RECEIVER));
    assert.deepEqual([lp.provider_type, lp.protocol.name, lp.status], ['ADD_LIQUIDITY', 'Raydium AMM v4', 'success']);
    assert.ok(lp.transfers.some((x: Json) => x.to === A.WALLET_DEFI && x.mint === A.TOKEN_LP_SOL_USDC), 'RLP received');
  });

  it('an unknown (well-formed) signature → 404 not_found, not charged', async () => {
    const unknown = S.TX_SWAP_JUPITER.slice(0, -4) + 'abcd';
    await notFound('base', 'parse-transaction', { signature: unknown });
  });

  // ---------------------------------------------------------------------------------------------
  // Briefings

  it('format llm / both on a token: markdown verdict with the answer\'s numbers', async () => {
    const json = await tokenFull('TOKEN_RISKY');
    const [llm, both] = await Promise.all([
      call('enrich-token-full', { mint: A.TOKEN_RISKY, format: 'llm' }),
      call('enrich-token-light', { mint: A.TOKEN_SAFE, format: 'both' }),
    ]);
    assert.equal(llm.mint, undefined, 'llm carries the briefing, not the data');
    const b: string = llm.briefing;
    assert.match(b, /^## RUGR Fx65HmRF/);
    assert.match(b, /\*\*High-severity flags: [^*]*mint_authority_active/);
    assert.match(b, /top_holder_over_50pct/);
    assert.ok(b.includes(`HHI ${json.concentration.raw_supply.hhi} (highly_concentrated)`), b);
    assert.ok(b.includes(`top holder ${json.concentration.raw_supply.top1_pct.toFixed(2)} %`), b);
    assert.ok(b.includes(`Volatility EXTREME (daily std ${json.volatility.daily_std_pct.toFixed(2)} %)`), b);
    assert.ok(b.includes(`24h change ${json.price_change.change_24h_pct.toFixed(2)} %`), b);

    assert.equal(both.symbol, 'ROCK', 'both keeps the data');
    assert.match(both.llm_summary, /No risk flags\*\*; verified: true/);
    assert.ok(both.llm_summary.includes(`median of ${both.price.sources_used.length} sources`));
  });

  it('format llm / both on a wallet: markdown verdict with the risk level, score and factors', async () => {
    const [llm, both] = await Promise.all([
      call('enrich-wallet-light', { address: A.WALLET_RISK_CRITICAL, format: 'llm' }),
      call('enrich-wallet-light', { address: A.WALLET_RISK_HIGH, format: 'both' }),
    ]);
    assert.equal(llm.address, undefined);
    assert.match(llm.briefing, /\*\*Risk: CRITICAL \(0\.95\)\*\*/);
    assert.match(llm.briefing, /risky_program_interactions \(\+0\.15\)/);
    assert.match(llm.briefing, /airdrop_farming \(\+0\.1\)/);
    assert.equal(both.risk_score.level, 'HIGH');
    assert.match(both.llm_summary, /\*\*Risk: HIGH \(0\.75\)\*\*/);
    assert.match(both.llm_summary, /bot_like_patterns \(\+0\.2\)/);
    assert.match(both.llm_summary, /Labels: .*high_frequency/);
    assert.ok(both.llm_summary.includes(`NFTs ${both.nft_count}:`));
  });

  it('format llm on a failed transaction says so, with the error', async () => {
    const llm = await call('parse-transaction', { signature: S.TX_SWAP_FAILED, format: 'llm' });
    assert.match(llm.briefing, /^## SWAP \(FAILED\)/);
    assert.match(llm.briefing, /Error: .*0x1771/);
    assert.match(llm.briefing, /Protocol: Jupiter Aggregator v6/);
  });
});
