/**
 * `npm run soak` (scripts/soak.ts) works: a 6-second run (SOAK_MINUTES=0.1) starts the service, sends the
 * mixed traffic, prints its report and verdicts and exits 0. The real soak (10 minutes) runs on demand.
 */
import { spawn } from 'node:child_process';
import { it } from 'node:test';
import assert from 'node:assert/strict';

it('npm run soak: a 6 s run prints the report (throughput, errors, p50/p99, rss) and the verdicts, and exits 0', async (t) => {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/soak.ts'], {
    env: { ...process.env, SOAK_MINUTES: '0.1', SOAK_RPS: '30' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (c: Buffer) => { out += c.toString(); });
  proc.stderr.on('data', (c: Buffer) => { out += c.toString(); });
  const timer = setTimeout(() => proc.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => proc.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  const lines = out.split('\n').filter((l) => l.startsWith('[soak]'));
  for (const line of lines) t.diagnostic(line);
  assert.equal(code, 0, out.slice(-2000));
  const window = lines.find((l) => /^\[soak\] 6 s: \d+ req \([\d.]+\/s\), errors \d+ \([\d.]+ %, 5xx \d+\), p50 [\d.]+ ms, p99 [\d.]+ ms, rss [\d.]+ MB/.test(l));
  assert.ok(window, `a report line for the window:\n${out}`);
  const total = /^\[soak\] total: (\d+) req .* errors (\d+)/m.exec(out);
  assert.ok(total, 'a total line');
  // 30 rps for 6 s: the open-loop schedule sends its 180 requests, all answered as expected.
  assert.ok(Number(total[1]) >= 170, `requests ${total[1]}`);
  assert.equal(Number(total[2]), 0);
  assert.match(out, /\[soak\] verdict: memory — /);
  assert.match(out, /\[soak\] result: PASS/);
});
