/**
 * Live defaults (docs/configuration.md: "no endpoint answers 501 or a placeholder error in live mode because of a missing
 * default"): the service runs with DATA_MODE=live and only what a live deployment must set — PAY_TO_SOLANA,
 * PAY_TO_BASE, a facilitator (FACILITATOR_URL), HELIUS_API_KEY, JUPITER_API_KEY (docs/configuration.md
 * "What a live deployment must set") — and NO SMART_MONEY_WALLETS. Before, smart-money-flow without
 * `wallets` answered 400, smart-money-trenches 501, and the trenches endpoints their smart-money leg
 * "unconfigured"; now each answers 200 from a seed derived from public trading
 * (src/endpoints/discovery/shared/smart-money-derived-seed.ts), and says so.
 *
 * Loopback stand-ins (nothing reaches the internet): every provider URL points at the sandbox providers over
 * one deterministic world at a fixed moment, the facilitator at a loopback one backed by sandbox chains (as
 * test/http/remote-facilitator.test.ts). The sandbox does not model a pool's own transaction history (its
 * Helius answers a pool address with a generic wallet's), so a stand-in in front of its Helius serves what the
 * real provider would for the pools the smart-money cast trades through: every cast swap touching the pool,
 * newest first — plus, in each such pool, a sandwich bot's two swaps in one slot, which the derivation must
 * screen out. Every other request goes to the sandbox's Helius unchanged.
 *
 * Moment: 2026-11-20T09:00Z, as test/http/discovery-smart-money.test.ts, whose worked-out cast values hold
 * here: SMART_1–5 qualify (win rates 0.61–0.79), SMART_NOT_1/2 do not; RUNNER's life began at 08:00 and
 * SMART_1/2/3 bought it at 08:10/08:20/08:35.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { getBase58Decoder } from '@solana/kit';
import { createLocalFacilitatorClient } from '../../src/payments/facilitator/index.js';
import { deriveSandboxIdentities } from '../../src/payments/sandbox-identities.js';
import { buildServiceRegistry } from '../../src/endpoints/index.js';
import { startBaseSandbox, type BaseSandbox } from '../../src/sandbox/base/index.js';
import { startSandboxProviders, type SandboxProviders } from '../../src/sandbox/providers/index.js';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { startSolanaSandbox, type SolanaSandbox } from '../../src/sandbox/solana/index.js';
import { CAST_ADDRESS as A, createSandboxWorld } from '../../src/sandbox/world/index.js';
import { LAUNCH_MINT, SMART_MONEY_SEED } from '../../src/sandbox/world/smart-money.js';
import { paidCall } from '../helpers/paid-answers.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { startLoopbackFacilitator } from '../helpers/live-stand-ins.js';

// Answers and wire bodies are read field by field; typing them here would add nothing.
type Json = any;

const AT = new Date('2026-11-20T09:00:00Z');
const now = () => AT;
const S = [A.WALLET_SMART_1, A.WALLET_SMART_2, A.WALLET_SMART_3, A.WALLET_SMART_4, A.WALLET_SMART_5];
const b58 = getBase58Decoder();
const hashed = (label: string, bytes: number) => {
  let buf = Buffer.alloc(0);
  for (let i = 0; buf.length < bytes; i++) buf = Buffer.concat([buf, createHash('sha256').update(`live-defaults:${label}:${i}`).digest()]);
  return b58.decode(buf.subarray(0, bytes));
};
/** The sandwich bot the stand-in adds to every cast pool. */
const BOT = hashed('bot', 32);

/**
 * Pool address → its history as the real provider would list it (newest first): every swap of the smart-money
 * cast touching it (a pool = a user account of the swap's token transfers other than the trader), read from the
 * sandbox's histories (the last 300 transactions of each cast wallet), then the bot's sandwich at the moment of
 * the pool's newest swap: two copies of that swap with the bot as trader, in one slot.
 */
async function castPoolHistories(heliusUrl: string): Promise<Map<string, Json[]>> {
  const byPool = new Map<string, Map<string, Json>>();
  for (const trader of SMART_MONEY_SEED) {
    let beforeSig: string | undefined;
    for (let page = 0; page < 3; page++) {
      const url = new URL(`/v0/addresses/${trader}/transactions`, heliusUrl);
      url.searchParams.set('limit', '100');
      if (beforeSig) url.searchParams.set('before-signature', beforeSig);
      const list = (await (await fetch(url)).json()) as Json[];
      for (const tx of list) {
        if (tx.type !== 'SWAP') continue;
        for (const t of tx.tokenTransfers) {
          for (const account of [t.fromUserAccount, t.toUserAccount]) {
            if (!account || account === tx.feePayer) continue;
            if (!byPool.has(account)) byPool.set(account, new Map());
            byPool.get(account)!.set(tx.signature, tx);
          }
        }
      }
      if (list.length < 100) break;
      beforeSig = list.at(-1).signature;
    }
  }
  const histories = new Map<string, Json[]>();
  for (const [pool, txs] of byPool) {
    const list = [...txs.values()].sort((a, b) => b.timestamp - a.timestamp || b.slot - a.slot || (a.signature < b.signature ? -1 : 1));
    const newest = list[0];
    const bot = [0, 1].map((i) => ({ ...JSON.parse(JSON.stringify(newest).replaceAll(newest.feePayer, BOT)), signature: hashed(`${pool}:${i}`, 64) }));
    histories.set(pool, [...bot, ...list]);
  }
  return histories;
}

/** The Helius stand-in: cast pools' histories from `pools` (paged like the provider), everything else proxied to `upstream`. */
async function startHeliusStandIn(upstream: string, pools: Map<string, Json[]>): Promise<{ url: string; poolReads: string[]; close(): Promise<void> }> {
  const poolReads: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const m = /^\/v0\/addresses\/([^/]+)\/transactions\/?$/.exec(url.pathname);
    const pool = m && req.method === 'GET' ? pools.get(decodeURIComponent(m[1]!)) : undefined;
    if (pool) {
      poolReads.push(decodeURIComponent(m![1]!));
      const beforeSig = url.searchParams.get('before-signature');
      const from = beforeSig ? pool.findIndex((tx) => tx.signature === beforeSig) + 1 : 0;
      const page = from === 0 && beforeSig ? [] : pool.slice(from, from + Number(url.searchParams.get('limit') ?? 100));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page));
      return;
    }
    let body = '';
    for await (const chunk of req) body += chunk;
    const answer = await fetch(new URL(req.url ?? '/', upstream), { method: req.method, headers: { 'content-type': 'application/json' }, body: req.method === 'GET' ? undefined : body });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    poolReads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('live mode with only the required variables: no missing default', () => {
  const ids = deriveSandboxIdentities('live-defaults');
  let solana: SolanaSandbox;
  let base: BaseSandbox;
  let providers: SandboxProviders;
  let facilitator: { url: string; close(): Promise<void> };
  let helius: Awaited<ReturnType<typeof startHeliusStandIn>>;
  let pools: Map<string, Json[]>;
  const services: TestService[] = [];

  /** A live service: the required variables, every provider URL on loopback, plus `extra`. */
  async function liveService(extra: Record<string, string> = {}): Promise<TestService> {
    const u = providers.urls;
    const service = await startTestService({ fixedNow: AT }, {
      DATA_MODE: 'live', FACILITATOR_URL: facilitator.url, PAY_TO_SOLANA: ids.payToSolana, PAY_TO_BASE: ids.payToBase,
      HELIUS_API_KEY: 'live-defaults-helius-key', JUPITER_API_KEY: 'live-defaults-jupiter-key',
      HELIUS_RPC_URL: u.heliusRpc, HELIUS_API_URL: helius.url, DEXSCREENER_URL: u.dexscreener, JUPITER_URL: u.jupiter,
      DEFILLAMA_URL: u.defillamaApi, DEFILLAMA_YIELDS_URL: u.defillamaYields, DEFILLAMA_COINS_URL: u.defillamaCoins,
      SOLANA_RPC_URL: u.solanaRpc, PERPS_RPC_URL: u.perpsVenueARpc, HYPERLIQUID_URL: u.hyperliquidApi, HYPERLIQUID_STATS_URL: u.hyperliquidStats,
      DYDX_INDEXER_URL: u.dydxIndexer, CARD_PACKS_URL: u.cardPacks, LAUNCHPAD_URL: u.launchpad,
      ...extra,
    });
    // Live mode starts no chain: the test payers pay on the chains the facilitator settles on.
    service.sandbox = { solana, base };
    services.push(service);
    return service;
  }

  let service: TestService;
  before(async () => {
    [solana, base] = await Promise.all([startSolanaSandbox({ now }), startBaseSandbox({ now })]);
    facilitator = await startLoopbackFacilitator(solana, base, ids);
    providers = await startSandboxProviders(createSandboxWorld('onchain-enrichment-sandbox'), now, FaultController.fromEnv(undefined));
    pools = await castPoolHistories(providers.urls.heliusApi);
    helius = await startHeliusStandIn(providers.urls.heliusApi, pools);
    service = await liveService();
  });
  after(async () => {
    for (const s of services) await s.close();
    await helius?.close();
    await providers?.close();
    await facilitator?.close();
    await Promise.all([solana?.close(), base?.close()]);
  });

  async function ok(key: string, body: Record<string, unknown>, on: TestService = service): Promise<Json> {
    const r = await paidCall(on, 'solana', key, body, { outputSchema: true });
    assert.equal(r.status, 200, `${key}: ${JSON.stringify(r.json).slice(0, 600)}`);
    assert.ok(r.cost > 0n && r.settled, `${key} is charged`);
    return r.json;
  }

  it('the service runs live, with no SMART_MONEY_WALLETS', async () => {
    const status = (await (await fetch(`${service.url}/status`)).json()) as Json;
    assert.equal(status.data_mode, 'live');
    assert.equal(service.sandbox?.providers, undefined, 'no sandbox providers of its own');
  });

  let flow: Json;
  it('smart-money-flow without wallets: 200 from a derived seed — the cast traders of the sampled pools, the sandwich bot screened out', async () => {
    flow = await ok('smart-money-flow', {});
    const seed = flow.seed;
    assert.equal(seed.source, 'derived');
    const d = seed.derivation;
    assert.equal(d.method, 'recent_traders_of_most_traded_feed_tokens');
    assert.equal(d.derived_at, AT.toISOString());
    assert.equal(d.pools.length, 10, 'the ten most-traded feed tokens');
    const volumes = d.pools.map((p: Json) => p.volume_h24_usd);
    assert.deepEqual(volumes, [...volumes].sort((a: number, b: number) => b - a));
    // Which cast wallets trade through the sampled pools: exactly the derived seed (the stand-in knows no one else).
    const sampledCastPools = d.pools.filter((p: Json) => pools.has(p.pair_address));
    assert.ok(sampledCastPools.length >= 2, `cast pools sampled: ${sampledCastPools.map((p: Json) => p.symbol)}`);
    const expected = new Set<string>();
    for (const p of sampledCastPools) for (const tx of pools.get(p.pair_address)!) if (tx.feePayer !== BOT) expected.add(tx.feePayer);
    assert.deepEqual(flow.wallets.map((w: Json) => w.address).sort(), [...expected].sort());
    assert.equal(seed.wallets, expected.size);
    assert.equal(d.kept, expected.size);
    for (const s of S) assert.ok(expected.has(s), `${s} trades a sampled pool`);
    // The bot traded every sampled cast pool, two swaps in one slot each time: screened out, never read.
    assert.equal(d.excluded.automated, 1);
    assert.equal(d.traders_seen, expected.size + 1);
    assert.ok(!flow.wallets.some((w: Json) => w.address === BOT));
    // Measured like any seed: the cast's designed winners qualify (SKILLED only if one of its pools was sampled).
    assert.deepEqual(flow.winners.filter((w: string) => w !== A.WALLET_TRADER_SKILLED), S);
    for (const loser of [A.WALLET_SMART_NOT_1, A.WALLET_SMART_NOT_2, A.WALLET_TRADER_LOSING]) {
      if (expected.has(loser)) assert.equal(flow.wallets.find((w: Json) => w.address === loser).status, 'below_win_rate', loser);
    }
    const caveat = flow.caveats.find((c: Json) => c.code === 'derived_seed_list');
    assert.match(caveat.message, new RegExp(`${expected.size} wallet\\(s\\) derived at ${AT.toISOString()}`));
    assert.ok(!flow.caveats.some((c: Json) => c.code === 'default_seed_list'), 'never the sandbox cast list in live mode');
  });

  it('smart-money-trenches: 200 (was 501), the same derived seed, and the fresh RUNNER its winners bought', async () => {
    const reads = helius.poolReads.length;
    const d = await ok('smart-money-trenches', {});
    assert.equal(d.smart_wallets.seed_source, 'derived');
    assert.deepEqual(d.smart_wallets.seed_derivation, flow.seed.derivation, 'one derivation, reused');
    assert.equal(helius.poolReads.length, reads, 'no pool read again');
    assert.deepEqual(d.smart_wallets.qualifying.map((q: Json) => q.address).filter((a: string) => a !== A.WALLET_TRADER_SKILLED), S);
    const runner = d.tokens.find((t: Json) => t.mint === LAUNCH_MINT.TOKEN_LAUNCH_RUNNER);
    assert.ok(runner, JSON.stringify(d.tokens.map((t: Json) => t.symbol)));
    assert.deepEqual(runner.buyers.map((b: Json) => b.wallet).sort(), [S[0], S[1], S[2]].sort());
  });

  it('trenches-scan: the smart-money leg answers (was unconfigured) from the derived seed', async () => {
    const d = await ok('trenches-scan', {});
    assert.equal(d.smart_money_seed, 'derived');
    assert.equal(d.legs.smart_money, 'ok');
    assert.equal(d.smart_money_wallets, flow.seed.wallets);
    assert.equal(d.smart_money_winners, flow.winners.length);
    assert.ok(!d.caveats.some((c: Json) => c.code === 'smart_money_unconfigured'));
    assert.ok(d.caveats.some((c: Json) => c.code === 'derived_seed_list'));
  });

  it('trenches-check of RUNNER: its three smart buyers in the last 24 h', async () => {
    const d = await ok('trenches-check', { mint: LAUNCH_MINT.TOKEN_LAUNCH_RUNNER });
    assert.ok(d.legs_missing.every((l: string) => l !== 'smart_money'), JSON.stringify(d.legs_missing));
    assert.deepEqual(d.smart_money.buyers.map((b: Json) => b.wallet).sort(), [S[0], S[1], S[2]].sort());
  });

  it('a call naming wallets still reads exactly those', async () => {
    const d = await ok('smart-money-flow', { wallets: [A.WALLET_SMART_NOT_1] });
    assert.deepEqual([d.seed.source, d.seed.wallets, d.seed.derivation], ['request', 1, null]);
  });

  it('SMART_MONEY_WALLETS still overrides the derived seed', async () => {
    const operator = await liveService({ SMART_MONEY_WALLETS: `${A.WALLET_SMART_2},${A.WALLET_SMART_NOT_2}` });
    const d = await ok('smart-money-flow', {}, operator);
    assert.deepEqual([d.seed.source, d.seed.wallets, d.seed.derivation], ['operator', 2, null]);
    assert.deepEqual(d.winners, [A.WALLET_SMART_2]);
    assert.ok(!d.caveats.some((c: Json) => c.code === 'derived_seed_list'));
    const scan = await ok('trenches-scan', {}, operator);
    assert.deepEqual([scan.smart_money_seed, scan.smart_money_wallets, scan.smart_money_winners], ['operator', 2, 1]);
  });

  it('every endpoint: never 501, never a configuration error — 200 and charged on its documented example', async () => {
    // The examples name subjects the sandbox holds (cast members, twins of JUP and BONK, sandbox launch-platform coins),
    // which the stand-ins serve in the providers' real formats: each example answers, in live mode as in sandbox mode.
    const seen: string[] = [];
    for (const e of buildServiceRegistry().list) {
      const r = await paidCall(service, 'base', e.def.key, e.def.example as Record<string, unknown>, { outputSchema: true });
      const label = `${e.def.key}: ${r.status} ${JSON.stringify(r.json?.error ?? '').slice(0, 300)}`;
      assert.equal(r.status, 200, label);
      assert.equal(r.cost > 0n, e.priceAtomic !== null, `${label}: charged exactly when paid`);
      seen.push(e.def.key);
    }
    assert.equal(seen.length, 48);
  });
});
