/**
 * Sandbox Base chain: a loopback Ethereum JSON-RPC node for Base mainnet (chainId 8453) whose state is executed by
 * @ethereumjs/vm running the real contracts at their Base addresses — Circle's USDC (FiatToken v2.2 behind its
 * proxy), Permit2, Multicall3 and the x402 upto Permit2 proxy (src/sandbox/base/deployments.ts) — so the official
 * x402 EVM facilitator verifies and settles real signed payments exactly as it would on Base, with real gas.
 */
import type { AddressInfo } from 'node:net';
import { getAddress, isAddress } from 'viem';
import { ChainFaultController, type ChainFaults } from '../chain-faults.js';
import { BASE_CHAIN_ID, BASE_USDC_ADDRESS } from './abi.js';
import { SandboxChain } from './chain.js';
import { SandboxEvm } from './evm.js';
import { createRpcServer } from './rpc-server.js';

export { BASE_CHAIN_ID, BASE_USDC_ADDRESS, MULTICALL3_ADDRESS, USDC_NAME, USDC_VERSION } from './abi.js';
/** Uniswap's Permit2 (same address on every chain), deployed at genesis; re-exported for the sandbox's callers. */
export { PERMIT2_ADDRESS } from '@x402/evm';
export { UPTO_PERMIT2_PROXY_ADDRESS } from './deployments.js';

/** "A new payer is funded with 100 sandbox USDC on first sight" (6 decimals). */
export const DEFAULT_FUND_AMOUNT = 100_000_000n;

export interface BaseSandboxOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (a random free port). */
  port?: number;
  /** USDC (atomic units) every address starts with. Default {@link DEFAULT_FUND_AMOUNT}. */
  fundAmount?: bigint;
  /** Chain clock: block.timestamp for eth_call and for newly mined blocks. Default: wall clock. */
  now?: () => Date;
  /** Fault modes from the start (docs/sandbox.md#chain-faults); tests change them through `faults`. */
  faults?: ChainFaults;
}

export interface BaseSandbox {
  /** JSON-RPC endpoint, e.g. http://127.0.0.1:54321 */
  url: string;
  chainId: typeof BASE_CHAIN_ID;
  usdcAddress: typeof BASE_USDC_ADDRESS;
  /** USDC balance read straight from the token's storage (no RPC); an unseen address reads as the fund amount. */
  balanceOf(address: string): bigint;
  /** The same read as `balanceOf` (no side effect: an unseen address reads as the fund amount). */
  usdcBalance(address: string): bigint;
  /** The chain's fault modes (src/sandbox/chain-faults.ts). */
  faults: ChainFaultController;
  close(): Promise<void>;
}

/**
 * What a service exposes of its Base sandbox chain: the URL always; the direct reads and the fault controller only
 * when this process started the chain (not when it joined one by SANDBOX_BASE_RPC_URL).
 */
export type BaseChainHandle = { url: string } & Partial<Pick<BaseSandbox, 'balanceOf' | 'usdcBalance' | 'faults'>>;

export async function startBaseSandbox(opts: BaseSandboxOptions = {}): Promise<BaseSandbox> {
  const host = opts.host ?? '127.0.0.1';
  const now = opts.now ?? (() => new Date());
  const evm = await SandboxEvm.create(opts.fundAmount ?? DEFAULT_FUND_AMOUNT, BigInt(Math.floor(now().getTime() / 1000)));
  const faults = new ChainFaultController('base', opts.faults);
  const chain = new SandboxChain(evm, now, faults);
  const server = createRpcServer(chain, faults);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  function balanceOf(address: string): bigint {
    if (!isAddress(address, { strict: false })) throw new TypeError(`not an EVM address: ${address}`);
    return evm.peekUsdcBalance(getAddress(address));
  }
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    chainId: BASE_CHAIN_ID,
    usdcAddress: BASE_USDC_ADDRESS,
    balanceOf,
    usdcBalance: balanceOf,
    faults,
    close: () =>
      new Promise<void>((resolve, reject) => {
        chain.stop();
        server.close((err) => (err ? reject(err) : resolve()));
        // viem's fetch keeps connections alive; drop them so close() resolves promptly.
        server.closeAllConnections();
      }),
  };
}
