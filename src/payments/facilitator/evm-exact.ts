/**
 * Our EVM `exact` facilitator scheme (v2 on eip155:8453, v1 on "base"): the official @x402/evm scheme's
 * EIP-3009 checks, in its order and with its reason codes, made fast where the official one is slow:
 *
 * - signatures: the EIP-712 digest computed directly (eip3009-digest.ts) and recovered with libsecp256k1
 *   (the official scheme recovers with viem's pure-JS code, ~270/s per core here, in verify and again in settle);
 * - round trips: verify reads the payer's code and simulates the transfer (`eth_estimateGas`, which fails exactly
 *   when the official `eth_call` simulation does and also yields the gas limit) in one JSON-RPC batch; settle
 *   reuses that verification for the same payment (once, within 30 s) and broadcasts a locally signed
 *   transaction (evm-sender.ts): ~4 requests per paid call against the official ~11.
 *
 * Everything outside that path is the official scheme's, unchanged: Permit2 payloads, ERC-6492 and other
 * non-65-byte signatures, payers with code (smart wallets, EIP-7702), malformed fields, any failing RPC read,
 * and every failed simulation (so insufficient balance, a used nonce or a wrong token domain get the official
 * diagnosis). test/payments/evm-exact.test.ts runs a matrix of valid and invalid payments through both schemes
 * and requires the same answers.
 *
 * After a broadcast (or one whose transport failed, so it may have happened), only the receipt wait's bound
 * ends a settle without a receipt, and the answer is SETTLEMENT_UNCONFIRMED (settle-outcome.ts), with the hash,
 * on both paths: the official v2 says `settlement_pending`, the official v1 puts the error's message in the
 * reason. A reverted receipt stays `invalid_exact_evm_transaction_failed`: nothing moved.
 */
import { InMemoryPendingSettlementStore } from '@x402/core/facilitator';
import type {
  FacilitatorContext, Network, PaymentPayload, PaymentPayloadV1, PaymentRequirements, PaymentRequirementsV1,
  SchemeNetworkFacilitator, SettleResponse, VerifyResponse,
} from '@x402/core/types';
import { appendDataSuffix, isEIP3009Payload, resolveDataSuffix, startAssetContractCheck, type FacilitatorEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/facilitator';
import { ExactEvmSchemeV1 } from '@x402/evm/exact/v1/facilitator';
import { getAddress, isHash, type Hex } from 'viem';
import type { Eip3009Authorization } from '../../lib/eip3009-digest.js';
import { hasTransferEvent, localChecks, PLAIN_SIGNATURE, REASONS, transferCalldata, transferErrorReason, type Eip3009Case } from './evm-exact-checks.js';
import { BroadcastOutcomeUnknownError, type EvmSender, type JsonRpcCall } from './evm-sender.js';
import { SETTLEMENT_UNCONFIRMED, traceSettle } from './settle-outcome.js';

const BASE_CHAIN_ID = 8453;
/** How long a successful verify vouches for the same payment's settle (the resource server settles right after verifying). */
const VERIFIED_TTL_MS = 30_000;
const MAX_VERIFIED = 10_000;
/** Head-room over the verify-time gas estimate: calldata suffixes and storage that warmed up or cooled down since. */
const gasWithMargin = (estimate: bigint) => estimate + estimate / 5n + 5_000n;

export interface FastEvmDeps {
  rpc: JsonRpcCall;
  sender: EvmSender;
  /** The official signer: the official schemes this one hands over to, and the asset-contract check. */
  signer: FacilitatorEvmSigner;
  now?: () => number;
}

/** Reasons the official scheme gives before it looks at the payer at all. */
const BEFORE_SIGNATURE: ReadonlySet<string> = new Set([REASONS.invalidScheme, REASONS.missingDomain, REASONS.networkMismatch]);

type Verdict = { reason: string } | { valid: true; gas: bigint };

/** What both versions share: the fast verify and the broadcast. */
class FastEip3009 {
  private readonly verified = new Map<string, { at: number; gas: bigint }>();
  constructor(private readonly deps: FastEvmDeps) {}

  get now(): number { return (this.deps.now ?? Date.now)(); }

  /** A verdict, or undefined when the official scheme must decide. `simulate` false = settle's re-check. */
  async judge(c: Eip3009Case, opts: { simulate: boolean; assetCheck: boolean }): Promise<Verdict | undefined> {
    const key = signedContentKey(c);
    const vouched = this.verified.get(key);
    if (!opts.simulate) this.verified.delete(key);
    const fresh = vouched && this.now - vouched.at <= VERIFIED_TTL_MS ? vouched : undefined;
    // A vouched-for payment's signature was recovered for exactly this content moments ago; the other checks
    // (time window, recipient, amount against these requirements) run again.
    const local = await localChecks(c, Math.floor(this.now / 1000), { signatureVerified: fresh !== undefined });
    if (local === null) return undefined;
    if (BEFORE_SIGNATURE.has(local as string)) return { reason: local as string };
    // The payer's code decides how its signature is judged (the official reads it before recovering): with code,
    // an ERC-1271 contract judges it, which only the official path does — and every reason after the signature
    // check depends on that judgement. Not re-read by a settle this verify vouched for. The code read, the asset
    // check (cached 15 min by the package) and the simulation leave together: one JSON-RPC batch.
    const passing = local === undefined;
    const codeRead = fresh && passing ? Promise.resolve('0x') : this.deps.rpc('eth_getCode', [c.authorization.from, 'latest']).catch(() => null);
    const simulation = passing && !fresh ? this.estimate(c) : undefined;
    const assetCheck = passing && opts.assetCheck
      ? startAssetContractCheck(this.deps.signer, c.requiredNetwork as Network, c.asset).await().catch(() => null)
      : Promise.resolve('');
    const code = await codeRead;
    if (code === null || (code !== '0x' && code !== '')) return undefined;
    if (!passing) return { reason: local };
    const assetReason = await assetCheck;
    if (assetReason === null) return undefined;
    if (assetReason) return { reason: assetReason };
    if (fresh) return { valid: true, gas: fresh.gas };
    const gas = await simulation;
    if (gas === undefined) return undefined;
    if (opts.simulate) this.remember(key, gas);
    return { valid: true, gas };
  }

  async broadcast(c: Eip3009Case, gas: bigint, suffix: Hex | undefined): Promise<Hex> {
    const data = appendDataSuffix(transferCalldata(c.authorization, c.signature), suffix) as Hex;
    return this.deps.sender.send(getAddress(c.asset), data, gasWithMargin(gas));
  }

  waitForReceipt(tx: Hex) { return this.deps.sender.waitForReceipt(tx); }

  /** The transfer simulated from the facilitator's account; undefined when it would revert (or the RPC failed). */
  private async estimate(c: Eip3009Case): Promise<bigint | undefined> {
    const call = { from: this.deps.sender.address, to: getAddress(c.asset), data: transferCalldata(c.authorization, c.signature) };
    try {
      return BigInt(await this.deps.rpc('eth_estimateGas', [call]) as Hex);
    } catch {
      return undefined;
    }
  }

  private remember(key: string, gas: bigint): void {
    if (this.verified.size >= MAX_VERIFIED) {
      for (const [k, v] of this.verified) if (this.now - v.at > VERIFIED_TTL_MS) this.verified.delete(k);
      if (this.verified.size >= MAX_VERIFIED) return;
    }
    this.verified.set(key, { at: this.now, gas });
  }
}

/** Everything the signature check depends on: the EIP-712 domain, the authorization and the signature. */
function signedContentKey(c: Eip3009Case): string {
  const a = c.authorization;
  return [c.asset, String(c.extra?.name), String(c.extra?.version), c.chainId, a.from, a.to, a.value, a.validAfter, a.validBefore, a.nonce, c.signature]
    .join('|').toLowerCase();
}

/** The EIP-3009 fields of a payload when they are in the shape the fast path judges, else undefined. */
function eip3009Fields(raw: Record<string, unknown>): { authorization: Eip3009Authorization; signature: Hex } | undefined {
  // The official scheme routes anything carrying a Permit2 authorization to its Permit2 path first.
  if (!isEIP3009Payload(raw as never) || 'permit2Authorization' in raw) return undefined;
  const { authorization, signature } = raw as { authorization?: unknown; signature?: unknown };
  if (typeof signature !== 'string' || !PLAIN_SIGNATURE.test(signature) || !authorization || typeof authorization !== 'object') return undefined;
  const a = authorization as Record<string, unknown>;
  const fields = ['from', 'to', 'value', 'validAfter', 'validBefore', 'nonce'] as const;
  if (!fields.every((f) => typeof a[f] === 'string')) return undefined;
  return { authorization: a as unknown as Eip3009Authorization, signature: signature as Hex };
}

const invalid = (reason: string, payer: string): VerifyResponse => ({ isValid: false, invalidReason: reason, payer });

/** v2 (`eip155:8453`). */
export class FastExactEvmScheme implements SchemeNetworkFacilitator {
  readonly scheme = 'exact';
  readonly caipFamily = 'eip155:*';
  private readonly official: ExactEvmScheme;
  private readonly fast: FastEip3009;
  private readonly pending = new InMemoryPendingSettlementStore();

  constructor(private readonly deps: FastEvmDeps) {
    this.official = new ExactEvmScheme(deps.signer);
    this.fast = new FastEip3009(deps);
  }

  getExtra(network: Network) { return this.official.getExtra(network); }
  getSigners(network: string) { return this.official.getSigners(network); }

  private caseOf(payload: PaymentPayload, requirements: PaymentRequirements): Eip3009Case | undefined {
    const fields = eip3009Fields(payload.payload);
    const match = /^eip155:(\d+)$/.exec(requirements.network);
    if (!fields || !payload.accepted || !match || Number(match[1]) !== BASE_CHAIN_ID) return undefined;
    return {
      payloadScheme: payload.accepted.scheme, requiredScheme: requirements.scheme,
      payloadNetwork: payload.accepted.network, requiredNetwork: requirements.network, chainId: BASE_CHAIN_ID,
      extra: requirements.extra, asset: requirements.asset, payTo: requirements.payTo, amount: requirements.amount,
      valueReason: REASONS.valueMismatch, ...fields,
    };
  }

  async verify(payload: PaymentPayload, requirements: PaymentRequirements, context?: FacilitatorContext): Promise<VerifyResponse> {
    const c = this.caseOf(payload, requirements);
    const verdict = c ? await this.fast.judge(c, { simulate: true, assetCheck: true }).catch(() => undefined) : undefined;
    if (!c || !verdict) return this.official.verify(payload, requirements, context);
    return 'reason' in verdict ? invalid(verdict.reason, c.authorization.from) : { isValid: true, invalidReason: undefined, payer: c.authorization.from };
  }

  async settle(payload: PaymentPayload, requirements: PaymentRequirements, context?: FacilitatorContext): Promise<SettleResponse> {
    const c = this.caseOf(payload, requirements);
    if (!c) return traceSettle(() => this.official.settle(payload, requirements, context));
    const payer = c.authorization.from;
    const network = payload.accepted.network;
    // A settlement that timed out earlier: wait for the same transaction rather than broadcasting a second one.
    const pendingTx = await this.pending.get(c.signature);
    if (pendingTx) {
      await this.pending.delete(c.signature);
      return this.awaitSettlement(c, pendingTx as Hex, network, payer);
    }
    const verdict = await this.fast.judge(c, { simulate: false, assetCheck: true }).catch(() => undefined);
    if (!verdict) return traceSettle(() => this.official.settle(payload, requirements, context));
    if ('reason' in verdict) return { success: false, network, transaction: '', errorReason: verdict.reason, payer };
    let tx: Hex;
    try {
      const suffix = await resolveDataSuffix(context, { paymentPayload: payload, paymentRequirements: requirements }) as Hex | undefined;
      tx = await this.fast.broadcast(c, verdict.gas, suffix);
    } catch (error) {
      // The node may hold a broadcast whose transport failed: wait for its receipt like a sent one's.
      if (error instanceof BroadcastOutcomeUnknownError) return this.awaitSettlement(c, error.hash, network, payer);
      return { success: false, errorReason: transferErrorReason(error), errorMessage: error instanceof Error ? error.message : String(error), transaction: '', network, payer };
    }
    return this.awaitSettlement(c, tx, network, payer);
  }

  /**
   * The official receipt handling — failed status, Transfer event; no receipt within the bound is remembered for a
   * retry (which waits for the same transaction) — with SETTLEMENT_UNCONFIRMED where the official says settlement_pending.
   */
  private async awaitSettlement(c: Eip3009Case, tx: Hex, network: Network, payer: string): Promise<SettleResponse> {
    if (!isHash(tx) || /^0x0+$/.test(tx)) {
      return { success: false, errorReason: REASONS.transactionFailed, errorMessage: `signer returned an invalid transaction hash: ${tx}`, transaction: '', network, payer };
    }
    let receipt;
    try {
      receipt = await this.fast.waitForReceipt(tx);
    } catch (error) {
      await this.pending.set(c.signature, tx);
      return { success: false, errorReason: SETTLEMENT_UNCONFIRMED, errorMessage: (error instanceof Error ? error.message : String(error)).slice(0, 500), transaction: tx, network, payer };
    }
    await this.pending.delete(c.signature);
    if (receipt.status !== 'success') return { success: false, errorReason: REASONS.transactionFailed, transaction: tx, network, payer };
    if (!hasTransferEvent(receipt.logs, getAddress(c.asset), c.authorization)) {
      return { success: false, errorReason: REASONS.transferEventMismatch, transaction: tx, network, payer };
    }
    return { success: true, transaction: tx, network, payer };
  }
}

/** v1 (`base`): v1's field names, its value reason, no asset-contract check, its settle error shape. */
export class FastExactEvmSchemeV1 implements SchemeNetworkFacilitator {
  readonly scheme = 'exact';
  readonly caipFamily = 'eip155:*';
  private readonly official: ExactEvmSchemeV1;
  private readonly fast: FastEip3009;

  constructor(deps: FastEvmDeps) {
    this.official = new ExactEvmSchemeV1(deps.signer);
    this.fast = new FastEip3009(deps);
  }

  getExtra(network: Network) { return this.official.getExtra(network); }
  getSigners(network: string) { return this.official.getSigners(network); }

  private caseOf(payload: PaymentPayload, requirements: PaymentRequirements): Eip3009Case | undefined {
    const p = payload as unknown as PaymentPayloadV1;
    const r = requirements as unknown as PaymentRequirementsV1;
    const fields = eip3009Fields(p.payload);
    // v1 resolves the chain from the payload's network name first: only "base" is ours.
    if (!fields || (p.network as string) !== 'base' || typeof r.maxAmountRequired !== 'string') return undefined;
    return {
      payloadScheme: p.scheme, requiredScheme: r.scheme, payloadNetwork: p.network, requiredNetwork: r.network, chainId: BASE_CHAIN_ID,
      extra: r.extra, asset: r.asset, payTo: r.payTo, amount: r.maxAmountRequired, valueReason: REASONS.invalidValue, ...fields,
    };
  }

  async verify(payload: PaymentPayload, requirements: PaymentRequirements): Promise<VerifyResponse> {
    const c = this.caseOf(payload, requirements);
    const verdict = c ? await this.fast.judge(c, { simulate: true, assetCheck: false }).catch(() => undefined) : undefined;
    if (!c || !verdict) return this.official.verify(payload, requirements);
    return 'reason' in verdict ? invalid(verdict.reason, c.authorization.from) : { isValid: true, invalidReason: undefined, payer: c.authorization.from };
  }

  async settle(payload: PaymentPayload, requirements: PaymentRequirements, context?: FacilitatorContext): Promise<SettleResponse> {
    const c = this.caseOf(payload, requirements);
    const verdict = c ? await this.fast.judge(c, { simulate: false, assetCheck: false }).catch(() => undefined) : undefined;
    if (!c || !verdict) return traceSettle(() => this.official.settle(payload, requirements, context));
    const payer = c.authorization.from;
    const network = c.payloadNetwork as Network;
    if ('reason' in verdict) return { success: false, network, transaction: '', errorReason: verdict.reason, payer };
    let tx: Hex;
    try {
      const suffix = await resolveDataSuffix(context, { paymentPayload: payload, paymentRequirements: requirements }) as Hex | undefined;
      tx = await this.fast.broadcast(c, verdict.gas, suffix);
    } catch (error) {
      if (!(error instanceof BroadcastOutcomeUnknownError)) {
        // v1's own shape: the error's message is the reason.
        return { success: false, errorReason: error instanceof Error ? error.message : REASONS.transactionFailed, transaction: '', network, payer };
      }
      tx = error.hash;
    }
    let receipt;
    try {
      receipt = await this.fast.waitForReceipt(tx);
    } catch (error) {
      return { success: false, errorReason: SETTLEMENT_UNCONFIRMED, errorMessage: (error instanceof Error ? error.message : String(error)).slice(0, 500), transaction: tx, network, payer };
    }
    if (receipt.status !== 'success') return { success: false, errorReason: REASONS.transactionFailed, transaction: tx, network, payer };
    if (!hasTransferEvent(receipt.logs, getAddress(c.asset), c.authorization)) {
      return { success: false, errorReason: REASONS.transferEventMismatch, transaction: tx, network, payer };
    }
    return { success: true, transaction: tx, network, payer };
  }
}

