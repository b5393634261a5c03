/**
 * Group commit of the SQLite payment claim writes: every claim insert and outcome of one event-loop turn runs
 * in ONE transaction, at the end of the turn (setImmediate), and each caller's promise settles once that
 * transaction committed — so a claim is durable (as durable as WAL with synchronous=NORMAL makes any commit)
 * before anyone acts on it, exactly as with one transaction per write. Under load a turn carries several paid
 * calls' writes: one commit instead of one per write (each commit appends the modified pages to the WAL, and
 * every ~1,000 pages a checkpoint fsyncs; docs/performance.md, 'What changed, the gaps, and what would close
 * them'). Writes run in the order they were asked for, so two claims of one key still give one winner, the
 * first. A statement that fails fails only its own caller; a commit that fails fails them all (nothing of the
 * transaction was kept).
 */
import type { SqliteDatabase } from '../sql/sqlite-database.js';

export interface GroupCommit {
  /** Queues `run` for this turn's transaction; settles with its result once the transaction committed. */
  write<T>(run: () => T): Promise<T>;
  /** Commits what is queued now (the store's close calls it, so no write asked for is lost). */
  flush(): void;
}

interface PendingWrite {
  run(): unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export function groupCommit(db: SqliteDatabase): GroupCommit {
  let queue: PendingWrite[] = [];
  const flush = () => {
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      db.transaction(() => {
        for (const w of batch) {
          try {
            outcomes.push({ ok: true, value: w.run() });
          } catch (error) {
            outcomes.push({ ok: false, error });
            // Some errors (I/O, a full disk) end the transaction: what would follow is no longer part of it.
            if (!db.inTransaction) throw error;
          }
        }
      })();
    } catch (error) {
      for (const w of batch) w.reject(error);
      return;
    }
    batch.forEach((w, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) w.resolve(outcome.value);
      else w.reject(outcome.error);
    });
  };
  return {
    write: <T>(run: () => T) => new Promise<T>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ run, resolve: resolve as (value: unknown) => void, reject });
    }),
    flush,
  };
}
