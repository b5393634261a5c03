/**
 * Ethereum JSON-RPC 2.0 over plain node:http (single and batch requests) in front of a
 * {@link SandboxChain}. Covers what viem needs for readContract / getCode / verifyTypedData /
 * writeContract (chainId, nonce, block + fee queries, gas estimation, raw tx) / receipt polling.
 *
 * The sandbox keeps no historical state, so block-tag parameters of state reads are accepted and
 * ignored: every read sees the latest state. An account's first eth_getBalance read funds it with ETH and
 * USDC (first sight, src/sandbox/base/evm.ts).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { getAddress, isAddress, isHex, numberToHex, type Address, type Hex } from 'viem';
import { BASE_CHAIN_ID, Revert } from './abi.js';
import { answerWithFaults, type ChainFaultController, type FaultedEntry } from '../chain-faults.js';
import { BASE_FEE_PER_GAS, PRIORITY_FEE_PER_GAS, RpcError, type Block, type CallRequest, type SandboxChain } from './chain.js';
import { formatBlock, formatReceipt, formatTransaction } from './rpc-format.js';

type Handler = (params: unknown[]) => unknown;

const MAX_BODY_BYTES = 5 * 1024 * 1024;

export function createRpcServer(chain: SandboxChain, faults?: ChainFaultController): Server {
  const methods = rpcMethods(chain);
  // The fault layer's `drop`: accepted and answered, never landed.
  const dropSend: Handler = ([raw]) => chain.sendRawTransaction(hexParam(raw, 'raw transaction'), { drop: true });
  return createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'content-type');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { 'content-type': 'text/plain' }).end('JSON-RPC: POST only');
      return;
    }
    readBody(req)
      .then(async (body) => {
        const reply = faults?.affectsRequests() ? await handleBodyWithFaults(body, methods, faults, dropSend) : await handleBody(body, methods);
        if (reply === SERVICE_UNAVAILABLE) res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
        else if (reply === undefined) res.writeHead(204).end();
        else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
      })
      .catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
      });
  });
}

async function handleBody(body: string, methods: Map<string, Handler>): Promise<unknown> {
  let message: unknown;
  try {
    message = JSON.parse(body);
  } catch {
    return errorResponse(null, -32700, 'parse error');
  }
  if (!Array.isArray(message)) return handleMessage(message, methods);
  if (message.length === 0) return errorResponse(null, -32600, 'empty batch');
  const replies: unknown[] = [];
  // Sequential on purpose: a batch is processed in order, like a node does for dependent calls.
  for (const m of message) {
    const reply = await handleMessage(m, methods);
    if (reply !== undefined) replies.push(reply);
  }
  return replies.length ? replies : undefined;
}

const SERVICE_UNAVAILABLE = Symbol('503');

/** handleBody through the fault layer (chain-faults.ts): receipt reads may fail or wait, broadcasts may be dropped or fail. */
async function handleBodyWithFaults(
  body: string, methods: Map<string, Handler>, faults: ChainFaultController, dropSend: Handler,
): Promise<unknown> {
  let message: unknown;
  try {
    message = JSON.parse(body);
  } catch {
    return errorResponse(null, -32700, 'parse error');
  }
  if (Array.isArray(message) && message.length === 0) return errorResponse(null, -32600, 'empty batch');
  const messages: unknown[] = Array.isArray(message) ? message : [message];
  const entries = messages.map((m): FaultedEntry<unknown> => {
    const method = m && typeof m === 'object' ? (m as { method?: unknown }).method : undefined;
    const id = m && typeof m === 'object' && 'id' in m ? (m as { id?: unknown }).id : undefined;
    return {
      kind: method === 'eth_getTransactionReceipt' ? 'read' : method === 'eth_sendRawTransaction' ? 'broadcast' : 'other',
      run: (drop) => handleMessage(m, methods, drop ? dropSend : undefined),
      // A notification gets no reply, failed or not.
      error: ({ code, message: text }) => (id === undefined ? undefined : errorResponse(id ?? null, code, text)),
      succeeded: (reply) => typeof reply === 'object' && reply !== null && 'result' in reply,
    };
  });
  const answer = await answerWithFaults(faults, entries);
  if (answer.status === 503) return SERVICE_UNAVAILABLE;
  if (!Array.isArray(message)) return answer.replies[0];
  const replies = answer.replies.filter((r) => r !== undefined);
  return replies.length ? replies : undefined;
}

async function handleMessage(message: unknown, methods: Map<string, Handler>, override?: Handler): Promise<unknown> {
  const msg = message as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
  const id = msg && typeof msg === 'object' && 'id' in msg ? msg.id : undefined;
  if (!msg || typeof msg !== 'object' || msg.jsonrpc !== '2.0' || typeof msg.method !== 'string') {
    return errorResponse(id ?? null, -32600, 'invalid request');
  }
  const handler = override ?? methods.get(msg.method);
  let reply: unknown;
  if (!handler) {
    reply = errorResponse(id ?? null, -32601, `the method ${msg.method} does not exist/is not available`);
  } else {
    const params = Array.isArray(msg.params) ? msg.params : msg.params === undefined ? [] : [msg.params];
    try {
      reply = { jsonrpc: '2.0', id: id ?? null, result: await handler(params) };
    } catch (err) {
      if (err instanceof Revert) {
        // geth's shape for reverts: code 3 + ABI-encoded revert data, which viem decodes into a reason.
        reply = errorResponse(id ?? null, 3, err.reason ? `execution reverted: ${err.reason}` : 'execution reverted', err.data);
      } else if (err instanceof RpcError) {
        reply = errorResponse(id ?? null, err.code, err.message, err.data);
      } else {
        reply = errorResponse(id ?? null, -32000, err instanceof Error ? err.message : String(err));
      }
    }
  }
  return id === undefined ? undefined : reply; // notifications get no reply
}

function errorResponse(id: unknown, code: number, message: string, data?: unknown): unknown {
  return { jsonrpc: '2.0', id, error: data === undefined ? { code, message } : { code, message, data } };
}

function rpcMethods(chain: SandboxChain): Map<string, Handler> {
  const q = (n: bigint | number): Hex => numberToHex(n);
  const block = (tag: unknown): Block | undefined => {
    if (tag === undefined || tag === 'latest' || tag === 'pending' || tag === 'safe' || tag === 'finalized') return chain.latestBlock();
    if (tag === 'earliest') return chain.earliestBlock();
    if (typeof tag === 'string' && isHex(tag)) return chain.blockByNumber(BigInt(tag));
    throw new RpcError(-32602, `invalid block tag: ${JSON.stringify(tag)}`);
  };
  const entries: [string, Handler][] = [
    ['web3_clientVersion', () => 'onchain-enrichment-sandbox/base/v1'],
    ['net_version', () => String(BASE_CHAIN_ID)],
    ['net_listening', () => true],
    ['eth_chainId', () => q(BASE_CHAIN_ID)],
    ['eth_syncing', () => false],
    ['eth_accounts', () => []],
    ['eth_blockNumber', () => q(chain.latestBlock().number)],
    ['eth_getBlockByNumber', ([tag, full]) => {
      const b = block(tag);
      return b ? formatBlock(b, chain, full === true) : null;
    }],
    ['eth_getBlockByHash', ([hash, full]) => {
      const b = chain.blockByHash(hexParam(hash, 'block hash'));
      return b ? formatBlock(b, chain, full === true) : null;
    }],
    ['eth_gasPrice', () => q(BASE_FEE_PER_GAS + PRIORITY_FEE_PER_GAS)],
    ['eth_maxPriorityFeePerGas', () => q(PRIORITY_FEE_PER_GAS)],
    ['eth_blobBaseFee', () => q(1)],
    ['eth_feeHistory', ([count, newest, percentiles]) => {
      const n = Math.max(1, Math.min(1024, Number(BigInt(hexOrNumber(count)))));
      const newestBlock = block(newest) ?? chain.latestBlock();
      const oldest = newestBlock.number - BigInt(n) + 1n;
      const rewards = Array.isArray(percentiles) ? percentiles.map(() => q(PRIORITY_FEE_PER_GAS)) : undefined;
      return {
        oldestBlock: q(oldest < 0n ? 0n : oldest),
        baseFeePerGas: Array.from({ length: n + 1 }, () => q(BASE_FEE_PER_GAS)),
        gasUsedRatio: Array.from({ length: n }, () => 0.05),
        ...(rewards ? { reward: Array.from({ length: n }, () => rewards) } : {}),
      };
    }],
    ['eth_getBalance', async ([address]) => q(await chain.getBalance(addressParam(address)))],
    ['eth_getCode', ([address]) => chain.getCode(addressParam(address))],
    ['eth_getStorageAt', ([address, slot]) => chain.getStorageAt(addressParam(address), hexParam(slot, 'storage slot'))],
    ['eth_getTransactionCount', ([address]) => q(chain.nonceOf(addressParam(address)))],
    ['eth_call', ([call]) => chain.call(callParam(call))],
    ['eth_estimateGas', async ([call]) => q(await chain.estimateGas(callParam(call)))],
    ['eth_sendRawTransaction', ([raw]) => chain.sendRawTransaction(hexParam(raw, 'raw transaction'))],
    ['eth_getTransactionByHash', ([hash]) => {
      const h = hexParam(hash, 'transaction hash');
      const m = chain.transaction(h) ?? chain.pendingTransaction(h);
      return m ? formatTransaction(m) : null;
    }],
    ['eth_getTransactionReceipt', ([hash]) => {
      const m = chain.transaction(hexParam(hash, 'transaction hash'));
      return m ? formatReceipt(m) : null;
    }],
  ];
  return new Map(entries);
}

function addressParam(value: unknown): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) throw new RpcError(-32602, `invalid address: ${JSON.stringify(value)}`);
  return getAddress(value);
}

function hexParam(value: unknown, what: string): Hex {
  if (typeof value !== 'string' || !isHex(value)) throw new RpcError(-32602, `invalid ${what}: ${JSON.stringify(value)}`);
  return value;
}

function hexOrNumber(value: unknown): Hex | number {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  return hexParam(value, 'quantity');
}

function callParam(value: unknown): CallRequest {
  if (!value || typeof value !== 'object') throw new RpcError(-32602, 'missing call object');
  const c = value as Record<string, unknown>;
  const data = c.data ?? c.input;
  return {
    from: c.from === undefined || c.from === null ? undefined : addressParam(c.from),
    to: c.to === undefined || c.to === null ? undefined : addressParam(c.to),
    data: data === undefined || data === null ? '0x' : hexParam(data, 'call data'),
    value: c.value === undefined || c.value === null ? 0n : BigInt(hexParam(c.value, 'value')),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('request body too large'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
