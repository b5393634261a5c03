/**
 * The three chain operations of the SVM `exact` facilitator, with the official signer's request
 * parameters and error semantics, over the batching JSON-RPC client (src/lib/json-rpc-batch.ts):
 * - simulate: `simulateTransaction` (sigVerify false, no blockhash replacement, `confirmed`); an `err`
 *   in the answer throws `Simulation failed: <err>`;
 * - send: `sendTransaction` (base64, skipPreflight, preflightCommitment `confirmed`) → the signature;
 * - confirm: polls `getSignatureStatuses` until `confirmed`/`finalized` (an `err` there throws
 *   TransactionOnchainFailureError); only the wait bound (`maxWaitMs`, default 30 s) ends a wait without a
 *   status, with SettlementUnconfirmedError.
 *
 * Confirmation differs from the official signer in two ways. Timing: the official waits 250 ms before
 * every poll (1 s after the first 2 s); here the first poll travels in the same JSON-RPC batch as the
 * send (a transaction's id is its fee payer's signature, known before sending), then the wait grows
 * from 10 ms to 250 ms and then `pollIntervalMs` (default 1 s), and all settles awaiting confirmation share
 * one `getSignatureStatuses` per poll (up to 256 signatures, the RPC's limit). Failures: a failed poll (RPC
 * error, HTTP 5xx, timeout) is the official loop's end, and since the poll is shared it would end every waiting
 * settle at once; here it only costs that poll — each waiter is polled again until its bound (a read unanswered
 * after 2 s counts as failed, so a hung one does not hold the shared poll either). Likewise a send
 * whose transport failed (no answer from the node, as opposed to the node refusing it) may still have reached
 * the chain: its transaction is followed like a sent one.
 */
import { TransactionOnchainFailureError } from '@x402/svm';
import { JsonRpcError, type BatchingJsonRpc } from '../../lib/json-rpc-batch.js';
import { SettlementUnconfirmedError } from './settle-outcome.js';

/** The official signer's message format: kit upcasts every JSON number to bigint, which it prints quoted. */
function describeErr(err: unknown): string {
  return JSON.stringify(err, (_key, value: unknown) => (typeof value === 'number' || typeof value === 'bigint' ? String(value) : value));
}

export interface SvmConfirmationOptions {
  /** How long a settle waits for a confirmed status after its send (ms). Default 30 s, the official bound. */
  maxWaitMs?: number;
  /** The wait between polls once the first 2 s have passed (ms); it also caps the early backoff. Default 1 s. */
  pollIntervalMs?: number;
}

const DEFAULT_MAX_WAIT_MS = 30_000;
const DEFAULT_POLL_INTERVAL_MS = 1_000;
const INITIAL_WINDOW_MS = 2_000;
const BACKOFF_MS = [0, 10, 20, 40, 80, 160, 250];
const MAX_SIGNATURES_PER_POLL = 256;
/** A status read still unanswered after this long (or pollIntervalMs, if longer) counts as failed. */
const MIN_READ_TIMEOUT_MS = 2_000;

interface Waiter {
  signature: string;
  startedAt: number;
  polls: number;
  due: number;
  /** The last poll failure, for the message when the bound passes. */
  lastError?: string;
  resolve(): void;
  reject(error: unknown): void;
}

interface SignatureStatus {
  err?: unknown;
  confirmationStatus?: string | null;
}

export class SvmChain {
  private readonly waiters = new Set<Waiter>();
  private cancelTimer: (() => void) | undefined;
  private timerDue = Infinity;
  private polling = false;
  private readonly maxWaitMs: number;
  private readonly pollIntervalMs: number;

  constructor(private readonly rpc: BatchingJsonRpc, opts: SvmConfirmationOptions = {}) {
    this.maxWaitMs = opts.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
    this.pollIntervalMs = opts.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  }

  async simulate(transaction: string): Promise<void> {
    const result = (await this.rpc.call('simulateTransaction', [
      transaction,
      { sigVerify: false, replaceRecentBlockhash: false, commitment: 'confirmed', encoding: 'base64' },
    ])) as { value?: { err?: unknown } } | null;
    const err = result?.value?.err;
    if (err) throw new Error(`Simulation failed: ${describeErr(err)}`);
  }

  async send(transaction: string): Promise<string> {
    const signature = await this.rpc.call('sendTransaction', [
      transaction,
      { encoding: 'base64', skipPreflight: true, preflightCommitment: 'confirmed' },
    ]);
    if (typeof signature !== 'string') throw new Error('sendTransaction returned no signature');
    return signature;
  }

  /**
   * Sends, with a first status poll for `expectedSignature` in the same batch. Resolves to the
   * signature and `confirmed`: the settled outcome of that first poll when it already has one (an
   * on-chain failure rejects `confirmed`), else the confirmation loop (which a failed first poll joins too).
   * A send the node refused (a JSON-RPC error answer: nothing was broadcast) rejects the returned promise
   * itself; a send whose transport failed is followed by `expectedSignature` like a sent one.
   */
  async sendAndPoll(transaction: string, expectedSignature: string): Promise<{ signature: string; confirmed: Promise<void> }> {
    const sent = this.send(transaction);
    const firstPoll = this.rpc.call('getSignatureStatuses', [[expectedSignature]]);
    firstPoll.catch(() => undefined); // judged below, only once the send succeeded
    let signature: string;
    try {
      signature = await sent;
    } catch (error) {
      if (!mayHaveBeenSent(error)) throw error;
      return { signature: expectedSignature, confirmed: quiet(this.confirm(expectedSignature)) };
    }
    if (signature !== expectedSignature) return { signature, confirmed: quiet(this.confirm(signature)) };
    const confirmed = firstPoll.then((result) => {
      const entry = (result as { value?: (SignatureStatus | null)[] } | null)?.value?.[0];
      if (entry?.confirmationStatus === 'confirmed' || entry?.confirmationStatus === 'finalized') {
        if (entry.err) throw new TransactionOnchainFailureError(`Transaction failed onchain: ${describeErr(entry.err)}`);
        return;
      }
      return this.confirm(signature, 1);
    }, () => this.confirm(signature, 1));
    return { signature, confirmed: quiet(confirmed) };
  }

  /**
   * Resolves once the signature is confirmed without error (`polls`: polls already made); rejects with
   * TransactionOnchainFailureError, or SettlementUnconfirmedError once maxWaitMs passed without a confirmed status.
   */
  confirm(signature: string, polls = 0): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const now = Date.now();
      this.waiters.add({ signature, startedAt: now, polls, due: now + (polls === 0 ? 0 : this.delayAfter(polls)), resolve, reject });
      this.schedule(now);
    });
  }

  private delayAfter(polls: number): number {
    return Math.min(BACKOFF_MS[Math.min(polls, BACKOFF_MS.length - 1)]!, this.pollIntervalMs);
  }

  private schedule(due: number): void {
    if (this.polling || due >= this.timerDue) return;
    this.cancelTimer?.();
    this.timerDue = due;
    const run = () => { this.cancelTimer = undefined; this.timerDue = Infinity; void this.poll(); };
    const delay = due - Date.now();
    if (delay <= 0) {
      // Right after a send: poll on the next turn, so settles finishing together share the request.
      const immediate = setImmediate(run);
      this.cancelTimer = () => clearImmediate(immediate);
    } else {
      const timeout = setTimeout(run, delay);
      this.cancelTimer = () => clearTimeout(timeout);
    }
  }

  private async poll(): Promise<void> {
    this.polling = true;
    const now = Date.now();
    const batch = [...this.waiters].filter((w) => w.due <= now + 2).slice(0, MAX_SIGNATURES_PER_POLL);
    try {
      if (batch.length > 0) await this.pollBatch(batch);
    } finally {
      this.polling = false;
      let next = Infinity;
      for (const w of this.waiters) next = Math.min(next, w.due);
      if (next !== Infinity) this.schedule(next);
    }
  }

  private async pollBatch(batch: Waiter[]): Promise<void> {
    let statuses: (SignatureStatus | null)[] = [];
    let failure: string | undefined;
    // A hung read must not hold every waiter (polls are shared, one at a time): it counts as failed after a while.
    const readTimeoutMs = Math.max(MIN_READ_TIMEOUT_MS, this.pollIntervalMs);
    let cancelTimer: (() => void) | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      const timer = setTimeout(() => reject(new Error(`getSignatureStatuses gave no answer within ${readTimeoutMs} ms`)), readTimeoutMs);
      cancelTimer = () => clearTimeout(timer);
    });
    try {
      const read = this.rpc.call('getSignatureStatuses', [batch.map((w) => w.signature)]);
      read.catch(() => undefined); // may lose the race below
      const result = (await Promise.race([read, timedOut])) as { value?: (SignatureStatus | null)[] } | null;
      statuses = Array.isArray(result?.value) ? result.value : [];
    } catch (error) {
      // A failed read says nothing about the transactions: every waiter is polled again, until its own bound.
      failure = error instanceof Error ? error.message : String(error);
    } finally {
      cancelTimer?.();
    }
    const now = Date.now();
    batch.forEach((w, i) => {
      const entry = statuses[i];
      if (entry?.confirmationStatus === 'confirmed' || entry?.confirmationStatus === 'finalized') {
        this.waiters.delete(w);
        if (entry.err) w.reject(new TransactionOnchainFailureError(`Transaction failed onchain: ${describeErr(entry.err)}`));
        else w.resolve();
        return;
      }
      if (failure !== undefined) w.lastError = failure;
      const elapsed = now - w.startedAt;
      const delay = elapsed < INITIAL_WINDOW_MS ? this.delayAfter(++w.polls) : this.pollIntervalMs;
      if (elapsed + delay >= this.maxWaitMs) {
        this.waiters.delete(w);
        const cause = w.lastError ? ` (last status read failed: ${w.lastError})` : '';
        w.reject(new SettlementUnconfirmedError(w.signature, `Transaction confirmation timeout after ${this.maxWaitMs} ms${cause}`));
        return;
      }
      w.due = now + delay;
    });
  }
}

/** Whether a failed send may still have reached the node: anything but a JSON-RPC error answer (the node's refusal). */
export function mayHaveBeenSent(error: unknown): boolean {
  return !(error instanceof JsonRpcError);
}

/** The caller awaits it; this only keeps an early rejection from being "unhandled". */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
