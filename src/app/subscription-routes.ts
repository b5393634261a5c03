/**
 * The HTTP face of alert subscriptions (docs/streaming.md): create, read, cancel, the event stream (SSE), the
 * charges and webhook delivery log, and the paid top-up. Management calls are free (rate-limited like the free
 * routes) and authorised by the subscription's bearer token; events and top-ups are what is paid.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { parseLastEventId } from '../lib/sse.js';
import type { Streams } from '../streams/index.js';
import { serveEventStream, responseSink } from '../streams/event-stream.js';
import { callerGone, paymentRequestOf, sendOutcome, type Invoker } from './invoke.js';

export interface SubscriptionRouteDeps {
  streams: Streams;
  invoker: Invoker;
  publicUrl: string;
  limitFree: (req: FastifyRequest) => Promise<void>;
}

/** `Authorization: Bearer <token>`, or `?token=` for EventSource, which cannot set headers. */
function tokenOf(req: FastifyRequest): string | undefined {
  const auth = req.headers.authorization;
  // The scheme name is case-insensitive (RFC 7235).
  const bearer = typeof auth === 'string' ? /^bearer\s+(\S+)\s*$/i.exec(auth) : null;
  if (bearer) return bearer[1];
  const query = req.query as Record<string, unknown> | undefined;
  return typeof query?.token === 'string' ? query.token : undefined;
}

function boundedInt(raw: unknown, fallback: number, max: number): number {
  const value = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : fallback;
  return Math.min(value, max);
}

type WithId = { Params: { id: string } };

export function registerSubscriptionRoutes(app: FastifyInstance, deps: SubscriptionRouteDeps): void {
  const { streams, invoker, limitFree } = deps;
  const { subscriptions, store } = streams;
  const open = (req: FastifyRequest<WithId>) => subscriptions.authorize(req.params.id, tokenOf(req));
  const openStreams = new Map<string, AbortController>();

  app.post('/subscriptions', { onRequest: limitFree }, async (req, reply) => {
    const { row, token } = await subscriptions.create(req.body);
    const view = await subscriptions.view(row);
    // The token and the webhook secret are shown once: only the token's hash is kept, the secret signs deliveries.
    return reply.code(201).header('Cache-Control', 'no-store').send({ ...view, token, ...(row.webhookSecret ? { webhook_secret: row.webhookSecret } : {}) });
  });

  app.get<WithId>('/subscriptions/:id', { onRequest: limitFree }, async (req, reply) => {
    return reply.header('Cache-Control', 'no-store').send(await subscriptions.view(await open(req)));
  });

  app.delete<WithId>('/subscriptions/:id', { onRequest: limitFree }, async (req, reply) => {
    return reply.header('Cache-Control', 'no-store').send(await subscriptions.view(await subscriptions.cancel(await open(req))));
  });

  app.get<WithId>('/subscriptions/:id/charges', { onRequest: limitFree }, async (req, reply) => {
    const row = await open(req);
    const query = req.query as Record<string, unknown>;
    const body = await subscriptions.charges(row, boundedInt(query.after_seq, 0, Number.MAX_SAFE_INTEGER), boundedInt(query.limit, 100, 1_000));
    return reply.header('Cache-Control', 'no-store').send(body);
  });

  app.get<WithId>('/subscriptions/:id/deliveries', { onRequest: limitFree }, async (req, reply) => {
    const row = await open(req);
    const body = await subscriptions.deliveries(row, boundedInt((req.query as Record<string, unknown>).limit, 100, 1_000));
    return reply.header('Cache-Control', 'no-store').send(body);
  });

  app.get<WithId>('/subscriptions/:id/events', { onRequest: limitFree }, async (req, reply) => {
    const row = await open(req);
    if (row.delivery !== 'stream') throw new ApiError('wrong_delivery_mode', 'This subscription delivers by webhook; its events are not streamed.');
    // 204 is how a server tells an EventSource to stop reconnecting: a cancelled subscription streams nothing again.
    if (row.status !== 'active') return reply.code(204).send();
    const header = req.headers['last-event-id'];
    const query = req.query as Record<string, unknown>;
    const lastEventId = parseLastEventId(typeof header === 'string' ? header : typeof query.last_event_id === 'string' ? query.last_event_id : undefined);
    streamResponse(reply);
    // One open stream per subscription in this instance: a new connection (a reconnect whose old socket has not
    // closed yet, a second tab) replaces the old one, so two streams never deliver one subscription's events.
    openStreams.get(row.id)?.abort();
    const takeover = new AbortController();
    openStreams.set(row.id, takeover);
    const closed = AbortSignal.any([callerGone(reply), takeover.signal]);
    try {
      await serveEventStream(row, lastEventId, responseSink(reply.raw, closed), {
        store, charger: streams.charger, hub: streams.hub, timers: streams.timers, heartbeatMs: streams.settings.heartbeatMs, publicUrl: deps.publicUrl,
      });
    } catch (err) {
      req.log.error({ err, subscription: row.id }, 'event stream failed');
    } finally {
      if (openStreams.get(row.id) === takeover) openStreams.delete(row.id);
    }
    if (!reply.raw.writableEnded) reply.raw.end();
    return reply;
  });

  app.post(streams.fund.path, (req, reply) => {
    return invoker.invoke(streams.fund, req.body, paymentRequestOf(req, deps.publicUrl), req.id, { clientGone: callerGone(reply) })
      .then((outcome) => sendOutcome(reply, outcome));
  });
}

/** Takes the response over from Fastify for a long-lived text/event-stream. */
function streamResponse(reply: FastifyReply): void {
  reply.hijack();
  reply.raw.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    // Proxies such as nginx buffer responses unless told not to: events would arrive late and in bursts.
    'X-Accel-Buffering': 'no',
    'X-Request-Id': reply.request.id,
  });
  reply.raw.flushHeaders();
}
