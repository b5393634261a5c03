/**
 * The attacker's kit for the payment attack suite: a payer that can sign both x402 versions with the
 * official client schemes (so every forged payload starts from a genuine one), the endpoint's real
 * challenge in both vocabularies, header encoders, and the judge that checks the three invariants of
 * every attack — never served unpaid, never charged twice, never charged for a refusal.
 */
import assert from 'node:assert/strict';
import { x402Client } from '@x402/core/client';
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from '@x402/core/types';
import type { PaymentPayloadV1, PaymentRequiredV1, PaymentRequirementsV1 } from '@x402/core/types/v1';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { ExactEvmSchemeV1 } from '@x402/evm/exact/v1/client';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { ExactSvmSchemeV1 } from '@x402/svm/exact/v1/client';
import { generateKeyPairSigner } from '@solana/kit';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { sandboxUsdcBalance as baseBalance } from '../helpers/evm-payer.js';
import { sandboxUsdcBalance as solanaBalance } from '../helpers/svm-payer.js';

export type Net = 'solana' | 'base';
export const NETS: readonly Net[] = ['solana', 'base'];

/** What the kit needs of a running service (a TestService or a bare RunningService). */
export interface Target {
  url: string;
  sandbox?: { solana: { url: string }; base: { url: string } };
}

export interface Challenges {
  v2: PaymentRequired;
  v1: PaymentRequiredV1;
}

export interface AttackPayer {
  net: Net;
  address: string;
  /** Set for Base payers: lets a test sign EIP-3009 authorizations by hand. */
  account?: PrivateKeyAccount;
  /** Signs (a possibly doctored copy of) the v2 challenge's option for this payer's network. */
  signV2(challenge: PaymentRequired, doctor?: (r: PaymentRequirements) => void): Promise<PaymentPayload>;
  /** Same with the v1 challenge (the body's `accepts`). */
  signV1(challenge: PaymentRequiredV1, doctor?: (r: PaymentRequirementsV1) => void): Promise<PaymentPayloadV1>;
  balance(): Promise<bigint>;
}

const V2_PREFIX: Record<Net, string> = { solana: 'solana:', base: 'eip155:' };

export async function attackPayer(target: Target, net: Net): Promise<AttackPayer> {
  const sandbox = target.sandbox!;
  // Spend controls off: the attacks sign doctored requirements the default caps might refuse client-side.
  const client = new x402Client().setSpendControls(false);
  let address: string;
  let account: PrivateKeyAccount | undefined;
  let balance: () => Promise<bigint>;
  if (net === 'base') {
    account = privateKeyToAccount(generatePrivateKey());
    client.register('eip155:*', new ExactEvmScheme(account)).registerV1('base', new ExactEvmSchemeV1(account));
    address = account.address;
    balance = () => baseBalance(sandbox.base.url, address);
  } else {
    const signer = await generateKeyPairSigner();
    client.register('solana:*', new ExactSvmScheme(signer, { rpcUrl: sandbox.solana.url }))
      .registerV1('solana', new ExactSvmSchemeV1(signer, { rpcUrl: sandbox.solana.url }));
    address = signer.address;
    balance = () => solanaBalance(sandbox.solana.url, address);
  }
  return {
    net, address, account, balance,
    async signV2(challenge, doctor) {
      const copy = structuredClone(challenge);
      copy.accepts = copy.accepts.filter((a) => a.network.startsWith(V2_PREFIX[net]));
      if (doctor) doctor(copy.accepts[0]!);
      return client.createPaymentPayload(copy);
    },
    async signV1(challenge, doctor) {
      const copy = structuredClone(challenge);
      copy.accepts = copy.accepts.filter((a) => String(a.network) === net);
      if (doctor) doctor(copy.accepts[0]!);
      // The v2 client dispatches on x402Version: a v1 challenge reaches the registered v1 schemes.
      return (await client.createPaymentPayload(copy as unknown as PaymentRequired)) as unknown as PaymentPayloadV1;
    },
  };
}

export function invoke(target: Target, key: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${target.url}/entrypoints/${key}/invoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** The endpoint's real challenge: v2 from `PAYMENT-REQUIRED`, v1 from the 402 body. */
export async function challenges(target: Target, key: string): Promise<Challenges> {
  const res = await invoke(target, key, {});
  assert.equal(res.status, 402);
  const body = (await res.json()) as { x402Version: number; accepts: PaymentRequirementsV1[] };
  const v2 = decodePaymentRequiredHeader(res.headers.get('payment-required')!);
  return { v2, v1: { x402Version: 1, accepts: body.accepts } as PaymentRequiredV1 };
}

export function b64(value: unknown): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64');
}

export function v2Header(payload: PaymentPayload): Record<string, string> {
  return { 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(payload) };
}

export function v1Header(payload: PaymentPayloadV1): Record<string, string> {
  return { 'X-PAYMENT': b64(payload) };
}

/** The same signed authorization, re-wrapped as a v1 payload (the scheme payloads are identical). */
export function asV1(payload: PaymentPayload, net: Net): PaymentPayloadV1 {
  // v1 network names ('solana', 'base') are not CAIP-2 ids, which the shared type insists on.
  return { x402Version: 1, scheme: 'exact', network: net, payload: payload.payload } as unknown as PaymentPayloadV1;
}

export interface AuthorizationFields {
  to?: string;
  value?: string;
  validAfter?: bigint;
  validBefore?: bigint;
}

/**
 * An EIP-3009 `transferWithAuthorization` signed by hand, so fields the official client always sets
 * sensibly (validity window, value, recipient) can be set to what an attacker would try. Returns the
 * scheme payload (`payload` of a v1 or v2 PaymentPayload), validly signed by the payer.
 */
export async function signAuthorization(
  account: PrivateKeyAccount, requirements: PaymentRequirements, fields: AuthorizationFields = {},
): Promise<Record<string, unknown>> {
  const now = BigInt(Math.floor(Date.now() / 1000));
  const authorization = {
    from: account.address,
    to: (fields.to ?? requirements.payTo) as `0x${string}`,
    value: BigInt(fields.value ?? requirements.amount),
    validAfter: fields.validAfter ?? now - 600n,
    validBefore: fields.validBefore ?? now + BigInt(requirements.maxTimeoutSeconds),
    nonce: `0x${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex')}` as `0x${string}`,
  };
  const extra = requirements.extra as { name: string; version: string };
  const signature = await account.signTypedData({
    domain: { name: extra.name, version: extra.version, chainId: 8453, verifyingContract: requirements.asset as `0x${string}` },
    types: {
      TransferWithAuthorization: [
        { name: 'from', type: 'address' }, { name: 'to', type: 'address' }, { name: 'value', type: 'uint256' },
        { name: 'validAfter', type: 'uint256' }, { name: 'validBefore', type: 'uint256' }, { name: 'nonce', type: 'bytes32' },
      ],
    },
    primaryType: 'TransferWithAuthorization',
    message: authorization,
  });
  return {
    signature,
    authorization: {
      ...authorization,
      value: authorization.value.toString(), validAfter: authorization.validAfter.toString(), validBefore: authorization.validBefore.toString(),
    },
  };
}

/** A v1-signed authorization re-wrapped as a v2 payload claiming the challenge's genuine option. */
export function asV2(payload: PaymentPayloadV1, challenge: PaymentRequired, net: Net): PaymentPayload {
  const accepted = challenge.accepts.find((a) => a.network.startsWith(V2_PREFIX[net]))!;
  return { x402Version: 2, payload: payload.payload as Record<string, unknown>, accepted, resource: challenge.resource };
}

/** The genuine v2 option of a challenge for a network. */
export function optionFor(challenge: PaymentRequired, net: Net): PaymentRequirements {
  return structuredClone(challenge.accepts.find((a) => a.network.startsWith(V2_PREFIX[net]))!);
}
