/**
 * What a payment is to the rest of the service, whoever verified it (the x402 gate, ./gate.ts, or the card
 * gate, ./card/index.ts): a challenge, a check's result, a verified payment that can be settled or cancelled,
 * and the outcome of settling it. Kept apart from the gate so the modules the gate uses (upto charging, the
 * paid route) can name a payment without importing the gate.
 */
import type { PaymentRequired } from '@x402/core/types';
import type { PaymentRequiredV1 } from '@x402/core/types/v1';

export interface Challenge {
  /** Base64 `PAYMENT-REQUIRED` header value (x402 v2). */
  header: string;
  v2: PaymentRequired;
  v1: PaymentRequiredV1;
}

export type SettleOutcome =
  /** `recovered`: the settle call failed in a way that may follow a broadcast, and the transfer was then found on chain. */
  | { ok: true; transaction: string; network: string; headers: Record<string, string>; recovered?: true }
  /**
   * Not settled. `reason` is a reason code safe to show (docs/errors.md); `detail` is the facilitator's own
   * text, for logs only. `unconfirmed`: the transfer may have been broadcast and was not found within the
   * lookup's bound — the outcome is unknown; `lookup` (absent when this network cannot be looked up) is what
   * `PaymentGate.findSettlement` needs to resolve it later.
   */
  | { ok: false; reason: string; detail?: string; unconfirmed?: { lookup?: string } };

export interface VerifiedPayment {
  version: 1 | 2;
  /** `upto`: the price is the maximum and `settle` is given the amount charged. Absent or `exact`: the price (card too). */
  scheme?: string;
  /** CAIP-2 id of the network paid on. */
  network: string;
  payer: string;
  idempotencyKey: string;
  /** What the payment authorises: the price (`exact`), or the maximum (`upto`). */
  amountAtomic: bigint;
  /** The batch-settlement channel a voucher or deposit pays from. */
  channelId?: string;
  /** The client's x402 `payment-identifier` (v2 payloads that carry the extension). */
  paymentId?: string;
  /** `chargeAtomic`: an `upto` payment's amount charged (≤ `amountAtomic`); ignored for `exact`. */
  settle(response: { body: Buffer; headers: Record<string, string> }, chargeAtomic?: bigint): Promise<SettleOutcome>;
  /** Tells the x402 server the paid call failed (nothing is settled). */
  cancel(status: number): Promise<void>;
}

export type PaymentCheck =
  | { kind: 'none' }
  /**
   * `reason`: a reason code (docs/errors.md, "402 answers"); `message`: written for the caller, never a
   * library's or facilitator's own text; `detail`: what was not shown, for the logs only.
   */
  | { kind: 'invalid'; reason: string; message: string; detail?: string }
  | { kind: 'verified'; payment: VerifiedPayment };

/** The minimum of a request the gate needs; built by the HTTP layer (src/app/invoke.ts) and the MCP layer (src/mcp/call.ts). */
export interface PaymentRequest {
  header(name: string): string | undefined;
  url: string;
  userAgent: string;
  /** Who is calling (the client IP over HTTP), for the limit on refused payments; undefined = not limited. */
  clientId?: string;
}
