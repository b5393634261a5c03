/**
 * The free, unauthenticated routes: status, discovery documents, docs and the demo. All are rate-limited
 * per client IP; documents are generated once from the registry. The /status body is a `StatusBody`
 * (src/docs/bodies/status.ts), the schema /openapi.json publishes for it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateDecision } from '../cache/types.js';
import { Type } from '@sinclair/typebox';
import { SERVICE_VERSION } from '../config/index.js';
import { Address } from '../registry/fields.js';
import { compileValidator, createAjv } from '../registry/validation.js';
import { buildOpenApi } from '../docs/openapi/index.js';
import { buildWellKnownX402 } from '../docs/well-known.js';
import { buildLlmsFullTxt, buildLlmsTxt } from '../docs/llms.js';
import { buildDocsHtml } from '../docs/html.js';
import type { SiteInfo } from '../docs/site.js';
import type { StatusBody } from '../docs/bodies/status.js';
import { ApiError } from '../errors/api-error.js';
import { errorBody } from '../errors/error-body.js';
import { sourceHealth } from '../sources/index.js';
import { SourceError, toApiError } from '../sources/errors.js';
import { launchpadIndexState } from '../launchpad-index/state.js';
import type { AppDeps, DemoTarget } from './deps.js';
import type { RegisteredEndpoint } from '../registry/index.js';
import { clientIp } from './rate-limit.js';
import { notAnObject } from './body.js';
import { sendOutcome, type Invoker } from './invoke.js';
import { probeFailure } from './probe-failure.js';

/** How many validated demo inputs are kept (one per endpoint and address asked about). */
const DEMO_INPUTS_KEPT = 1_000;

const DemoBody = Type.Object({ address: Address('Wallet address or token mint') }, { additionalProperties: false });

export function registerFreeRoutes(app: FastifyInstance, deps: AppDeps & { invoker: Invoker; limitFree: (req: FastifyRequest) => Promise<void> }): void {
  const site: SiteInfo = { publicUrl: deps.publicUrl, version: SERVICE_VERSION, cardEnabled: deps.card !== undefined };
  const once = <T>(build: () => T) => {
    let value: T | undefined;
    return () => (value ??= build());
  };
  const openapi = once(() => JSON.stringify(buildOpenApi(deps.registry, site)));
  const wellKnown = once(() => JSON.stringify(buildWellKnownX402(deps.registry, site)));
  const llms = once(() => buildLlmsTxt(deps.registry, site));
  const llmsFull = once(() => buildLlmsFullTxt(deps.registry, site));
  const html = once(() => buildDocsHtml(deps.registry, site, deps.docExamples));
  const validateDemo = compileValidator(createAjv(), DemoBody);

  const { limitFree } = deps;
  // The deadline of the demo's chain read, made only when the chain is read (see StatusProbe.demoTarget).
  const demoSignal = () => deps.timers.timeout(deps.config.answerDeadlineMs);

  app.get('/openapi.json', { onRequest: limitFree }, async (_req, reply) => reply.type('application/json').send(openapi()));
  app.get('/.well-known/x402', { onRequest: limitFree }, async (_req, reply) => reply.type('application/json').send(wellKnown()));
  app.get('/llms.txt', { onRequest: limitFree }, async (_req, reply) => reply.type('text/plain; charset=utf-8').send(llms()));
  app.get('/llms-full.txt', { onRequest: limitFree }, async (_req, reply) => reply.type('text/plain; charset=utf-8').send(llmsFull()));
  app.get('/docs', { onRequest: limitFree }, async (_req, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; connect-src 'self'")
      .send(html()),
  );

  app.get('/status', { onRequest: limitFree }, async (): Promise<StatusBody> => {
    const [store, cache, facilitator] = await Promise.all([
      deps.store.ping().then((ok) => ({ ok, backend: deps.store.kind }), (e: unknown) => ({ ok: false, backend: deps.store.kind, detail: probeFailure(deps.logger, 'store', e) })),
      deps.cache.ping().then((ok) => ({ ok, backend: deps.cache.kind }), (e: unknown) => ({ ok: false, backend: deps.cache.kind, detail: probeFailure(deps.logger, 'cache', e) })),
      deps.status.facilitator().catch((e: unknown) => ({ ok: false, detail: probeFailure(deps.logger, 'facilitator', e) })),
    ]);
    // The launch platform's index freshness (docs/launchpad.md, "The index"); a store that cannot answer is already shown as such above.
    const launchpadIndex: StatusBody['components']['launchpad_index'] = await launchpadIndexState(deps.store, deps.now()).catch((e: unknown) => ({ ok: false, detail: probeFailure(deps.logger, 'launchpad_index', e) }));
    const implemented = deps.registry.list.filter((e) => e.implemented).map((e) => e.def.key);
    const pending = deps.registry.list.filter((e) => !e.implemented).map((e) => e.def.key);
    const shuttingDown = deps.lifecycle?.shuttingDown() ?? false;
    return {
      service: 'onchain-enrichment-api',
      version: SERVICE_VERSION,
      status: store.ok && cache.ok && facilitator.ok ? 'ok' : 'degraded',
      // Liveness and readiness as /status/live and /status/ready report them (docs/deploy.md).
      live: true,
      ready: store.ok && cache.ok && !shuttingDown,
      shutting_down: shuttingDown,
      data_mode: deps.config.dataMode,
      served_at: deps.now().toISOString(),
      components: { store, cache, facilitator, sources: sourceHealth(deps.sources), launchpad_index: launchpadIndex },
      endpoints: { total: deps.registry.list.length, implemented, pending },
      payments: { protocol: 'x402', versions: [1, 2], networks: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:8453'], card: deps.card !== undefined },
      ...(deps.status.sandbox ? { sandbox: { solana_rpc_url: deps.status.sandbox.solanaRpcUrl, base_rpc_url: deps.status.sandbox.baseRpcUrl } } : {}),
    };
  });

  // Telling a mint from a wallet reads the chain: its failure is an upstream failure (502/504), not ours.
  const upstream = (err: unknown): never => {
    throw err instanceof SourceError ? toApiError(err) : err;
  };

  // The endpoint's validated input per "<endpoint>:<address>": the demo builds the same one-field input for
  // an address every time, and validating it again (a copy, the schema, the structural walk) was a tenth of a
  // warm demo call. Bounded, oldest first out; the values are the validator's own output, never changed.
  const demoInputs = new Map<string, Record<string, unknown>>();
  const validDemoInput = (endpoint: RegisteredEndpoint, address: string): Record<string, unknown> | undefined => {
    const memoKey = `${endpoint.def.key}:${address}`;
    let input = demoInputs.get(memoKey);
    if (input) return input;
    const validation = endpoint.validate(endpoint.def.key === 'enrich-token-light' ? { mint: address } : { address });
    if (!validation.ok) return undefined;
    input = validation.value;
    demoInputs.set(memoKey, input);
    if (demoInputs.size > DEMO_INPUTS_KEPT) demoInputs.delete(demoInputs.keys().next().value!);
    return input;
  };

  /** The answer once the endpoint is known: sent synchronously when the cache here holds it. */
  const answerDemo = (req: FastifyRequest, reply: FastifyReply, remaining: number, address: string, key: DemoTarget): FastifyReply | Promise<FastifyReply> => {
    const endpoint = deps.registry.get(key)!;
    reply.header('X-RateLimit-Remaining', String(remaining));
    const valid = validDemoInput(endpoint, address);
    const warm = valid && deps.invoker.warmUnpaid(endpoint, valid, req.id);
    if (warm) return sendOutcome(reply, warm);
    const input = key === 'enrich-token-light' ? { mint: address } : { address };
    return deps.invoker.invokeUnpaid(endpoint, input, req.id).then((outcome) => sendOutcome(reply, outcome));
  };

  /** The demo after its hourly limit decided: validation, the endpoint for the address, the answer. */
  const demo = (req: FastifyRequest, reply: FastifyReply, decision: RateDecision): FastifyReply | Promise<FastifyReply> => {
    if (!decision.allowed) {
      const err = new ApiError('rate_limited', `The demo allows ${deps.config.demoLimitPerHour} calls per hour per client. Paid endpoints have no such limit.`, {
        extra: { resets_at: decision.resetsAt.toISOString() },
      });
      return reply.code(429).header('Retry-After', String(decision.retryAfterS)).send(errorBody(err, req.id));
    }
    const body = req.body === undefined ? {} : req.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw notAnObject();
    const checked = validateDemo(body as Record<string, unknown>);
    if (!checked.ok) throw new ApiError('invalid_input', 'The demo takes {"address": "<wallet or mint>"}', { issues: checked.issues });
    const address = String(checked.value.address);
    if (!deps.status.demoTarget) {
      throw new ApiError('not_implemented', 'The demo runs the light wallet and token profiles, which are not built yet.');
    }
    let target: DemoTarget | Promise<DemoTarget>;
    try {
      target = deps.status.demoTarget(address, demoSignal);
    } catch (err) {
      return upstream(err);
    }
    if (typeof target === 'string') return answerDemo(req, reply, decision.remaining, address, target);
    return target.then((key) => answerDemo(req, reply, decision.remaining, address, key), upstream);
  };

  // Not an async handler: a warm demo call (in-process limiter, remembered target, cached answer) is answered
  // without a promise; any step that must wait continues asynchronously from there.
  app.post('/demo/enrich', (req, reply) => {
    const limitKey = `demo:${clientIp(req)}`;
    const decided = deps.limiter.hitNow?.(limitKey, deps.config.demoLimitPerHour, 3600);
    if (decided) return demo(req, reply, decided);
    return deps.limiter.hit(limitKey, deps.config.demoLimitPerHour, 3600).then((decision) => demo(req, reply, decision));
  });
}
