/**
 * The card (fiat) payment path: `Authorization: Payment …` credentials of the Machine Payments
 * Protocol (MPP) with the Stripe `charge` method, served through `mppx`'s own server primitives.
 *
 * - Challenge: `mppx` issues an HMAC-bound `stripe/charge` challenge (keyed with `MPP_SECRET_KEY`),
 *   scoped to the endpoint key and priced at the endpoint's price in USD cents; it goes out as a
 *   `WWW-Authenticate: Payment …` header beside the x402 `PAYMENT-REQUIRED` one.
 * - Check: `mppx.validateCredential()` verifies the credential without charging (HMAC, expiry,
 *   method, endpoint scope, amount/currency binding, payload shape). The Stripe method ships no
 *   non-mutating `validate` step of its own (its `verify` creates and confirms the PaymentIntent),
 *   so we give it one that only re-reads the already-checked credential.
 * - Settle (only after a 2xx): `mppx.broadcastCredential()` re-validates and runs the Stripe
 *   method's charge: one `paymentIntents.create` with `confirm: true` and the client's shared
 *   payment token (SPT), idempotent per challenge and token. Its receipt becomes `Payment-Receipt`.
 * - Nothing is held before the charge, so `cancel()` has nothing to release.
 *
 * Honest minimum: Stripe refuses charges under its minimum (0.50 USD). An endpoint cheaper than
 * that is offered no card challenge, and a card credential presented for it is refused with
 * `card_below_minimum`: never charged, and never charged more than the price.
 */
import { createHash } from 'node:crypto';
import { Challenge, Credential, Errors, Receipt } from 'mppx';
import { Mppx } from 'mppx/server/core';
import { stripe as stripeMethods } from 'mppx/stripe/server/spt';
import type { PaymentCheck, SettleOutcome, VerifiedPayment } from '../types.js';
import { USDC_DECIMALS, type RegisteredEndpoint } from '../../registry/index.js';

/** The network name a card payment is recorded under (claims, settlements, logs). */
export const CARD_NETWORK = 'card:stripe';

/** Stripe's minimum charge in USD (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts). */
export const STRIPE_USD_MINIMUM = '0.50';

/** The parameters `mppx` sends to `paymentIntents.create` for a Stripe charge (the subset we rely on). */
export interface CardPaymentIntentParams {
  /** In cents. */
  amount: number;
  currency: string;
  confirm: boolean;
  automatic_payment_methods: { allow_redirects: 'never'; enabled: boolean };
  metadata: Record<string, string>;
  /** The client's shared payment token. */
  shared_payment_granted_token: string;
  [other: string]: unknown;
}

export interface CardPaymentIntentRequestOptions {
  apiVersion?: string;
  idempotencyKey?: string;
  stripeAccount?: string;
}

export interface CardPaymentIntent {
  id: string;
  status: string;
  lastResponse?: { headers?: Record<string, string> };
}

/**
 * The one Stripe call the card path makes. A `stripe` SDK instance satisfies it; tests inject a fake.
 * Stripe answers a repeated idempotency key with the original PaymentIntent and the response header
 * `idempotent-replayed: true`, which mppx treats as "already processed" (refused, not re-served).
 */
export interface CardStripeClient {
  paymentIntents: {
    create(params: CardPaymentIntentParams, options?: CardPaymentIntentRequestOptions): Promise<CardPaymentIntent>;
  };
}

export interface CardGateOptions {
  /** `MPP_SECRET_KEY`: HMAC key binding challenges to this server (at least 32 bytes). */
  secretKey: string;
  /** An injected Stripe client, or `{ secretKey }` to let mppx call Stripe's REST API itself. */
  stripe: CardStripeClient | { secretKey: string };
  /** `STRIPE_NETWORK_ID`: the Stripe business network profile SPTs are granted to. Default `internal`. */
  networkId?: string;
  /** The smallest charge offered, in USD. Default `"0.50"`, Stripe's USD minimum. */
  minimumChargeUsd?: string;
  now?: () => Date;
  /** Challenge realm; default the host of the request URL. */
  realm?: string;
  /** How long a challenge may be paid. Default 300 s. */
  challengeTtlSeconds?: number;
  /**
   * A credential whose challenge expires sooner than this is refused at check time, so that it
   * cannot expire between the check and the charge after the handler ran. Default 30 s
   * (the 15 s answer deadline plus margin).
   */
  settleMarginSeconds?: number;
}

export interface CardGate {
  /** `WWW-Authenticate` value offering card payment for this endpoint, or undefined when the price is under the card minimum (never offer what Stripe would refuse). */
  challenge(endpoint: RegisteredEndpoint, requestUrl: string): Promise<string | undefined>;
  /** Verifies an `Authorization: Payment …` credential for this endpoint and price; never charges. */
  check(endpoint: RegisteredEndpoint, authorization: string, requestUrl: string): Promise<PaymentCheck>;
  /** The idempotency key a credential would claim, read without verifying it (undefined when unreadable or not a card credential). */
  identify(authorization: string): string | undefined;
}

const CENTS_PER_ATOMIC = 10n ** BigInt(USDC_DECIMALS - 2);

/** "0.50" → 500000n (USD expressed in the registry's 6-decimal atomic units). */
export function cardMinimumAtomic(minimumChargeUsd: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(minimumChargeUsd);
  if (!m) throw new Error(`minimum charge must be a USD amount with at most 2 decimals: "${minimumChargeUsd}"`);
  const cents = BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
  if (cents <= 0n) throw new Error('minimum charge must be positive');
  return cents * CENTS_PER_ATOMIC;
}

/** Whether a header value uses the `Payment` authentication scheme. */
export function isPaymentAuthorization(authorization: string | undefined): authorization is string {
  return authorization !== undefined && /^Payment\s+\S/i.test(authorization);
}

type CardPricing =
  | { ok: true; cents: bigint; amount: string }
  | { ok: false; reason: 'card_below_minimum' | 'card_amount_not_whole_cents'; message: string };

function centsToUsd(cents: bigint): string {
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}

function credentialKey(challengeId: string, spt: string): string {
  return `card:${createHash('sha256').update(`${challengeId}\n${spt}`).digest('hex')}`;
}

function refusal(reason: string, message: string, detail?: string): PaymentCheck {
  return { kind: 'invalid', reason, message, ...(detail !== undefined ? { detail } : {}) };
}

/**
 * Maps mppx's verification errors to our refusal reasons. mppx's `PaymentError` texts describe the payer's own
 * credential ("Payment expired at …", "Challenge … is invalid") and are passed on; anything else is not shown.
 */
function refusalOf(err: unknown): PaymentCheck {
  const detail = err instanceof Error ? err.message : 'credential refused';
  if (err instanceof Errors.PaymentExpiredError) return refusal('challenge_expired', `${detail} Request a new challenge and pay again; nothing was charged.`);
  if (err instanceof Errors.InvalidChallengeError) return refusal('challenge_invalid', `${detail} Nothing was charged.`);
  if (err instanceof Errors.InvalidPayloadError || err instanceof Errors.MalformedCredentialError) {
    return refusal('invalid_payload', `${detail} Nothing was charged.`);
  }
  if (err instanceof Errors.PaymentError) return refusal('payment_invalid', `${detail} Nothing was charged.`);
  // Not one of mppx's credential problems (whose texts are written for the payer): its text is for the logs only.
  return refusal('invalid_payload', 'The card credential could not be read. Nothing was charged.', detail);
}

export function createCardGate(opts: CardGateOptions): CardGate {
  const now = opts.now ?? (() => new Date());
  const networkId = opts.networkId ?? 'internal';
  const minimumAtomic = cardMinimumAtomic(opts.minimumChargeUsd ?? STRIPE_USD_MINIMUM);
  const minimumUsd = centsToUsd(minimumAtomic / CENTS_PER_ATOMIC);
  const ttlMs = (opts.challengeTtlSeconds ?? 300) * 1000;
  const marginMs = (opts.settleMarginSeconds ?? 30) * 1000;

  const charge = 'paymentIntents' in opts.stripe
    ? stripeMethods.charge({ currency: 'usd', decimals: 2, networkId, paymentMethodTypes: ['card'], client: opts.stripe })
    : stripeMethods.charge({ currency: 'usd', decimals: 2, networkId, paymentMethodTypes: ['card'], secretKey: opts.stripe.secretKey });
  // The Stripe method only has the combined (charging) `verify`. Our non-mutating `validate`: mppx
  // has already checked the HMAC, expiry, scope, route binding and payload schema when it calls it.
  const method: typeof charge = {
    ...charge,
    async validate({ credential }) {
      const requestExternalId = credential.challenge.request.externalId;
      if (requestExternalId !== undefined && credential.payload.externalId !== requestExternalId) {
        throw new Errors.InvalidChallengeError({ id: credential.challenge.id, reason: 'credential externalId does not match this route request' });
      }
      return {
        challenge: credential.challenge,
        credential,
        details: {},
        intent: 'charge',
        method: 'stripe',
        request: credential.challenge.request,
        ...(credential.source !== undefined ? { source: credential.source } : {}),
      };
    },
  };

  // One mppx server per realm (the realm is part of each challenge's HMAC). Bounded: the realm
  // comes from configuration or the public URL, never from arbitrary client input in practice.
  const servers = new Map<string, ReturnType<typeof makeServer>>();
  function makeServer(realm: string) {
    return Mppx.create({ methods: [method], secretKey: opts.secretKey, realm });
  }
  function serverFor(requestUrl: string) {
    const realm = opts.realm ?? (URL.canParse(requestUrl) ? new URL(requestUrl).host : 'localhost');
    let server = servers.get(realm);
    if (!server) {
      if (servers.size >= 16) servers.clear();
      server = makeServer(realm);
      servers.set(realm, server);
    }
    return { server, realm };
  }
  // Fails at start-up, not on the first paid call, when MPP_SECRET_KEY is too short.
  makeServer('startup-check');

  function pricing(endpoint: RegisteredEndpoint): CardPricing | undefined {
    const atomic = endpoint.priceAtomic;
    if (atomic === null) return undefined;
    if (atomic < minimumAtomic) {
      return {
        ok: false,
        reason: 'card_below_minimum',
        message: `"${endpoint.def.key}" costs ${endpoint.def.price} USDC per call, below the card minimum of ${minimumUsd} USD that Stripe accepts, so card payment is not offered for it. Nothing was charged; pay with x402 (USDC) instead.`,
      };
    }
    if (atomic % CENTS_PER_ATOMIC !== 0n) {
      return {
        ok: false,
        reason: 'card_amount_not_whole_cents',
        message: `"${endpoint.def.key}" costs ${endpoint.def.price} USDC per call, which is not a whole number of US cents, so it cannot be charged to a card exactly. Nothing was charged; pay with x402 (USDC) instead.`,
      };
    }
    const cents = atomic / CENTS_PER_ATOMIC;
    return { ok: true, cents, amount: centsToUsd(cents) };
  }

  /** The route request both the challenge and the check are built from (defaults come from the method). */
  function routeOptions(endpoint: RegisteredEndpoint, amount: string, realm: string) {
    return { scope: endpoint.def.key, realm, request: { amount, metadata: { endpoint: endpoint.def.key } } };
  }

  function readCredential(authorization: string) {
    const credential = Credential.deserialize(authorization.trim());
    const spt = (credential.payload as { spt?: unknown } | null)?.spt;
    return { credential, spt: typeof spt === 'string' ? spt : undefined };
  }

  return {
    async challenge(endpoint, requestUrl) {
      const price = pricing(endpoint);
      if (!price?.ok) return undefined;
      const { server } = serverFor(requestUrl);
      const challenge = await server.challenge.stripe.charge({
        amount: price.amount,
        description: `${endpoint.def.key}: one call (${price.amount} USD)`,
        expires: new Date(now().getTime() + ttlMs).toISOString(),
        metadata: { endpoint: endpoint.def.key },
        scope: endpoint.def.key,
      });
      return Challenge.serialize(challenge);
    },

    identify(authorization) {
      if (!isPaymentAuthorization(authorization)) return undefined;
      try {
        const { credential, spt } = readCredential(authorization);
        if (credential.challenge.method !== 'stripe' || spt === undefined) return undefined;
        return credentialKey(credential.challenge.id, spt);
      } catch {
        return undefined;
      }
    },

    async check(endpoint, authorization, requestUrl) {
      if (!isPaymentAuthorization(authorization)) return { kind: 'none' };
      const price = pricing(endpoint);
      if (!price) return { kind: 'none' };
      if (!price.ok) return refusal(price.reason, price.message);

      let credential: Credential.Credential;
      let spt: string | undefined;
      try {
        ({ credential, spt } = readCredential(authorization));
      } catch {
        return refusal('invalid_payload', 'Authorization: Payment does not carry a readable MPP credential (base64url JSON). Nothing was charged.');
      }
      const { method: methodName, intent } = credential.challenge;
      if (methodName !== 'stripe' || intent !== 'charge') {
        return refusal('unsupported_payment_method', `This API accepts the MPP "stripe" "charge" method for card payments, not "${methodName}" "${intent}". Nothing was charged.`);
      }
      if (spt === undefined) return refusal('invalid_payload', 'The card credential carries no shared payment token (spt). Nothing was charged.');

      const { server, realm } = serverFor(requestUrl);
      const options = routeOptions(endpoint, price.amount, realm);
      try {
        await server.validateCredential(credential, options);
      } catch (err) {
        return refusalOf(err);
      }
      const expires = Date.parse(credential.challenge.expires ?? '');
      if (!(expires - now().getTime() >= marginMs)) {
        return refusal('challenge_expired', 'The card challenge expires too soon to serve the call and charge it. Request a new challenge and pay again; nothing was charged.');
      }

      let settled: Promise<SettleOutcome> | undefined;
      const payment: VerifiedPayment = {
        version: 2,
        network: CARD_NETWORK,
        payer: credential.source ?? 'card',
        idempotencyKey: credentialKey(credential.challenge.id, spt),
        amountAtomic: endpoint.priceAtomic!,
        settle() {
          // Charged at most once per verified payment, whatever the caller does.
          settled ??= (async (): Promise<SettleOutcome> => {
            try {
              const receipt = await server.broadcastCredential(credential, options);
              return { ok: true, transaction: receipt.reference, network: CARD_NETWORK, headers: { 'Payment-Receipt': Receipt.serialize(receipt) } };
            } catch (err) {
              // A code to the client; Stripe's own text only to the logs (via `detail`).
              return { ok: false, reason: 'card_charge_failed', detail: err instanceof Error ? err.message : 'card charge failed' };
            }
          })();
          return settled;
        },
        async cancel() {
          // Nothing to release: no PaymentIntent exists before settle(); the unused SPT lapses at
          // the challenge's expiry.
        },
      };
      return { kind: 'verified', payment };
    },
  };
}
