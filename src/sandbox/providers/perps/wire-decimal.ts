/**
 * Numbers as the reference venues print them: plain decimal strings, never exponent notation ("0.0000125",
 * not "1.25e-5"). Values are cut to 15 significant digits first, so scaling (kBONK × 1000) leaves no
 * binary-float tail such as "0.023450000000000002" on the wire (one float operation errs in the 17th
 * digit); 15 digits keeps the cents of any figure the sandbox world produces.
 */
const SIGNIFICANT = 15;

export function wireDecimal(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError('a venue never prints a non-finite number');
  const rounded = Number(value.toPrecision(SIGNIFICANT));
  if (rounded === 0) return '0';
  const text = String(rounded);
  const exponent = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exponent) return text;
  const [, sign = '', lead = '', fraction = '', power = '0'] = exponent;
  const digits = lead + fraction;
  // The value is 0.<digits> × 10^point.
  const point = Number(power) + 1;
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
