/**
 * Live mode answers the 11 launch-platform and card-pack endpoints from the real routes (docs/configuration.md: "a live-mode
 * start (DATA_MODE=live) against loopback stand-ins serving the real routes answers all 11 endpoints with 200").
 *
 * The service runs with DATA_MODE=live and what a live deployment sets (a facilitator, PAY_TO_*, HELIUS_API_KEY,
 * JUPITER_API_KEY), every provider URL on loopback (nothing reaches the internet):
 * - LAUNCHPAD_URL = <stand-in>/api/public/v1: the real platform's path layout (the live default is
 *   https://www.stonkfun.xyz/api/public/v1). The stand-in answers only under that prefix — any request outside
 *   it is a 404 — so a client that joined its routes onto the host instead of the base path would fail here;
 * - CARD_PACKS_URL = <stand-in> serving Collector Crypt's `GET /api/machines`;
 * - SOLANA_RPC_URL and JUPITER_URL at stand-ins (the launch platform's on-chain reads and quote prices);
 * the four stand-ins answer with the sandbox providers' handlers (the real formats, src/sandbox/providers/) and
 * record every request, so the test says which real routes and RPC methods the service read. Everything else
 * points at the sandbox providers. The facilitator is a loopback one backed by sandbox chains (as
 * test/http/live-defaults.test.ts).
 *
 * The launch-platform index job runs once through the service's own job runner. Each paid endpoint is called
 * once by a real x402 payer, answers 200, matches its output schema and is charged exactly its registry price;
 * launchpad-pairs is free and asks no payment.
 *
 * Moment: 2026-11-20T12:00Z, the other launchpad HTTP tests' moment, whose cast values hold here (SOLRAIN: the
 * model reward coin, PAYING/HEALTHY, 1,850 holders; src/sandbox/world/launchpad/).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config/index.js';
import { deriveSandboxIdentities } from '../../src/payments/sandbox-identities.js';
import { buildServiceRegistry } from '../../src/endpoints/index.js';
import { startBaseSandbox, type BaseSandbox } from '../../src/sandbox/base/index.js';
import { createCardPackHandler, SANDBOX_CARD_MACHINES } from '../../src/sandbox/providers/card-packs.js';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { startSandboxProviders, type SandboxProviders } from '../../src/sandbox/providers/index.js';
import { createJupiterHandler } from '../../src/sandbox/providers/jupiter.js';
import { createLaunchpadHandler } from '../../src/sandbox/providers/launchpad.js';
import type { ProviderHandler } from '../../src/sandbox/providers/server.js';
import { createSolanaDataRpcHandler } from '../../src/sandbox/providers/solana-data-rpc/index.js';
import { startSolanaSandbox, type SolanaSandbox } from '../../src/sandbox/solana/index.js';
import { createSandboxWorld } from '../../src/sandbox/world/index.js';
import { coinMint, LAUNCHPAD_ALL_COINS } from '../../src/sandbox/world/launchpad/index.js';
import { LIVE_SOURCE_URLS } from '../../src/sources/index.js';
import { launchTransaction } from '../helpers/launch-transaction.js';
import { startLoopbackFacilitator, startRecordingStandIn, type Closable, type RecordedRequest, type RecordingStandIn } from '../helpers/live-stand-ins.js';
import { assertMatchesOutputSchema } from '../helpers/output-schema.js';
import { paidCall } from '../helpers/paid-answers.js';
import type { PayNetwork } from '../helpers/payers.js';
import { GOOD_REWARD_LAUNCH, SANDBOX_LAUNCH_ACCOUNTS, SOL } from '../helpers/sandbox-launch.js';
import { startTestService, type TestService } from '../helpers/service.js';

// Answers are read field by field; typing every endpoint's data here would add nothing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const NOW = new Date('2026-11-20T12:00:00Z');
const now = () => NOW;
/** The real platform's path prefix (LAUNCHPAD_LIVE_URL's path). */
const PREFIX = '/api/public/v1';
const mint = (symbol: string): string => coinMint(LAUNCHPAD_ALL_COINS.find((c) => c.symbol === symbol)!);
/** The 11 endpoints of this test: the launch platform's ten and the card packs. */
const PLATFORM_KEYS = buildServiceRegistry().list.map((e) => e.def).filter((d) => d.key.startsWith('launchpad-') || d.key === 'gacha-ev-scan');

/** A registry price (USDC, decimal string) in atomic units (6 decimals), exactly: no float on the way. */
function atomic(price: string): bigint {
  const [whole, frac = ''] = price.split('.');
  return BigInt(whole!) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
}
const priceOf = (key: string): bigint => {
  const price = PLATFORM_KEYS.find((d) => d.key === key)?.price;
  assert.ok(price, `${key} is a paid endpoint`);
  return atomic(price);
};

describe('live mode: the launch platform and the card packs on their real routes', () => {
  const ids = deriveSandboxIdentities('live-platforms');
  let solana: SolanaSandbox;
  let base: BaseSandbox;
  let facilitator: Closable;
  let providers: SandboxProviders;
  let launchpad: RecordingStandIn;
  let cardPacks: RecordingStandIn;
  let rpc: RecordingStandIn;
  let jupiter: RecordingStandIn;
  let service: TestService;
  /** Keys answered 200 by this suite (the last test checks all 11 are). */
  const answered = new Set<string>();

  before(async () => {
    [solana, base] = await Promise.all([startSolanaSandbox({ now }), startBaseSandbox({ now })]);
    facilitator = await startLoopbackFacilitator(solana, base, ids);
    const world = createSandboxWorld('onchain-enrichment-sandbox');
    providers = await startSandboxProviders(world, now, FaultController.fromEnv(undefined));
    // Only the real path layout is served: a route outside /api/public/v1 is what the real host would 404.
    const platform = createLaunchpadHandler(now);
    const underPrefix: ProviderHandler = (req) =>
      req.path.startsWith(`${PREFIX}/`) ? platform(req) : { status: 404, body: { error: { code: 'not_found', message: 'Not found.' } } };
    [launchpad, cardPacks, rpc, jupiter] = await Promise.all([
      startRecordingStandIn('launchpad', underPrefix),
      startRecordingStandIn('card_packs', createCardPackHandler(now)),
      startRecordingStandIn('chain_rpc', createSolanaDataRpcHandler(world, now)),
      startRecordingStandIn('price_aggregator', createJupiterHandler(world, now)),
    ]);
    const u = providers.urls;
    service = await startTestService({ fixedNow: NOW }, {
      DATA_MODE: 'live', FACILITATOR_URL: facilitator.url, PAY_TO_SOLANA: ids.payToSolana, PAY_TO_BASE: ids.payToBase,
      HELIUS_API_KEY: 'live-platforms-helius-key', JUPITER_API_KEY: 'live-platforms-jupiter-key',
      HELIUS_RPC_URL: u.heliusRpc, HELIUS_API_URL: u.heliusApi, DEXSCREENER_URL: u.dexscreener,
      DEFILLAMA_URL: u.defillamaApi, DEFILLAMA_YIELDS_URL: u.defillamaYields, DEFILLAMA_COINS_URL: u.defillamaCoins,
      PERPS_RPC_URL: u.perpsVenueARpc, HYPERLIQUID_URL: u.hyperliquidApi, HYPERLIQUID_STATS_URL: u.hyperliquidStats, DYDX_INDEXER_URL: u.dydxIndexer,
      // The four this test is about, on the recording stand-ins.
      LAUNCHPAD_URL: `${launchpad.url}${PREFIX}`, CARD_PACKS_URL: cardPacks.url, SOLANA_RPC_URL: rpc.url, JUPITER_URL: jupiter.url,
    });
    // Live mode starts no chain: the test payers pay on the chains the facilitator settles on.
    service.sandbox = { solana, base };
  });
  after(async () => {
    await service?.close();
    await Promise.all([launchpad, cardPacks, rpc, jupiter].map((s) => s?.close()));
    await providers?.close();
    await facilitator?.close();
    await Promise.all([solana?.close(), base?.close()]);
  });

  /** What `standIn` receives while `run` runs: its requests, in order. */
  async function during<T>(standIn: RecordingStandIn, run: () => Promise<T>): Promise<{ value: T; requests: RecordedRequest[] }> {
    const from = standIn.requests.length;
    const value = await run();
    return { value, requests: standIn.requests.slice(from) };
  }
  const paths = (requests: RecordedRequest[]) => requests.map((r) => r.path);
  const methods = (requests: RecordedRequest[]) => requests.flatMap((r) => r.rpcMethods);
  const caveatCodes = (d: Json): string[] => d.caveats.map((c: Json) => c.code);

  async function ok(key: string, body: Record<string, unknown>, network: PayNetwork = 'solana'): Promise<Json> {
    const r = await paidCall(service, network, key, body, { outputSchema: true });
    assert.equal(r.status, 200, `${key} ${JSON.stringify(body).slice(0, 200)}: ${JSON.stringify(r.json).slice(0, 800)}`);
    assert.equal(r.cost, priceOf(key), `${key} is charged its exact price once`);
    assert.equal(r.settled, true, `${key}: settled`);
    answered.add(key);
    return r.json;
  }

  it('the live defaults are the real hosts, and a live deployment without LAUNCHPAD_URL or CARD_PACKS_URL gets them', () => {
    assert.equal(LIVE_SOURCE_URLS.launchpad, `https://www.stonkfun.xyz${PREFIX}`);
    assert.equal(LIVE_SOURCE_URLS.cardPacks, 'https://gacha.collectorcrypt.com');
    for (const [name, url] of Object.entries(LIVE_SOURCE_URLS)) {
      assert.equal(new URL(url).protocol, 'https:', name);
      assert.ok(!new URL(url).hostname.endsWith('.invalid'), `${name}: ${url}`);
    }
    // No override in the configuration: the service falls back to LIVE_SOURCE_URLS (src/service.ts).
    const config = loadConfig({ DATA_MODE: 'live', HELIUS_API_KEY: 'k', JUPITER_API_KEY: 'k' });
    assert.equal(config.dataMode, 'live');
    assert.equal(config.sourceUrls.launchpad, undefined);
    assert.equal(config.sourceUrls.cardPacks, undefined);
  });

  it('the service runs live, with no sandbox providers of its own', async () => {
    const status = (await (await fetch(`${service.url}/status`)).json()) as Json;
    assert.equal(status.data_mode, 'live');
    assert.equal(service.sandbox?.providers, undefined);
  });

  it('launchpad-pairs (free): 200 from GET /api/public/v1/pairs priced through Jupiter, no payment asked', async () => {
    const jup = jupiter.requests.length;
    const { value: res, requests } = await during(launchpad, () => service.invoke('launchpad-pairs', {}));
    const d = (await res.json()) as Json;
    assert.equal(res.status, 200, JSON.stringify(d).slice(0, 800));
    assertMatchesOutputSchema('launchpad-pairs', d);
    assert.equal(res.headers.get('payment-response'), null, 'free: nothing settled');
    assert.deepEqual(paths(requests), [`${PREFIX}/pairs`]);
    assert.ok(jupiter.requests.slice(jup).some((r) => r.path === '/price/v3'), 'quote prices read');
    // The real format's raw categories come through (a `backpack` quote filed as prestock).
    const rise = d.pairs.find((p: Json) => p.symbol === 'RISEAI');
    assert.deepEqual([rise.category, rise.category_raw], ['prestock', 'backpack']);
    assert.equal(d.agent_launchable, 6);
    answered.add('launchpad-pairs');
  });

  it('before the index: a coin read live from GET /tokens/{mint} and /tokens/{mint}/rewards and its mint and pool on chain (a fee-share coin, recognised)', async () => {
    const share = mint('SHAREPAY');
    const rpcFrom = rpc.requests.length;
    const { value: d, requests } = await during(launchpad, () => ok('launchpad-reward-risk', { mint: share }));
    // The coin's own routes (beside the platform facts the live read also needs: /pairs and /launchlab/pricing).
    for (const route of [`${PREFIX}/tokens/${share}`, `${PREFIX}/tokens/${share}/rewards`]) assert.ok(paths(requests).includes(route), `${route} in ${JSON.stringify(paths(requests))}`);
    const chain = methods(rpc.requests.slice(rpcFrom));
    assert.ok(chain.includes('getMultipleAccounts') && chain.includes('getTokenLargestAccounts'), JSON.stringify(chain));
    assert.equal(d.source, 'live');
    assert.ok(caveatCodes(d).includes('index_stale'));
    assert.equal(d.symbol, 'SHAREPAY');
    assert.equal(d.reward_mechanism, 'fee_share');
    assert.notEqual(d.payout_status, 'NOT_REWARD');
  });

  let indexed = 0;
  it('the index job runs once: GET /tokens, /rewards, /launchlab/pricing under /api/public/v1; mints and pools on chain; quote prices', async () => {
    const rpcFrom = rpc.requests.length;
    const jup = jupiter.requests.length;
    const { value: results, requests } = await during(launchpad, () => service.jobs.tick(NOW));
    const job = results.find((r) => r.job === 'launchpad-index') as { status: string; summary?: string } | undefined;
    const published = /index published with (\d+) coins/.exec(job?.summary ?? '');
    assert.ok(published, JSON.stringify(results));
    indexed = Number(published[1]);
    assert.ok(indexed > 0);
    const routes = requests.map((r) => `${r.path}?${r.query}`);
    for (const route of [`${PREFIX}/tokens?page=1&pageSize=100&sort=volume`, `${PREFIX}/rewards?limit=10000`, `${PREFIX}/launchlab/pricing?quoteMint=${SOL}`]) {
      assert.ok(routes.includes(route), `${route} in ${JSON.stringify(routes)}`);
    }
    const chain = methods(rpc.requests.slice(rpcFrom));
    assert.ok(chain.includes('getMultipleAccounts'), JSON.stringify(chain));
    // The top-10 share: one largest-accounts read per indexed coin.
    assert.equal(chain.filter((m) => m === 'getTokenLargestAccounts').length, indexed);
    assert.ok(jupiter.requests.slice(jup).some((r) => r.path === '/price/v3'), 'quote prices read');
  });

  it('launchpad-reward-risk from the index: the tax read on chain (300 bps), PAYING, HEALTHY', async () => {
    const d = await ok('launchpad-reward-risk', { mint: mint('SOLRAIN') });
    assert.deepEqual([d.source, d.symbol, d.reward_mechanism, d.transfer_tax_bps, d.payout_status, d.level], ['index', 'SOLRAIN', 'transfer_fee', 300, 'PAYING', 'HEALTHY']);
    assert.ok(!caveatCodes(d).includes('index_stale'));
  });

  it('launchpad-yield from the index: the lifetime window runs from the launch (20.75 days)', async () => {
    const d = await ok('launchpad-yield', { mint: mint('SOLRAIN') });
    assert.equal(d.source, 'index');
    assert.equal(d.yields.lifetime.history_days, 20.75);
    assert.ok(d.yields.lifetime.rewards_quote > 0, JSON.stringify(d.yields.lifetime));
  });

  it('launchpad-yield-batch: both indexed coins', async () => {
    const d = await ok('launchpad-yield-batch', { mints: [mint('SOLRAIN'), mint('USDCYLD')] });
    assert.deepEqual(d.coins.map((c: Json) => c.symbol).sort(), ['SOLRAIN', 'USDCYLD']);
    assert.deepEqual(d.not_found, []);
  });

  it('launchpad-alerts: the payout that landed at 09:00', async () => {
    const d = await ok('launchpad-alerts', { mints: [mint('SOLRAIN')], since: new Date(NOW.getTime() - 12 * 3_600_000).toISOString() });
    assert.deepEqual(d.not_found, []);
    assert.ok(d.events.some((e: Json) => e.kind === 'payout_landed' && e.symbol === 'SOLRAIN' && e.at === '2026-11-20T09:00:00.000Z'), JSON.stringify(d.events));
  });

  it('launchpad-screener: paying SOL-quoted coins', async () => {
    const d = await ok('launchpad-screener', { category: 'solana', paying_only: true });
    assert.ok(d.rows.length > 0);
    assert.ok(d.rows.every((r: Json) => r.quote_category === 'solana' && r.payout_status === 'PAYING'), JSON.stringify(d.rows.map((r: Json) => r.symbol)));
    assert.ok(d.rows.some((r: Json) => r.symbol === 'SOLRAIN'));
  });

  it('launchpad-gems: the gem profile coin is found', async () => {
    const d = await ok('launchpad-gems', {});
    assert.ok(d.rows.some((r: Json) => r.symbol === 'USDCGEM'), JSON.stringify(d.rows.map((r: Json) => r.symbol)));
  });

  it('launchpad-launch-intel: quotes ranked from the indexed coins', async () => {
    const d = await ok('launchpad-launch-intel', {});
    const sol = d.rows.find((r: Json) => r.quote_mint === SOL);
    assert.ok(sol && sol.coins >= 5, JSON.stringify(d.rows.map((r: Json) => [r.quote_symbol, r.coins])));
  });

  it('launchpad-quote: the round trip of a 300 bps coin', async () => {
    const d = await ok('launchpad-quote', { mint: mint('SOLRAIN'), size_usd: 100, hold_days: 7 });
    assert.deepEqual([d.symbol, d.transfer_tax_bps, d.payout_status, d.round_trip_pct], ['SOLRAIN', 300, 'PAYING', 5.91]);
  });

  it('launchpad-launch-preflight: a good reward-mode SOL launch checked against GET /launchlab/pricing and /pairs', async () => {
    const { value: d, requests } = await during(launchpad, () =>
      ok('launchpad-launch-preflight', { unsigned_transaction: launchTransaction(GOOD_REWARD_LAUNCH, SANDBOX_LAUNCH_ACCOUNTS), quote_mint: SOL, mode: 'reward' }));
    assert.deepEqual([d.ok, d.mismatches, d.unresolved], [true, [], []]);
    assert.equal(d.reference.quote_mint, SOL);
    assert.ok(paths(requests).includes(`${PREFIX}/launchlab/pricing`), JSON.stringify(paths(requests)));
    assert.ok(requests.some((r) => r.path === `${PREFIX}/launchlab/pricing` && r.query.get('quoteMint') === SOL));
  });

  it('gacha-ev-scan: GET /api/machines, hidden machines excluded (paid on Base)', async () => {
    const { value: d, requests } = await during(cardPacks, () => ok('gacha-ev-scan', {}, 'base'));
    assert.deepEqual(requests.map((r) => `${r.method} ${r.path}`), ['GET /api/machines']);
    const hidden = SANDBOX_CARD_MACHINES.filter((m) => !m.public).length;
    assert.ok(hidden > 0);
    assert.deepEqual([d.scanned, d.hidden_excluded, d.matched], [SANDBOX_CARD_MACHINES.length, hidden, SANDBOX_CARD_MACHINES.length - hidden]);
    assert.ok(d.machines.length > 0);
  });

  it('all 11 answered 200; every launch-platform request was on the real path layout', () => {
    assert.equal(PLATFORM_KEYS.length, 11);
    assert.deepEqual([...answered].sort(), PLATFORM_KEYS.map((d) => d.key).sort());
    assert.ok(launchpad.requests.length > 0);
    const outside = launchpad.requests.filter((r) => !r.path.startsWith(`${PREFIX}/`));
    assert.deepEqual(outside.map((r) => r.path), [], 'no request outside /api/public/v1');
    const served = new Set(launchpad.requests.map((r) => r.path.replace(/\/tokens\/[^/]+/, '/tokens/{mint}')));
    assert.deepEqual([...served].sort(), ['pairs', 'tokens', 'tokens/{mint}', 'tokens/{mint}/rewards', 'rewards', 'launchlab/pricing'].map((p) => `${PREFIX}/${p}`).sort());
    assert.ok(cardPacks.requests.every((r) => r.path === '/api/machines'));
  });
});
