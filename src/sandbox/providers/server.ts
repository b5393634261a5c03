/**
 * The loopback HTTP server each sandbox provider runs on. A provider supplies only its routes (its
 * wire format); this adds fault injection and counts requests (the bench reports upstream calls).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LegName } from '../../sources/errors.js';
import { corruptBody, type FaultController } from './faults.js';

export interface ProviderRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface ProviderResponse {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type ProviderHandler = (req: ProviderRequest) => ProviderResponse | Promise<ProviderResponse>;

export interface ProviderServer {
  leg: LegName;
  url: string;
  /** Requests received since start (or since `resetCount`). */
  requestCount(): number;
  resetCount(): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) text += chunk;
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function startProviderServer(leg: LegName, handler: ProviderHandler, faults: FaultController, host = '127.0.0.1'): Promise<ProviderServer> {
  let count = 0;
  const hanging = new Set<() => void>();
  const server: Server = createServer(async (req, res) => {
    count++;
    const fault = faults.get(leg);
    try {
      if (fault?.latencyMs || fault?.hang) faults.noteStall(leg);
      if (fault?.latencyMs) {
        // A client that gives up first ends the wait (no timer left behind, nothing written to a closed socket).
        const gone = new AbortController();
        const onClose = () => gone.abort();
        req.socket.once('close', onClose);
        try {
          await faults.timers.sleep(fault.latencyMs, gone.signal);
        } catch {
          res.destroy();
          return;
        } finally {
          req.socket.off('close', onClose);
        }
      }
      if (fault?.hang) {
        // Held until the client gives up or the server closes.
        let release = () => {};
        await new Promise<void>((resolve) => {
          release = resolve;
          hanging.add(resolve);
          req.socket.once('close', () => resolve());
        });
        hanging.delete(release);
        res.destroy();
        return;
      }
      if (faults.shouldFail(leg)) {
        const status = fault?.errorStatus ?? 503;
        res.writeHead(status, { 'content-type': 'application/json', ...(status === 429 ? { 'retry-after': '1' } : {}) });
        res.end(JSON.stringify({ error: 'sandbox injected failure' }));
        return;
      }
      const url = new URL(req.url ?? '/', 'http://sandbox');
      const answer = await handler({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: await readBody(req) });
      const text = fault?.wrongShape ? JSON.stringify({ unexpected: true, data: 42 }) : JSON.stringify(corruptBody(answer.body, fault));
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...(answer.headers ?? {}) });
      res.end(fault?.malformed ? text.slice(0, Math.max(1, Math.floor(text.length / 2))) : text);
    } catch (err) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: err instanceof Error ? err.message : 'sandbox provider failed' }));
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    leg,
    url: `http://${host}:${port}`,
    requestCount: () => count,
    resetCount: () => {
      count = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const release of hanging) release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
