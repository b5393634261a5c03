/**
 * Loopback stand-ins for a live-mode service (DATA_MODE=live) in HTTP tests, so nothing reaches the internet:
 *
 * - `startLoopbackFacilitator`: a facilitator over HTTP (`/supported`, `/verify`, `/settle`) backed by the
 *   sandbox chains, as a live deployment's FACILITATOR_URL would be (same approach as
 *   test/http/live-defaults.test.ts and test/http/remote-facilitator.test.ts).
 * - `startRecordingStandIn`: a provider server answering with a sandbox provider's handler and recording every
 *   request (method, path, query, JSON-RPC method names), so a test can say which real routes the service read.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalFacilitatorClient } from '../../src/payments/facilitator/index.js';
import type { deriveSandboxIdentities } from '../../src/payments/sandbox-identities.js';
import type { BaseSandbox } from '../../src/sandbox/base/index.js';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { startProviderServer, type ProviderHandler } from '../../src/sandbox/providers/server.js';
import type { SolanaSandbox } from '../../src/sandbox/solana/index.js';
import type { LegName } from '../../src/sources/errors.js';

export interface Closable {
  url: string;
  close(): Promise<void>;
}

/** A facilitator over HTTP (verify, settle, supported) backed by the sandbox chains. */
export async function startLoopbackFacilitator(
  solana: SolanaSandbox,
  base: BaseSandbox,
  ids: ReturnType<typeof deriveSandboxIdentities>,
): Promise<Closable> {
  const local = await createLocalFacilitatorClient({
    solanaRpcUrl: solana.url, solanaWsUrl: solana.wsUrl, baseRpcUrl: base.url, evmPrivateKey: ids.facilitatorEvmKey, svmSecretKey: ids.facilitatorSvmSeed,
  });
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const send = (value: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (req.url === '/supported') return send(await local.getSupported());
    const { paymentPayload, paymentRequirements } = JSON.parse(body) as { paymentPayload: never; paymentRequirements: never };
    if (req.url === '/verify') return send(await local.verify(paymentPayload, paymentRequirements));
    if (req.url === '/settle') return send(await local.settle(paymentPayload, paymentRequirements));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** JSON-RPC method names of the body (one per call of a batch); empty for a non-RPC request. */
  rpcMethods: string[];
}

export interface RecordingStandIn extends Closable {
  /** Every request received since start, in order. */
  readonly requests: RecordedRequest[];
}

/** JSON-RPC method names of a request body: a call or a batch of calls. */
function rpcMethodsOf(body: unknown): string[] {
  const calls = Array.isArray(body) ? body : [body];
  return calls.flatMap((c) => (c !== null && typeof c === 'object' && typeof (c as { method?: unknown }).method === 'string' ? [(c as { method: string }).method] : []));
}

/** A provider server on `leg` answering with `handler`, recording every request first. No faults. */
export async function startRecordingStandIn(leg: LegName, handler: ProviderHandler): Promise<RecordingStandIn> {
  const requests: RecordedRequest[] = [];
  const server = await startProviderServer(leg, (req) => {
    requests.push({ method: req.method, path: req.path, query: req.query, rpcMethods: rpcMethodsOf(req.body) });
    return handler(req);
  }, new FaultController());
  return {
    url: server.url,
    requests,
    close: () => server.close(),
  };
}
