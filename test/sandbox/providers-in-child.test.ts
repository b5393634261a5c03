/** The sandbox providers in a child process (the bench's layout): same world, faults driven over IPC. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startSandboxProvidersInChild, type ChildProviders } from '../../src/sandbox/providers/in-child.js';
import { CAST_ADDRESS as A, createSandboxWorld } from '../../src/sandbox/world/index.js';
import { createSources } from '../../src/sources/index.js';
import { SourceError } from '../../src/sources/errors.js';
import { ManualTimers } from '../../src/lib/timers.js';

/** Source budgets on manual time that no test here moves: no verdict depends on how fast the machine answers. */
const sourceTimers = new ManualTimers();

describe('sandbox providers in a child process', () => {
  const seed = 'child-process-test';
  let providers: ChildProviders;
  before(async () => {
    providers = await startSandboxProvidersInChild(seed);
  });
  after(() => providers.close());

  it('answer from the same seeded world as an in-process world, and obey faults set over IPC', async () => {
    const sources = createSources(providers.urls, {}, { timeoutMs: 2000, retries: 0 }, undefined, sourceTimers);
    const mint = await sources.rpc.getAccountInfo(A.TOKEN_SAFE);
    const token = createSandboxWorld(seed).token(A.TOKEN_SAFE, new Date())!;
    assert.equal((mint.value?.data as { parsed: { info: { supply: string } } }).parsed.info.supply, token.supplyRaw);

    await providers.setFault('chain_rpc', { errorRate: 1 });
    await assert.rejects(sources.rpc.getAccountInfo(A.TOKEN_SAFE), (err) => err instanceof SourceError && err.kind === 'unavailable');
    await providers.clearFaults();
    assert.ok((await sources.rpc.getAccountInfo(A.TOKEN_SAFE)).value);
  });
});
