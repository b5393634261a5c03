/**
 * The free, unauthenticated routes (spec Overview item 9): status, discovery documents, docs and the
 * demo. All are rate-limited per client IP; documents are generated once from the registry.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { SERVICE_VERSION } from '../config/index.js';
import { Address } from '../registry/fields.js';
import { compileValidator, createAjv } from '../registry/validation.js';
import { buildOpenApi } from '../docs/openapi.js';
import { buildWellKnownX402 } from '../docs/well-known.js';
import { buildLlmsFullTxt, buildLlmsTxt } from '../docs/llms.js';
import { buildDocsHtml } from '../docs/html.js';
import type { SiteInfo } from '../docs/site.js';
import { ApiError, errorBody } from './errors.js';
import { sourceHealth } from '../sources/index.js';
import { SourceError, toApiError } from '../sources/errors.js';
import { launchpadIndexState } from '../jobs/launchpad-index.js';
import type { AppDeps } from './server.js';
import { clientIp } from './rate-limit.js';
import { notAnObject } from './body.js';
import { sendOutcome, type Invoker } from './invoke.js';

export interface ComponentHealth {
  ok: boolean;
  detail?: string;
}

export interface StatusProbe {
  facilitator(): Promise<ComponentHealth & { kinds?: string[] }>;
  sandbox?: { solanaRpcUrl: string; baseRpcUrl: string };
  /**
   * Picks the light endpoint for a demo address (a mint gets the token analysis, anything else the
   * wallet profile). Provided by the data layer once it exists; without it the demo answers 501.
   */
  demoTarget?: (address: string, signal: AbortSignal) => Promise<'enrich-token-light' | 'enrich-wallet-light'>;
}

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
  const html = once(() => buildDocsHtml(deps.registry, site));
  const validateDemo = compileValidator(createAjv(), DemoBody);

  const { limitFree } = deps;

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

  app.get('/status', { onRequest: limitFree }, async () => {
    const [store, cache, facilitator] = await Promise.all([
      deps.store.ping().then((ok) => ({ ok, backend: deps.store.kind }), (e: Error) => ({ ok: false, backend: deps.store.kind, detail: e.message })),
      deps.cache.ping().then((ok) => ({ ok, backend: deps.cache.kind }), (e: Error) => ({ ok: false, backend: deps.cache.kind, detail: e.message })),
      deps.status.facilitator().catch((e: Error) => ({ ok: false, detail: e.message })),
    ]);
    // The launch platform's index freshness (issue 8); a store that cannot answer is already shown as such above.
    const launchpadIndex = await launchpadIndexState(deps.store, deps.now()).catch((e: Error) => ({ ok: false, detail: e.message }));
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

  app.post('/demo/enrich', async (req, reply) => {
    const decision = await deps.limiter.hit(`demo:${clientIp(req)}`, deps.config.demoLimitPerHour, 3600);
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
    // Telling a mint from a wallet reads the chain: its failure is an upstream failure (502/504), not ours.
    const key = await deps.status.demoTarget(address, AbortSignal.timeout(deps.config.answerDeadlineMs)).catch((err: unknown) => {
      throw err instanceof SourceError ? toApiError(err) : err;
    });
    const endpoint = deps.registry.get(key)!;
    const outcome = await deps.invoker.invokeUnpaid(endpoint, key === 'enrich-token-light' ? { mint: address } : { address }, req.id);
    return sendOutcome(reply.header('X-RateLimit-Remaining', String(decision.remaining)), outcome);
  });
}
