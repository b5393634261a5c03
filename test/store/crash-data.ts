/**
 * The rows crash.test.ts writes and checks: row `seq` is a deterministic wallet snapshot (its own
 * subject and day, ~3 KB of positions so the WAL grows and checkpoints run during the test).
 */
import type { SnapshotRecord } from '../../src/store/types.js';

const BASE_DAY = Date.parse('2026-01-01T00:00:00.000Z');

export function crashSnapshot(seq: number): SnapshotRecord {
  const day = new Date(BASE_DAY + (seq % 30) * 86_400_000).toISOString().slice(0, 10);
  return {
    subjectType: 'wallet',
    subject: `crash-wallet-${Math.floor(seq / 30)}`,
    day,
    takenAt: new Date(`${day}T12:00:00.000Z`),
    data: {
      seq,
      portfolio_value_usd: seq * 1.25,
      native_sol: seq / 1000,
      token_count: 40,
      risk_score: (seq % 100) / 100,
      positions: Array.from({ length: 40 }, (_, i) => ({ mint: `mint-${seq}-${i}-${'x'.repeat(32)}`, value_usd: i * seq })),
    },
  };
}

/** Where row `seq` lives. */
export function crashKey(seq: number): { subject: string; day: string } {
  const { subject, day } = crashSnapshot(seq);
  return { subject, day };
}
