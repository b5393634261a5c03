/**
 * The sandbox Solana chain: a loopback JSON-RPC 2.0 server that answers like a mainnet node for the
 * USDC mint, so the official x402 SVM client and facilitator verify and settle real signed
 * transactions against it. Deterministic and in-memory; the clock is injectable.
 *
 * No WebSocket endpoint: the x402 facilitator confirms by polling getSignatureStatuses, and the
 * clients never subscribe, so `wsUrl` is left undefined.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SolanaChain } from './chain.js';
import { SlotClock } from './clock.js';
import { USDC_MINT } from './constants.js';
import { Ledger } from './ledger.js';
import { handleRpcRequest, type JsonRpcRequest } from './rpc.js';

export { USDC_MINT, SOLANA_CAIP2 } from './constants.js';

export interface SolanaSandboxOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** USDC (atomic units) a wallet receives the first time it is seen. Default 100 USDC. */
  fundAmount?: bigint;
  now?: () => Date;
}

export interface SolanaSandbox {
  url: string;
  wsUrl?: string;
  usdcMint: typeof USDC_MINT;
  /** Reads (and, on first sight, funds) the owner's USDC ATA balance in atomic units. */
  usdcBalance(owner: string): bigint;
  close(): Promise<void>;
}

export const DEFAULT_FUND_AMOUNT = 100_000_000n;
const MAX_BODY_BYTES = 1_000_000;

export async function startSolanaSandbox(opts: SolanaSandboxOptions = {}): Promise<SolanaSandbox> {
  const chain = new SolanaChain(new Ledger(opts.fundAmount ?? DEFAULT_FUND_AMOUNT), new SlotClock(opts.now ?? (() => new Date())));
  // A client hanging up mid-body must not become an unhandled rejection that kills the process.
  const server = createServer((req, res) => void serve(chain, req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    usdcMint: USDC_MINT,
    usdcBalance: (owner) => chain.ledger.usdcBalance(owner),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

async function serve(chain: SolanaChain, req: IncomingMessage, res: ServerResponse): Promise<void> {
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
  // Batches are answered in order; each request runs synchronously, so each is atomic.
  const answer = Array.isArray(parsed)
    ? parsed.map((r) => handleRpcRequest(chain, (r ?? {}) as JsonRpcRequest))
    : handleRpcRequest(chain, (parsed ?? {}) as JsonRpcRequest);
  reply(res, answer);
}

function reply(res: ServerResponse, payload: unknown): void {
  // All numbers we emit are < 2^53, so plain JSON numbers are exact; bigints are converted defensively.
  const text = JSON.stringify(payload, (_key, value: unknown) => (typeof value === 'bigint' ? Number(value) : value));
  res.writeHead(200, { 'content-type': 'application/json' }).end(text);
}
