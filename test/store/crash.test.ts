/**
 * Snapshot writing survives a crash: a child process runs the real write path (the SQLite store on a file
 * in WAL mode, snapshot + observation per answer, as src/app/recorder.ts does) in a tight loop and is
 * SIGKILLed mid-write, three times on the same file. After each kill the store reopens (WAL recovery),
 * `PRAGMA integrity_check` is ok, every row's data parses and equals what was written, and every
 * snapshot the child reported as committed before the kill is there: the rows form a gap-free prefix of
 * the write sequence (a write is all there or not at all).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { crashKey, crashSnapshot } from './crash-data.js';

const WRITER = join(import.meta.dirname, 'snapshot-writer.ts');

/** Runs the writer from `firstSeq` and SIGKILLs it once it has reported `killAfter` commits; the last seq it reported. */
function writeUntilKilled(file: string, firstSeq: number, killAfter: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, file, String(firstSeq)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let lastSeen = -1;
    let reported = 0;
    let buffered = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) {
        const m = /^committed (\d+)$/.exec(line);
        if (!m) continue;
        lastSeen = Number(m[1]);
        if (++reported === killAfter) child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL') return reject(new Error(`writer exited by itself (code ${code}): ${stderr}`));
      resolve(lastSeen);
    });
  });
}

interface Row { subject: string; day: string; data: string }

test('SIGKILL mid-write, three times: the store reopens intact with every committed snapshot', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'oea-crash-'));
  const file = join(dir, 'enrichment.db');
  try {
    let next = 0;
    const committed: number[] = [];
    /** The seq ranges the writer reported committed, one per round (a write in flight at a kill is in none). */
    const reported: [number, number][] = [];
    for (const killAfter of [400, 650, 900]) {
      const lastSeen = await writeUntilKilled(file, next, killAfter);
      assert.ok(lastSeen >= next + killAfter - 1, 'the writer reported its commits');
      committed.push(lastSeen);
      reported.push([next, lastSeen]);
      // The kill left committed pages in the WAL, not yet in the main file: reopening must replay them.
      const walBytes = statSync(`${file}-wal`).size;
      assert.ok(walBytes > 0, 'a WAL to recover from');

      const store = openSqliteStore(file); // opens, migrates (nothing to do), recovers the WAL
      const db = new Database(file, { readonly: true });
      try {
        assert.deepEqual(db.pragma('integrity_check'), [{ integrity_check: 'ok' }]);
        const snapshots = db.prepare('SELECT subject, day, data FROM snapshots').all() as Row[];
        const seqs = snapshots.map((row) => {
          const data = JSON.parse(row.data) as { seq: number };
          assert.deepEqual(data, crashSnapshot(data.seq).data, `row ${data.seq} is whole`);
          assert.deepEqual({ subject: row.subject, day: row.day }, crashKey(data.seq), `row ${data.seq} is where it was written`);
          return data.seq;
        }).sort((a, b) => a - b);
        const last = seqs.at(-1)!;
        assert.deepEqual(seqs, Array.from({ length: last + 1 }, (_, i) => i), 'a gap-free prefix of the writes');
        assert.ok(last >= lastSeen, `every reported commit survived (last row ${last}, last reported ${lastSeen})`);

        const observations = db.prepare('SELECT subject, data FROM observations').all() as { subject: string; data: string }[];
        const observed = new Set(observations.map((row) => {
          const data = JSON.parse(row.data) as { seq: number };
          assert.deepEqual(data, crashSnapshot(data.seq).data);
          return data.seq;
        }));
        for (const [from, to] of reported) {
          for (let seq = from; seq <= to; seq++) assert.ok(observed.has(seq), `observation ${seq} committed before a kill`);
        }
        t.diagnostic(`round ${reported.length}: ${last + 1} rows, last reported ${lastSeen}, WAL ${walBytes} bytes at the kill`);
        next = last + 1;
      } finally {
        db.close();
      }
      // Earlier snapshots read back through the store as the history endpoints read them.
      const firstKey = crashKey(0);
      const [first] = await store.getSnapshots('wallet', firstKey.subject, firstKey.day, firstKey.day);
      assert.deepEqual(first?.data, crashSnapshot(0).data);
      await store.close();
    }
    assert.ok(committed[2]! > committed[1]! && committed[1]! > committed[0]!, 'each round wrote after the recovered rows');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
