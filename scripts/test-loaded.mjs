// `npm run test:loaded`: the whole suite (type-check included, as `npm test`) while a CPU burner occupies every
// core, so a verdict that depends on the machine being idle shows up here instead of on a contributor's busy
// machine or in CI. The burners are child processes started and stopped by this script; each also stops by
// itself when this script goes away or after TEST_LOADED_MAX_MS (default 60 minutes), whichever comes first.
// Arguments are passed to the runner (`npm run test:loaded -- payments` filters files as `npm test` does).
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

const maxMs = Number(process.env.TEST_LOADED_MAX_MS || 60 * 60_000);
const burners = Number(process.env.TEST_LOADED_BURNERS || availableParallelism());

// Busy for 50 ms, then one turn of the event loop so the IPC channel's disconnect is noticed.
const burn = `
const end = Date.now() + ${maxMs};
process.on('disconnect', () => process.exit(0));
(function spin() {
  if (Date.now() > end) process.exit(0);
  const until = Date.now() + 50;
  while (Date.now() < until) {}
  setImmediate(spin);
})();`;

const typecheck = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.'], { stdio: 'inherit' });
if (typecheck.status !== 0) process.exit(typecheck.status ?? 1);

const children = Array.from({ length: burners }, () => spawn(process.execPath, ['-e', burn], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] }));
const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
};
process.on('exit', stop);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

console.log(`test:loaded: ${burners} CPU burner(s) running (one per core), stopping after the suite or ${maxMs / 60_000} min`);
const run = spawn(process.execPath, ['scripts/run-tests.mjs', ...process.argv.slice(2)], { stdio: 'inherit' });
run.on('close', (code) => {
  stop();
  process.exit(code ?? 1);
});
