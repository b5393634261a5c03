/**
 * The one owner of a payment's life: every paid call, over HTTP or MCP, by x402 or by card, goes through
 * `admit` (before the handler runs) and `conclude` (after it answered). The states are persisted in the
 * store's claim row (src/store/types.ts `ClaimStatus`); docs/payments.md draws them:
 *
 *   received ─ verify ─▶ verified ─ claim ─▶ claimed ─ handler 2xx ─▶ settling ─▶ settled ─ sent ─▶ delivered
 *                 │                     │            └ error / caller gone ─▶ not_settled     └ not sent ─▶ undelivered ─ retry ─▶ delivered
 *                 └ refused (402)       └ already claimed ─▶ resume (kept answer, pending, or replayed)
 *                                                  settling ─ refused before any broadcast ─▶ not_settled
 *                                                  settling ─ outcome unknown ─▶ unconfirmed ─ found on chain ─▶ undelivered
 *                                                                                            └ expired, not found ─▶ not_settled
 *
 * Promises it keeps: a payment buys one answer; nothing is settled for a caller who is gone or an answer
 * that failed; a payer charged for an answer that did not reach them can fetch it by re-sending the same
 * payment, or a new one with the same x402 `payment-identifier`; "charged" / "not charged" is said only
 * when known.
 */
import type { Logger } from 'pino';
import type { Timers } from '../lib/timers.js';
import type { RegisteredEndpoint } from '../registry/index.js';
import type { HandlerResult } from '../registry/types.js';
import type { ClaimRepository, StoredAnswer, StoredClaim } from '../store/types.js';
import type { CardGate } from './card/index.js';
import { isPaymentAuthorization } from './card/index.js';
import type { PaymentGate } from './gate.js';
import type { PaymentCheck, PaymentRequest, VerifiedPayment } from './types.js';
import { RefusedPayments } from './refused-payments.js';
import { settlementCharge } from './upto.js';

export type RefusalCode = 'payment_required' | 'payment_invalid' | 'payment_replayed';

/** One paid call, as the transport hands it over. */
export interface PaidCall {
  endpoint: RegisteredEndpoint;
  preq: PaymentRequest;
  requestId: string;
  /** Endpoint + canonical input; undefined when the input is invalid (such a call is never settled). */
  callKey?: string;
  /** The validated input (absent when invalid): what an endpoint's `afterSettlement` is given. */
  input?: Record<string, unknown>;
  referralCode?: string;
  clientGone?: AbortSignal;
}

export type Admission =
  | { kind: 'refused'; code: RefusalCode; message: string; reason?: string }
  /** Too many refused payments from this client: not verified at all (verifying costs the operator RPC reads). */
  | { kind: 'limited'; retryAfterS: number }
  /** A retry of a call already paid for whose answer was kept: serve it, charge nothing. */
  | { kind: 'kept'; answer: StoredAnswer }
  /** A retry (same payment identifier, same payer, same call) of a call already paid for whose answer was not kept: run it, charge nothing. */
  | { kind: 'prepaid'; claim: StoredClaim }
  /** The payment's settlement is still unconfirmed: nothing to serve yet, nothing new charged. */
  | { kind: 'unconfirmed'; retryAfterS: number }
  | { kind: 'admitted'; payment: VerifiedPayment };

/** What a paid answer became. */
export type Conclusion =
  /** The answer was an error (or the caller left): nothing was settled. */
  | { kind: 'not_charged'; reason: string }
  /** Settled: send the answer with these headers, then report whether it was sent. */
  | { kind: 'charged'; headers: Record<string, string>; transaction: string; chargedAtomic: bigint; sent(delivered: boolean): void }
  /** The facilitator refused the settlement before anything moved: withheld, not charged. */
  | { kind: 'refused'; reason: string }
  /** The transfer may have been broadcast; its outcome is unknown. The answer is kept for a retry. */
  | { kind: 'unconfirmed'; retryAfterS: number };

/** A retry of an unconfirmed settlement is told to come back after about a block or two. */
export const UNCONFIRMED_RETRY_AFTER_S = 5;
/**
 * A payment whose settlement is unconfirmed this long after its claim can no longer land: an x402
 * authorization is valid for at most `maxTimeoutSeconds` (120 s) and a Solana transaction's blockhash for
 * about 90 s. A margin covers clock skew between us and the chain.
 */
export const SETTLEMENT_EXPIRY_MS = 180_000;

/** Statuses whose payment was charged (or may have been): a retry of the same call is served, never charged again. */
const CHARGED = new Set<StoredClaim['status']>(['settled', 'delivered', 'undelivered', 'unconfirmed']);

export interface LifecycleDeps {
  gate: PaymentGate;
  store: ClaimRepository;
  card?: CardGate;
  now: () => Date;
  timers: Timers;
  logger: Logger;
  /** Refused payments per client per minute (default REFUSED_PAYMENTS_LIMIT). */
  refusedPerMinute?: number;
  refused?: RefusedPayments;
}

export class PaymentLifecycle {
  private readonly refused: RefusedPayments;

  constructor(private readonly deps: LifecycleDeps) {
    this.refused = deps.refused ?? new RefusedPayments({ now: () => deps.now().getTime(), ...(deps.refusedPerMinute !== undefined ? { limit: deps.refusedPerMinute } : {}) });
  }

  async admit(call: PaidCall): Promise<Admission> {
    const { gate, store } = this.deps;
    const client = call.preq.clientId;
    const refuse = (code: RefusalCode, message: string, reason?: string): Admission => {
      if (code !== 'payment_required' && client !== undefined) this.refused.note(client);
      return { kind: 'refused', code, message, ...(reason ? { reason } : {}) };
    };
    const authorization = call.preq.header('authorization');
    const x402 = call.preq.header('payment-signature') !== undefined || call.preq.header('x-payment') !== undefined;
    const byCard = !x402 && isPaymentAuthorization(authorization);
    // Only calls carrying a payment are held back: asking for the challenge costs the operator nothing.
    const blocked = client !== undefined && (x402 || byCard) ? this.refused.blockedForS(client) : 0;
    if (blocked > 0) return { kind: 'limited', retryAfterS: blocked };
    if (byCard && !this.deps.card) return refuse('payment_invalid', 'Card payment is not enabled on this deployment; pay with x402.', 'card_payments_disabled');
    const card = byCard ? this.deps.card : undefined;
    const replayKey = card ? card.identify(authorization!) : gate.identify(call.preq);
    // A payment seen before is answered from its claim (kept answer, pending settlement, or named a replay).
    // A card credential is looked up first. An x402 payment is verified first and looked up only when that does
    // not admit it — refused (a copy of a settled payment is: its nonce is spent), the facilitator unreachable,
    // or the claim already taken — which finds every payment seen before at no store read for a new one.
    if (card && replayKey !== undefined) {
      const existing = await store.getClaim(replayKey);
      if (existing) return this.resume(existing, call, refuse);
    }
    let check: PaymentCheck;
    try {
      check = card ? await card.check(call.endpoint, authorization!, call.preq.url) : await gate.check(call.endpoint, call.preq);
    } catch (err) {
      // E.g. the facilitator is unreachable: a payment whose answer was kept is still answered.
      const existing = !card && replayKey !== undefined ? await store.getClaim(replayKey).catch(() => undefined) : undefined;
      if (existing) return this.resume(existing, call, refuse);
      throw err;
    }
    if (check.kind === 'none') {
      return refuse('payment_required', `"${call.endpoint.def.key}" costs ${call.endpoint.def.price} USDC per call. Pay with x402 and repeat the call.`);
    }
    if (check.kind === 'invalid') {
      // A copy racing the original can fail verification because the original already settled (its
      // nonce is spent): name that what it is.
      const existing = replayKey === undefined ? undefined : await store.getClaim(replayKey);
      if (existing) return this.resume(existing, call, refuse);
      if (check.detail !== undefined) this.deps.logger.warn({ requestId: call.requestId, reason: check.reason, detail: check.detail }, 'payment refused');
      return refuse('payment_invalid', check.message, check.reason);
    }
    const payment = check.payment;
    if (payment.paymentId !== undefined) {
      // This very payment seen before comes first, as a card credential's does: its own claim decides.
      const existing = await store.getClaim(payment.idempotencyKey);
      if (existing) return this.resume(existing, call, refuse);
      const prior = await store.findClaimByPaymentId(payment.paymentId);
      // Only a payer the facilitator named can be matched: an unknown one would match every other unknown one.
      const known = payment.payer !== '' && payment.payer !== 'unknown';
      if (prior && known && prior.payer === payment.payer && CHARGED.has(prior.status)) {
        // The payer already paid for this identifier: the new payment is never settled.
        await payment.cancel(409);
        if (prior.callKey !== call.callKey) return refuse('payment_replayed', 'This payment identifier was already used for another call. Use a new identifier.', 'payment_identifier_reused');
        if (prior.answer) return this.resume(prior, call, refuse);
        if (prior.status === 'unconfirmed') return this.resume(prior, call, refuse);
        return { kind: 'prepaid', claim: prior };
      }
    }
    const claimed = await store.claimPayment({
      idempotencyKey: payment.idempotencyKey,
      endpoint: call.endpoint.def.key,
      network: payment.network,
      payer: payment.payer,
      amountAtomic: payment.amountAtomic,
      requestId: call.requestId,
      claimedAt: this.deps.now(),
      ...(payment.paymentId !== undefined ? { paymentId: payment.paymentId } : {}),
      ...(call.callKey !== undefined ? { callKey: call.callKey } : {}),
    });
    if (!claimed) {
      const existing = await store.getClaim(payment.idempotencyKey);
      return existing ? this.resume(existing, call, refuse) : refuse('payment_replayed', 'This payment was already used for another call. Sign a new payment.', 'payment_replayed');
    }
    return { kind: 'admitted', payment };
  }

  /** A payment seen before: its kept answer, its pending settlement, or a replay refusal. */
  private async resume(claim: StoredClaim, call: PaidCall, refuse: (code: RefusalCode, message: string, reason?: string) => Admission): Promise<Admission> {
    const replayed = () => refuse('payment_replayed', 'This payment was already used for another call. Sign a new payment.', 'payment_replayed');
    if (claim.callKey === undefined || claim.callKey !== call.callKey) return replayed();
    if (claim.status === 'claimed') {
      return refuse('payment_replayed', 'This payment is already paying for a call that is still running; its answer goes to that call.', 'payment_in_use');
    }
    if (claim.status === 'undelivered' || claim.status === 'delivered' || claim.status === 'settled') {
      if (!claim.answer) return replayed();
      if (claim.status === 'undelivered') await this.record(claim.idempotencyKey, { status: 'delivered', reason: 'retry' });
      return { kind: 'kept', answer: claim.answer };
    }
    if (claim.status === 'unconfirmed') {
      const resolved = await this.reconcile(claim);
      if (resolved === 'charged') {
        const fresh = await this.deps.store.getClaim(claim.idempotencyKey);
        if (fresh?.answer) {
          await this.record(claim.idempotencyKey, { status: 'delivered', reason: 'retry' });
          return { kind: 'kept', answer: fresh.answer };
        }
      }
      if (resolved === 'not_charged') {
        return refuse('payment_invalid', 'This payment never settled and can no longer settle; you were not charged. Sign a new payment.', 'settlement_expired');
      }
      return { kind: 'unconfirmed', retryAfterS: UNCONFIRMED_RETRY_AFTER_S };
    }
    if (claim.status === 'not_settled') {
      return refuse('payment_replayed', 'This payment was already presented for this call, which was not charged; it cannot be used again. Sign a new payment.', 'payment_replayed');
    }
    return replayed();
  }

  /**
   * Settles a paid call's answer, or not. `answer` is the answer as it would be sent; `status` its HTTP
   * status (only a 2xx is ever settled). `result` is the handler's result, which an `upto` payment's charge is
   * computed from (src/payments/upto.ts); an `upto` answer that costs nothing is not settled.
   */
  async conclude(payment: VerifiedPayment, call: PaidCall, answer: StoredAnswer, result?: HandlerResult): Promise<Conclusion> {
    const { logger } = this.deps;
    const key = payment.idempotencyKey;
    const finishNotCharged = async (reason: string): Promise<Conclusion> => {
      await payment.cancel(answer.status);
      await this.record(key, { status: 'not_settled', reason, referralCode: call.referralCode });
      return { kind: 'not_charged', reason };
    };
    if (answer.status < 200 || answer.status >= 300) return finishNotCharged(`http_${answer.status}`);
    if (call.clientGone?.aborted) return finishNotCharged('client_gone');
    const charge = settlementCharge(call.endpoint, payment, result);
    if (charge === 0n) return finishNotCharged('upto_nothing_charged');
    const settled = await payment.settle({ body: Buffer.from(answer.json), headers: { 'content-type': 'application/json' } }, charge);
    if (settled.ok) {
      if (settled.recovered) logger.info({ requestId: call.requestId, transaction: settled.transaction }, 'settle answer lost after the broadcast; the transfer was found on chain');
      const headers = { ...answer.headers, ...settled.headers };
      let reported = false;
      return {
        kind: 'charged',
        headers: settled.headers,
        transaction: settled.transaction,
        chargedAtomic: charge ?? payment.amountAtomic,
        sent: (delivered) => {
          if (reported) return;
          reported = true;
          // Written after the answer went out: the caller never waits for this bookkeeping, and a store
          // that fails here cannot turn a charged answer into an error (it is retried, then logged).
          // An upto payment's row then says what it was charged, not the maximum it authorised.
          const charged = charge !== undefined ? { chargedAtomic: charge } : {};
          void this.record(key, delivered
            ? { status: 'delivered', transaction: settled.transaction, referralCode: call.referralCode, ...charged }
            : { status: 'undelivered', transaction: settled.transaction, referralCode: call.referralCode, answer: { ...answer, headers }, ...charged });
        },
      };
    }
    if (settled.unconfirmed) {
      logger.warn({ requestId: call.requestId, reason: settled.reason }, 'settlement outcome unknown; answer kept for a retry, the reconciler resolves it');
      await this.record(key, { status: 'unconfirmed', reason: settled.reason, referralCode: call.referralCode, answer, lookup: settled.unconfirmed.lookup });
      return { kind: 'unconfirmed', retryAfterS: UNCONFIRMED_RETRY_AFTER_S };
    }
    logger.warn({ requestId: call.requestId, reason: settled.reason }, 'settlement refused; result withheld');
    await this.record(key, { status: 'not_settled', reason: `settlement_failed: ${settled.reason}`, referralCode: call.referralCode });
    return { kind: 'refused', reason: settled.reason };
  }

  /** Records that a charged retry ("prepaid") was served: nothing to write beyond a log line. */
  notePrepaidServed(claim: StoredClaim, requestId: string): void {
    this.deps.logger.info({ requestId, paidBy: claim.idempotencyKey }, 'served a retry of a paid call by its payment identifier; not charged again');
  }

  /**
   * Resolves an `unconfirmed` claim on chain: `charged` (found; now `undelivered`, answer kept),
   * `not_charged` (expired and not found; now `not_settled`), or `unknown` (still open).
   */
  async reconcile(claim: StoredClaim): Promise<'charged' | 'not_charged' | 'unknown'> {
    if (claim.status !== 'unconfirmed') return claim.status === 'not_settled' ? 'not_charged' : 'charged';
    const found = claim.lookup ? await this.deps.gate.findSettlement(claim.lookup) : undefined;
    if (found) {
      const answer = claim.answer ? { ...claim.answer, headers: { ...claim.answer.headers, ...found.headers } } : undefined;
      await this.record(claim.idempotencyKey, { status: 'undelivered', transaction: found.transaction, reason: 'confirmed_on_chain', ...(answer ? { answer } : {}) });
      return 'charged';
    }
    // Without a lookup (e.g. a remote facilitator's Solana fee payer) the outcome cannot be learned here:
    // it stays unconfirmed rather than be called "not charged".
    if (claim.lookup && this.deps.now().getTime() - claim.claimedAt.getTime() > SETTLEMENT_EXPIRY_MS) {
      await this.record(claim.idempotencyKey, { status: 'not_settled', reason: 'settlement_expired' });
      return 'not_charged';
    }
    return 'unknown';
  }

  /**
   * Writes a state. The first attempt is awaited; a failed write is retried in the background on the
   * service's clock, then logged as an error naming the payment: bookkeeping never delays or changes what
   * the caller is told.
   */
  private async record(key: string, outcome: Omit<Parameters<ClaimRepository['finishClaim']>[1], 'at'>): Promise<void> {
    const write = () => this.deps.store.finishClaim(key, { ...outcome, at: this.deps.now() });
    try {
      await write();
    } catch (first) {
      void (async () => {
        let err: unknown = first;
        for (let attempt = 1; attempt <= RECORD_RETRIES; attempt++) {
          await this.deps.timers.sleep(RECORD_RETRY_MS * attempt);
          try {
            await write();
            return;
          } catch (again) {
            err = again;
          }
        }
        this.deps.logger.error({ err, idempotencyKey: key, status: outcome.status, transaction: outcome.transaction }, 'payment state could not be recorded');
      })();
    }
  }
}

const RECORD_RETRIES = 3;
const RECORD_RETRY_MS = 200;
