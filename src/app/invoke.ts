/**
 * `POST /entrypoints/{key}/invoke` — the request lifecycle (docs/payments.md, "The lifecycle of a paid call"):
 * 402 first → verify → atomic idempotency claim → validate → handler (cache, deadline) → format →
 * settle only after a 2xx → respond. Any 4xx/5xx is answered without settling: nothing is charged.
 */
import type { Timers } from '../lib/timers.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Cache } from '../cache/types.js';
import type { Config } from '../config/index.js';
import type { Registry, RegisteredEndpoint } from '../registry/index.js';
import type { Caveat } from '../registry/types.js';
import type { Store } from '../store/types.js';
import type { Sources } from '../sources/index.js';
import { SourceError, toApiError } from '../sources/errors.js';
import type { EntityDirectory } from '../analytics/entities.js';
import { challengeBody, type EndpointPrice } from '../payments/challenge-body.js';
import type { PaymentGate } from '../payments/gate.js';
import { FacilitatorUnavailableError } from '../payments/errors.js';
import type { PaymentRequest, VerifiedPayment } from '../payments/types.js';
import type { CardGate } from '../payments/card/index.js';
import { PaymentLifecycle, type PaidCall, type RefusalCode } from '../payments/lifecycle.js';
import type { StoredAnswer } from '../store/types.js';
import { encodePaymentResponseHeader } from '@x402/core/http';
import type { Network } from '@x402/core/types';
import { normalizeBody } from './body.js';
import { ApiError, asApiError, type InputIssue } from '../errors/api-error.js';
import { errorBody } from '../errors/error-body.js';
import { buildMeta, formatResponse, genericBriefing, jsonHead, withMeta, type Meta, type OutputFormat } from './envelope.js';
import { cacheKeyFor, execute, peekExecution, type Execution } from './execute.js';
import type { Recorder } from './recorder.js';
import type { HandlerResult } from '../registry/types.js';

export interface InvokeDeps {
  registry: Registry;
  gate: PaymentGate;
  store: Store;
  cache: Cache;
  config: Config;
  logger: Logger;
  now: () => Date;
  timers: Timers;
  allEndpoints: EndpointPrice[];
  howToPay: Record<string, unknown>;
  /** The `Authorization: Payment` (MPP card) path; absent unless Stripe is configured. */
  card?: CardGate;
  sources: Sources;
  entities: EntityDirectory;
  riskyPrograms: ReadonlySet<string>;
  /** Snapshots and query-stream counts of delivered answers, written after the response. */
  recorder?: Recorder;
  /** The payment lifecycle; built from `gate`, `store` and `card` when not given. */
  lifecycle?: PaymentLifecycle;
}

function serverTiming(timings: Record<string, number>): string {
  return Object.entries(timings).map(([name, ms]) => `${name.replace(/[^A-Za-z0-9_-]/g, '_')};dur=${ms}`).join(', ');
}

/** What the transport knows about one call beyond its body and payment. */
export interface InvokeOptions {
  /** `x-referral-code` (≤ 64 characters), recorded with the settlement. */
  referralCode?: string;
  /**
   * Aborted when the caller is gone (socket closed, MCP `notifications/cancelled`): a paid call whose caller
   * is gone before settlement is never settled (nothing charged for an answer nobody receives).
   */
  clientGone?: AbortSignal;
}

export interface InvokeOutcome {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /**
   * `body` already serialised (the exact bytes `JSON.stringify(body)` gives), when the pipeline built it
   * that way: sent and settled as is, so a warm answer is never serialised whole per call.
   */
  json?: string;
  /**
   * Set on a charged answer: the transport reports whether it sent it (true) or could not (false: the
   * caller was gone), so the payment is recorded delivered, or undelivered with its answer kept.
   */
  afterSend?: (delivered: boolean) => void;
}

/** A class rather than an object of closures: one is made per call, paid or free. */
class HttpPaymentRequest implements PaymentRequest {
  readonly url: string;
  readonly userAgent: string;
  readonly clientId: string;
  constructor(private readonly req: FastifyRequest, publicUrl: string) {
    this.url = `${publicUrl}${req.url}`;
    this.clientId = req.ip;
    this.userAgent = String(req.headers['user-agent'] ?? '');
  }

  header(name: string): string | undefined {
    const v = this.req.headers[name.toLowerCase()];
    return Array.isArray(v) ? v[0] : v;
  }
}

export function paymentRequestOf(req: FastifyRequest, publicUrl: string): PaymentRequest {
  return new HttpPaymentRequest(req, publicUrl);
}

/**
 * A `json`-format answer serialised from its result's cached head and this call's meta. The object form
 * (what `formatResponse` gives) is built only if something reads `body` (MCP asks for `both`, so in practice
 * nothing on the warm path does). No closures per call: this runs for every warm answer.
 */
class JsonOutcome implements InvokeOutcome {
  readonly status = 200;
  private object?: Record<string, unknown>;
  constructor(
    readonly headers: Record<string, string>,
    readonly json: string,
    private readonly result: HandlerResult,
    private readonly caveats: Caveat[],
    private readonly meta: Meta,
  ) {}

  get body(): Record<string, unknown> {
    return (this.object ??= formatResponse({ format: 'json', result: this.result, caveats: this.caveats, meta: this.meta, briefing: () => '' }));
  }
}

/** What every call serving one result shares: its caveats and its serialised `json` body up to `meta`. */
interface ResultForm {
  caveats: Caveat[];
  /** Undefined until first needed; null when the body cannot be split at `meta` (see `jsonHead`). */
  head?: string | null;
}

export class Invoker {
  /**
   * Per result object, so per cache entry (a cached result is the same object on every hit, and the entry
   * is dropped with it): computed on the first answer, reused by every call the entry serves.
   */
  private readonly forms = new WeakMap<HandlerResult, ResultForm>();

  private readonly lifecycle: PaymentLifecycle;

  constructor(private readonly deps: InvokeDeps) {
    this.lifecycle = deps.lifecycle ?? new PaymentLifecycle({
      gate: deps.gate, store: deps.store, card: deps.card, now: deps.now, timers: deps.timers, logger: deps.logger,
      refusedPerMinute: deps.config.refusedPaymentsPerMinute,
    });
  }

  /** Runs one invocation; `input` is the parsed JSON body (undefined when none was sent). */
  async invoke(endpoint: RegisteredEndpoint, body: unknown, preq: PaymentRequest, requestId: string, options: InvokeOptions = {}): Promise<InvokeOutcome> {
    const { referralCode } = options;
    const normalized = normalizeBody(body);
    const validation = endpoint.validate(normalized.input);
    const inputIssues: InputIssue[] = [...normalized.issues, ...(validation.ok ? [] : validation.issues)];

    if (endpoint.priceAtomic === null) {
      let outcome: InvokeOutcome;
      let result: HandlerResult | undefined;
      try {
        if (inputIssues.length > 0 || !validation.ok) throw new ApiError('invalid_input', `Input does not match the schema of "${endpoint.def.key}".`, { issues: inputIssues });
        ({ outcome, result } = await this.run(endpoint, validation.value, requestId));
      } catch (err) {
        outcome = this.errorOutcome(err, requestId, endpoint.def.key);
      }
      if (result && validation.ok) this.deps.recorder?.record({ endpoint, input: validation.value, result, at: this.deps.now(), requestId });
      return outcome;
    }
    const valid = inputIssues.length === 0 && validation.ok;
    const call: PaidCall = {
      endpoint, preq, requestId, referralCode, clientGone: options.clientGone,
      ...(valid ? { callKey: cacheKeyFor(endpoint, validation.value), input: validation.value } : {}),
    };
    return this.invokePaid(call, normalized.sent ? inputIssues : [], () => {
      if (!valid) throw new ApiError('invalid_input', `Input does not match the schema of "${endpoint.def.key}". You were not charged.`, { issues: inputIssues });
      return this.run(endpoint, validation.value, requestId);
    }, (result, payer) => {
      if (validation.ok) this.deps.recorder?.record({ endpoint, input: validation.value, result, at: this.deps.now(), payer, requestId });
    });
  }

  /** A paid call through the payment lifecycle (src/payments/lifecycle.ts): admit, run, conclude. */
  private async invokePaid(
    call: PaidCall, inputErrors: InputIssue[], run: () => Promise<{ outcome: InvokeOutcome; result: HandlerResult }>, record: (result: HandlerResult, payer: string) => void,
  ): Promise<InvokeOutcome> {
    const { endpoint, preq, requestId } = call;
    const key = endpoint.def.key;
    const attempt = async (): Promise<{ outcome: InvokeOutcome; result?: HandlerResult }> => {
      try {
        return await run();
      } catch (err) {
        return { outcome: this.errorOutcome(err, requestId, key) };
      }
    };
    let admission;
    try {
      admission = await this.lifecycle.admit(call);
      // The challenge a refusal carries needs the facilitator too (its fee payer goes into it).
      if (admission.kind === 'refused') return await this.refusal(endpoint, preq, requestId, admission.code, admission.message, admission.reason, inputErrors);
    } catch (err) {
      if (!(err instanceof FacilitatorUnavailableError)) throw err;
      // The caller gets the fixed 503 message; the facilitator's own text goes to the logs only.
      this.deps.logger.warn({ requestId, err: err.detail }, 'payment facilitator unavailable');
      return this.errorOutcome(err, requestId, key);
    }
    switch (admission.kind) {
      case 'limited':
        return this.errorOutcome(new ApiError('rate_limited', 'Too many refused payments from this client; payments are not verified until the window ends. Nothing was charged.', {
          headers: { 'Retry-After': String(admission.retryAfterS) },
        }), requestId, key);
      case 'unconfirmed':
        return this.unconfirmed(admission.retryAfterS, requestId, key);
      case 'kept':
        return keptOutcome(admission.answer);
      case 'prepaid': {
        // Paid for already under this payment identifier (its answer was not kept): served, not charged again.
        const { outcome, result } = await attempt();
        if (outcome.status !== 200 || !result) return outcome;
        this.lifecycle.notePrepaidServed(admission.claim, requestId);
        record(result, admission.claim.payer);
        // The receipt of the payment that paid for it: a 2xx always names its settlement.
        const { transaction, network, payer } = admission.claim;
        const receipt: Record<string, string> = transaction ? { 'PAYMENT-RESPONSE': encodePaymentResponseHeader({ success: true, transaction, network: network as Network, payer }) } : {};
        const json = outcome.json ?? JSON.stringify(outcome.body);
        const unpaid = outcome;
        return { status: 200, headers: { ...outcome.headers, ...receipt, 'Cache-Control': 'private, no-store' }, json, get body() { return unpaid.body; } };
      }
      case 'admitted':
        break;
    }
    const { outcome, result } = await attempt();
    const final = await this.conclude(call, admission.payment, outcome, result);
    // Recorded only when the answer is delivered and settled: after the reply, off the caller's time.
    if (final.status === 200 && result) record(result, admission.payment.payer);
    return final;
  }

  /** A 503 saying the settlement's outcome is not known yet, and how to get the answer once it is. */
  private unconfirmed(retryAfterS: number, requestId: string, key: string): InvokeOutcome {
    return this.errorOutcome(new ApiError('settlement_unconfirmed',
      'Your payment was sent to the chain but its confirmation could not be read yet, so you may have been charged. ' +
      'Repeat the call with the same payment (or the same payment identifier) to receive the answer once it is confirmed; ' +
      'if the transfer never lands, you are not charged.', { headers: { 'Retry-After': String(retryAfterS) } }), requestId, key);
  }

  /** `result`: the handler's result, which an x402 `upto` payment's charge is computed from. */
  private async conclude(call: PaidCall, payment: VerifiedPayment, outcome: InvokeOutcome, result?: HandlerResult): Promise<InvokeOutcome> {
    const { endpoint, preq, requestId } = call;
    const json = outcome.json ?? JSON.stringify(outcome.body);
    const conclusion = await this.lifecycle.conclude(payment, call, { status: outcome.status, headers: outcome.headers, json }, result);
    switch (conclusion.kind) {
      case 'not_charged':
        if (conclusion.reason !== 'client_gone') return outcome;
        // Never sent as is: an answer that was not paid for is not given away to a caller that may still read it.
        return this.refusal(endpoint, preq, requestId, 'payment_invalid', 'The call was cancelled before its answer was paid for; nothing was charged.', 'client_gone');
      case 'refused':
        return this.refusal(endpoint, preq, requestId, 'payment_invalid', `Settlement was refused (${conclusion.reason}); the result is withheld and nothing was charged.`, conclusion.reason);
      case 'unconfirmed':
        return this.unconfirmed(conclusion.retryAfterS, requestId, endpoint.def.key);
      case 'charged': {
        // Only endpoints with a step of their own pay for the await (a top-up); every other paid call skips it.
        if (call.endpoint.def.afterSettlement) await this.afterSettlement(call, payment, conclusion);
        const headers = { ...outcome.headers, ...conclusion.headers, 'Cache-Control': 'private, no-store' };
        // Spelled out rather than spread: `body` may be a lazy getter (JsonOutcome), which a spread would evaluate.
        const unpaid = outcome;
        return { status: outcome.status, headers, json, get body() { return unpaid.body; }, afterSend: conclusion.sent };
      }
    }
  }

  /**
   * The endpoint's own step once its payment settled (a subscription top-up's credit), before the answer is sent.
   * A failure is logged with the payment's key for the operator and never turns the charged answer into an error.
   */
  private async afterSettlement(call: PaidCall, payment: VerifiedPayment, charged: { transaction: string; chargedAtomic: bigint }): Promise<void> {
    const hook = call.endpoint.def.afterSettlement;
    if (!hook || !call.input) return;
    try {
      await hook({
        idempotencyKey: payment.idempotencyKey, scheme: payment.scheme ?? 'exact', network: payment.network, payer: payment.payer,
        chargedAtomic: charged.chargedAtomic, transaction: charged.transaction,
        ...(payment.channelId ? { channelId: payment.channelId } : {}),
      }, call.input);
    } catch (err) {
      this.deps.logger.error({ err, requestId: call.requestId, payment: payment.idempotencyKey, endpoint: call.endpoint.def.key }, 'charged call: its after-settlement step failed');
    }
  }

  /**
   * A call to a free endpoint that the cache can answer synchronously (src/cache/types.ts `peek`), answered
   * without a promise: the same validation, envelope and recording as `invoke`. Undefined whenever the call
   * needs the full path — a paid endpoint, a body `invoke` refuses (it words the error), a value this process
   * cannot tell synchronously — which then runs `invoke` as before.
   */
  warmFree(endpoint: RegisteredEndpoint, body: unknown, requestId: string): InvokeOutcome | undefined {
    if (endpoint.priceAtomic !== null || !this.deps.cache.peek) return undefined;
    try {
      const normalized = normalizeBody(body);
      if (normalized.issues.length > 0) return undefined;
      const validation = endpoint.validate(normalized.input);
      return validation.ok ? this.warmAnswer(endpoint, validation.value, requestId) : undefined;
    } catch {
      return undefined; // `invoke` meets the same failure and answers it
    }
  }

  /**
   * `invokeUnpaid` when the cache can answer synchronously (see `warmFree`), else undefined. `input` must be
   * what `endpoint.validate` returned (the demo keeps its validated inputs): it is not validated again.
   */
  warmUnpaid(endpoint: RegisteredEndpoint, input: Record<string, unknown>, requestId: string): InvokeOutcome | undefined {
    if (!this.deps.cache.peek) return undefined;
    try {
      return this.warmAnswer(endpoint, input, requestId);
    } catch {
      return undefined;
    }
  }

  private warmAnswer(endpoint: RegisteredEndpoint, input: Record<string, unknown>, requestId: string): InvokeOutcome | undefined {
    const execution = peekExecution(endpoint, input, this.deps.cache);
    if (!execution) return undefined;
    const outcome = this.answer(endpoint, input, requestId, execution);
    this.deps.recorder?.record({ endpoint, input, result: execution.result, at: this.deps.now(), requestId });
    return outcome;
  }

  /** Runs an endpoint without payment (the free demo route); same validation, envelope and errors. */
  async invokeUnpaid(endpoint: RegisteredEndpoint, input: Record<string, unknown>, requestId: string): Promise<InvokeOutcome> {
    const validation = endpoint.validate(input);
    try {
      if (!validation.ok) throw new ApiError('invalid_input', 'Input does not match the schema', { issues: validation.issues });
      const { outcome, result } = await this.run(endpoint, validation.value, requestId);
      this.deps.recorder?.record({ endpoint, input: validation.value, result, at: this.deps.now(), requestId });
      return outcome;
    } catch (err) {
      return this.errorOutcome(err, requestId, endpoint.def.key);
    }
  }

  /** A 402 carrying the full challenge, so the caller can pay (again) without another round trip. */
  private async refusal(
    endpoint: RegisteredEndpoint, preq: PaymentRequest, requestId: string, code: RefusalCode, message: string, reason?: string, inputErrors: InputIssue[] = [],
  ): Promise<InvokeOutcome> {
    const challenge = await this.deps.gate.challenge(endpoint, preq);
    // The card challenge expires, so it is made per response; undefined below the card minimum.
    const cardChallenge = await this.deps.card?.challenge(endpoint, preq.url);
    return {
      status: 402,
      headers: { 'PAYMENT-REQUIRED': challenge.header, 'Cache-Control': 'no-store', ...(cardChallenge ? { 'WWW-Authenticate': cardChallenge } : {}) },
      body: challengeBody({
        endpoint, challenge, code, message, requestId, reason, inputErrors,
        allEndpoints: this.deps.allEndpoints, howToPay: this.deps.howToPay,
      }),
    };
  }

  private formOf(result: HandlerResult): ResultForm {
    let form = this.forms.get(result);
    if (!form) {
      const caveats: Caveat[] = [...(result.caveats ?? [])];
      if (this.deps.config.dataMode === 'sandbox' && !caveats.some((c) => c.code === 'sandbox_data')) {
        caveats.push({ code: 'sandbox_data', message: 'Served from the built-in sandbox chain: synthetic, deterministic data, not mainnet.' });
      }
      form = { caveats };
      this.forms.set(result, form);
    }
    return form;
  }

  private async run(endpoint: RegisteredEndpoint, input: Record<string, unknown>, requestId: string): Promise<{ outcome: InvokeOutcome; result: HandlerResult }> {
    const { cache, config, now } = this.deps;
    // execute() answers a warm call from the cache before building the handler context and the deadline.
    const execution = await execute({
      endpoint, input, cache, deadlineMs: config.answerDeadlineMs, registry: this.deps.registry,
      context: { requestId, now, timers: this.deps.timers, dataMode: config.dataMode, sources: this.deps.sources, entities: this.deps.entities, riskyPrograms: this.deps.riskyPrograms, store: this.deps.store, smartMoneyWallets: config.smartMoneyWallets },
    });
    return { outcome: this.answer(endpoint, input, requestId, execution), result: execution.result };
  }

  /** The 200 envelope of an execution (synchronous: the warm path calls it directly). */
  private answer(endpoint: RegisteredEndpoint, input: Record<string, unknown>, requestId: string, execution: Execution): InvokeOutcome {
    const { config, now } = this.deps;
    const { result } = execution;
    const form = this.formOf(result);
    const meta = buildMeta({
      endpoint: endpoint.def.key, request_id: requestId, served_at: now().toISOString(),
      data_mode: config.dataMode, cache: execution.cache,
    });
    const format = (input.format ?? 'json') as OutputFormat;
    const timings = !execution.cache.hit && result.timings ? serverTiming(result.timings) : undefined;
    const headers: Record<string, string> = timings ? { 'Server-Timing': timings } : {};
    if (format === 'json') {
      if (form.head === undefined) form.head = jsonHead(result, form.caveats) ?? null;
      if (form.head !== null) return new JsonOutcome(headers, withMeta(form.head, meta), result, form.caveats, meta);
    }
    const briefing = () => (endpoint.def.briefing ?? ((r) => genericBriefing(endpoint.def.key, r)))(result, input);
    return { status: 200, headers, body: formatResponse({ format, result, caveats: form.caveats, meta, briefing }) };
  }

  errorOutcome(err: unknown, requestId: string, key: string): InvokeOutcome {
    if (err instanceof ApiError) {
      // An `internal` error built on purpose (src/errors/api-error.ts `internalError`) says nothing to the
      // caller: what caused it goes to the logs.
      if (err.code === 'internal') this.deps.logger.error({ requestId, endpoint: key, err: err.cause ?? err, detail: err.logDetail }, 'handler failed');
      return { status: err.status, headers: err.headers ?? {}, body: errorBody(err, requestId) as unknown as Record<string, unknown> };
    }
    if (err instanceof SourceError) {
      // A source failure a handler let through (it read a required source directly rather than through
      // `required()`): the same answer `required()` gives — 404 for not_found, else 502/504 — never a 500.
      const mapped = err.kind === 'not_found' ? new ApiError('not_found', 'Not found. You were not charged.') : toApiError(err);
      this.deps.logger.warn({ requestId, endpoint: key, leg: err.leg, kind: err.kind }, 'source failed');
      return this.errorOutcome(mapped, requestId, key);
    }
    // Anything else is `internal` for the caller; its own text goes to the logs only (docs/errors.md).
    const internal = asApiError(err, (original) => this.deps.logger.error({ requestId, endpoint: key, err: original }, 'handler failed'));
    return { status: internal.status, headers: {}, body: errorBody(internal, requestId) as unknown as Record<string, unknown> };
  }

}

/** A kept answer served again (a retry of a call already paid for): never charged again. */
function keptOutcome(answer: StoredAnswer): InvokeOutcome {
  let body: Record<string, unknown> | undefined;
  return {
    status: answer.status,
    headers: { ...answer.headers, 'Cache-Control': 'private, no-store' },
    json: answer.json,
    get body() {
      return (body ??= JSON.parse(answer.json) as Record<string, unknown>);
    },
  };
}

/**
 * Aborted when the caller's connection closes before the answer was sent (a client that hung up, a proxy
 * that gave up): a paid call is then not settled.
 */
export function callerGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  const res = reply.raw;
  res.once('close', () => {
    if (!res.writableEnded) gone.abort();
  });
  return gone.signal;
}

export function sendOutcome(reply: FastifyReply, outcome: InvokeOutcome): FastifyReply {
  if (outcome.afterSend) reportDelivery(reply, outcome.afterSend);
  reply.code(outcome.status).headers(outcome.headers);
  // Already serialised: Fastify's serializer is skipped (its JSON content type, spelled as it spells it).
  if (outcome.json !== undefined) return reply.type('application/json; charset=utf-8').send(outcome.json);
  return reply.send(outcome.body);
}

/** Tells a charged answer's payment whether the answer went out (`finish`) or the connection closed first. */
function reportDelivery(reply: FastifyReply, report: (delivered: boolean) => void): void {
  const res = reply.raw;
  if (res.destroyed) {
    report(false);
    return;
  }
  res.once('finish', () => report(true));
  res.once('close', () => {
    if (!res.writableFinished) report(false);
  });
}
