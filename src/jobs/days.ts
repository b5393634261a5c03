/** UTC calendar-day arithmetic on `YYYY-MM-DD` strings (the snapshot store's day keys). */
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

/** UTC day of a moment, `YYYY-MM-DD`. */
export function utcDayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The UTC day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return utcDayOf(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS));
}
