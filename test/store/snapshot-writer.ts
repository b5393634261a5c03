/**
 * Child process of crash.test.ts: the real snapshot write path (openSqliteStore on a file, putSnapshot
 * and putObservation as the recorder calls them) in an endless loop, until it is SIGKILLed. After each
 * write has returned (committed), it prints `committed <seq>` on stdout (a pipe: synchronous on Linux,
 * so a printed line always refers to a committed row).
 *
 * Usage: node --import tsx test/store/snapshot-writer.ts <db file> <first seq>
 */
import { openSqliteStore } from '../../src/store/sqlite.js';
import { crashSnapshot } from './crash-data.js';

const [file, firstArg] = process.argv.slice(2);
if (!file) throw new Error('usage: snapshot-writer.ts <db file> <first seq>');
const store = openSqliteStore(file);
let seq = Number(firstArg ?? 0);
for (;;) {
  const record = crashSnapshot(seq);
  await store.putSnapshot(record);
  await store.putObservation({ subjectType: record.subjectType, subject: record.subject, observedAt: record.takenAt, data: record.data });
  process.stdout.write(`committed ${seq}\n`);
  seq++;
  // Let the event loop breathe now and then (the recorder writes from setImmediate callbacks too).
  if (seq % 50 === 0) await new Promise((r) => setImmediate(r));
}
