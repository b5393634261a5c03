// `npm test`'s runner: every test file under test/ in its own Node process (the Node test runner, TAP), several
// files at once, longest first. Node 20 has no glob for --test and no per-file timings, so this runner:
//   - compiles the test files once (scripts/test-build.mjs) and runs each compiled file directly
//     (`node --test-reporter=tap FILE`): one process per file, not two, and no TypeScript loader in it;
//   - keeps TEST_CONCURRENCY files running (default: the machine's cores + 1, since most files spend part of
//     their time waiting on child processes and sockets); files isolate their own ports (ephemeral), stores
//     (temporary directories, PostgreSQL schemas) and Redis prefixes, so any two may run side by side;
//   - starts the files that took longest last time first (test-artifacts/test-times.json, else the committed
//     scripts/test-times.json), so one long file does not run alone at the end;
//   - prints a file's whole TAP output only when it failed, a line per file otherwise (plus its "report: "
//     diagnostics, e.g. the invariants suite's counts), then the wall time and
//     one closing line `N passed, N failed, N skipped`.
// No verdict here depends on the machine's speed: there is no per-test timeout. A file still running after
// TEST_FILE_HANG_MS (default 20 minutes) is taken to hang: it is killed and counted as failed.
// Extra arguments filter files by substring: `npm test -- payments`.
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { buildTests, removeBuild } from './test-build.mjs';

const TIMES_LOCAL = 'test-artifacts/test-times.json';
const TIMES_COMMITTED = 'scripts/test-times.json';

function find(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? find(path) : path.endsWith('.test.ts') ? [path] : [];
  });
}

function readTimes() {
  for (const path of [TIMES_LOCAL, TIMES_COMMITTED]) {
    if (existsSync(path)) {
      try {
        return JSON.parse(readFileSync(path, 'utf8'));
      } catch {
        // An unreadable record only costs the ordering.
      }
    }
  }
  return {};
}

function positiveInt(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a positive integer, got "${raw}"`);
    process.exit(2);
  }
  return value;
}

/** The counts of a file's closing TAP lines (`# pass N` …); a file that ended without them counts one failure. */
function countsOf(output) {
  const count = (name) => Number(output.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? NaN);
  const pass = count('pass');
  if (Number.isNaN(pass)) return undefined;
  return { pass, fail: count('fail') + count('cancelled'), skipped: count('skipped') + count('todo') };
}

function runFile(file, args, hangMs) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--test-reporter=tap', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    let hung = false;
    const hang = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, hangMs);
    child.on('close', (code, signal) => {
      clearTimeout(hang);
      const seconds = (performance.now() - started) / 1000;
      const counts = countsOf(output);
      const failed = hung || code !== 0 || !counts || counts.fail > 0;
      if (hung) output += `\n# killed: still running after ${hangMs / 1000} s (TEST_FILE_HANG_MS)\n`;
      else if (code !== 0 && (!counts || counts.fail === 0)) output += `\n# the process exited with ${signal ?? `code ${code}`}\n`;
      const tally = counts ?? { pass: 0, fail: 0, skipped: 0 };
      resolve({ file, seconds, failed, output, pass: tally.pass, fail: failed ? Math.max(1, tally.fail) : 0, skipped: tally.skipped });
    });
  });
}

const filters = process.argv.slice(2);
const files = find('test').filter((f) => filters.length === 0 || filters.some((s) => f.includes(s))).sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const concurrency = positiveInt('TEST_CONCURRENCY', availableParallelism() + 1);
const hangMs = positiveInt('TEST_FILE_HANG_MS', 20 * 60_000);
const times = readTimes();
const commands = await buildTests(files);
// Longest first; files without a record (new ones) go first too, as they may be long.
const queue = [...files].sort((a, b) => (times[b] ?? Infinity) - (times[a] ?? Infinity) || a.localeCompare(b));

console.log(`running ${files.length} test files, ${concurrency} at a time`);
const started = performance.now();
const results = [];
async function worker() {
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const result = await runFile(file, commands.get(file), hangMs);
    results.push(result);
    const mark = result.failed ? 'FAIL' : 'ok  ';
    console.log(`${mark} ${result.file} (${result.seconds.toFixed(1)} s, ${result.pass} passed${result.fail ? `, ${result.fail} failed` : ''}${result.skipped ? `, ${result.skipped} skipped` : ''})`);
    if (result.failed) console.log(result.output.replace(/^/gm, '  | '));
    // A test's figures meant for the run's output (the invariants suite's counts): diagnostics starting "report: ".
    else for (const line of result.output.matchAll(/^\s*# report: (.*)$/gm)) console.log(`       ${line[1]}`);
  }
}
await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
const wall = (performance.now() - started) / 1000;

if (filters.length === 0) {
  mkdirSync('test-artifacts', { recursive: true });
  writeFileSync(TIMES_LOCAL, `${JSON.stringify(Object.fromEntries(results.map((r) => [r.file, Math.round(r.seconds * 10) / 10]).sort()), null, 1)}\n`);
}
const total = results.reduce((t, r) => ({ pass: t.pass + r.pass, fail: t.fail + r.fail, skipped: t.skipped + r.skipped }), { pass: 0, fail: 0, skipped: 0 });
const failedFiles = results.filter((r) => r.failed).map((r) => r.file);
if (failedFiles.length > 0) console.log(`\nfailed files:\n${failedFiles.map((f) => `  ${f}`).join('\n')}`);
console.log(`\nwall time ${wall.toFixed(1)} s for ${files.length} files, ${concurrency} at a time`);
console.log(`${total.pass} passed, ${total.fail} failed, ${total.skipped} skipped`);
removeBuild();
process.exit(total.fail > 0 ? 1 : 0);
