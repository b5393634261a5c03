/**
 * A minimal JSON-RPC client for the hot payment path (the facilitator's Solana and Base RPCs): node:http(s)
 * with a keep-alive agent and automatic batching — every call issued in the same event-loop turn goes out as
 * one JSON-RPC batch (one HTTP request), in the order issued, so 32 concurrent paid calls cost a handful of
 * requests instead of 32 each.
 *
 * @solana/kit's RPC (fetch, a proxy per method, bigint upcasting of every number in the answer) was ~29 % of a
 * paid Solana call, viem's fetch-based transport ~7 % of a paid Base call. Answers here are plain `JSON.parse`
 * output: numbers stay numbers. Batches are standard JSON-RPC 2.0 (nodes and the usual providers accept them);
 * `maxBatch: 1` turns batching off for an endpoint that refuses them.
 */
import http from 'node:http';
import https from 'node:https';

export class JsonRpcError extends Error {
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message);
    this.name = 'JsonRpcError';
  }
}

export interface BatchingJsonRpc {
  call(method: string, params: readonly unknown[]): Promise<unknown>;
  /** Drops the keep-alive sockets. */
  close(): void;
}

export interface BatchingJsonRpcOptions {
  /** Most calls per HTTP request (default 64). */
  maxBatch?: number;
  /** Per HTTP request (default 60 s): a hung RPC fails the calls instead of holding them forever. */
  timeoutMs?: number;
  /**
   * Most HTTP requests in flight (default 8). Calls issued meanwhile wait and leave together with the
   * next free slot: fewer, larger requests under load — on loopback the receiving side's TCP work is
   * billed to the sender's write, so each request costs the service more than its bytes suggest.
   */
  maxInFlight?: number;
}

interface Pending {
  id: number;
  method: string;
  params: readonly unknown[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface RpcAnswer {
  id?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown; data?: unknown };
}

export function createBatchingJsonRpc(url: string, opts: BatchingJsonRpcOptions = {}): BatchingJsonRpc {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  const transport = secure ? https : http;
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 64 });
  const maxBatch = Math.max(1, opts.maxBatch ?? 64);
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const maxInFlight = Math.max(1, opts.maxInFlight ?? 8);
  let nextId = 1;
  let queue: Pending[] = [];
  let scheduled = false;
  let inFlight = 0;

  const schedule = () => {
    if (scheduled || queue.length === 0 || inFlight >= maxInFlight) return;
    scheduled = true;
    setImmediate(flush);
  };

  const flush = () => {
    scheduled = false;
    while (queue.length > 0 && inFlight < maxInFlight) {
      const calls = queue.slice(0, maxBatch);
      queue = queue.slice(calls.length);
      inFlight++;
      let done = false;
      send(calls, () => {
        if (done) return;
        done = true;
        inFlight--;
        schedule();
      });
    }
  };

  const send = (calls: Pending[], finished: () => void, resent = false) => {
    const single = calls.length === 1;
    const body = JSON.stringify(single
      ? { jsonrpc: '2.0', id: calls[0]!.id, method: calls[0]!.method, params: calls[0]!.params }
      : calls.map((c) => ({ jsonrpc: '2.0', id: c.id, method: c.method, params: c.params })));
    const failAll = (error: unknown) => { finished(); for (const c of calls) c.reject(error); };
    let responded = false;
    const req = transport.request(target, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      timeout: timeoutMs,
    }, (res) => {
      responded = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', failAll);
      res.on('end', () => {
        finished();
        if (res.statusCode !== 200) return failAll(new Error(`JSON-RPC HTTP error ${res.statusCode}`));
        let parsed: unknown;
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return failAll(new Error('JSON-RPC answered with invalid JSON'));
        }
        if (!single && !Array.isArray(parsed)) {
          // A batch refused as a whole (e.g. a provider without batch support) answers with one error object.
          const error = (parsed as RpcAnswer | null)?.error;
          return failAll(new JsonRpcError(Number(error?.code ?? -32603), String(error?.message ?? 'RPC refused the batch'), error?.data));
        }
        const answers = (Array.isArray(parsed) ? parsed : [parsed]) as RpcAnswer[];
        const byId = new Map<unknown, RpcAnswer>();
        for (const a of answers) if (a && typeof a === 'object') byId.set(a.id, a);
        for (const c of calls) {
          const a = byId.get(c.id) ?? (single && answers.length === 1 ? answers[0] : undefined);
          if (!a) c.reject(new Error(`JSON-RPC gave no answer to ${c.method}`));
          else if (a.error) c.reject(new JsonRpcError(Number(a.error.code ?? -32603), String(a.error.message ?? 'RPC error'), a.error.data));
          else c.resolve(a.result);
        }
      });
    });
    req.setNoDelay(true);
    req.on('timeout', () => req.destroy(new Error('JSON-RPC request timed out')));
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the node closed while it sat idle (its keep-alive timeout, or a load balancer's)
      // fails the next request written on it before the node reads a byte: nothing was received, so the
      // batch is sent once more on a fresh socket instead of failing every call in it (a verify would read
      // such a reset as a failed simulation). A busy event loop makes this race common.
      if (!resent && !responded && req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) return send(calls, finished, true);
      failAll(error);
    });
    req.end(body);
  };

  return {
    call(method, params) {
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, method, params, resolve, reject });
        schedule();
      });
    },
    close() {
      agent.destroy();
    },
  };
}
