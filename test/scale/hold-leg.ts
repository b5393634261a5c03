/**
 * Preloaded (`--import`, see HOLD_PRELOAD in instances.ts) into a service child process, so a test can keep
 * a call in flight for exactly as long as it wants, whatever the machine's speed — instead of a latency that
 * a slow machine might outlast:
 * - SIGUSR2 arms the hold: from then on the sandbox provider of HOLD_LEG (default `wallet_assets`) holds
 *   every request it receives. Prints `{"msg":"sandbox hold armed","leg":…,"armed":n}`.
 * - Each held request prints `{"msg":"sandbox request held","leg":…,"held":n}` (n: held since start).
 * - SIGTERM (once armed) releases every held request and disarms, so a draining service can finish them;
 *   SIGKILL leaves them held to the end.
 * It wraps the FaultController the service builds from SANDBOX_FAULTS (src/sandbox/providers/faults.ts): the
 * provider server waits a fault's latency on the controller's timers, and a held request's "latency" is a
 * sentinel those timers wait out only on release. The service's source and answer budgets still run on real
 * time: a test holding calls gives the instance budgets far above anything it waits for.
 */
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { systemTimers, type Timers } from '../../src/lib/timers.js';
import type { LegName } from '../../src/sources/errors.js';

const LEG = (process.env.HOLD_LEG || 'wallet_assets') as LegName;
/** The latency that stands for "until released"; never handed to a real timer. */
const HELD_MS = 2 ** 31 - 1;

let armed = 0;
let holding = false;
let held = 0;
const waiting = new Set<() => void>();
const print = (entry: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(entry)}\n`);

function release(): void {
  holding = false;
  for (const resume of waiting) resume();
  waiting.clear();
}

/** `timers`, except that the sentinel latency waits for the release instead of a timer. */
function holdingTimers(timers: Timers): Timers {
  return {
    now: () => timers.now(),
    setTimeout: (callback, ms) => timers.setTimeout(callback, ms),
    timeout: (ms) => timers.timeout(ms),
    sleep(ms, signal) {
      if (ms !== HELD_MS) return timers.sleep(ms, signal);
      held++;
      print({ msg: 'sandbox request held', leg: LEG, held });
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        waiting.add(resolve);
        signal?.addEventListener('abort', () => {
          waiting.delete(resolve);
          reject(signal.reason);
        }, { once: true });
      });
    },
  };
}

if (typeof FaultController.fromEnv !== 'function') throw new Error('hold-leg: FaultController.fromEnv is gone; update test/scale/hold-leg.ts');
const fromEnv = FaultController.fromEnv.bind(FaultController);
FaultController.fromEnv = (value, timers) => {
  const controller = fromEnv(value, holdingTimers(timers ?? systemTimers));
  const get = controller.get.bind(controller);
  controller.get = (leg) => (holding && leg === LEG ? { ...get(leg), latencyMs: HELD_MS } : get(leg));
  return controller;
};

process.on('SIGUSR2', () => {
  // The SIGTERM listener only once armed: before that, SIGTERM keeps its meaning for a process still starting
  // (main.ts listens for it only once the service is up).
  if (armed === 0) {
    process.on('SIGTERM', () => {
      // After main.ts's own SIGTERM listener has begun the drain (listeners run in order, this one first).
      setImmediate(release);
    });
  }
  armed++;
  holding = true;
  print({ msg: 'sandbox hold armed', leg: LEG, armed });
});
