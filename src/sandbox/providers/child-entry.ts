/**
 * Child-process entry of the sandbox providers (see in-child.ts): the same five loopback servers over
 * the same seeded world, in a process of their own, driven over IPC.
 */
import type { LegName } from '../../sources/errors.js';
import { createSandboxWorld } from '../world/index.js';
import { FaultController, type Fault } from './faults.js';
import { startSandboxProviders } from './index.js';

export type ChildCommand = { type: 'fault'; leg: LegName; fault: Fault | null; id: number } | { type: 'clear'; id: number } | { type: 'close'; id: number };

const send = (message: unknown) => process.send!(message);
const providers = await startSandboxProviders(createSandboxWorld(process.env.SANDBOX_SEED!), () => new Date(), new FaultController());
send({ type: 'ready', urls: providers.urls });
process.on('message', async (command: ChildCommand) => {
  if (command.type === 'fault') providers.faults.set(command.leg, command.fault ?? undefined);
  else if (command.type === 'clear') providers.faults.clear();
  else await providers.close();
  send({ type: 'done', id: command.id });
  if (command.type === 'close') process.disconnect();
});
