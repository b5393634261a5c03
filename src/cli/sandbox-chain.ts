/**
 * `npm run sandbox-chain`: the sandbox Solana and Base chains on their own, for several service instances to
 * share (each started with SANDBOX_SOLANA_RPC_URL, SANDBOX_SOLANA_WS_URL and SANDBOX_BASE_RPC_URL pointing
 * here; docs/deploy.md). One ledger: a payment made through one instance exists for all of them, and
 * settlement keeps working when an instance dies. Prints the URLs as one JSON line.
 *
 * SANDBOX_CHAIN_HOST (default 127.0.0.1), SANDBOX_SOLANA_PORT and SANDBOX_BASE_PORT (default 0: free ports);
 * SANDBOX_CHAIN_FAULTS (docs/sandbox.md#chain-faults) makes the shared chains as slow and unreliable as real ones.
 */
import { startBaseSandbox } from '../sandbox/base/index.js';
import { parseSandboxChainFaults } from '../sandbox/chain-faults.js';
import { startSolanaSandbox } from '../sandbox/solana/index.js';

const host = process.env.SANDBOX_CHAIN_HOST || '127.0.0.1';
const port = (name: string) => {
  const v = Number(process.env[name] ?? '0');
  if (!Number.isInteger(v) || v < 0 || v > 65535) throw new Error(`${name} must be a port number`);
  return v;
};

const faults = parseSandboxChainFaults(process.env.SANDBOX_CHAIN_FAULTS);
const [solana, base] = await Promise.all([
  startSolanaSandbox({ host, port: port('SANDBOX_SOLANA_PORT'), ...(faults.solana ? { faults: faults.solana } : {}) }),
  startBaseSandbox({ host, port: port('SANDBOX_BASE_PORT'), ...(faults.base ? { faults: faults.base } : {}) }),
]);
console.log(JSON.stringify({ solana_rpc_url: solana.url, solana_ws_url: solana.wsUrl ?? null, base_rpc_url: base.url }));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void Promise.all([solana.close(), base.close()]).then(() => process.exit(0));
  });
}
