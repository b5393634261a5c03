/**
 * Fault modes of the sandbox payment chains (src/sandbox/solana, src/sandbox/base), so the payment code can be
 * tested against a chain as slow and hostile as a real one: confirmation delays and realistic block times,
 * failing and slow status/receipt reads, broadcasts that are dropped, refused, or carried out with their answer
 * lost. Set at start-up from `SANDBOX_CHAIN_FAULTS` (JSON, `{"solana":{…},"base":{…}}`) or at run time through the
 * controller on each chain's handle (`sandbox.solana.faults.set({…})`). docs/sandbox.md#chain-faults.
 *
 * Counted faults are deterministic, like the providers' (src/sandbox/providers/faults.ts): a rate of 0.25 fails
 * exactly every 4th read since the last `set`. Delays are real time (`performance.now`, `setTimeout`), because
 * the payment code's confirmation waits are real time; keep them small in tests.
 */

export type ChainName = 'solana' | 'base';

/** How a failure reaches the client: a JSON-RPC error entry, or the whole HTTP request answered 503. */
export type FailureTransport = 'rpc-error' | 'http-503';

export interface RpcErrorShape {
  code: number;
  message: string;
}

/** Failing status reads (Solana `getSignatureStatuses`) or receipt reads (Base `eth_getTransactionReceipt`). */
export interface ReadFailures {
  /** Fail this many reads, then answer normally. With `rate`, the most failures. */
  count?: number;
  /** 0..1: the share of reads failed, deterministically (0.25 fails the 4th, 8th, … read). */
  rate?: number;
  /** Let this many reads through first (e.g. 1: the read the payment code sends in the same batch as the broadcast). */
  after?: number;
  /**
   * Default `rpc-error` (the entry answers `error`, other entries of its batch are unaffected). `http-503`: the unit
   * is the HTTP request carrying reads, and a failed one is answered 503 with nothing in it run (a batch holding
   * a broadcast too is not broadcast).
   */
  as?: FailureTransport;
  /** The JSON-RPC error of `rpc-error` (default: Solana -32005 "Node is unhealthy", Base -32603 "internal error"). */
  error?: RpcErrorShape;
}

/** Failing broadcasts (Solana `sendTransaction`, Base `eth_sendRawTransaction`). */
export interface BroadcastFailures {
  /** Fail this many broadcasts, then answer normally. */
  count: number;
  /**
   * Carry the broadcast out (the transaction lands as usual) and then answer the failure: the "broadcast, answer
   * lost" case. Default false: refused, nothing lands and nothing is reserved.
   */
  landed?: boolean;
  /**
   * Default `rpc-error`. `http-503` without `landed`: the unit is the HTTP request carrying broadcasts, answered 503
   * with nothing in it run. `http-503` with `landed`: the whole request runs, then is answered 503.
   */
  as?: FailureTransport;
  /** The JSON-RPC error of `rpc-error` (default as for reads). */
  error?: RpcErrorShape;
}

export interface ChainFaults {
  /**
   * A broadcast transaction lands (its state change applies, its status/receipt appears) this long after it was
   * accepted. Its signature / nonce is reserved at once, so a duplicate broadcast is refused meanwhile.
   */
  confirmationDelayMs?: number;
  /**
   * Block production on a real-time cadence: Base a block every 2,000 ms (every transaction lands in the next
   * block), Solana 400 ms slots (a transaction is `processed` when its slot ends and `confirmed` one slot later).
   * With `confirmationDelayMs`, a transaction lands in the first block/slot end at least that long after it was sent.
   */
  realisticBlockTimes?: boolean;
  /** Solana only: fail `getSignatureStatuses` reads. A number is `{ count: n }`. */
  statusReadFailures?: number | ReadFailures;
  /** Base only: fail `eth_getTransactionReceipt` reads. A number is `{ count: n }`. */
  receiptReadFailures?: number | ReadFailures;
  /** Hold every status / receipt read this long before answering it (the read sees the state after the wait). */
  slowReadsMs?: number;
  /** The next n broadcasts answer success (the signature / hash) but never land: no state change, no status, ever. */
  dropBroadcasts?: number;
  /** Fail broadcasts. A number is `{ count: n }` (refused, not landed, JSON-RPC error). */
  failBroadcasts?: number | BroadcastFailures;
}

/** What `SANDBOX_CHAIN_FAULTS` holds. */
export interface SandboxChainFaults {
  solana?: ChainFaults;
  base?: ChainFaults;
}

/**
 * What the faults did since the last `set` / `clear` (`pending` is live). Requests are counted while any fault is
 * set (with none, they do not go through this module at all).
 */
export interface ChainFaultCounts {
  /** Status (Solana) / receipt (Base) reads seen; with `http-503` reads, HTTP requests carrying reads. */
  reads: number;
  readsFailed: number;
  readsSlowed: number;
  /** Broadcasts seen; with `http-503` refusals, HTTP requests carrying broadcasts. */
  broadcasts: number;
  broadcastsDropped: number;
  /** Refused: answered with a failure, nothing landed. */
  broadcastsFailed: number;
  /** Carried out, then answered with a failure (`landed: true`). */
  broadcastsAnswerLost: number;
  /** Accepted transactions not landed yet (confirmation delay or block time). */
  pending: number;
  /** Transactions that landed after a delay. */
  landedLate: number;
  /** Delayed transactions that could not land when their time came (Solana: blockhash expired meanwhile, fee unpayable). */
  neverLanded: number;
}

/** A broadcast's fate: carried out normally, accepted but never landed, refused, or carried out with its answer lost. */
export type BroadcastFate =
  | { kind: 'send' }
  | { kind: 'drop' }
  | { kind: 'fail'; error: RpcErrorShape }
  | { kind: 'lose-answer'; as: FailureTransport; error: RpcErrorShape };

/** When a transaction accepted now lands and (Solana) is confirmed, in `performance.now()` milliseconds. */
export interface LandingTime {
  landAt: number;
  confirmAt: number;
}

/** Base: a block every 2 s; Solana: 400 ms slots (mainnet's figures). */
export const REALISTIC_BLOCK_MS: Record<ChainName, number> = { base: 2_000, solana: 400 };

const DEFAULT_ERRORS: Record<ChainName, RpcErrorShape> = {
  solana: { code: -32005, message: 'Node is unhealthy (sandbox chain fault)' },
  base: { code: -32603, message: 'internal error (sandbox chain fault)' },
};

const READ_FIELD: Record<ChainName, 'statusReadFailures' | 'receiptReadFailures'> = { solana: 'statusReadFailures', base: 'receiptReadFailures' };

const zeroCounts = (): Omit<ChainFaultCounts, 'pending'> => ({
  reads: 0, readsFailed: 0, readsSlowed: 0, broadcasts: 0, broadcastsDropped: 0, broadcastsFailed: 0, broadcastsAnswerLost: 0, landedLate: 0, neverLanded: 0,
});

/** A counted fault: `count` failures at most, on a deterministic `rate`, after `after` passes. */
class Counter {
  private seen = 0;
  private failed = 0;

  constructor(private readonly spec: { count?: number; rate?: number; after?: number }) {}

  next(): boolean {
    this.seen++;
    const n = this.seen - (this.spec.after ?? 0);
    if (n <= 0 || this.failed >= (this.spec.count ?? Infinity)) return false;
    const rate = this.spec.rate ?? 1;
    if (Math.floor(n * rate) <= Math.floor((n - 1) * rate)) return false;
    this.failed++;
    return true;
  }
}

/**
 * The fault settings of one chain, read by its JSON-RPC server and its bank. Tests hold it through the chain's
 * handle; `set` replaces every setting and restarts the counters and `counts()`.
 */
export class ChainFaultController {
  private faults: ChainFaults = {};
  private readCounter: Counter | undefined;
  private broadcastFailCounter: Counter | undefined;
  private dropsLeft = 0;
  private tally = zeroCounts();
  private pendingCount = 0;
  private idleWaiters: (() => void)[] = [];
  private readonly listeners = new Set<() => void>();
  private flusher: (() => Promise<void>) | undefined;
  /** Block / slot boundaries are counted from here. */
  private readonly genesis = performance.now();

  constructor(readonly chain: ChainName, initial: ChainFaults = {}) {
    this.set(initial);
  }

  /** Replaces every fault setting (validated) and restarts the counters. `set({})` is `clear()`. */
  set(faults: ChainFaults): void {
    this.faults = validateChainFaults(this.chain, faults);
    const read = normalizeReads(this.faults[READ_FIELD[this.chain]]);
    this.readCounter = read ? new Counter(read) : undefined;
    const fail = normalizeBroadcastFailures(this.faults.failBroadcasts);
    this.broadcastFailCounter = fail ? new Counter({ count: fail.count }) : undefined;
    this.dropsLeft = this.faults.dropBroadcasts ?? 0;
    this.tally = zeroCounts();
    for (const listener of this.listeners) listener();
  }

  clear(): void {
    this.set({});
  }

  /** The settings in force (as given to `set`). */
  get(): Readonly<ChainFaults> {
    return this.faults;
  }

  counts(): ChainFaultCounts {
    return { ...this.tally, pending: this.pendingCount };
  }

  /** Resolves once no accepted transaction is waiting to land (dropped ones never wait). */
  whenIdle(): Promise<void> {
    if (this.pendingCount === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Lands (and confirms) every pending transaction now instead of at its time, as one more block: a test can
   * look at the chain with a long delay in force, then move on without waiting it out.
   */
  async landPendingNow(): Promise<void> {
    await this.flusher?.();
  }

  // ---- for the chains ------------------------------------------------------------------------------------

  /** The chain's implementation of `landPendingNow`. */
  setFlusher(flush: () => Promise<void>): void {
    this.flusher = flush;
  }

  /** Called on every `set`: the Base chain starts or stops its block ticker. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Whether JSON-RPC requests go through the fault layer (so they are counted): whenever any fault is set. With
   * none, the servers answer exactly as without this module.
   */
  affectsRequests(): boolean {
    return Object.keys(this.faults).length > 0;
  }

  /** Realistic block cadence in force (ms per block / slot), or undefined. */
  blockMs(): number | undefined {
    return this.faults.realisticBlockTimes ? REALISTIC_BLOCK_MS[this.chain] : undefined;
  }

  /** The real-time block / slot boundary strictly after `t` (performance.now() ms). */
  nextBoundary(t: number, blockMs: number): number {
    return this.genesis + (Math.floor((t - this.genesis) / blockMs) + 1) * blockMs;
  }

  /**
   * When a transaction accepted at `sentAt` lands, or undefined when it lands at once (no delay and no block
   * cadence: the fault-free path). Solana in realistic mode confirms one slot after landing.
   */
  landingTime(sentAt: number): LandingTime | undefined {
    const delay = Math.max(0, this.faults.confirmationDelayMs ?? 0);
    const blockMs = this.blockMs();
    if (blockMs === undefined) return delay > 0 ? { landAt: sentAt + delay, confirmAt: sentAt + delay } : undefined;
    const landAt = this.nextBoundary(Math.max(sentAt, sentAt + delay - 1e-6), blockMs);
    return { landAt, confirmAt: this.chain === 'solana' ? landAt + blockMs : landAt };
  }

  slowReadsMs(): number {
    return Math.max(0, this.faults.slowReadsMs ?? 0);
  }

  /**
   * Pass 1, before anything in an HTTP request runs: true when the request is to be answered 503 (an `http-503`
   * read failure for a request carrying reads, or an unlanded `http-503` broadcast failure for one carrying broadcasts).
   */
  refusesRequest(carriesRead: boolean, carriesBroadcast: boolean): boolean {
    const read = normalizeReads(this.faults[READ_FIELD[this.chain]]);
    if (carriesRead && read?.as === 'http-503' && this.readCounter) {
      this.tally.reads++;
      if (this.readCounter.next()) {
        this.tally.readsFailed++;
        return true;
      }
    }
    const failures = normalizeBroadcastFailures(this.faults.failBroadcasts);
    if (carriesBroadcast && failures?.as === 'http-503' && !failures.landed && this.broadcastFailCounter) {
      this.tally.broadcasts++;
      if (this.broadcastFailCounter.next()) {
        this.tally.broadcastsFailed++;
        return true;
      }
    }
    return false;
  }

  /** Pass 2, per read entry: the JSON-RPC error it answers instead, or undefined to answer it. */
  readFailure(): RpcErrorShape | undefined {
    const read = normalizeReads(this.faults[READ_FIELD[this.chain]]);
    if (read?.as === 'http-503') return undefined; // decided per request in pass 1
    this.tally.reads++;
    if (!read || !this.readCounter?.next()) return undefined;
    this.tally.readsFailed++;
    return read.error ?? DEFAULT_ERRORS[this.chain];
  }

  noteSlowRead(): void {
    this.tally.readsSlowed++;
  }

  /** Pass 2, per broadcast entry. A failure setting is consumed before a drop setting. */
  broadcastFate(): BroadcastFate {
    const failures = normalizeBroadcastFailures(this.faults.failBroadcasts);
    const decidedInPass1 = failures?.as === 'http-503' && !failures.landed;
    if (!decidedInPass1) this.tally.broadcasts++;
    if (failures && !decidedInPass1 && this.broadcastFailCounter?.next()) {
      const error = failures.error ?? DEFAULT_ERRORS[this.chain];
      if (failures.landed) {
        this.tally.broadcastsAnswerLost++;
        return { kind: 'lose-answer', as: failures.as ?? 'rpc-error', error };
      }
      this.tally.broadcastsFailed++;
      return { kind: 'fail', error };
    }
    if (this.dropsLeft > 0) {
      this.dropsLeft--;
      this.tally.broadcastsDropped++;
      return { kind: 'drop' };
    }
    return { kind: 'send' };
  }

  /** A transaction was accepted to land later (+1) or landed / gave up (-1). */
  notePending(delta: 1 | -1): void {
    this.pendingCount += delta;
    if (this.pendingCount === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  noteLanded(landed: boolean): void {
    if (landed) this.tally.landedLate++;
    else this.tally.neverLanded++;
  }
}

function normalizeReads(value: number | ReadFailures | undefined): ReadFailures | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'number' ? (value > 0 ? { count: value } : undefined) : value;
}

function normalizeBroadcastFailures(value: number | BroadcastFailures | undefined): BroadcastFailures | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'number' ? (value > 0 ? { count: value } : undefined) : value;
}

// ---- validation ----------------------------------------------------------------------------------------------

const KEYS = ['confirmationDelayMs', 'realisticBlockTimes', 'statusReadFailures', 'receiptReadFailures', 'slowReadsMs', 'dropBroadcasts', 'failBroadcasts'] as const;

function fail(path: string, what: string): never {
  throw new TypeError(`chain faults: ${path} ${what}`);
}

function nonNegative(value: unknown, path: string, integer = false): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || (integer && !Number.isInteger(value))) {
    fail(path, `must be a non-negative ${integer ? 'integer' : 'number'}`);
  }
  return value;
}

function rpcErrorShape(value: unknown, path: string): RpcErrorShape {
  const v = value as Partial<RpcErrorShape> | null;
  if (!v || typeof v !== 'object' || !Number.isInteger(v.code) || typeof v.message !== 'string') fail(path, 'must be { code: integer, message: string }');
  return { code: v.code!, message: v.message! };
}

function transport(value: unknown, path: string): FailureTransport | undefined {
  if (value === undefined) return undefined;
  if (value !== 'rpc-error' && value !== 'http-503') fail(path, 'must be "rpc-error" or "http-503"');
  return value;
}

function readFailures(value: unknown, path: string): number | ReadFailures {
  if (typeof value === 'number') return nonNegative(value, path, true);
  if (!value || typeof value !== 'object') fail(path, 'must be a count or { count?, rate?, after?, as?, error? }');
  const v = value as Record<string, unknown>;
  for (const key of Object.keys(v)) if (!['count', 'rate', 'after', 'as', 'error'].includes(key)) fail(`${path}.${key}`, 'is not a setting');
  if (v.count === undefined && v.rate === undefined) fail(path, 'needs a count or a rate');
  if (v.rate !== undefined && (nonNegative(v.rate, `${path}.rate`) > 1)) fail(`${path}.rate`, 'must be within 0..1');
  return {
    ...(v.count !== undefined ? { count: nonNegative(v.count, `${path}.count`, true) } : {}),
    ...(v.rate !== undefined ? { rate: v.rate as number } : {}),
    ...(v.after !== undefined ? { after: nonNegative(v.after, `${path}.after`, true) } : {}),
    ...(v.as !== undefined ? { as: transport(v.as, `${path}.as`) } : {}),
    ...(v.error !== undefined ? { error: rpcErrorShape(v.error, `${path}.error`) } : {}),
  };
}

function broadcastFailures(value: unknown, path: string): number | BroadcastFailures {
  if (typeof value === 'number') return nonNegative(value, path, true);
  if (!value || typeof value !== 'object') fail(path, 'must be a count or { count, landed?, as?, error? }');
  const v = value as Record<string, unknown>;
  for (const key of Object.keys(v)) if (!['count', 'landed', 'as', 'error'].includes(key)) fail(`${path}.${key}`, 'is not a setting');
  if (v.landed !== undefined && typeof v.landed !== 'boolean') fail(`${path}.landed`, 'must be a boolean');
  return {
    count: nonNegative(v.count, `${path}.count`, true),
    ...(v.landed !== undefined ? { landed: v.landed as boolean } : {}),
    ...(v.as !== undefined ? { as: transport(v.as, `${path}.as`) } : {}),
    ...(v.error !== undefined ? { error: rpcErrorShape(v.error, `${path}.error`) } : {}),
  };
}

/** Checks one chain's settings (unknown keys, types, the other chain's read field) and returns a clean copy. */
function validateChainFaults(chain: ChainName, value: unknown): ChainFaults {
  if (!value || typeof value !== 'object' || Array.isArray(value)) fail(chain, 'must be an object');
  const v = value as Record<string, unknown>;
  for (const key of Object.keys(v)) {
    if (!(KEYS as readonly string[]).includes(key)) fail(`${chain}.${key}`, 'is not a chain fault');
  }
  const other = chain === 'solana' ? 'receiptReadFailures' : 'statusReadFailures';
  if (v[other] !== undefined) fail(`${chain}.${other}`, `is the ${chain === 'solana' ? 'Base' : 'Solana'} chain's; use ${READ_FIELD[chain]}`);
  if (v.realisticBlockTimes !== undefined && typeof v.realisticBlockTimes !== 'boolean') fail(`${chain}.realisticBlockTimes`, 'must be a boolean');
  const out: ChainFaults = {};
  if (v.confirmationDelayMs !== undefined) out.confirmationDelayMs = nonNegative(v.confirmationDelayMs, `${chain}.confirmationDelayMs`);
  if (v.realisticBlockTimes !== undefined) out.realisticBlockTimes = v.realisticBlockTimes as boolean;
  const read = READ_FIELD[chain];
  if (v[read] !== undefined) out[read] = readFailures(v[read], `${chain}.${read}`);
  if (v.slowReadsMs !== undefined) out.slowReadsMs = nonNegative(v.slowReadsMs, `${chain}.slowReadsMs`);
  if (v.dropBroadcasts !== undefined) out.dropBroadcasts = nonNegative(v.dropBroadcasts, `${chain}.dropBroadcasts`, true);
  if (v.failBroadcasts !== undefined) out.failBroadcasts = broadcastFailures(v.failBroadcasts, `${chain}.failBroadcasts`);
  return out;
}

/** Parses `SANDBOX_CHAIN_FAULTS` (`{"solana":{…},"base":{…}}`); unset or empty → no faults. Throws on a bad value. */
export function parseSandboxChainFaults(text: string | undefined): SandboxChainFaults {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new TypeError('SANDBOX_CHAIN_FAULTS is not valid JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new TypeError('SANDBOX_CHAIN_FAULTS must be {"solana":{…},"base":{…}}');
  const p = parsed as Record<string, unknown>;
  for (const key of Object.keys(p)) if (key !== 'solana' && key !== 'base') throw new TypeError(`SANDBOX_CHAIN_FAULTS: "${key}" is not a chain (solana, base)`);
  return {
    ...(p.solana !== undefined ? { solana: validateChainFaults('solana', p.solana) } : {}),
    ...(p.base !== undefined ? { base: validateChainFaults('base', p.base) } : {}),
  };
}

// ---- the JSON-RPC side -------------------------------------------------------------------------------------

export type EntryKind = 'read' | 'broadcast' | 'other';

/** One entry of a JSON-RPC request (single or batch), as the faulted answer path sees it. */
export interface FaultedEntry<Reply> {
  kind: EntryKind;
  /** Runs the entry; `drop` asks a broadcast to be accepted (its id answered) but never landed. */
  run(drop: boolean): Reply | Promise<Reply>;
  /** This entry's JSON-RPC error reply. */
  error(shape: RpcErrorShape): Reply;
  /** Whether `reply` is a success (only a success has an answer to lose). */
  succeeded(reply: Reply): boolean;
}

export type FaultedAnswer<Reply> = { status: 503 } | { status: 200; replies: Reply[] };

/**
 * Answers a request's entries in order under the faults: pass 1 may refuse the whole request (503, nothing run);
 * pass 2 runs each entry with its read / broadcast fate, then a lost `http-503` answer turns the request into a 503.
 */
export async function answerWithFaults<Reply>(faults: ChainFaultController, entries: FaultedEntry<Reply>[]): Promise<FaultedAnswer<Reply>> {
  if (faults.refusesRequest(entries.some((e) => e.kind === 'read'), entries.some((e) => e.kind === 'broadcast'))) return { status: 503 };
  const replies: Reply[] = [];
  let lost503 = false;
  for (const entry of entries) {
    if (entry.kind === 'read') {
      const slow = faults.slowReadsMs();
      if (slow > 0) {
        faults.noteSlowRead();
        await new Promise((resolve) => setTimeout(resolve, slow));
      }
      const failure = faults.readFailure();
      replies.push(failure ? entry.error(failure) : await entry.run(false));
    } else if (entry.kind === 'broadcast') {
      const fate = faults.broadcastFate();
      if (fate.kind === 'fail') {
        replies.push(entry.error(fate.error));
        continue;
      }
      const reply = await entry.run(fate.kind === 'drop');
      if (fate.kind === 'lose-answer' && entry.succeeded(reply)) {
        if (fate.as === 'http-503') lost503 = true;
        replies.push(entry.error(fate.error));
      } else replies.push(reply);
    } else replies.push(await entry.run(false));
  }
  return lost503 ? { status: 503 } : { status: 200, replies };
}
