/**
 * The spec's `since` timestamp: ISO 8601, UTC with a mandatory `Z`; hours and minutes required,
 * seconds and a fraction optional; the calendar date must exist (29 February only in leap years).
 */
const PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?Z$/;

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isUtcTimestamp(value: string): boolean {
  const m = PATTERN.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((part) => (part === undefined ? 0 : Number(part))) as [
    number, number, number, number, number, number,
  ];
  return (
    month >= 1 && month <= 12 &&
    day >= 1 && day <= daysInMonth(year, month) &&
    hour <= 23 && minute <= 59 && second <= 59
  );
}
