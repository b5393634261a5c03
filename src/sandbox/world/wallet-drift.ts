/**
 * Slow drift of wallet balances: SOL and token amounts wave gently around their design point, each
 * wallet on its own period and phase (hashed from its address), so balances differ between moments
 * without any clock or seed being read.
 */
import type { Holding } from './history.js';
import { mix32 } from './random.js';
import { DAY } from './time.js';

const TAU = 2 * Math.PI;

function strHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return mix32(h);
}

/** Lamports of `sol` SOL waving by ± `amp` over a 3–11 day period of the address. */
export function lamportsWave(sol: number, address: string, amp = 0.03): (t: number) => bigint {
  const period = (3 + (strHash(address) % 9)) * DAY;
  const phase = (strHash(address + ':phase') % 1000) / 1000 * TAU;
  return (t) => BigInt(Math.max(0, Math.round(sol * (1 + amp * Math.sin((TAU * t) / period + phase)) * 1e9)));
}

/** Amount of a holding at t (slow drift around the design point). */
export function holdingUiAt(h: Holding, owner: string, t: number): number {
  const amp = h.amp ?? 0.02;
  if (amp === 0) return h.ui;
  const k = strHash(owner + h.mint);
  const period = (2 + (k % 13)) * DAY;
  return h.ui * (1 + amp * Math.sin((TAU * t) / period + (k % 628) / 100));
}
