/**
 * Loopback stand-ins for the security suite's live-mode service:
 * - an upstream per source URL that records every request (raw URL, headers) and either forwards it to
 *   the sandbox provider behind it (`proxy`: real answers, to see what the service sends) or fails in a
 *   rotating way while echoing the request URL and headers — keys included — in its body (`fail`);
 * - a remote x402 facilitator that is either down (500 echoing the Authorization header it got) or
 *   approves every payment and then fails settlement with the same echo.
 * A service that copies upstream bodies into answers or logs would show the secrets: the suite greps.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenUpstreamRequest {
  /** Which upstream (the environment variable naming its URL). */
  name: string;
  /** Path and query exactly as they arrived. */
  url: string;
  headers: IncomingHttpHeaders;
}

export type UpstreamMode = 'proxy' | 'fail';

/** A body a careless upstream (or a proxy's error page) might send: the request, credentials first, and a stack. */
export function echoBody(url: string, headers: IncomingHttpHeaders): string {
  return JSON.stringify({
    echo: { authorization: headers.authorization, 'x-api-key': headers['x-api-key'], url },
    error: `upstream exploded handling ${url} with key ${headers['x-api-key'] ?? headers.authorization ?? ''}`,
    stack: `Error: upstream exploded\n    at handler (/srv/upstream/app.js:12:7)\n    at ${url}`,
  });
}

/** The failure answers, in rotation: every kind of bad answer a provider gives, each echoing the request. */
const FAILURES: ((url: string, headers: IncomingHttpHeaders) => { status: number; headers: Record<string, string>; body: string })[] = [
  (u, h) => ({ status: 500, headers: { 'content-type': 'application/json' }, body: echoBody(u, h) }),
  (u, h) => ({ status: 401, headers: { 'content-type': 'text/plain' }, body: `unauthorized: ${echoBody(u, h)}` }),
  (u, h) => ({ status: 200, headers: { 'content-type': 'application/json' }, body: echoBody(u, h).slice(0, -7) }),
  // Parses, but every field is the echo: a parser quoting what it got would quote the keys.
  (u, h) => {
    const e = echoBody(u, h);
    return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: e }, result: e, pairs: e, data: e, machines: e, tokens: e }) };
  },
  (u, h) => ({ status: 429, headers: { 'content-type': 'application/json', 'retry-after': '0' }, body: echoBody(u, h) }),
];

export interface Upstream {
  name: string;
  url: string;
  close(): Promise<void>;
}

export interface Upstreams {
  mode: UpstreamMode;
  seen: SeenUpstreamRequest[];
  /** Environment variable → base URL of its recording upstream. */
  env: Record<string, string>;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function forward(target: string, req: IncomingMessage, body: Buffer, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', target);
  const out = httpRequest(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (up) => {
    res.writeHead(up.statusCode ?? 502, up.headers);
    up.pipe(res);
  });
  out.on('error', () => {
    res.writeHead(502);
    res.end();
  });
  out.end(body);
}

/** One recording upstream per `name → sandbox provider URL`; all share the mode and the request log. */
export async function startUpstreams(targets: Record<string, string>): Promise<Upstreams> {
  const state: Upstreams = { mode: 'proxy', seen: [], env: {}, close: async () => undefined };
  let failures = 0;
  const servers = await Promise.all(Object.entries(targets).map(([name, target]) => new Promise<{ name: string; url: string; close: () => Promise<void> }>((resolve) => {
    const server = createServer((req, res) => {
      void readBody(req).then((body) => {
        state.seen.push({ name, url: req.url ?? '', headers: req.headers });
        if (state.mode === 'proxy') return forward(target, req, body, res);
        const answer = FAILURES[failures++ % FAILURES.length]!(req.url ?? '', req.headers);
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
      });
    });
    server.keepAliveTimeout = 1000;
    server.listen(0, '127.0.0.1', () => resolve({
      name,
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () => new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
    }));
  })));
  for (const s of servers) state.env[s.name] = s.url;
  state.close = async () => {
    await Promise.all(servers.map((s) => s.close()));
  };
  return state;
}

export type FacilitatorMode = 'down' | 'approve';

export interface FakeFacilitator {
  url: string;
  mode: FacilitatorMode;
  calls: { path: string; authorization?: string }[];
  close(): Promise<void>;
}

/** The kinds a real facilitator lists; the Solana ones carry the fee payer the challenge needs. */
function supported(feePayer: string): unknown {
  return {
    kinds: [
      { x402Version: 2, scheme: 'exact', network: 'eip155:8453' },
      { x402Version: 2, scheme: 'exact', network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', extra: { feePayer } },
      { x402Version: 1, scheme: 'exact', network: 'base' },
      { x402Version: 1, scheme: 'exact', network: 'solana', extra: { feePayer } },
    ],
    extensions: [],
    signers: {},
  };
}

export async function startFakeFacilitator(feePayer: string): Promise<FakeFacilitator> {
  const state = { mode: 'down' as FacilitatorMode, calls: [] as FakeFacilitator['calls'] };
  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const path = new URL(req.url ?? '/', 'http://f').pathname;
      state.calls.push({ path, authorization: req.headers.authorization });
      const send = (status: number, body: string) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(body);
      };
      if (state.mode === 'down' || path.endsWith('/settle')) return send(500, echoBody(req.url ?? '', req.headers));
      if (path.endsWith('/supported')) return send(200, JSON.stringify(supported(feePayer)));
      if (path.endsWith('/verify')) {
        let payer = 'unknown';
        try {
          const body = JSON.parse(raw.toString()) as { paymentPayload?: { payload?: { authorization?: { from?: string } } } };
          payer = body.paymentPayload?.payload?.authorization?.from ?? payer;
        } catch {
          // an unreadable body is still approved: this facilitator exists to let calls reach the handlers
        }
        return send(200, JSON.stringify({ isValid: true, payer }));
      }
      return send(404, echoBody(req.url ?? '', req.headers));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get mode() {
      return state.mode;
    },
    set mode(m: FacilitatorMode) {
      state.mode = m;
    },
    get calls() {
      return state.calls;
    },
    close: () => new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    }),
  };
}
