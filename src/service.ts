/**
 * Start-up wiring: the one place that knows about the sandbox. It starts the sandbox chains (in
 * sandbox mode), the facilitator, the store, the cache and the HTTP app, and returns a handle that
 * closes them all. `npm start` and every HTTP test go through here, so tests run the real service.
 */
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { FacilitatorClient } from '@x402/core/server';
import { pino, type Logger } from 'pino';
import type { Hex } from 'viem';
import { buildApp } from './app/server.js';
import { createRecorder, type Recorder } from './app/recorder.js';
import type { DemoTarget, StatusProbe } from './app/deps.js';
import { createMemoryCache, createMemoryRateLimiter } from './cache/memory.js';
import { failOpen } from './cache/fail-open.js';
import { createRedisCache } from './cache/redis-cache.js';
import { createRedisClaimGuard } from './cache/redis-claim-guard.js';
import { openRedis } from './cache/redis-connection.js';
import { withRedisClaims } from './cache/redis-guarded-claims.js';
import { createRedisRateLimiter } from './cache/redis-rate-limiter.js';
import type { Cache, RateLimiter } from './cache/types.js';
import type { Config } from './config/index.js';
import { createLocalFacilitatorClient, createRemoteFacilitatorClient, type ConfirmationOptions } from './payments/facilitator/index.js';
import { PaymentGate } from './payments/gate.js';
import { createServiceSettlementLookup } from './payments/settlement-lookup-service.js';
import { PaymentLifecycle } from './payments/lifecycle.js';
import { startSettlementReconciler, type SettlementReconciler } from './payments/reconciler.js';
import { createCardGate, type CardGate, type CardStripeClient } from './payments/card/index.js';
import { createHttpResourceServer, type PayTo } from './payments/resource-server.js';
import { createBatchSettlement } from './payments/batch-settlement/server.js';
import { createBatchSettlementReceipts } from './payments/batch-settlement/receipts.js';
import { deriveSandboxIdentities } from './payments/sandbox-identities.js';
import { buildServiceRegistry } from './endpoints/index.js';
import type { Registry } from './registry/index.js';
import { startBaseSandbox, type BaseChainHandle } from './sandbox/base/index.js';
import { parseSandboxChainFaults } from './sandbox/chain-faults.js';
import { startSolanaSandbox, type SolanaChainHandle } from './sandbox/solana/index.js';
import { openConfiguredStore } from './store/open.js';
import { createServiceJobs } from './jobs/index.js';
import { streamDetectionJob } from './jobs/stream-detection.js';
import type { Job } from './jobs/runner.js';
import { createStreams, type Streams } from './streams/index.js';
import { backgroundCaller } from './app/execute.js';
import type { JobRunner } from './jobs/runner.js';
import { createEntityDirectory } from './analytics/entities.js';
import { createSources, LIVE_SOURCE_URLS, type SourceUrls, type Sources } from './sources/index.js';
import { readMint } from './sources/solana-rpc.js';
import { startSandboxProviders, type SandboxProviders } from './sandbox/providers/index.js';
import { FaultController } from './sandbox/providers/faults.js';
import { CAST, createSandboxWorld, RISKY_PROGRAMS, SANDBOX_ENTITIES } from './sandbox/world/index.js';
import type { Store } from './store/types.js';
import { systemTimers, type Timers } from './lib/timers.js';

export interface ServiceOverrides {
  /** Injectable clock for the service and the sandbox chains. */
  now?: () => Date;
  /**
   * What deadlines, budgets, breaker cool-downs and job ticks are timed by (src/lib/timers.ts); default real
   * time. Tests pass `ManualTimers`, so a deadline passes only when the test moves the time forward.
   */
  timers?: Timers;
  logger?: Logger;
  store?: Store;
  registry?: Registry;
  /** Lets tests wrap the facilitator (e.g. to make settlement fail). */
  wrapFacilitator?: (client: FacilitatorClient) => FacilitatorClient;
  /** The sandbox facilitator's confirmation bound (tests on a hostile chain keep it short); default the facilitator's. */
  facilitatorConfirmation?: ConfirmationOptions;
  /** A Stripe client for the card path (tests pass a fake); by default mppx calls Stripe's REST API. */
  cardStripe?: CardStripeClient;
  /**
   * Sandbox providers already running elsewhere (the bench runs them in a child process so their CPU is
   * not counted as the service's): the service uses these URLs instead of starting its own.
   */
  sandboxProviderUrls?: SourceUrls;
}

/** How long the demo remembers whether an address is a mint (seconds). */
const DEMO_TARGET_TTL_S = 300;

/** The card path exists only when both the Stripe key and the MPP secret are configured. */
function createCardPath(config: Config, now: () => Date, stripe?: CardStripeClient): CardGate | undefined {
  if (!config.stripeSecretKey || !config.mppSecretKey) return undefined;
  return createCardGate({
    secretKey: config.mppSecretKey,
    stripe: stripe ?? { secretKey: config.stripeSecretKey },
    ...(config.stripeNetworkId ? { networkId: config.stripeNetworkId } : {}),
    now,
  });
}

export interface RunningService {
  app: FastifyInstance;
  url: string;
  payTo: PayTo;
  /**
   * The sandbox chains' RPC URLs (this process's own, or the shared ones it joined) and providers. For chains this
   * process started, also their direct balance reads and fault controllers (`solana.faults`, `base.faults`:
   * docs/sandbox.md#chain-faults); absent when it joined chains by URL.
   */
  sandbox?: { solana: SolanaChainHandle; base: BaseChainHandle; providers?: SandboxProviders };
  sources: Sources;
  store: Store;
  /** Snapshots and query-stream counts written after each answer; `idle()` waits for pending writes. */
  recorder: Recorder;
  /** Background jobs (docs/jobs.md); ticking on a timer only when JOBS_ENABLED, `tick(now)` always works. */
  jobs: JobRunner;
  /** Alert subscriptions: their store, hub and webhook dispatcher (tests drive `dispatcher.sweep()`). */
  streams: Streams;
  /** The alert-stream detection job, also run by `jobs` (tests run it alone: `streamDetection.run(...)`). */
  streamDetection: Job;
  /** The reconciler of unconfirmed settlements (ticks on the service's timers; `runOnce()` for tests). */
  settlements: SettlementReconciler;
  close(): Promise<void>;
}

/**
 * A free port, held until `release()`: the public URL needs the port before the app listens, and the
 * sandbox servers started in between listen on ephemeral ports too — a port freed at once could be
 * handed to one of them (seen as EADDRINUSE under parallel tests). Released right before `app.listen`.
 */
async function reservePort(host: string): Promise<{ port: number; release: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      if (typeof address !== 'object' || !address) return reject(new Error('no port'));
      resolve({ port: address.port, release: () => new Promise<void>((done) => probe.close(() => done())) });
    });
  });
}

export function createLogger(level: string): Logger {
  return pino({
    level,
    // Payment payloads and credentials never reach the logs.
    redact: ['req.headers.authorization', 'req.headers["payment-signature"]', 'req.headers["x-payment"]', '*.apiKey', '*.secret'],
  });
}

export async function startService(config: Config, overrides: ServiceOverrides = {}): Promise<RunningService> {
  const now = overrides.now ?? (() => new Date());
  const timers = overrides.timers ?? systemTimers;
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const closers: (() => Promise<void>)[] = [];
  // Set when the HTTP server starts closing: /status then reports not ready, so a load balancer stops routing here.
  let shuttingDown = false;
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch((err: unknown) => logger.warn({ err }, 'close failed'));
  };

  try {
    const reserved = config.port === 0 ? await reservePort(config.host) : null;
    closers.push(async () => reserved?.release());
    const port = reserved?.port ?? config.port;
    const publicUrl = (config.publicUrl ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`).replace(/\/$/, '');

    let sandbox: RunningService['sandbox'];
    let facilitator: FacilitatorClient;
    let payTo: PayTo;
    // The in-process facilitator's EVM key, when there is one (absent with a remote facilitator): batch-settlement
    // is offered only then, its receipts signed with this key (the channels' receiver authorizer).
    let localFacilitatorEvmKey: Hex | undefined;
    if (config.dataMode === 'sandbox') {
      let solana: SolanaChainHandle;
      let base: BaseChainHandle;
      if (config.sandboxSolanaRpcUrl || config.sandboxBaseRpcUrl) {
        // Joining a shared sandbox chain (several instances must settle on one ledger, or a payment made
        // at one would not exist for the others).
        if (!config.sandboxSolanaRpcUrl || !config.sandboxBaseRpcUrl) throw new Error('SANDBOX_SOLANA_RPC_URL and SANDBOX_BASE_RPC_URL go together');
        // Faults belong to the process that runs the chains; silently ignoring them here would fake a hostile chain.
        if (config.sandboxChainFaults) throw new Error('SANDBOX_CHAIN_FAULTS applies to sandbox chains this process starts, not to joined ones (SANDBOX_*_RPC_URL)');
        solana = { url: config.sandboxSolanaRpcUrl, ...(config.sandboxSolanaWsUrl ? { wsUrl: config.sandboxSolanaWsUrl } : {}) };
        base = { url: config.sandboxBaseRpcUrl };
      } else {
        const faults = parseSandboxChainFaults(config.sandboxChainFaults);
        const [own, ownBase] = await Promise.all([
          startSolanaSandbox({ host: '127.0.0.1', now, ...(faults.solana ? { faults: faults.solana } : {}) }),
          startBaseSandbox({ host: '127.0.0.1', now, ...(faults.base ? { faults: faults.base } : {}) }),
        ]);
        closers.push(() => own.close(), () => ownBase.close());
        solana = own;
        base = ownBase;
      }
      sandbox = { solana, base };
      const ids = deriveSandboxIdentities(config.sandboxSeed);
      payTo = { solana: config.payToSolana ?? ids.payToSolana, base: config.payToBase ?? ids.payToBase };
      localFacilitatorEvmKey = ids.facilitatorEvmKey;
      facilitator = await createLocalFacilitatorClient({
        solanaRpcUrl: solana.url, solanaWsUrl: solana.wsUrl, baseRpcUrl: base.url,
        evmPrivateKey: localFacilitatorEvmKey, svmSecretKey: ids.facilitatorSvmSeed,
        ...(overrides.facilitatorConfirmation ? { confirmation: overrides.facilitatorConfirmation } : {}),
      });
    } else {
      if (!config.payToSolana || !config.payToBase) throw new Error('live mode needs PAY_TO_SOLANA and PAY_TO_BASE');
      payTo = { solana: config.payToSolana, base: config.payToBase };
      if (config.facilitatorUrl) {
        facilitator = createRemoteFacilitatorClient(config.facilitatorUrl, config.facilitatorAuthHeader);
      } else {
        if (!config.solanaRpcUrl || !config.baseRpcUrl || !config.facilitatorBaseKey || !config.facilitatorSolanaKey) {
          throw new Error('live mode needs FACILITATOR_URL, or SOLANA_RPC_URL + BASE_RPC_URL + FACILITATOR_SOLANA_KEY + FACILITATOR_BASE_KEY');
        }
        localFacilitatorEvmKey = config.facilitatorBaseKey as Hex;
        facilitator = await createLocalFacilitatorClient({
          solanaRpcUrl: config.solanaRpcUrl, baseRpcUrl: config.baseRpcUrl,
          evmPrivateKey: localFacilitatorEvmKey,
          svmSecretKey: Uint8Array.from(Buffer.from(config.facilitatorSolanaKey, 'hex')),
        });
      }
    }
    if (overrides.wrapFacilitator) facilitator = overrides.wrapFacilitator(facilitator);

    // Data sources: the loopback sandbox providers over one deterministic world, or the real providers.
    const tuning = { timeoutMs: config.sourceTimeoutMs, retries: config.sourceRetries };
    let sources: Sources;
    let entities = createEntityDirectory();
    let riskyPrograms: ReadonlySet<string> = new Set(config.riskyPrograms);
    if (sandbox) {
      let urls = overrides.sandboxProviderUrls;
      if (!urls) {
        const providers = await startSandboxProviders(createSandboxWorld(config.sandboxSeed), now, FaultController.fromEnv(config.sandboxFaults, timers));
        closers.push(() => providers.close());
        sandbox.providers = providers;
        urls = providers.urls;
      }
      sources = createSources(urls, {}, tuning, now, timers);
      // The sandbox's own institutions, labelled like the real ones are in live mode.
      riskyPrograms = new Set([...config.riskyPrograms, ...RISKY_PROGRAMS.map((p) => p.address)]);
      entities = createEntityDirectory(SANDBOX_ENTITIES.map((e) => ({ ...e, tags: ['sandbox', e.kind], confidence: 'high' as const })));
    } else {
      sources = createSources(
        {
          ...LIVE_SOURCE_URLS,
          ...(config.jupiterApiKey ? { jupiter: 'https://api.jup.ag' } : {}),
          ...(config.solanaRpcUrl ? { solanaRpc: config.solanaRpcUrl, perpsVenueARpc: config.solanaRpcUrl, perpsVenueBRpc: config.solanaRpcUrl } : {}),
          ...config.sourceUrls,
        },
        { helius: config.heliusApiKey, jupiter: config.jupiterApiKey },
        tuning,
        now,
        timers,
      );
    }

    const registry = overrides.registry ?? buildServiceRegistry();
    // Looks a settlement up on chain when the facilitator's settle throws after a broadcast (docs/payments.md).
    const settlementLookup = await createServiceSettlementLookup(config, sandbox);
    // batch-settlement is offered where the facilitator settles it: the in-process one does (a remote one may not).
    const batch = localFacilitatorEvmKey ? createBatchSettlement(payTo.base, createBatchSettlementReceipts(localFacilitatorEvmKey)) : undefined;

    let store = overrides.store;
    if (!store) {
      const opened = await openConfiguredStore(config);
      logger.info({ store: opened.store.kind, location: opened.location }, 'store opened');
      store = opened.store;
    }
    const ownedStore = store;
    closers.push(() => ownedStore.close());
    // Redis (several instances): the shared answer cache, the rate limits and the payment-claim guard.
    let cache: Cache = createMemoryCache({ now: () => now().getTime() });
    let limiter: RateLimiter = createMemoryRateLimiter({ now: () => now().getTime() });
    if (config.redisUrl) {
      const redis = await openRedis(config.redisUrl, { onError: (err) => logger.warn({ err: err.message }, 'redis error') });
      closers.push(() => redis.close());
      cache = createRedisCache({ client: redis.client, prefix: config.redisPrefix, now: () => now().getTime(), computeTimeoutMs: config.answerDeadlineMs });
      limiter = failOpen(createRedisRateLimiter({ client: redis.client, prefix: config.redisPrefix, now: () => now().getTime() }), logger);
      store = withRedisClaims(store, createRedisClaimGuard({ client: redis.client, prefix: config.redisPrefix }));
      batch?.storage.useRedis(redis.client, config.redisPrefix);
    }
    // Alert subscriptions (docs/streaming.md): their top-up is a paid route, so it joins the resource server.
    const streams = createStreams({
      store, registry, dataMode: config.dataMode, now, timers, logger, publicUrl,
      ...(batch ? { channels: batch.storage } : {}),
      settings: { replayWindowMs: config.streamReplayHours * 3_600_000, heartbeatMs: config.streamHeartbeatS * 1000, webhookTimeoutMs: config.webhookTimeoutMs },
    });
    closers.push(() => streams.dispatcher.stop());
    const gate = new PaymentGate(createHttpResourceServer(registry, facilitator, payTo, publicUrl, batch, [streams.fund]), facilitator, settlementLookup);
    await gate.initialize().catch((err: unknown) => logger.warn({ err }, 'facilitator unreachable at start-up; paid calls answer 503 until it is back'));
    // Detection calls the polling endpoints as a paid call would run them (shared cache, deadline), once per group.
    const detectionCall = backgroundCaller(registry, cache, {
      now, timers, dataMode: config.dataMode, sources, entities, riskyPrograms, store, smartMoneyWallets: config.smartMoneyWallets,
    }, config.answerDeadlineMs, 'stream-detection');
    const streamDetection = streamDetectionJob({
      store, call: detectionCall, intervalMs: config.streamDetectionIntervalS * 1000, replayWindowMs: config.streamReplayHours * 3_600_000,
      // Wakes this instance's open streams and webhook deliveries for the subscriptions that got events.
      onAppended: (ids) => streams.hub.notify(ids),
    });
    const jobs = createServiceJobs({
      config, store, registry, sources, entities, riskyPrograms, logger, now, timers,
      ...(batch ? { batchSettlement: { batch, facilitator } } : {}),
      streams: { store, detection: streamDetection, replayWindowMs: config.streamReplayHours * 3_600_000, notify: (ids) => streams.hub.notify(ids) },
    });
    // Stopped before the store closes (closers run in reverse).
    closers.push(() => jobs.stop());
    const ownedCache = cache;
    closers.push(() => ownedCache.close());

    const status: StatusProbe = {
      facilitator: async () => {
        const supported = await facilitator.getSupported();
        return { ok: supported.kinds.length > 0, kinds: supported.kinds.map((k) => `v${k.x402Version}:${k.scheme}:${k.network}`) };
      },
      ...(sandbox ? { sandbox: { solanaRpcUrl: sandbox.solana.url, baseRpcUrl: sandbox.base.url } } : {}),
      // The demo runs the light token analysis for a mint and the light wallet profile for anything else. The
      // decision reads the chain, so it is cached like an answer (an address does not turn into a mint often).
      // A remembered decision is returned synchronously (no deadline signal, no promise).
      demoTarget: (address, signal) => {
        const key = `demo-target:${address}`;
        return ownedCache.peek?.<DemoTarget>(key)?.value ?? ownedCache.getOrCompute<DemoTarget>(key, DEMO_TARGET_TTL_S, async () =>
          (readMint((await sources.rpc.getAccountInfo(address, signal())).value) ? 'enrich-token-light' : 'enrich-wallet-light')).then((c) => c.value);
      },
    };
    const recorder = createRecorder({ store, logger, excludedPayers: config.consensusExcludedPayers });
    // Closed after the app (closers run in reverse): answers already sent finish recording before the store closes.
    closers.push(() => recorder.idle());
    const app = await buildApp({
      config, registry, gate, store, cache, limiter,
      logger, now, timers, publicUrl, status, card: createCardPath(config, now, overrides.cardStripe), sources, entities, riskyPrograms, recorder,
      lifecycle: { shuttingDown: () => shuttingDown }, docExamples: { sandboxCast: CAST }, streams,
    });
    await reserved?.release();
    await app.listen({ host: config.host, port });
    closers.push(async () => {
      // Graceful: stop accepting, let in-flight calls finish (each settles or releases its payment before it
      // answers), then close. A call still running after the grace period loses its connection.
      shuttingDown = true;
      const force = setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceMs);
      force.unref();
      // A keep-alive connection whose last call finishes during the drain would otherwise sit idle until the
      // grace period ends (close() only drops the connections idle at the moment it is called).
      const idle = setInterval(() => app.server.closeIdleConnections(), 100);
      idle.unref();
      try {
        await app.close();
      } finally {
        clearInterval(idle);
        clearTimeout(force);
      }
    });
    // Resolves on chain the settlements whose outcome was unknown when their call ended (docs/payments.md).
    const settlements = startSettlementReconciler({ lifecycle: new PaymentLifecycle({ gate, store, now, timers, logger }), store, timers, now, logger });
    closers.push(async () => settlements.stop());
    logger.info({ url: publicUrl, dataMode: config.dataMode, sandbox: status.sandbox }, 'onchain enrichment api listening');
    if (config.jobsEnabled) jobs.start();
    // Webhook deliveries are part of serving (like answering), not a background job: every instance delivers.
    streams.dispatcher.start();
    return { app, url: publicUrl, payTo, sandbox, store, sources, recorder, jobs, settlements, streams, streamDetection, close: closeAll };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
