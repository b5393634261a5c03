/**
 * What the data node's parts share: the world's slot clock, deterministic hashes (for the synthetic
 * parts of an answer: blockhashes, balance levels) and base58, and the signature parameter check.
 */
import { createHash } from 'node:crypto';
import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import { RpcError } from '../../solana/errors.js';
import { slotAt as worldSlotAt } from '../../world/time.js';

/** The world's slot clock (so context slots agree with the world's transaction slots). */
export function slotAt(at: Date): number {
  return worldSlotAt(Math.floor(at.getTime() / 1000));
}

export const base58 = getBase58Decoder();
const base58Bytes = getBase58Encoder();

export function digest(...parts: string[]): Buffer {
  return createHash('sha256').update(parts.join('\u0000')).digest();
}

/** A deterministic integer in [0, modulo) from the parts. */
export function hashInt(modulo: bigint, ...parts: string[]): bigint {
  return digest(...parts).readBigUInt64BE(0) % modulo;
}

export function signatureParam(value: unknown): string {
  let bytes: { length: number } | undefined;
  try {
    bytes = typeof value === 'string' ? base58Bytes.encode(value) : undefined;
  } catch {
    bytes = undefined;
  }
  if (!bytes) throw new RpcError(-32602, 'Invalid param: Invalid');
  if (bytes.length !== 64) throw new RpcError(-32602, 'Invalid param: WrongSize');
  return value as string;
}
