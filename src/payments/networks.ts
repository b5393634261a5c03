/**
 * The two payment networks, in both x402 vocabularies: v2 uses CAIP-2 ids, v1 uses short names.
 * The price is the same on both; the payer picks.
 */
import { BASE_MAINNET, BASE_USDC_ADDRESS, SOLANA_MAINNET, SOLANA_USDC_MINT } from '../config/index.js';

export interface PaymentNetwork {
  /** CAIP-2 id (x402 v2). */
  id: typeof SOLANA_MAINNET | typeof BASE_MAINNET;
  /** x402 v1 network name. */
  v1Name: 'solana' | 'base';
  label: string;
  asset: string;
  /** Scheme-specific `extra` the client needs to sign (EIP-712 domain of USDC on Base). */
  extra: Record<string, unknown>;
}

export const PAYMENT_NETWORKS: readonly PaymentNetwork[] = [
  { id: SOLANA_MAINNET, v1Name: 'solana', label: 'Solana mainnet', asset: SOLANA_USDC_MINT, extra: {} },
  { id: BASE_MAINNET, v1Name: 'base', label: 'Base mainnet', asset: BASE_USDC_ADDRESS, extra: { name: 'USD Coin', version: '2' } },
];

export function networkByV1Name(name: string): PaymentNetwork | undefined {
  return PAYMENT_NETWORKS.find((n) => n.v1Name === name);
}

export function networkById(id: string): PaymentNetwork | undefined {
  return PAYMENT_NETWORKS.find((n) => n.id === id);
}
