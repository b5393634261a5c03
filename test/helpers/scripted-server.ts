/**
 * A loopback HTTP server that answers from a script (in order; the last answer repeats) and records
 * every request: the contract tests run the real source clients, HttpSource included, against it.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Canned {
  status?: number;
  body: string;
}

export interface SeenRequest {
  /** Path and query as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export interface ScriptedServer {
  baseUrl: string;
  script: Canned[];
  requests: SeenRequest[];
  /** Clears the script and the recorded requests (call between tests). */
  reset(): void;
  close(): Promise<void>;
}

export async function startScriptedServer(): Promise<ScriptedServer> {
  const state = { script: [] as Canned[], requests: [] as SeenRequest[] };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://loopback');
    state.requests.push({ url: req.url ?? '', path: url.pathname, query: url.searchParams, headers: req.headers });
    const answer = state.script[Math.min(state.requests.length - 1, state.script.length - 1)] ?? { status: 404, body: '{}' };
    res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get script() {
      return state.script;
    },
    set script(value: Canned[]) {
      state.script = value;
    },
    get requests() {
      return state.requests;
    },
    set requests(value: SeenRequest[]) {
      state.requests = value;
    },
    reset() {
      state.script = [];
      state.requests = [];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
