/** Words for headline values in the one-paragraph briefings: an unknown says "unknown", never "null" or "0". */
import type { Scalar } from '../reader.js';

type Value = Scalar | undefined;

export const text = (v: Value): string => (v === null || v === undefined ? 'unknown' : typeof v === 'number' ? num(v) : String(v));

function num(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 4 });
}

export const usd = (v: Value): string => (typeof v === 'number' ? `$${v.toLocaleString('en-US', { maximumFractionDigits: v < 1 ? 8 : 2 })}` : 'unknown');

export const pct = (v: Value): string => (typeof v === 'number' ? `${num(v)} %` : 'unknown');

/** A change, signed: "+5.2 %", "-3 %". */
export const change = (v: Value): string => (typeof v === 'number' ? `${v > 0 ? '+' : ''}${num(v)} %` : 'unknown');

export const yesNo = (v: Value): string => (v === true ? 'yes' : v === false ? 'no' : 'unknown');

/** "2026-11-14T02:10:42.000Z → 2026-11-28T02:10:42.000Z", or the one known end. */
export const span = (from: Value, to: Value): string => `${text(from)} → ${text(to)}`;

/** A subject by symbol and address when both are known. */
export const subject = (symbol: Value, address: Value): string => (symbol ? `${String(symbol)} (${text(address)})` : text(address));
