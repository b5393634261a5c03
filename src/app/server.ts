/**
 * The HTTP application: Fastify with the invocation route, the free routes, and the cross-cutting
 * rules (request ids, error contract, body limit, CORS exposing the payment headers, security headers).
 */
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { SERVICE_VERSION } from '../config/index.js';
import { trustProxyOption } from '../config/trust-proxy.js';
import type { Deprecation } from '../registry/types.js';
import { allEndpointPrices, howToPay } from '../payments/challenge-body.js';
import { ApiError, asApiError } from '../errors/api-error.js';
import { errorBody } from '../errors/error-body.js';
import { callerGone, Invoker, paymentRequestOf, sendOutcome } from './invoke.js';
import { registerSubscriptionRoutes } from './subscription-routes.js';
import { registerFreeRoutes } from './free-routes.js';
import { freeRouteLimit, freeRouteLimitNow } from './rate-limit.js';
import { registerMcpRoute } from '../mcp/route.js';
import { registerHealthRoutes } from './health-routes.js';
import type { AppDeps } from './deps.js';

export const BODY_LIMIT_BYTES = 64 * 1024;

/** RFC 9745 `Deprecation` (a structured date), RFC 8594 `Sunset` (an HTTP date) and a successor link. */
export function deprecationHeaders(d: Deprecation, publicUrl: string): Record<string, string> {
  return {
    Deprecation: `@${Math.floor(Date.parse(d.since) / 1000)}`,
    Sunset: new Date(d.sunset).toUTCString(),
    Link: `<${publicUrl}/entrypoints/${d.successor}/invoke>; rel="successor-version"`,
  };
}

const EXPOSED_HEADERS = [
  'PAYMENT-REQUIRED', 'PAYMENT-RESPONSE', 'X-PAYMENT-RESPONSE', 'X-Request-Id', 'X-Service-Version', 'Retry-After',
  'WWW-Authenticate', 'Payment-Receipt', 'Deprecation', 'Sunset', 'Link', 'Server-Timing',
];
const ALLOWED_HEADERS = ['Content-Type', 'PAYMENT-SIGNATURE', 'X-PAYMENT', 'Authorization', 'x-referral-code', 'Accept', 'Mcp-Protocol-Version'];
const CORS_METHODS = ['GET', 'POST', 'OPTIONS'];

/**
 * CORS for any origin, exposing the payment headers: what @fastify/cors did with `origin: true` (the request's
 * origin reflected, `Vary: Origin`, strict preflight answered 204 in the hook), as one callback hook with
 * the header values joined once. The plugin rebuilt its options and Fastify's `routeOptions` on every
 * request, a measurable share of a warm free call. One difference: the CORS response headers are sent only
 * to a request that names its `Origin` — every browser CORS request does, and no other client reads them —
 * so agents calling from servers are not sent ~200 bytes of exposed-header list per answer.
 */
function registerCors(app: FastifyInstance): void {
  const exposed = EXPOSED_HEADERS.join(', ');
  const allowed = ALLOWED_HEADERS.join(', ');
  const methods = CORS_METHODS.join(', ');
  app.addHook('onRequest', (req, reply, done) => {
    // Always: a shared cache must not give one origin's answer (with its CORS headers) to another.
    reply.header('Vary', 'Origin');
    const origin = req.headers.origin;
    if (origin) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Access-Control-Expose-Headers', exposed);
    }
    if (req.raw.method !== 'OPTIONS') return done();
    // Strict preflight: a preflight names its origin and the method it asks for.
    if (!origin || !req.headers['access-control-request-method']) {
      void reply.status(400).type('text/plain').send('Invalid Preflight Request');
      return;
    }
    reply.header('Access-Control-Allow-Methods', methods);
    reply.header('Access-Control-Allow-Headers', allowed);
    // Safari needs an explicit zero length on a 204 or it waits for a body.
    void reply.code(204).header('Content-Length', '0').send();
  });
  // Lets the router accept OPTIONS on every path; the hook above has always answered by then.
  app.options('*', (_req, reply) => reply.send());
}

/**
 * A request's logger, bound to its request id when it first logs. Fastify makes one per request and almost
 * none ever logs (request logging is off): a pino child per request was a measurable share of a warm call.
 */
class RequestLogger implements FastifyBaseLogger {
  private bound?: FastifyBaseLogger;
  constructor(private readonly parent: FastifyBaseLogger, private readonly bindings: Record<string, unknown>, private readonly options: object) {}
  private get log(): FastifyBaseLogger {
    return (this.bound ??= this.parent.child(this.bindings, this.options));
  }
  get level(): FastifyBaseLogger['level'] {
    return (this.bound ?? this.parent).level;
  }
  set level(level: FastifyBaseLogger['level']) {
    this.log.level = level;
  }
  fatal(...args: unknown[]): void {
    (this.log.fatal as (...a: unknown[]) => void)(...args);
  }
  error(...args: unknown[]): void {
    (this.log.error as (...a: unknown[]) => void)(...args);
  }
  warn(...args: unknown[]): void {
    (this.log.warn as (...a: unknown[]) => void)(...args);
  }
  info(...args: unknown[]): void {
    (this.log.info as (...a: unknown[]) => void)(...args);
  }
  debug(...args: unknown[]): void {
    (this.log.debug as (...a: unknown[]) => void)(...args);
  }
  trace(...args: unknown[]): void {
    (this.log.trace as (...a: unknown[]) => void)(...args);
  }
  silent(...args: unknown[]): void {
    (this.log.silent as (...a: unknown[]) => void)(...args);
  }
  child(bindings: Record<string, unknown>, options?: object): FastifyBaseLogger {
    return this.log.child(bindings, options);
  }
}

const requestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) => new RequestLogger(logger, bindings, options);

/** `req_` + 32 hex digits: a UUID v4 without its dashes (cut out by position, cheaper than a regex). */
function requestId(): string {
  const u = randomUUID();
  return `req_${u.slice(0, 8)}${u.slice(9, 13)}${u.slice(14, 18)}${u.slice(19, 23)}${u.slice(24)}`;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as unknown as FastifyBaseLogger,
    // Per-request log lines cost throughput and say nothing the access log of a proxy would not.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    // A client that trickles its request is cut off (no call may hold a socket past the answer deadline + margin).
    requestTimeout: deps.config.answerDeadlineMs + 15_000,
    childLoggerFactory: requestLogger,
    genReqId: requestId,
    // Who may name the client in X-Forwarded-For (the rate limits count per client): TRUST_PROXY, default nobody.
    trustProxy: trustProxyOption(deps.config.trustProxy),
  });

  registerCors(app);

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

  // Callback style rather than async: no promise per response.
  app.addHook('onSend', (req, reply, payload, done) => {
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
    done(null, payload);
  });

  app.setErrorHandler((err, req, reply) => {
    let apiError: ApiError;
    if (err instanceof ApiError) {
      apiError = err;
      if (err.code === 'internal') req.log.error({ err: err.cause ?? err, requestId: req.id, detail: err.logDetail }, 'unhandled error');
    } else if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') apiError = new ApiError('body_too_large', `The request body exceeds ${BODY_LIMIT_BYTES} bytes`);
    else if ((err as { statusCode?: number }).statusCode === 400) apiError = new ApiError('invalid_json', 'The request could not be read', { cause: err });
    else {
      // Anything else: `internal` for the caller, the original for the logs only (docs/errors.md).
      apiError = asApiError(err, (original) => req.log.error({ err: original, requestId: req.id }, 'unhandled error'));
    }
    void reply.code(apiError.status).headers(apiError.headers ?? {}).send(errorBody(apiError, req.id));
  });

  app.setNotFoundHandler((req, reply) => {
    const err = new ApiError('unknown_endpoint', `No route ${req.method} ${req.url.split('?')[0]}. See /docs or /openapi.json.`);
    void reply.code(404).send(errorBody(err, req.id));
  });

  const limitFree = freeRouteLimit(deps.limiter, deps.config.freeRouteLimitPerMinute);
  const limitFreeNow = freeRouteLimitNow(deps.limiter, deps.config.freeRouteLimitPerMinute);
  const invoker = new Invoker({
    registry: deps.registry, gate: deps.gate, store: deps.store, cache: deps.cache, config: deps.config,
    logger: deps.logger, now: deps.now, timers: deps.timers, card: deps.card, sources: deps.sources, entities: deps.entities, riskyPrograms: deps.riskyPrograms,
    recorder: deps.recorder,
    allEndpoints: allEndpointPrices(deps.registry),
    howToPay: howToPay(deps.publicUrl, deps.card !== undefined),
  });

  app.post<{ Params: { key: string } }>('/entrypoints/:key/invoke', {
    // The key is checked before the body is read, so an unknown key is a 404 whatever was sent.
    // Callback style: a paid call passes without a promise, a free one with only the limiter's.
    onRequest: (req, _reply, done) => {
      const endpoint = deps.registry.get(req.params.key);
      if (!endpoint) return done(new ApiError('unknown_endpoint', `No endpoint "${req.params.key}". GET /openapi.json lists all ${deps.registry.list.length}.`));
      if (endpoint.priceAtomic !== null) return done();
      limitFreeNow(req, done);
    },
  }, (req, reply) => {
    const endpoint = deps.registry.get(req.params.key)!;
    if (endpoint.def.deprecation) reply.headers(deprecationHeaders(endpoint.def.deprecation, deps.publicUrl));
    // A free call the cache answers synchronously is sent without a promise (the warm path: docs/performance.md).
    const warm = invoker.warmFree(endpoint, req.body, req.id);
    if (warm) {
      sendOutcome(reply, warm); // sent synchronously: nothing for Fastify to wait on
      return undefined;
    }
    const referral = req.headers['x-referral-code'];
    return invoker.invoke(
      endpoint, req.body, paymentRequestOf(req, deps.publicUrl), req.id,
      { referralCode: typeof referral === 'string' && referral.length <= 64 ? referral : undefined, clientGone: callerGone(reply) },
    ).then((outcome) => sendOutcome(reply, outcome));
  });

  registerFreeRoutes(app, { ...deps, invoker, limitFree });
  if (deps.streams) registerSubscriptionRoutes(app, { streams: deps.streams, invoker, publicUrl: deps.publicUrl, limitFree });
  registerMcpRoute(app, { registry: deps.registry, invoker, publicUrl: deps.publicUrl, limitFree, timers: deps.timers, answerDeadlineMs: deps.config.answerDeadlineMs, streams: deps.streams });
  registerHealthRoutes(app, { store: deps.store, cache: deps.cache, timers: deps.timers, lifecycle: deps.lifecycle ?? { shuttingDown: () => false } });
  return app;
}
