/**
 * A loopback JSON-RPC proxy in front of a sandbox chain that makes chosen calls fail, for the facilitator's
 * confirmation tests: the next N calls of a method (e.g. `getSignatureStatuses`, `eth_getTransactionReceipt`)
 * fail, everything else is forwarded unchanged.
 *
 * Failure modes:
 * - `http-500`: the HTTP request is answered 500 — when every call in it fails; a call failing inside a batch
 *   with calls that pass (the facilitator sends its first status read with the broadcast) gets a JSON-RPC error
 *   instead, so the calls beside it still reach the chain;
 * - `rpc-error`: the call gets a JSON-RPC error object, the rest of its batch is forwarded;
 * - `hang`: the request is never answered (until close) — when every call in it fails; inside a mixed batch, a
 *   JSON-RPC error as above;
 * - `lost-answer`: the whole request is forwarded (the chain acts on it) and then answered 500: a call that
 *   happened but whose answer never came back.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FailureMode = 'http-500' | 'rpc-error' | 'hang' | 'lost-answer';

export interface FailingRpcProxy {
  url: string;
  /** The next `count` calls of `method` fail (Infinity: all of them, until clear). */
  fail(method: string, count: number, mode: FailureMode): void;
  /** Stops all failing. */
  clear(): void;
  /** Calls of `method` received so far. */
  seen(method: string): number;
  /** Calls of `method` failed so far. */
  failed(method: string): number;
  close(): Promise<void>;
}

interface RpcCall {
  jsonrpc?: string;
  id?: unknown;
  method?: unknown;
}

export async function startFailingRpcProxy(upstream: string): Promise<FailingRpcProxy> {
  const plans = new Map<string, { remaining: number; mode: FailureMode }>();
  const seen = new Map<string, number>();
  const failed = new Map<string, number>();
  const hung = new Set<ServerResponse>();
  const bump = (counts: Map<string, number>, method: string) => counts.set(method, (counts.get(method) ?? 0) + 1);

  /** Whether this call fails, and how (consumes one planned failure). */
  const take = (method: string): FailureMode | undefined => {
    bump(seen, method);
    const plan = plans.get(method);
    if (!plan || plan.remaining <= 0) return undefined;
    plan.remaining--;
    bump(failed, method);
    return plan.mode;
  };

  const forward = async (body: string): Promise<unknown> => {
    const res = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    if (!res.ok) throw new Error(`upstream answered ${res.status}`);
    return res.json();
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let body = '';
    for await (const chunk of req) body += chunk;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(await forward(body)));
      return;
    }
    const batch = Array.isArray(parsed);
    const calls = (batch ? parsed : [parsed]) as RpcCall[];
    const modes = calls.map((c) => take(typeof c?.method === 'string' ? c.method : ''));
    const failing = modes.filter((m) => m !== undefined);

    if (failing.includes('lost-answer')) {
      await forward(body).catch(() => undefined);
      res.writeHead(500).end('injected: answer lost');
      return;
    }
    if (failing.length === calls.length && failing.length > 0) {
      if (failing.includes('hang')) { hung.add(res); return; }
      if (failing.includes('http-500')) { res.writeHead(500).end('injected failure'); return; }
    }
    const passing = calls.filter((_, i) => modes[i] === undefined);
    let answers: unknown[] = [];
    if (passing.length > 0) {
      const upstreamAnswer = await forward(JSON.stringify(batch ? passing : passing[0]));
      answers = Array.isArray(upstreamAnswer) ? upstreamAnswer : [upstreamAnswer];
    }
    const byId = new Map(answers.map((a) => [(a as RpcCall | null)?.id, a]));
    const out = calls.map((c, i) => modes[i] === undefined
      ? byId.get(c.id)
      : { jsonrpc: '2.0', id: c.id ?? null, error: { code: -32603, message: `injected failure of ${String(c.method)}` } });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(batch ? out : out[0]));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => { if (!res.headersSent) res.writeHead(502).end(); else res.destroy(); });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    fail: (method, count, mode) => { plans.set(method, { remaining: count, mode }); },
    clear: () => plans.clear(),
    seen: (method) => seen.get(method) ?? 0,
    failed: (method) => failed.get(method) ?? 0,
    close: () => new Promise<void>((resolve, reject) => {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      server.close((err) => (err ? reject(err) : resolve()));
    }),
  };
}
