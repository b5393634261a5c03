/** Alert-stream test helpers: a loopback webhook receiver, subscription calls, one detection tick. */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestService } from './service.js';

type Json = any;

/** One planned answer: a status, or a status with headers (e.g. `Retry-After`). */
type Planned = number | { status: number; headers: Record<string, string> };

/** A webhook receiver on loopback: records every request, answers with the next entry of `plan` (then 200). */
export function webhookReceiver(plan: Planned[] = []) {
  const received: { headers: IncomingMessage['headers']; body: string; status: number }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const next = plan.shift() ?? 200;
      const { status, headers } = typeof next === 'number' ? { status: next, headers: {} } : next;
      received.push({ headers: req.headers, body, status });
      res.writeHead(status, headers).end();
    });
  });
  return {
    received,
    async start(): Promise<string> {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export async function createSubscription(service: TestService, body: unknown): Promise<Json> {
  const res = await fetch(`${service.url}/subscriptions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await res.json();
  assert.equal(res.status, 201, JSON.stringify(json));
  return json;
}

export async function readSubscription(service: TestService, sub: Json, path = ''): Promise<Json> {
  const res = await fetch(`${service.url}/subscriptions/${sub.id}${path}`, { headers: { authorization: `Bearer ${sub.token}` } });
  assert.equal(res.status, 200);
  return res.json();
}

export function fund(pay: typeof fetch, service: TestService, sub: Json): Promise<Response> {
  return pay(`${service.url}/subscriptions/fund`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ subscription_id: sub.id }) });
}

/** Runs the detection job at `at` (the service's clock must be there), then lets the webhook deliveries finish. */
export async function detectAt(service: TestService, at: number): Promise<string> {
  const summary = await service.streamDetection.run({ now: new Date(at), signal: new AbortController().signal, timers: service.timers });
  await service.streams.dispatcher.sweep();
  await service.streams.dispatcher.idle();
  return summary;
}

