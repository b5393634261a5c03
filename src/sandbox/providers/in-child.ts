/**
 * The sandbox providers in a child process, for measurements: in the service's own process their CPU
 * (generating the world for never-seen addresses, serialising answers) would be charged to the service,
 * which a real provider's CPU never is. The service is pointed at the child's URLs
 * (`sandboxProviderUrls`). Real time only; faults are set over IPC.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SourceUrls } from '../../sources/index.js';
import type { LegName } from '../../sources/errors.js';
import type { Fault } from './faults.js';
import type { ChildCommand } from './child-entry.js';

export interface ChildProviders {
  urls: SourceUrls;
  setFault(leg: LegName, fault: Fault | null): Promise<void>;
  clearFaults(): Promise<void>;
  close(): Promise<void>;
}

type Command = ChildCommand extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

export async function startSandboxProvidersInChild(seed: string): Promise<ChildProviders> {
  const child = fork(fileURLToPath(new URL('./child-entry.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, SANDBOX_SEED: seed },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const urls = await new Promise<SourceUrls>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`sandbox providers exited (${code}) before they were ready`)));
    child.once('message', (m: { type: string; urls: SourceUrls }) => resolve(m.urls));
  });
  child.removeAllListeners('exit');
  let next = 0;
  const send = (command: Command) => new Promise<void>((resolve) => {
    const id = next++;
    const onMessage = (m: { type: string; id?: number }) => {
      if (m.type === 'done' && m.id === id) {
        child.off('message', onMessage);
        resolve();
      }
    };
    child.on('message', onMessage);
    child.send({ ...command, id });
  });
  return {
    urls,
    setFault: (leg, fault) => send({ type: 'fault', leg, fault }),
    clearFaults: () => send({ type: 'clear' }),
    close: async () => {
      await send({ type: 'close' });
      child.kill();
    },
  };
}
