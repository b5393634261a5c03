/**
 * The bench's sandbox chains in their own process with fault modes (`SANDBOX_CHAIN_FAULTS`, JSON
 * `{"solana":{…},"base":{…}}`, docs/sandbox.md#chain-faults): what `startChainProcess({ faults })` runs instead
 * of `src/cli/sandbox-chain.ts`, which takes no faults. Prints the URLs as one JSON line, as that CLI does.
 */
import { startBaseSandbox } from '../src/sandbox/base/index.js';
import { parseSandboxChainFaults } from '../src/sandbox/chain-faults.js';
import { startSolanaSandbox } from '../src/sandbox/solana/index.js';

const faults = parseSandboxChainFaults(process.env.SANDBOX_CHAIN_FAULTS);
const [solana, base] = await Promise.all([
  startSolanaSandbox({ host: '127.0.0.1', ...(faults.solana ? { faults: faults.solana } : {}) }),
  startBaseSandbox({ host: '127.0.0.1', ...(faults.base ? { faults: faults.base } : {}) }),
]);
console.log(JSON.stringify({ solana_rpc_url: solana.url, solana_ws_url: solana.wsUrl ?? null, base_rpc_url: base.url }));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void Promise.all([solana.close(), base.close()]).then(() => process.exit(0));
  });
}
