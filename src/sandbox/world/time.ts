/**
 * The world's calendar. All times are unix seconds (UTC). The world is defined from WORLD_START on:
 * the long-lived cast accounts exist from then (or earlier), and the documented cast transactions
 * happen on FEATURED_DAY. Asking about an earlier moment is allowed but shows a younger world.
 */

export const MINUTE = 60;
export const HOUR = 3_600;
export const DAY = 86_400;

/** 2024-01-01T00:00:00Z. */
export const WORLD_START = Date.UTC(2024, 0, 1) / 1000;
/** 2024-07-01 (UTC day index): the day the documented cast transactions happened. */
export const FEATURED_DAY = Date.UTC(2024, 6, 1) / 1000 / DAY;

/** Slots advance 2.5 per second (400 ms) from this anchor, roughly like mainnet's. */
const SLOT_ANCHOR_TIME = WORLD_START;
const SLOT_AT_ANCHOR = 240_000_000;

export function slotAt(unixSeconds: number): number {
  return SLOT_AT_ANCHOR + Math.floor((unixSeconds - SLOT_ANCHOR_TIME) * 2.5);
}

export function toUnix(at: Date): number {
  const ms = at.getTime();
  if (!Number.isFinite(ms)) throw new RangeError('invalid date');
  return Math.floor(ms / 1000);
}

/**
 * Start of the current "life" of a perpetually young account: lives last `period` seconds and the
 * account is always at least `minAge` old, so its age stays within [minAge, minAge + period).
 */
export function epochStart(t: number, period: number, minAge: number): number {
  return Math.floor((t - minAge) / period) * period;
}
