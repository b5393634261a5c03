/**
 * The HTTP application: Fastify with the invocation route, the free routes, and the cross-cutting
 * rules (request ids, error contract, body limit, CORS exposing the payment headers, security headers).
 */
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import type { Logger } from 'pino';
import type { Cache, RateLimiter } from '../cache/types.js';
import { SERVICE_VERSION, type Config } from '../config/index.js';
import type { Registry } from '../registry/index.js';
import type { Deprecation } from '../registry/types.js';
import type { Store } from '../store/types.js';
import type { Sources } from '../sources/index.js';
import type { EntityDirectory } from '../analytics/entities.js';
import { allEndpointPrices, howToPay } from '../payments/challenge-body.js';
import type { PaymentGate } from '../payments/gate.js';
import type { CardGate } from '../payments/card/index.js';
import { ApiError, errorBody } from './errors.js';
import { Invoker, paymentRequestOf, sendOutcome } from './invoke.js';
import type { Recorder } from './recorder.js';
import { registerFreeRoutes, type StatusProbe } from './free-routes.js';
import { freeRouteLimit } from './rate-limit.js';
import { registerMcpRoute } from '../mcp/route.js';
import { registerHealthRoutes, type Lifecycle } from './health-routes.js';

export const BODY_LIMIT_BYTES = 64 * 1024;

/** RFC 9745 `Deprecation` (a structured date), RFC 8594 `Sunset` (an HTTP date) and a successor link. */
export function deprecationHeaders(d: Deprecation, publicUrl: string): Record<string, string> {
  return {
    Deprecation: `@${Math.floor(Date.parse(d.since) / 1000)}`,
    Sunset: new Date(d.sunset).toUTCString(),
    Link: `<${publicUrl}/entrypoints/${d.successor}/invoke>; rel="successor-version"`,
  };
}

export interface AppDeps {
  config: Config;
  registry: Registry;
  gate: PaymentGate;
  store: Store;
  cache: Cache;
  limiter: RateLimiter;
  logger: Logger;
  now: () => Date;
  publicUrl: string;
  status: StatusProbe;
  card?: CardGate;
  sources: Sources;
  entities: EntityDirectory;
  riskyPrograms: ReadonlySet<string>;
  recorder?: Recorder;
  /** Whether the instance is draining (readiness); absent = never. */
  lifecycle?: Lifecycle;
}

const EXPOSED_HEADERS = [
  'PAYMENT-REQUIRED', 'PAYMENT-RESPONSE', 'X-PAYMENT-RESPONSE', 'X-Request-Id', 'X-Service-Version', 'Retry-After',
  'WWW-Authenticate', 'Payment-Receipt', 'Deprecation', 'Sunset', 'Link', 'Server-Timing',
];
const ALLOWED_HEADERS = ['Content-Type', 'PAYMENT-SIGNATURE', 'X-PAYMENT', 'Authorization', 'x-referral-code', 'Accept', 'Mcp-Protocol-Version'];

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as unknown as FastifyBaseLogger,
    // Per-request log lines cost throughput and say nothing the access log of a proxy would not.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    // A client that trickles its request is cut off (no call may hold a socket past the answer deadline + margin).
    requestTimeout: deps.config.answerDeadlineMs + 15_000,
    genReqId: () => `req_${randomUUID().replace(/-/g, '')}`,
    trustProxy: process.env.TRUST_PROXY === 'true',
  });

  await app.register(cors, { origin: true, exposedHeaders: EXPOSED_HEADERS, allowedHeaders: ALLOWED_HEADERS, methods: ['GET', 'POST', 'OPTIONS'] });

  // Any content type is read as JSON: agents send text/plain or nothing at all as often as application/json.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_req, body, done) => {
    // A leading byte-order mark is allowed by RFC 8259 §8.1 to be ignored; some clients write one.
    const text = String(body).replace(/^\uFEFF/, '');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (err) {
      // The parser's own words say where it broke ("Unexpected token } in JSON at position 12").
      const where = err instanceof SyntaxError ? err.message : 'unreadable';
      done(new ApiError('invalid_json', 'The request body is not valid JSON', { issues: [{ path: '/', message: where }] }), undefined);
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    // Draining (SIGTERM): the client should not reuse this connection, which is about to close.
    if (deps.lifecycle?.shuttingDown()) reply.header('Connection', 'close');
    reply.header('X-Request-Id', req.id);
    reply.header('X-Service-Version', SERVICE_VERSION);
    // A JSON API is never rendered or framed by a browser: no MIME sniffing, no referrer leaking
    // request URLs onward, no framing (the header for old browsers, CSP frame-ancestors for new ones).
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    // Routes serving HTML (/docs) set their own policy; everything else loads nothing and is framed nowhere.
    if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    // An error (402 challenge, 429, 5xx...) describes this moment only: no proxy or browser may replay it.
    if (reply.statusCode >= 400 && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });

  app.setErrorHandler((err, req, reply) => {
    let apiError: ApiError;
    if (err instanceof ApiError) apiError = err;
    else if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') apiError = new ApiError('body_too_large', `The request body exceeds ${BODY_LIMIT_BYTES} bytes`);
    else if ((err as { statusCode?: number }).statusCode === 400) apiError = new ApiError('invalid_json', 'The request could not be read');
    else {
      req.log.error({ err, requestId: req.id }, 'unhandled error');
      apiError = new ApiError('internal', 'Something went wrong on our side. You were not charged.');
    }
    void reply.code(apiError.status).headers(apiError.headers ?? {}).send(errorBody(apiError, req.id));
  });

  app.setNotFoundHandler((req, reply) => {
    const err = new ApiError('unknown_endpoint', `No route ${req.method} ${req.url.split('?')[0]}. See /docs or /openapi.json.`);
    void reply.code(404).send(errorBody(err, req.id));
  });

  const limitFree = freeRouteLimit(deps.limiter, deps.config.freeRouteLimitPerMinute);
  const invoker = new Invoker({
    registry: deps.registry, gate: deps.gate, store: deps.store, cache: deps.cache, config: deps.config,
    logger: deps.logger, now: deps.now, card: deps.card, sources: deps.sources, entities: deps.entities, riskyPrograms: deps.riskyPrograms,
    recorder: deps.recorder,
    allEndpoints: allEndpointPrices(deps.registry),
    howToPay: howToPay(deps.publicUrl, deps.card !== undefined),
  });

  app.post<{ Params: { key: string } }>('/entrypoints/:key/invoke', {
    // The key is checked before the body is read, so an unknown key is a 404 whatever was sent.
    onRequest: async (req) => {
      const endpoint = deps.registry.get(req.params.key);
      if (!endpoint) throw new ApiError('unknown_endpoint', `No endpoint "${req.params.key}". GET /openapi.json lists all ${deps.registry.list.length}.`);
      if (endpoint.priceAtomic === null) await limitFree(req);
    },
  }, async (req, reply) => {
    const endpoint = deps.registry.get(req.params.key)!;
    const referral = req.headers['x-referral-code'];
    if (endpoint.def.deprecation) reply.headers(deprecationHeaders(endpoint.def.deprecation, deps.publicUrl));
    const outcome = await invoker.invoke(
      endpoint, req.body, paymentRequestOf(req, deps.publicUrl), req.id,
      typeof referral === 'string' && referral.length <= 64 ? referral : undefined,
    );
    return sendOutcome(reply, outcome);
  });

  registerFreeRoutes(app, { ...deps, invoker, limitFree });
  registerMcpRoute(app, { registry: deps.registry, invoker, publicUrl: deps.publicUrl, limitFree });
  registerHealthRoutes(app, { store: deps.store, cache: deps.cache, lifecycle: deps.lifecycle ?? { shuttingDown: () => false } });
  return app;
}
