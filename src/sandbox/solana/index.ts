/**
 * The sandbox Solana chain: a loopback JSON-RPC 2.0 server that answers like a mainnet node for the
 * USDC mint, so the official x402 SVM client and facilitator verify and settle real signed
 * transactions against it. Transactions run in the real SVM runtime (LiteSVM, in-process: runtime.ts)
 * with mainnet's programs; in-memory, and the clock is injectable.
 *
 * No WebSocket endpoint: the x402 facilitator confirms by polling getSignatureStatuses, and the
 * clients never subscribe, so `wsUrl` is left undefined.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerWithFaults, ChainFaultController, type ChainFaults, type FaultedEntry } from '../chain-faults.js';
import { SolanaChain } from './chain.js';
import { SlotClock } from './clock.js';
import { USDC_MINT } from './constants.js';
import { Faucet } from './faucet.js';
import { SvmRuntime } from './runtime.js';
import { handleRpcRequest, requestKind, type JsonRpcRequest } from './rpc.js';

export { USDC_MINT, SOLANA_CAIP2 } from './constants.js';

export interface SolanaSandboxOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** USDC (atomic units) a wallet receives the first time it is seen. Default 100 USDC. */
  fundAmount?: bigint;
  now?: () => Date;
  /** Fault modes from the start (docs/sandbox.md#chain-faults); tests change them through `faults`. */
  faults?: ChainFaults;
}

export interface SolanaSandbox {
  url: string;
  wsUrl?: string;
  usdcMint: typeof USDC_MINT;
  /** Reads (and, on first sight, funds) the owner's USDC ATA balance in atomic units. */
  usdcBalance(owner: string): bigint;
  /** The owner's USDC balance without funding anyone: 0n while the owner has no USDC account yet. */
  peekUsdcBalance(owner: string): bigint;
  /** A system account's SOL balance in lamports (e.g. the facilitator's fee payer); 0n if never seen. No funding. */
  lamports(address: string): bigint;
  /** The chain's fault modes (src/sandbox/chain-faults.ts). */
  faults: ChainFaultController;
  close(): Promise<void>;
}

/**
 * What a service exposes of its Solana sandbox chain: the URL always; the direct reads and the fault controller
 * only when this process started the chain (not when it joined one by SANDBOX_SOLANA_RPC_URL).
 */
export type SolanaChainHandle = { url: string; wsUrl?: string } & Partial<Pick<SolanaSandbox, 'usdcBalance' | 'peekUsdcBalance' | 'lamports' | 'faults'>>;

const DEFAULT_FUND_AMOUNT = 100_000_000n;
const MAX_BODY_BYTES = 1_000_000;

export async function startSolanaSandbox(opts: SolanaSandboxOptions = {}): Promise<SolanaSandbox> {
  const faults = new ChainFaultController('solana', opts.faults);
  const runtime = new SvmRuntime();
  const faucet = new Faucet(runtime, opts.fundAmount ?? DEFAULT_FUND_AMOUNT);
  const chain = new SolanaChain(runtime, faucet, new SlotClock(opts.now ?? (() => new Date())), faults);
  // A client hanging up mid-body must not become an unhandled rejection that kills the process.
  const server = createServer((req, res) => void serve(chain, faults, req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    usdcMint: USDC_MINT,
    usdcBalance: (owner) => faucet.usdcBalance(owner),
    peekUsdcBalance: (owner) => faucet.peekUsdcBalance(owner),
    lamports: (address) => runtime.lamports(address),
    faults,
    close: () =>
      new Promise<void>((resolve, reject) => {
        chain.stop();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function serve(chain: SolanaChain, faults: ChainFaultController, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST') {
    res.writeHead(405, { allow: 'POST' }).end();
    return;
  }
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > MAX_BODY_BYTES) {
      res.writeHead(413).end();
      return;
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    reply(res, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    return;
  }
  if (faults.affectsRequests()) {
    await serveWithFaults(chain, faults, parsed, res);
    return;
  }
  // Batches are answered in order; each request runs synchronously, so each is atomic.
  const answer = Array.isArray(parsed)
    ? parsed.map((r) => handleRpcRequest(chain, (r ?? {}) as JsonRpcRequest))
    : handleRpcRequest(chain, (parsed ?? {}) as JsonRpcRequest);
  reply(res, answer);
}

type Reply = ReturnType<typeof handleRpcRequest>;

/** The same answers through the fault layer: status reads may fail or wait, broadcasts may be dropped or fail. */
async function serveWithFaults(chain: SolanaChain, faults: ChainFaultController, parsed: unknown, res: ServerResponse): Promise<void> {
  const requests = (Array.isArray(parsed) ? parsed : [parsed]).map((r) => (r ?? {}) as JsonRpcRequest);
  const entries = requests.map((request): FaultedEntry<Reply> => ({
    kind: requestKind(request),
    run: (drop) => handleRpcRequest(chain, request, { drop }),
    error: ({ code, message }) => ({ jsonrpc: '2.0', id: request.id ?? null, error: { code, message } }),
    succeeded: (r) => 'result' in r,
  }));
  const answer = await answerWithFaults(faults, entries);
  if (answer.status === 503) {
    res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
    return;
  }
  reply(res, Array.isArray(parsed) ? answer.replies : answer.replies[0]);
}

function reply(res: ServerResponse, payload: unknown): void {
  // All numbers we emit are < 2^53, so plain JSON numbers are exact; bigints are converted defensively.
  const text = JSON.stringify(payload, (_key, value: unknown) => (typeof value === 'bigint' ? Number(value) : value));
  res.writeHead(200, { 'content-type': 'application/json' }).end(text);
}
