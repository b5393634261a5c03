/**
 * Configuration from the environment, read once at start-up. Every variable is documented in
 * docs/configuration.md; secrets (facilitator auth, Stripe key) are never logged.
 */
import { parseTrustProxy, type TrustProxy } from './trust-proxy.js';
import { USDC_MINT } from '../lib/solana-mints.js';

export const SERVICE_VERSION = '1.0.0';

export const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const;
export const BASE_MAINNET = 'eip155:8453' as const;
export const SOLANA_USDC_MINT = USDC_MINT;
export const BASE_USDC_ADDRESS = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';

export interface Config {
  host: string;
  port: number;
  /** Public base URL used in `resource` fields and docs; defaults to http://HOST:PORT. */
  publicUrl?: string;
  /** Whose `X-Forwarded-For` names the client (rate limits count per client address); see trust-proxy.ts. */
  trustProxy: TrustProxy;
  dataDir: string;
  /** PostgreSQL store instead of SQLite (several instances share it); `databaseSchema` isolates one deployment. */
  databaseUrl?: string;
  databaseSchema?: string;
  /** Redis for the shared cache, rate limits and payment claims; `redisPrefix` namespaces every key. */
  redisUrl?: string;
  redisPrefix: string;
  /**
   * Sandbox mode only: use an already running sandbox chain (`npm run sandbox-chain`) instead of starting one,
   * so several instances settle on one ledger. All of Solana RPC and Base RPC, or none.
   */
  sandboxSolanaRpcUrl?: string;
  sandboxSolanaWsUrl?: string;
  sandboxBaseRpcUrl?: string;
  /** SIGTERM: how long in-flight calls may finish before connections are closed anyway. */
  shutdownGraceMs: number;
  /** `sandbox` runs the embedded chain and in-process facilitator; `live` needs provider keys. */
  dataMode: 'sandbox' | 'live';
  sandboxSeed: string;
  payToSolana?: string;
  payToBase?: string;
  /** Remote facilitator (live mode); when unset the in-process facilitator is used. */
  facilitatorUrl?: string;
  facilitatorAuthHeader?: string;
  /** Live-mode chain RPCs for the in-process facilitator. */
  solanaRpcUrl?: string;
  baseRpcUrl?: string;
  facilitatorSolanaKey?: string;
  facilitatorBaseKey?: string;
  stripeSecretKey?: string;
  stripeNetworkId?: string;
  mppSecretKey?: string;
  /** Provider keys (live mode). */
  heliusApiKey?: string;
  jupiterApiKey?: string;
  /** Per-provider base URL overrides (live mode; e.g. a paid Jupiter host or a proxy). */
  sourceUrls: Partial<Record<
    | 'heliusRpc' | 'heliusApi' | 'dexscreener' | 'jupiter' | 'defillamaApi' | 'defillamaYields' | 'defillamaCoins'
    | 'perpsVenueARpc' | 'perpsVenueBRpc' | 'hyperliquidApi' | 'hyperliquidStats' | 'dydxIndexer' | 'cardPacks' | 'launchpad',
    string
  >>;
  /** Budget of one call to a data source, retries included, and the retries. */
  sourceTimeoutMs: number;
  sourceRetries: number;
  /** Program ids whose use counts as a risky interaction in wallet risk (comma-separated `RISKY_PROGRAMS`). */
  riskyPrograms: string[];
  /** Days of daily snapshots kept (retention job). */
  snapshotRetentionDays: number;
  /** Runs the background jobs (retention, snapshot sweep) in this process; see docs/jobs.md. */
  jobsEnabled: boolean;
  /** Payers whose calls the query stream does not count (the operator's own test traffic), as written. */
  consensusExcludedPayers: string[];
  /**
   * The operator's smart-money seed wallets (`SMART_MONEY_WALLETS`, comma-separated, at most 30), used by
   * the smart-money endpoints when a call names none; unset = the endpoints' own default.
   */
  smartMoneyWallets?: string[];
  /** Sandbox fault injection, JSON per leg (see docs/sandbox.md). */
  sandboxFaults?: string;
  /** Sandbox payment-chain faults, JSON `{"solana":{…},"base":{…}}` (docs/sandbox.md#chain-faults). */
  sandboxChainFaults?: string;
  demoLimitPerHour: number;
  freeRouteLimitPerMinute: number;
  /** Refused payments per client IP per minute on paid routes before its payments are no longer verified (429). */
  refusedPaymentsPerMinute: number;
  logLevel: string;
  /** Every paid call answers within this deadline (default 15 s; docs/configuration.md `ANSWER_DEADLINE_MS`); data legs degrade at their own. */
  answerDeadlineMs: number;
  /** Alert subscriptions (docs/streaming.md): how often detection runs, how long events stay for replay, stream heartbeat, webhook timeout. */
  streamDetectionIntervalS: number;
  streamReplayHours: number;
  streamHeartbeatS: number;
  webhookTimeoutMs: number;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** A setting where 0 would mean "never" or "always": refused at start-up rather than misread. */
function positive(name: string, value: number): number {
  if (value <= 0) throw new Error(`${name} must be at least 1`);
  return value;
}

function boolFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new Error(`${name} must be "true" or "false", got "${raw}"`);
}

/** Seed wallets of smart-money-flow: the spec's bound, so an operator list is one call's worth. */
export const MAX_SMART_MONEY_WALLETS = 30;
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** `SMART_MONEY_WALLETS`: distinct Solana addresses in the given order; a bad entry fails start-up, not a call. */
function smartMoneyWalletsFromEnv(env: NodeJS.ProcessEnv): string[] | undefined {
  const list = [...new Set((env.SMART_MONEY_WALLETS ?? '').split(',').map((w) => w.trim()).filter(Boolean))];
  if (list.length === 0) return undefined;
  const bad = list.find((w) => !SOLANA_ADDRESS.test(w));
  if (bad !== undefined) throw new Error(`SMART_MONEY_WALLETS must list Solana addresses (base58, 32-44 characters), got "${bad}"`);
  if (list.length > MAX_SMART_MONEY_WALLETS) throw new Error(`SMART_MONEY_WALLETS lists ${list.length} wallets, at most ${MAX_SMART_MONEY_WALLETS}`);
  return list;
}

const PROVIDER_KEYS = ['HELIUS_API_KEY', 'JUPITER_API_KEY', 'SOLANA_RPC_URL'] as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const explicitMode = env.DATA_MODE;
  if (explicitMode !== undefined && explicitMode !== 'sandbox' && explicitMode !== 'live') {
    throw new Error(`DATA_MODE must be "sandbox" or "live", got "${explicitMode}"`);
  }
  const anyProviderKey = PROVIDER_KEYS.some((k) => (env[k] ?? '') !== '');
  return {
    host: env.HOST || '127.0.0.1',
    port: intFromEnv(env, 'PORT', 8402),
    publicUrl: env.PUBLIC_URL || undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'oea:',
    sandboxSolanaRpcUrl: env.SANDBOX_SOLANA_RPC_URL || undefined,
    sandboxSolanaWsUrl: env.SANDBOX_SOLANA_WS_URL || undefined,
    sandboxBaseRpcUrl: env.SANDBOX_BASE_RPC_URL || undefined,
    shutdownGraceMs: intFromEnv(env, 'SHUTDOWN_GRACE_MS', 20_000),
    dataMode: explicitMode ?? (anyProviderKey ? 'live' : 'sandbox'),
    sandboxSeed: env.SANDBOX_SEED || 'onchain-enrichment-sandbox',
    payToSolana: env.PAY_TO_SOLANA || undefined,
    payToBase: env.PAY_TO_BASE || undefined,
    facilitatorUrl: env.FACILITATOR_URL || undefined,
    facilitatorAuthHeader: env.FACILITATOR_AUTH_HEADER || undefined,
    solanaRpcUrl: env.SOLANA_RPC_URL || undefined,
    baseRpcUrl: env.BASE_RPC_URL || undefined,
    facilitatorSolanaKey: env.FACILITATOR_SOLANA_KEY || undefined,
    facilitatorBaseKey: env.FACILITATOR_BASE_KEY || undefined,
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeNetworkId: env.STRIPE_NETWORK_ID || undefined,
    mppSecretKey: env.MPP_SECRET_KEY || undefined,
    heliusApiKey: env.HELIUS_API_KEY || undefined,
    jupiterApiKey: env.JUPITER_API_KEY || undefined,
    sourceUrls: Object.fromEntries(
      ([
        ['heliusRpc', env.HELIUS_RPC_URL], ['heliusApi', env.HELIUS_API_URL], ['dexscreener', env.DEXSCREENER_URL],
        ['jupiter', env.JUPITER_URL], ['defillamaApi', env.DEFILLAMA_URL], ['defillamaYields', env.DEFILLAMA_YIELDS_URL],
        ['defillamaCoins', env.DEFILLAMA_COINS_URL],
        // The pool venues' accounts are read over Solana RPC: PERPS_RPC_URL, else SOLANA_RPC_URL (service.ts).
        ['perpsVenueARpc', env.PERPS_RPC_URL], ['perpsVenueBRpc', env.PERPS_RPC_URL],
        ['hyperliquidApi', env.HYPERLIQUID_URL], ['hyperliquidStats', env.HYPERLIQUID_STATS_URL], ['dydxIndexer', env.DYDX_INDEXER_URL],
        ['cardPacks', env.CARD_PACKS_URL], ['launchpad', env.LAUNCHPAD_URL],
      ] as const).filter(([, v]) => v),
    ),
    sourceTimeoutMs: intFromEnv(env, 'SOURCE_TIMEOUT_MS', 4000),
    sourceRetries: intFromEnv(env, 'SOURCE_RETRIES', 2),
    sandboxFaults: env.SANDBOX_FAULTS || undefined,
    sandboxChainFaults: env.SANDBOX_CHAIN_FAULTS || undefined,
    riskyPrograms: (env.RISKY_PROGRAMS ?? '').split(',').map((p) => p.trim()).filter(Boolean),
    snapshotRetentionDays: intFromEnv(env, 'SNAPSHOT_RETENTION_DAYS', 35),
    jobsEnabled: boolFromEnv(env, 'JOBS_ENABLED', true),
    consensusExcludedPayers: (env.CONSENSUS_EXCLUDE_PAYERS ?? '').split(',').map((p) => p.trim()).filter(Boolean),
    smartMoneyWallets: smartMoneyWalletsFromEnv(env),
    demoLimitPerHour: intFromEnv(env, 'DEMO_LIMIT_PER_HOUR', 10),
    freeRouteLimitPerMinute: intFromEnv(env, 'FREE_ROUTE_LIMIT_PER_MINUTE', 300),
    refusedPaymentsPerMinute: intFromEnv(env, 'REFUSED_PAYMENTS_PER_MINUTE', 30),
    logLevel: env.LOG_LEVEL || 'info',
    answerDeadlineMs: intFromEnv(env, 'ANSWER_DEADLINE_MS', 15_000),
    streamDetectionIntervalS: positive('STREAM_DETECTION_INTERVAL_S', intFromEnv(env, 'STREAM_DETECTION_INTERVAL_S', 60)),
    streamReplayHours: positive('STREAM_REPLAY_HOURS', intFromEnv(env, 'STREAM_REPLAY_HOURS', 24)),
    streamHeartbeatS: positive('STREAM_HEARTBEAT_S', intFromEnv(env, 'STREAM_HEARTBEAT_S', 15)),
    webhookTimeoutMs: positive('WEBHOOK_TIMEOUT_MS', intFromEnv(env, 'WEBHOOK_TIMEOUT_MS', 15_000)),
  };
}
