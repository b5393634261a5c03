/**
 * The payment gate: turns a request's payment header into a verified payment that can be settled
 * later, or into a reason it was refused. x402 v2 (`PAYMENT-SIGNATURE`) goes through the official
 * `x402ResourceServer`: a payment that matches its endpoint's paid route (src/payments/paid-route.ts: the
 * requirements processHTTPRequest would rebuild on every call, built once) is matched, verified and cancelled
 * through the library's own calls; any other (unmatched, refused before verification, a flow that settles
 * before the handler) goes through `x402HTTPResourceServer.processHTTPRequest` whole, which words its refusal.
 * Settlement is always `processSettlement`. x402 v1 (`X-PAYMENT`, still the most installed client) is verified
 * and settled through the same facilitator with the v1 form of the same requirements.
 *
 * The gate never settles by itself: the invocation pipeline settles only after a 2xx result.
 *
 * A settle call that throws may have broadcast the transfer before its answer was lost; with a
 * `SettlementLookup` the gate then looks the transfer up on chain and, if it landed, counts the call
 * as settled (docs/payments.md, "When a settlement's outcome is unknown"). A clean refusal is never looked up.
 */
import { FacilitatorResponseError, resolvePaymentFlowPhases, type CompletedSettlement, type FacilitatorClient, type HTTPAdapter, type HTTPRequestContext, type PaymentCancellationDispatcher, type x402HTTPResourceServer } from '@x402/core/server';
import { decodePaymentRequiredHeader, encodePaymentResponseHeader } from '@x402/core/http';
import { SettleError, type Network, type PaymentPayload, type PaymentRequired, type PaymentRequirements, type SettleResponse } from '@x402/core/types';
import type { PaymentPayloadV1, PaymentRequiredV1, PaymentRequirementsV1 } from '@x402/core/types/v1';
import type { RegisteredEndpoint } from '../registry/index.js';
import { networkById, networkByV1Name } from './networks.js';
import { paymentIdentity, type PaymentIdentity } from './idempotency.js';
import { schemePayloadProblem } from './payload-shape.js';
import { extractPaymentIdentifier } from '@x402/extensions/payment-identifier';
import { settleReasonMeansNothingMoved, uptoSettleReasonMeansNothingMoved } from './facilitator/index.js';
import { safeReason } from './reasons.js';
import { buildPaidRoute, type PaidRoute } from './paid-route.js';
import { decodePaymentSignature } from './payment-header.js';
import { UPTO } from './upto.js';
import { BATCH_SETTLEMENT_SCHEME } from '@x402/evm';
import { batchSettlementNothingMoved } from './batch-settlement/settle-outcome.js';
import { batchChannelId } from './batch-settlement/payload.js';
import type { SettlementLookup, SettlementMark, SettlementTarget } from './settlement-lookup.js';
import type { Challenge, PaymentCheck, PaymentRequest, SettleOutcome } from './types.js';
import { FacilitatorUnavailableError } from './errors.js';

function adapterFor(endpoint: RegisteredEndpoint, req: PaymentRequest, withoutPayment: boolean): HTTPAdapter {
  return {
    getHeader: (name) => {
      const lower = name.toLowerCase();
      if (withoutPayment && (lower === 'payment-signature' || lower === 'x-payment')) return undefined;
      return req.header(lower);
    },
    getMethod: () => 'POST',
    getPath: () => endpoint.path,
    getUrl: () => req.url,
    // Our API never serves the HTML paywall: the 402 body is JSON for agents.
    getAcceptHeader: () => 'application/json',
    getUserAgent: () => req.userAgent,
  };
}

function toV1(v2: PaymentRequired, endpoint: RegisteredEndpoint): PaymentRequiredV1 {
  const accepts: PaymentRequirementsV1[] = [];
  for (const a of v2.accepts) {
    // x402 v1 has no `upto`: v1 clients are offered exact only.
    if (a.scheme !== 'exact') continue;
    const network = networkById(a.network);
    if (!network) continue;
    accepts.push({
      scheme: a.scheme,
      network: network.v1Name as PaymentRequirementsV1['network'],
      maxAmountRequired: a.amount,
      resource: v2.resource.url,
      description: v2.resource.description ?? endpoint.def.summary,
      mimeType: 'application/json',
      outputSchema: { input: { type: 'http', method: 'POST', bodyType: 'json' }, output: endpoint.def.output as unknown as Record<string, unknown> },
      payTo: a.payTo,
      maxTimeoutSeconds: a.maxTimeoutSeconds,
      asset: a.asset,
      extra: a.extra,
    });
  }
  return { x402Version: 1, accepts };
}

function decodeV1Header(value: string): PaymentPayloadV1 {
  const parsed: unknown = JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
  if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
  const p = parsed as Record<string, unknown>;
  if (p.x402Version !== 1 || typeof p.scheme !== 'string' || typeof p.network !== 'string' || typeof p.payload !== 'object' || p.payload === null) {
    throw new Error('not an x402 v1 payment payload');
  }
  return parsed as PaymentPayloadV1;
}

/** A settle that threw, as opposed to a facilitator's answer refusing it (which may come as a SettleError). */
function threw(err: unknown): boolean {
  return !(err instanceof SettleError);
}

export class PaymentGate {
  private readonly challenges = new Map<string, Promise<Challenge>>();
  /** The facilitator's verify result carries the payer; the v2 server keeps it internal, so we note it here. */
  private readonly payers = new WeakMap<object, string>();
  /**
   * v2 payloads whose settle call threw. The x402 server turns a throw into a `success:false` answer
   * like any refusal; its failure hook still sees the difference (a refusal arrives as a SettleError).
   */
  private readonly settleThrew = new WeakSet<object>();

  constructor(
    private readonly http: x402HTTPResourceServer,
    private readonly facilitator: FacilitatorClient,
    /** Absent: a settle that throws is always taken for "not settled". */
    private readonly lookup?: SettlementLookup,
  ) {
    http.server.onAfterVerify(async (ctx) => {
      if (ctx.result.payer) this.payers.set(ctx.paymentPayload, ctx.result.payer);
    });
    http.server.onSettleFailure(async (ctx) => {
      if (threw(ctx.error)) this.settleThrew.add(ctx.paymentPayload);
    });
  }

  private initializing: Promise<void> | undefined;

  /**
   * Learns what the facilitator supports (e.g. the Solana fee payer that goes into every challenge).
   * A facilitator that is down at start-up does not stop the service: the next paid call tries again,
   * and until then paid calls answer 503 `upstream_unavailable` (retryable, nothing charged).
   */
  initialize(): Promise<void> {
    this.initializing ??= this.http.initialize().catch((err: unknown) => {
      this.initializing = undefined;
      throw new FacilitatorUnavailableError(err instanceof Error ? err.message : 'facilitator unreachable', err);
    });
    return this.initializing;
  }

  /** The endpoint's challenge; identical for every call of an endpoint, so computed once. */
  challenge(endpoint: RegisteredEndpoint, req: PaymentRequest): Promise<Challenge> {
    let pending = this.challenges.get(endpoint.def.key);
    if (!pending) {
      pending = this.initialize().then(() => this.computeChallenge(endpoint, req));
      this.challenges.set(endpoint.def.key, pending);
      pending.catch(() => this.challenges.delete(endpoint.def.key));
    }
    return pending;
  }

  private async computeChallenge(endpoint: RegisteredEndpoint, req: PaymentRequest): Promise<Challenge> {
    const result = await this.http.processHTTPRequest(this.context(endpoint, req, true));
    const header = result.type === 'payment-error' ? result.response.headers['PAYMENT-REQUIRED'] : undefined;
    if (!header) throw new Error(`no x402 challenge for ${endpoint.def.key}`);
    const v2 = decodePaymentRequiredHeader(header);
    return { header, v2, v1: toV1(v2, endpoint) };
  }

  private context(endpoint: RegisteredEndpoint, req: PaymentRequest, withoutPayment: boolean): HTTPRequestContext {
    return { adapter: adapterFor(endpoint, req, withoutPayment), path: endpoint.path, decodedPath: endpoint.path, method: 'POST' };
  }

  /** PAYMENT-SIGNATURE decoded once per request: identify() and check() both read it (base64 + JSON + checks). */
  private readonly decoded = new WeakMap<PaymentRequest, { header: string; payload: PaymentPayload }>();

  private decodeV2(req: PaymentRequest, header: string): PaymentPayload {
    const memo = this.decoded.get(req);
    if (memo && memo.header === header) return memo.payload;
    const payload = decodePaymentSignature(header);
    this.decoded.set(req, { header, payload });
    return payload;
  }

  /** Identities by scheme payload: identify() and the verified payment both need it (a Solana one hashes the transaction). */
  private readonly identities = new WeakMap<object, { network: string; identity: PaymentIdentity }>();

  private identityOf(network: string, schemePayload: Record<string, unknown>): PaymentIdentity {
    const memo = this.identities.get(schemePayload);
    if (memo && memo.network === network) return memo.identity;
    const identity = paymentIdentity(network, schemePayload);
    this.identities.set(schemePayload, { network, identity });
    return identity;
  }

  /**
   * The idempotency key of the payment a request carries, read without verifying it (undefined when
   * there is none or it cannot be read). Lets a replay be named as such before the facilitator
   * refuses it for a less telling reason (e.g. an authorization nonce already used on chain).
   */
  identify(req: PaymentRequest): string | undefined {
    try {
      const v2Header = req.header('payment-signature');
      if (v2Header) {
        const payload = this.decodeV2(req, v2Header);
        return payload.accepted ? this.identityOf(payload.accepted.network, payload.payload).key : undefined;
      }
      const v1Header = req.header('x-payment');
      if (v1Header) {
        const payload = decodeV1Header(v1Header);
        return paymentIdentity(payload.network, payload.payload).key;
      }
    } catch {
      // unreadable: check() reports it
    }
    return undefined;
  }

  /**
   * The on-chain lookup of one payment's settlement, bound to its target: `mark()` as settle begins (never
   * rejects), `find(mark)` after a settle that may have broadcast (the transaction id, or undefined), and
   * `persisted(mark)`, what `findSettlement` needs to look again later (undefined when this network has no
   * lookup). Without a lookup all are no-ops and nothing is ever found.
   */
  private lostSettlement(target: SettlementTarget, version: 1 | 2, payer: string, lookable = true) {
    const lookup = lookable ? this.lookup : undefined;
    return {
      mark: async (): Promise<SettlementMark | undefined> => (lookup ? lookup.mark(target.network).catch(() => ({ at: Date.now() })) : undefined),
      find: async (mark: SettlementMark | undefined) => (lookup && mark ? (await lookup.find(target, mark).catch(() => undefined))?.transaction : undefined),
      persisted: (mark: SettlementMark | undefined): string | undefined => {
        if (!lookup || !mark || !(lookup.covers?.(target.network) ?? true)) return undefined;
        const stored: PersistedLookup = {
          version, payer,
          target: { ...target, amount: target.amount.toString() },
          mark: { at: mark.at, ...(mark.block !== undefined ? { block: mark.block.toString() } : {}) },
        };
        return JSON.stringify(stored);
      },
    };
  }

  /**
   * A settle that failed. A refusal known to come before any broadcast is final ("not charged"); anything
   * else (a throw, an unconfirmed transfer, a reason we do not know) may follow a broadcast, so the chain is
   * asked first: found → settled; not found → unconfirmed, never "not charged".
   */
  private async failed(
    raw: string, threwError: boolean, lost: ReturnType<PaymentGate['lostSettlement']>, mark: Promise<SettlementMark | undefined>,
    settledBy: (transaction: string) => SettleOutcome, nothingMoved: (reason: string) => boolean = settleReasonMeansNothingMoved,
  ): Promise<SettleOutcome> {
    const reason = safeReason(raw, 'settlement_failed');
    if (!threwError && nothingMoved(raw)) return { ok: false, reason, detail: raw };
    const marked = await mark;
    const found = await lost.find(marked);
    if (found) return settledBy(found);
    const lookup = lost.persisted(marked);
    return { ok: false, reason: threwError ? 'settlement_unconfirmed' : reason, detail: raw, unconfirmed: lookup ? { lookup } : {} };
  }

  /**
   * Looks up, later, a settlement whose outcome was unknown (`SettleOutcome.unconfirmed.lookup`): the
   * transaction and the receipt headers when it landed, else undefined. Never throws.
   */
  async findSettlement(persisted: string): Promise<{ transaction: string; headers: Record<string, string> } | undefined> {
    if (!this.lookup) return undefined;
    let stored: PersistedLookup;
    try {
      stored = JSON.parse(persisted) as PersistedLookup;
    } catch {
      return undefined;
    }
    const target: SettlementTarget = { ...stored.target, amount: BigInt(stored.target.amount) };
    const mark: SettlementMark = { at: stored.mark.at, ...(stored.mark.block !== undefined ? { block: BigInt(stored.mark.block) } : {}) };
    const found = await this.lookup.find(target, mark).catch(() => undefined);
    if (!found) return undefined;
    const network = networkById(target.network);
    const receipt = { success: true, transaction: found.transaction, network: (stored.version === 1 ? network?.v1Name ?? target.network : target.network) as Network, payer: stored.payer };
    const encoded = encodePaymentResponseHeader(receipt);
    return { transaction: found.transaction, headers: stored.version === 1 ? { 'X-PAYMENT-RESPONSE': encoded, 'PAYMENT-RESPONSE': encoded } : { 'PAYMENT-RESPONSE': encoded } };
  }

  async check(endpoint: RegisteredEndpoint, req: PaymentRequest): Promise<PaymentCheck> {
    const v2Header = req.header('payment-signature');
    const v1Header = req.header('x-payment');
    if (!v2Header && !v1Header) return { kind: 'none' };
    await this.initialize();
    try {
      return v2Header ? await this.checkV2(endpoint, req, v2Header) : await this.checkV1(endpoint, req, v1Header!);
    } catch (err) {
      if (err instanceof FacilitatorUnavailableError) throw err;
      // The exception's text may come from a library or an RPC: the caller gets the code only.
      return { kind: 'invalid', reason: 'invalid_payload', message: 'The payment could not be read.' };
    }
  }

  private async checkV2(endpoint: RegisteredEndpoint, req: PaymentRequest, header: string): Promise<PaymentCheck> {
    let payload: PaymentPayload;
    try {
      payload = this.decodeV2(req, header);
    } catch {
      return { kind: 'invalid', reason: 'invalid_payload', message: 'PAYMENT-SIGNATURE is not a base64 x402 v2 payment payload' };
    }
    if (payload.x402Version !== 2 || !payload.accepted) {
      return { kind: 'invalid', reason: 'invalid_x402_version', message: 'PAYMENT-SIGNATURE must carry an x402 v2 payload; send v1 payloads in X-PAYMENT' };
    }
    const shapeProblem = schemePayloadProblem(String(payload.accepted.network), payload.payload, String(payload.accepted.scheme));
    if (shapeProblem) return { kind: 'invalid', reason: 'invalid_payload', message: `PAYMENT-SIGNATURE: ${shapeProblem}` };
    const context = this.context(endpoint, req, false);
    const route = await this.paidRoute(endpoint, context);
    const requirements = route && this.matchPaidRoute(route, payload);
    // Anything the paid route does not cover — no paid route, a payment it does not match (whose refusal the
    // library words), a flow that settles before the handler — takes the library's whole path.
    if (!route || !requirements) return this.checkV2Full(endpoint, req, header, context);
    // processHTTPRequest's verification, from the same calls with the same arguments (hooks, facilitator
    // choice and reason codes are the library's).
    const server = this.http.server;
    const transportContext = { request: { ...context, paymentHeader: header, method: 'POST', routePattern: route.routePattern } };
    let verified;
    try {
      verified = await server.verifyPayment(payload, requirements, route.extensions, transportContext);
    } catch (err) {
      if (err instanceof FacilitatorResponseError) throw new FacilitatorUnavailableError(err.message, err);
      const reason = safeReason(err instanceof Error ? err.message : 'Payment verification failed', 'payment_invalid');
      return { kind: 'invalid', reason, message: `payment refused: ${reason}` };
    }
    if (!verified.isValid) {
      const reason = safeReason(verified.invalidReason, 'payment_invalid');
      return { kind: 'invalid', reason, message: `payment refused: ${reason}` };
    }
    // A hook asking to skip the handler would have the library settle now, before any answer exists; none
    // of the hooks this service registers asks it, and the gate never settles without an answer.
    if (verified.skipHandler) return { kind: 'invalid', reason: 'payment_invalid', message: 'payment refused: payment_invalid' };
    const cancellation = server.createPaymentCancellationDispatcher(payload, requirements, route.extensions, transportContext, []);
    return this.verifiedV2(payload, requirements, route.extensions, cancellation, undefined, context);
  }

  /** Paid routes by endpoint key; undefined: the endpoint takes processHTTPRequest on every call. */
  private readonly paidRoutes = new Map<string, Promise<PaidRoute | undefined>>();
  /** Whether a matched requirement's payment flow settles after the handler (the flow depends on the requirement only). */
  private readonly settlesAfterHandler = new WeakMap<PaymentRequirements, boolean>();

  private paidRoute(endpoint: RegisteredEndpoint, context: HTTPRequestContext): Promise<PaidRoute | undefined> {
    const key = endpoint.def.key;
    let route = this.paidRoutes.get(key);
    if (!route) {
      route = buildPaidRoute(this.http, endpoint, context).catch(() => {
        this.paidRoutes.delete(key); // tried again on the next call; this one takes the library's path
        return undefined;
      });
      this.paidRoutes.set(key, route);
    }
    return route;
  }

  /** The requirement `payload` pays, as processHTTPRequest matches it; undefined when the library's path must decide. */
  private matchPaidRoute(route: PaidRoute, payload: PaymentPayload): PaymentRequirements | undefined {
    const server = this.http.server;
    try {
      const requirements = server.findMatchingRequirements(route.paymentRequired.accepts, payload);
      if (!requirements || !server.validateExtensions(route.paymentRequired, payload).valid) return undefined;
      let after = this.settlesAfterHandler.get(requirements);
      if (after === undefined) {
        after = !resolvePaymentFlowPhases(server.getPaymentFlow(payload, requirements)).settleBeforeHandler;
        this.settlesAfterHandler.set(requirements, after);
      }
      return after ? requirements : undefined;
    } catch {
      return undefined;
    }
  }

  /** The library's whole path (processHTTPRequest), for the payments the paid route does not cover. */
  private async checkV2Full(endpoint: RegisteredEndpoint, req: PaymentRequest, header: string, context: HTTPRequestContext): Promise<PaymentCheck> {
    let result;
    try {
      result = await this.http.processHTTPRequest({ ...context, paymentHeader: header });
    } catch (err) {
      throw new FacilitatorUnavailableError(err instanceof Error ? err.message : 'facilitator failed', err);
    }
    if (result.type !== 'payment-verified') {
      const refusal = result.type === 'payment-error' ? result.response.headers['PAYMENT-REQUIRED'] : undefined;
      const reason = safeReason(refusal ? decodePaymentRequiredHeader(refusal).error : undefined, 'payment_invalid');
      return { kind: 'invalid', reason, message: `payment refused: ${reason}` };
    }
    const { paymentPayload, paymentRequirements, declaredExtensions, cancellationDispatcher, beforeHandlerSettlement } = result;
    return this.verifiedV2(paymentPayload, paymentRequirements, declaredExtensions, cancellationDispatcher, beforeHandlerSettlement, context);
  }

  /** A verified v2 payment: settled through the x402 server's `processSettlement` after a 2xx answer. */
  private verifiedV2(
    paymentPayload: PaymentPayload, paymentRequirements: PaymentRequirements, declaredExtensions: Record<string, unknown> | undefined,
    cancellationDispatcher: PaymentCancellationDispatcher, beforeHandlerSettlement: CompletedSettlement | undefined, context: HTTPRequestContext,
  ): PaymentCheck {
    const identity = this.identityOf(paymentRequirements.network, paymentPayload.payload);
    const upto = paymentRequirements.scheme === UPTO;
    const batch = paymentRequirements.scheme === BATCH_SETTLEMENT_SCHEME;
    const payer = this.payers.get(paymentPayload) ?? identity.payer;
    const http = this.http;
    const settleThrew = this.settleThrew;
    // The on-chain lookup knows exact transfers and upto settles (the proxy's settle for this owner and nonce):
    // a lost batch-settlement deposit stays unconfirmed rather than be called "not charged" (docs/payments.md).
    const lost = this.lostSettlement({
      network: paymentRequirements.network, asset: paymentRequirements.asset, payTo: paymentRequirements.payTo,
      amount: BigInt(paymentRequirements.amount), payload: paymentPayload.payload,
    }, 2, payer, !batch);
    const failed = this.failed.bind(this);
    const paymentId = extractPaymentIdentifier(paymentPayload) ?? undefined;
    return {
      kind: 'verified',
      payment: {
        version: 2,
        scheme: paymentRequirements.scheme,
        network: paymentRequirements.network,
        payer,
        idempotencyKey: identity.key,
        amountAtomic: BigInt(paymentRequirements.amount),
        ...(paymentId !== undefined ? { paymentId } : {}),
        ...(batch ? { channelId: batchChannelId(paymentPayload.payload) } : {}),
        async settle(response, chargeAtomic) {
          // Read alongside settle, not before it: a paid call waits for no extra RPC round trip.
          const mark = lost.mark();
          settleThrew.delete(paymentPayload);
          // upto settles the amount charged (the library hands the facilitator requirements with that amount).
          const overrides = upto && chargeAtomic !== undefined ? { amount: chargeAtomic.toString() } : undefined;
          let settled;
          try {
            settled = await http.processSettlement(paymentPayload, paymentRequirements, declaredExtensions, {
              request: context,
              responseBody: response.body,
              responseHeaders: response.headers,
            }, overrides, beforeHandlerSettlement);
          } catch (err) {
            settled = { success: false as const, errorReason: err instanceof Error ? err.message : 'settlement failed' };
            settleThrew.add(paymentPayload);
          }
          if (!settled.success) {
            return failed(settled.errorReason, settleThrew.has(paymentPayload), lost, mark, (found) => {
              const header = encodePaymentResponseHeader({ success: true, transaction: found, network: paymentRequirements.network, payer });
              return { ok: true, transaction: found, network: paymentRequirements.network, headers: { 'PAYMENT-RESPONSE': header }, recovered: true };
            }, upto ? uptoSettleReasonMeansNothingMoved : batch ? batchSettlementNothingMoved(paymentPayload.payload) : undefined);
          }
          return { ok: true, transaction: settled.transaction, network: settled.network, headers: settled.headers };
        },
        async cancel(status) {
          await cancellationDispatcher.cancel({ reason: 'handler_failed', responseStatus: status }).catch(() => undefined);
        },
      },
    };
  }

  private async checkV1(endpoint: RegisteredEndpoint, req: PaymentRequest, header: string): Promise<PaymentCheck> {
    let payload: PaymentPayloadV1;
    try {
      payload = decodeV1Header(header);
    } catch {
      return { kind: 'invalid', reason: 'invalid_payload', message: 'X-PAYMENT is not a base64 x402 v1 payment payload' };
    }
    const { v1 } = await this.challenge(endpoint, req);
    const requirements = v1.accepts.find((a) => a.scheme === payload.scheme && a.network === payload.network);
    if (!requirements) {
      return { kind: 'invalid', reason: 'no_matching_requirements', message: `no ${payload.scheme} payment option on network "${payload.network}"` };
    }
    // Checked before the facilitator, whose schemes throw on garbage (a throw there means "unavailable").
    const shapeProblem = schemePayloadProblem(requirements.network, payload.payload);
    if (shapeProblem) return { kind: 'invalid', reason: 'invalid_payload', message: `X-PAYMENT: ${shapeProblem}` };
    // The facilitator dispatches on x402Version, so v1 payloads reach the v1 scheme implementations.
    const asV2Payload = payload as unknown as PaymentPayload;
    const asV2Requirements = requirements as unknown as PaymentRequirements;
    let verified;
    try {
      verified = await this.facilitator.verify(asV2Payload, asV2Requirements);
    } catch (err) {
      throw new FacilitatorUnavailableError(err instanceof Error ? err.message : 'facilitator failed', err);
    }
    if (!verified.isValid) {
      // The reason code only: `invalidMessage` can carry an RPC's own text.
      const reason = safeReason(verified.invalidReason, 'payment_invalid');
      return { kind: 'invalid', reason, message: `payment refused: ${reason}` };
    }
    const caip2 = networkByV1Name(requirements.network)!.id;
    const identity = paymentIdentity(requirements.network, payload.payload);
    const facilitator = this.facilitator;
    const payer = verified.payer ?? identity.payer;
    const lost = this.lostSettlement({
      network: caip2, asset: requirements.asset, payTo: requirements.payTo,
      amount: BigInt(requirements.maxAmountRequired), payload: payload.payload as Record<string, unknown>,
    }, 1, payer);
    const failed = this.failed.bind(this);
    return {
      kind: 'verified',
      payment: {
        version: 1,
        scheme: requirements.scheme,
        network: caip2,
        payer,
        idempotencyKey: identity.key,
        amountAtomic: BigInt(requirements.maxAmountRequired),
        async settle() {
          const mark = lost.mark();
          // Shaped like the facilitator's own v1 answer (which names the network in v1 terms).
          const receipt = (settled: SettleResponse, recovered: boolean): SettleOutcome => {
            const encoded = encodePaymentResponseHeader(settled);
            return { ok: true, transaction: settled.transaction, network: caip2, headers: { 'X-PAYMENT-RESPONSE': encoded, 'PAYMENT-RESPONSE': encoded }, ...(recovered ? { recovered: true as const } : {}) };
          };
          const foundOnChain = (transaction: string) => receipt({ success: true, transaction, network: requirements.network as Network, payer }, true);
          let settled: SettleResponse;
          try {
            settled = await facilitator.settle(asV2Payload, asV2Requirements);
          } catch (err) {
            return failed(err instanceof Error ? err.message : 'settlement failed', threw(err), lost, mark, foundOnChain);
          }
          if (!settled.success) return failed(settled.errorReason ?? 'settlement_failed', false, lost, mark, foundOnChain);
          return receipt(settled, false);
        },
        async cancel() {
          // v1 has no cancellation step: an unsettled authorization simply expires.
        },
      },
    };
  }
}

/** What `findSettlement` needs, as kept in the store (bigints as strings). */
interface PersistedLookup {
  version: 1 | 2;
  payer: string;
  target: Omit<SettlementTarget, 'amount'> & { amount: string };
  mark: { at: number; block?: string };
}
