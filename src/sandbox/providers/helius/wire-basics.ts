/**
 * What the sandbox Helius' two products share: the JSON object type, deterministic base58 for the parts
 * the world does not model (hashes, trees, instruction data), UI amounts and the REST error answer.
 */
import { createHash } from 'node:crypto';
import { getBase58Decoder } from '@solana/kit';
import type { ProviderResponse } from '../server.js';

export type Json = Record<string, unknown>;

const b58 = getBase58Decoder();

/** Deterministic base58 of `bytes` bytes derived from a label (hashes, trees, instruction data). */
export function derived(label: string, bytes = 32): string {
  let buf = Buffer.alloc(0);
  for (let i = 0; buf.length < bytes; i++) buf = Buffer.concat([buf, createHash('sha256').update(`helius:${label}:${i}`).digest()]);
  return b58.decode(buf.subarray(0, bytes));
}

export function derivedInt(label: string, max: number): number {
  return createHash('sha256').update(`helius:${label}`).digest().readUInt32BE(0) % max;
}

export const uiAmount = (raw: string, decimals: number): number => Number(raw) / 10 ** decimals;
export const bad = (message: string, status = 400): ProviderResponse => ({ status, body: { error: message } });
