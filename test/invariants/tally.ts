/**
 * The invariants suite's ledger: every check an answer goes through is counted under one of the seven
 * invariants of "truth on its face" (a number or word a user reads must be right as read), and every
 * failure is kept with where it was seen, so a failing invariant names the endpoint, subject, field and values.
 */

/** The invariants, each the answer to one question a reader asks of an answer. */
export const INVARIANTS = {
  sums: 'sums and shares recompute from the listed parts',
  verdicts: 'each verdict/label agrees with its score and the documented boundaries',
  ranges: 'every percent is 0–100 and every score 0–1 (or 0–100) as documented',
  annualized: 'annualized figures come with their observed span and are null below the minimum span',
  direction_words: 'words describing a change agree with the metric\'s direction of goodness',
  label_flags: 'no label contradicts a flag in the same row',
  cross_endpoint: 'two endpoints reporting the same quantity for the same subject and window agree',
} as const;

export type Invariant = keyof typeof INVARIANTS;

export interface Violation {
  invariant: Invariant;
  /** Endpoint, subject and field path: where a reader would see it. */
  where: string;
  detail: string;
}

interface Count {
  checked: number;
  held: number;
}

export class Tally {
  readonly violations: Violation[] = [];
  private readonly counts = new Map<Invariant, Count>();
  answers = 0;

  /** Counts one check; a failure is kept with `detail()` (computed only then). */
  check(invariant: Invariant, ok: boolean, where: string, detail: () => string): boolean {
    const c = this.counts.get(invariant) ?? { checked: 0, held: 0 };
    c.checked += 1;
    if (ok) c.held += 1;
    else this.violations.push({ invariant, where, detail: detail() });
    this.counts.set(invariant, c);
    return ok;
  }

  count(invariant: Invariant): Count {
    return this.counts.get(invariant) ?? { checked: 0, held: 0 };
  }

  of(invariant: Invariant): Violation[] {
    return this.violations.filter((v) => v.invariant === invariant);
  }

  /** One line per invariant: checks made and held, over how many answers. */
  report(title: string): string {
    const lines = [`invariants ${title}: ${this.answers} answers checked`];
    for (const inv of Object.keys(INVARIANTS) as Invariant[]) {
      const c = this.count(inv);
      lines.push(`  ${inv.padEnd(16)} ${String(c.held).padStart(6)} of ${String(c.checked).padStart(6)} held${c.held < c.checked ? `  (${c.checked - c.held} violated)` : ''}`);
    }
    return lines.join('\n');
  }
}

/** Float tolerance for a recomputed figure rounded to `decimals` places (half a unit of the last place, plus float noise). */
export function roundingTolerance(decimals: number, terms = 1): number {
  return 0.5 * 10 ** -decimals * terms + 1e-9;
}

/** Whether two reported figures agree within an absolute tolerance or a relative one (whichever is larger). */
export function near(a: number, b: number, abs: number, rel = 0): boolean {
  return Math.abs(a - b) <= Math.max(abs, rel * Math.max(Math.abs(a), Math.abs(b)));
}

/** Two endpoints' readings of the same quantity for the same subject and moment: numbers within `tol`, anything else equal as JSON. */
export function agree(t: Tally, where: string, a: unknown, b: unknown, tol = 0): void {
  const ok = typeof a === 'number' && typeof b === 'number' ? near(a, b, tol, 1e-9) : JSON.stringify(a) === JSON.stringify(b);
  t.check('cross_endpoint', ok, where, () => `${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
}
