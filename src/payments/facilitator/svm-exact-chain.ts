/**
 * The three chain operations of the SVM `exact` facilitator, with the official signer's request
 * parameters and error semantics, over the batching JSON-RPC client (src/lib/json-rpc-batch.ts):
 * - simulate: `simulateTransaction` (sigVerify false, no blockhash replacement, `confirmed`); an `err`
 *   in the answer throws `Simulation failed: <err>`;
 * - send: `sendTransaction` (base64, skipPreflight, preflightCommitment `confirmed`) → the signature;
 * - confirm: polls `getSignatureStatuses` until `confirmed`/`finalized` (an `err` there throws
 *   TransactionOnchainFailureError), an RPC failure or 30 s without a status throw a plain Error.
 *
 * Confirmation differs from the official signer only in timing: the official waits 250 ms before
 * every poll (1 s after the first 2 s). Here the first poll travels in the same JSON-RPC batch as the
 * send (a transaction's id is its fee payer's signature, known before sending), then the wait grows
 * from 10 ms to the official's 250 ms / 1 s, and all settles awaiting confirmation share one
 * `getSignatureStatuses` per poll (up to 256 signatures, the RPC's limit).
 */
import { TransactionOnchainFailureError } from '@x402/svm';
import type { BatchingJsonRpc } from '../../lib/json-rpc-batch.js';

/** The official signer's message format: kit upcasts every JSON number to bigint, which it prints quoted. */
function describeErr(err: unknown): string {
  return JSON.stringify(err, (_key, value: unknown) => (typeof value === 'number' || typeof value === 'bigint' ? String(value) : value));
}

const MAX_WAIT_MS = 30_000;
const INITIAL_WINDOW_MS = 2_000;
const BACKOFF_MS = [0, 10, 20, 40, 80, 160, 250];
const LATE_DELAY_MS = 1_000;
const MAX_SIGNATURES_PER_POLL = 256;

interface Waiter {
  signature: string;
  startedAt: number;
  polls: number;
  due: number;
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

  constructor(private readonly rpc: BatchingJsonRpc) {}

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
   * on-chain failure or a poll error rejects `confirmed`), else the regular confirmation loop.
   * A failed send rejects the returned promise itself, as `send` does.
   */
  async sendAndPoll(transaction: string, expectedSignature: string): Promise<{ signature: string; confirmed: Promise<void> }> {
    const sent = this.send(transaction);
    const firstPoll = this.rpc.call('getSignatureStatuses', [[expectedSignature]]);
    firstPoll.catch(() => undefined); // judged below, only once the send succeeded
    const signature = await sent;
    if (signature !== expectedSignature) return { signature, confirmed: this.confirm(signature) };
    const confirmed = firstPoll.then((result) => {
      const entry = (result as { value?: (SignatureStatus | null)[] } | null)?.value?.[0];
      if (entry?.confirmationStatus === 'confirmed' || entry?.confirmationStatus === 'finalized') {
        if (entry.err) throw new TransactionOnchainFailureError(`Transaction failed onchain: ${describeErr(entry.err)}`);
        return;
      }
      return this.confirm(signature, 1);
    });
    confirmed.catch(() => undefined); // the caller awaits it; this only keeps an early rejection from being "unhandled"
    return { signature, confirmed };
  }

  /** Resolves once the signature is confirmed without error (`polls`: polls already made). */
  confirm(signature: string, polls = 0): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const now = Date.now();
      this.waiters.add({ signature, startedAt: now, polls, due: now + (polls === 0 ? 0 : BACKOFF_MS[polls]!), resolve, reject });
      this.schedule(now);
    });
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
    let statuses: (SignatureStatus | null)[];
    try {
      const result = (await this.rpc.call('getSignatureStatuses', [batch.map((w) => w.signature)])) as { value?: (SignatureStatus | null)[] } | null;
      statuses = result?.value ?? [];
    } catch (error) {
      // The official confirm loop lets an RPC failure escape: the settle becomes `settlement_pending`.
      for (const w of batch) { this.waiters.delete(w); w.reject(error); }
      return;
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
      const elapsed = now - w.startedAt;
      const delay = elapsed < INITIAL_WINDOW_MS ? BACKOFF_MS[Math.min(++w.polls, BACKOFF_MS.length - 1)]! : LATE_DELAY_MS;
      if (elapsed + delay >= MAX_WAIT_MS) {
        this.waiters.delete(w);
        w.reject(new Error('Transaction confirmation timeout'));
        return;
      }
      w.due = now + delay;
    });
  }
}
