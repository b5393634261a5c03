/**
 * The generated documents (OpenAPI, /.well-known/x402, llms.txt, llms-full.txt, /docs HTML) against the
 * real registry: valid OpenAPI 3.1, prices equal to the registry's, free/paid security, every key
 * present, request-body schemas that accept both body shapes, and HTML that escapes registry text and
 * loads nothing from anywhere but the service itself.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import SwaggerParser from '@apidevtools/swagger-parser';
import { validate as validateDiscovery } from 'mppx/discovery';
import { ENDPOINTS, buildServiceRegistry } from '../../src/endpoints/index.js';
import { buildRegistry } from '../../src/registry/index.js';
import { createAjv } from '../../src/registry/validation.js';
import type { EndpointDefinition } from '../../src/registry/types.js';
import { PAYMENT_NETWORKS } from '../../src/payments/networks.js';
import { ERROR_CODES } from '../../src/errors/api-error.js';
import { buildOpenApi } from '../../src/docs/openapi/index.js';
import { buildWellKnownX402 } from '../../src/docs/well-known.js';
import { buildLlmsFullTxt, buildLlmsTxt } from '../../src/docs/llms.js';
import { buildDocsHtml, escapeHtml } from '../../src/docs/html.js';
import { inputRows } from '../../src/docs/input-table.js';
import type { SiteInfo } from '../../src/docs/site.js';
import { CAST } from '../../src/sandbox/world/cast.js';
import { JUP_MINT } from '../../src/sandbox/world/entities.js';
import { DEMO_ADDRESS, type DocExamples } from '../../src/docs/examples.js';

type Json = Record<string, unknown>;

const registry = buildServiceRegistry();
const site: SiteInfo = { publicUrl: 'https://api.example.test', version: '1.0.0', cardEnabled: false };
// What src/service.ts hands the docs.
const examples: DocExamples = { sandboxCast: CAST };
const ENTRYPOINT_COUNT = 48;

function operation(doc: ReturnType<typeof buildOpenApi>, path: string, method = 'post'): Json {
  const op = doc.paths[path]?.[method];
  assert.ok(op, `no ${method.toUpperCase()} ${path}`);
  return op;
}

test('the registry the documents are built from has the 48 spec endpoints', () => {
  assert.equal(registry.list.length, ENTRYPOINT_COUNT);
});

test('OpenAPI: a valid 3.1.0 document (and the validator does reject a broken one)', async () => {
  const doc = buildOpenApi(registry, site);
  assert.equal(doc.openapi, '3.1.0');
  await SwaggerParser.validate(structuredClone(doc) as never);

  const broken = structuredClone(doc) as unknown as Json;
  delete (broken.info as Json).title;
  await assert.rejects(SwaggerParser.validate(broken as never));
});

test('OpenAPI: version, server, one POST per endpoint with operationId = key and the family tag', () => {
  const doc = buildOpenApi(registry, { ...site, publicUrl: 'https://api.example.test/' });
  assert.equal(doc.info.version, '1.0.0');
  assert.deepEqual(doc.servers, [{ url: 'https://api.example.test' }]);
  const entrypoints = Object.keys(doc.paths).filter((p) => p.startsWith('/entrypoints/'));
  assert.equal(entrypoints.length, ENTRYPOINT_COUNT);
  for (const e of registry.list) {
    const op = operation(doc, `/entrypoints/${e.def.key}/invoke`);
    assert.equal(op.operationId, e.def.key);
    assert.equal(op.summary, e.def.summary);
    assert.equal(Object.keys(doc.paths[e.path]!).length, 1, `${e.def.key}: only POST`);
    const tags = op.tags as string[];
    assert.equal(tags.length, 1);
    assert.ok(doc.tags.some((t) => t.name === tags[0]), `${e.def.key}: tag ${tags[0]} is declared`);
    const description = String(op.description);
    assert.ok(e.def.price === null ? description.includes('Free') : description.includes(`${e.def.price} USDC`), `${e.def.key}: price in description`);
  }
  const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
  assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
});

test('OpenAPI: paid operations carry x-payment-info equal to the registry price; free ones have security []', () => {
  const doc = buildOpenApi(registry, site);
  let paid = 0;
  let free = 0;
  for (const e of registry.list) {
    const op = operation(doc, e.path);
    const responses = op.responses as Json;
    for (const status of ['200', '400', '404', '413', '500', '501', '502', '503', '504']) assert.ok(responses[status], `${e.def.key}: ${status}`);
    if (e.priceAtomic === null) {
      free++;
      assert.deepEqual(op.security, []);
      assert.equal(op['x-payment-info'], undefined);
      assert.equal(responses['402'], undefined, `${e.def.key}: free endpoints never answer 402`);
      assert.ok(responses['429'], `${e.def.key}: free endpoints are rate-limited`);
    } else {
      paid++;
      // The payment is x-payment-info and the 402, not a security scheme (agent clients read apiKey as "needs a key").
      assert.equal(op.security, undefined);
      const params = (op.parameters as Json[]).map((p) => p.$ref);
      assert.deepEqual(params, ['#/components/parameters/PaymentSignature', '#/components/parameters/XPayment', '#/components/parameters/ReferralCode']);
      assert.ok(responses['402'], `${e.def.key}: 402`);
      assert.equal(responses['429'], undefined);
      const info = op['x-payment-info'] as Json;
      assert.ok(info, `${e.def.key}: x-payment-info`);
      assert.equal(info.protocol, 'x402');
      assert.equal(info.asset, 'USDC');
      assert.equal(info.price_usdc, e.def.price);
      assert.equal(info.amount_atomic, e.priceAtomic.toString());
      assert.equal(info.settled_only_on_success, true);
      // The x402 discovery convention: a fixed USD price and the protocols, x402 only (card payment is off here).
      assert.deepEqual(info.price, { mode: 'fixed', currency: 'USD', amount: e.def.price });
      assert.deepEqual(info.protocols, [{ x402: { networks: PAYMENT_NETWORKS.map((n) => n.id), asset: 'USDC' } }]);
      for (const mppField of ['intent', 'method', 'amount', 'currency']) assert.equal(info[mppField], undefined, `${e.def.key}: no MPP field ${mppField} without card payment`);
      assert.deepEqual(
        info.networks,
        PAYMENT_NETWORKS.map((n) => ({ network: n.id, v1_name: n.v1Name, asset: n.asset })),
      );
      // An endpoint with a pricing rule says so (upto: the price as maximum, the rule); the others never claim it.
      if (e.def.pricing) assert.deepEqual(info.upto, { max_amount_atomic: e.priceAtomic.toString(), rule: e.def.pricing.rule }, `${e.def.key}: upto`);
      else assert.equal(info.upto, undefined, `${e.def.key}: no upto without a pricing rule`);
    }
  }
  assert.ok(registry.list.some((e) => e.def.pricing), 'at least one endpoint (batch-enrich) has a pricing rule');
  assert.equal(paid + free, ENTRYPOINT_COUNT);
  assert.ok(free >= 1 && paid >= 1);
  // The one scheme is the subscription routes' bearer token (docs/streaming.md); paid calls need no key.
  assert.deepEqual(Object.keys(doc.components.securitySchemes), ['subscriptionToken']);
  assert.ok(Object.values(doc.components.securitySchemes as Record<string, { type: string }>).every((s) => s.type !== 'apiKey'), 'no apiKey-like scheme for a per-call payment');
  const header = doc.components.parameters.PaymentSignature as Json;
  assert.deepEqual({ in: header.in, name: header.name, required: header.required }, { in: 'header', name: 'PAYMENT-SIGNATURE', required: false });
  assert.equal((doc.components.parameters.XPayment as Json).name, 'X-PAYMENT');
  const challenge = doc.components.responses.PaymentRequired as Json;
  assert.ok((challenge.headers as Json)['PAYMENT-REQUIRED']);
});

test('OpenAPI: with card payment enabled, each paid operation also lists the MPP offer (Stripe charge in USD)', () => {
  const doc = buildOpenApi(registry, { ...site, cardEnabled: true });
  const post = (doc.paths['/entrypoints/enrich-token-light/invoke'] as Json).post as Json;
  const protocols = (post['x-payment-info'] as Json).protocols as Json[];
  assert.deepEqual(protocols.map((p) => Object.keys(p)[0]), ['x402', 'mpp']);
  assert.deepEqual(protocols[1]!.mpp, { intent: 'charge', method: 'stripe', currency: 'usd' });
  assert.deepEqual(validateDiscovery(doc).filter((p) => p.severity === 'error'), []);
});

test('OpenAPI: passes the x-payment-info discovery validator of mppx', () => {
  const doc = buildOpenApi(registry, site);
  const problems = validateDiscovery(doc);
  assert.deepEqual(problems.filter((p) => p.severity === 'error'), []);
});

test('OpenAPI: free routes are documented without security', () => {
  const doc = buildOpenApi(registry, site);
  for (const path of ['/status', '/openapi.json', '/.well-known/x402', '/llms.txt', '/llms-full.txt', '/docs']) {
    const op = operation(doc, path, 'get');
    assert.deepEqual(op.security, [], path);
    assert.ok((op.responses as Json)['200'], path);
  }
  const demo = operation(doc, '/demo/enrich');
  assert.deepEqual(demo.security, []);
  const rateLimited = doc.components.responses.RateLimited as Json;
  assert.ok((rateLimited.headers as Json)['Retry-After']);
  assert.deepEqual((demo.responses as Json)['429'], { $ref: '#/components/responses/RateLimited' });
});

test('OpenAPI: request bodies accept flat and {input} bodies and reject unknown fields', async () => {
  const doc = (await SwaggerParser.dereference(structuredClone(buildOpenApi(registry, site)) as never)) as unknown as ReturnType<typeof buildOpenApi>;
  const ajv = createAjv();
  for (const e of registry.list) {
    const op = operation(doc, e.path);
    const media = ((op.requestBody as Json).content as Json)['application/json'] as Json;
    const validate = ajv.compile(media.schema as object);
    const example = structuredClone(e.def.example);
    const ok = (body: unknown, label: string) => assert.ok(validate(structuredClone(body)), `${e.def.key} ${label}: ${ajv.errorsText(validate.errors)}`);
    const bad = (body: unknown, label: string) => assert.ok(!validate(structuredClone(body)), `${e.def.key} ${label} should be rejected`);
    ok(example, 'flat');
    ok({ input: example }, 'wrapped');
    ok({ input: example, format: 'llm' }, 'wrapped with format beside');
    ok({ ...example, format: 'both' }, 'flat with format');
    bad({ ...example, not_a_field: 1 }, 'flat with unknown field');
    bad({ input: example, not_a_field: 1 }, 'wrapped with unknown field');
    bad({ ...example, format: 'xml' }, 'bad format');
    for (const [name, ex] of Object.entries(media.examples as Record<string, { value: unknown }>)) ok(ex.value, `example ${name}`);
  }
});

test('OpenAPI: error examples match the Error schema and cover every code of their status', async () => {
  const doc = (await SwaggerParser.dereference(structuredClone(buildOpenApi(registry, site)) as never)) as unknown as ReturnType<typeof buildOpenApi>;
  const ajv = createAjv();
  const validate = ajv.compile(doc.components.schemas.Error as object);
  for (const [name, response] of Object.entries(doc.components.responses)) {
    const media = (response.content as Json)['application/json'] as Json;
    if (name === 'PaymentRequired') continue;
    assert.ok(validate(media.example), `${name}: ${ajv.errorsText(validate.errors)}`);
    const code = ((media.example as Json).error as Json).code as keyof typeof ERROR_CODES;
    assert.ok(String(response.description).includes(code), `${name} describes ${code}`);
  }
  assert.ok(!validate({ error: { code: 'no_such_code', message: 'x', retryable: false, request_id: 'r' } }));
});

test('well-known: version 1 and one resource per endpoint with the registry price', () => {
  const wk = buildWellKnownX402(registry, site);
  assert.equal(wk.version, 1);
  assert.equal(wk.service.version, '1.0.0');
  assert.equal(wk.endpoints.length, ENTRYPOINT_COUNT);
  // `resources` is the crawler-facing list of paid URLs (x402scan's convention).
  assert.deepEqual(wk.resources, registry.list.filter((e) => e.priceAtomic !== null).map((e) => `https://api.example.test/entrypoints/${e.def.key}/invoke`));
  for (const e of registry.list) {
    const r = wk.endpoints.find((x) => x.key === e.def.key);
    assert.ok(r, e.def.key);
    assert.equal(r.resource, `https://api.example.test/entrypoints/${e.def.key}/invoke`);
    assert.equal(r.method, 'POST');
    assert.equal(r.price_usdc, e.def.price);
    assert.equal(r.amount_atomic, e.priceAtomic === null ? null : e.priceAtomic.toString());
    assert.equal(r.free, e.priceAtomic === null);
    assert.equal(r.implemented, e.implemented);
    if (r.free) assert.deepEqual(r.networks, []);
    else {
      assert.deepEqual(r.networks, PAYMENT_NETWORKS.map((n) => n.id));
      for (const n of PAYMENT_NETWORKS) assert.equal(r.assets[n.id], n.asset);
    }
  }
  assert.ok(!JSON.stringify(wk).includes('payTo'), 'payTo is left to the live 402');
});

test('llms.txt: every key with its price, grouped by family, plus the docs links', () => {
  const txt = buildLlmsTxt(registry, site);
  assert.match(txt, /^# Onchain Enrichment API\n\n> /);
  const lines = txt.split('\n');
  for (const e of registry.list) {
    const line = lines.find((l) => l.startsWith(`- [${e.def.key}](`));
    assert.ok(line, `${e.def.key} listed`);
    assert.ok(line.includes(`(https://api.example.test/entrypoints/${e.def.key}/invoke)`), `${e.def.key} url`);
    assert.ok(line.includes(e.def.price === null ? '— free' : `— ${e.def.price} USDC`), `${e.def.key} price: ${line}`);
  }
  for (const needle of ['{"input"', '`format`', 'PAYMENT-SIGNATURE', 'X-PAYMENT', '402', 'never charged', '/docs#errors', '/openapi.json']) {
    assert.ok(txt.includes(needle), `mentions ${needle}`);
  }
  assert.ok(!txt.includes('Authorization: Payment'), 'card not mentioned when disabled');
  assert.ok(buildLlmsTxt(registry, { ...site, cardEnabled: true }).includes('Authorization: Payment'));
});

test('llms-full.txt: every endpoint with its inputs, bounds, defaults and example body', () => {
  const txt = buildLlmsFullTxt(registry, site);
  for (const e of registry.list) {
    const start = txt.indexOf(`- [${e.def.key}](`);
    assert.ok(start >= 0, e.def.key);
    const next = txt.indexOf('\n- [', start + 1);
    const section = txt.slice(start, next < 0 ? undefined : next);
    for (const row of inputRows(e.inputSchema)) assert.ok(section.includes(`\`${row.name}\``), `${e.def.key}: input ${row.name}`);
    assert.ok(section.includes(JSON.stringify(e.def.example)), `${e.def.key}: example body`);
  }
  const checkAlerts = txt.slice(txt.indexOf('- [check-alerts]('));
  assert.match(checkAlerts, /`tokens` \(array<string>; default \[\]; at most 10 items; each: length 32 to 44, base58 characters\)/);
  assert.match(checkAlerts, /`since` \(string; required; ISO 8601 UTC timestamp/);
  assert.match(checkAlerts, /`criteria\.perp_max_leverage` \(number; default 10; 1 to 100\)/);
  for (const code of Object.keys(ERROR_CODES)) assert.ok(txt.includes(`\`${code}\``), code);
});

test('input table: required, defaults and bounds', () => {
  const rows = inputRows(registry.get('new-tokens')!.inputSchema);
  const limit = rows.find((r) => r.name === 'limit');
  assert.ok(limit);
  assert.equal(limit.type, 'integer');
  assert.equal(limit.required, false);
  assert.equal(limit.default, 10);
  assert.equal(limit.constraints, '1 to 20');
  const format = rows.find((r) => r.name === 'format');
  assert.equal(format?.constraints, 'one of "json", "llm", "both"');
  const addr = inputRows(registry.get('enrich-wallet-light')!.inputSchema).find((r) => r.name === 'address');
  assert.deepEqual(addr && { required: addr.required, constraints: addr.constraints }, { required: true, constraints: 'length 32 to 44; base58 characters' });
});

test('HTML: every endpoint, the error table, responsive, no external assets, one inline script that parses', () => {
  const html = buildDocsHtml(registry, site, examples);
  assert.match(html, /^<!doctype html>/);
  assert.match(html, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
  for (const e of registry.list) {
    assert.ok(html.includes(`id="ep-${e.def.key}"`), `${e.def.key} section`);
    assert.ok(html.includes(`<code>${e.def.key}</code>`), `${e.def.key} title`);
  }
  for (const code of Object.keys(ERROR_CODES)) assert.ok(html.includes(`<td><code>${code}</code></td>`), code);
  const urls = html.match(/\bhttps?:\/\/[^\s"'<>&)]+/g) ?? [];
  assert.ok(urls.length > 0);
  for (const url of urls) assert.ok(url.startsWith('https://api.example.test/') || url === 'https://api.example.test', `external reference ${url}`);
  assert.ok(!/<link\b/i.test(html), 'no <link>');
  assert.ok(!/\ssrc=/i.test(html), 'no src= attributes');
  assert.ok(!/url\(/i.test(html), 'no CSS url()');
  assert.ok(!/@import/i.test(html), 'no CSS @import');
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
  assert.equal(scripts.length, 1);
  assert.equal((html.match(/<script/g) ?? []).length, 1);
  assert.doesNotThrow(() => new Function(scripts[0]![1]!));
  assert.match(html, /<input type="search" id="q"/);
  const pending = registry.list.filter((e) => !e.implemented).length;
  assert.equal((html.match(/class="badge"/g) ?? []).length, pending);
  assert.ok(!html.includes('Authorization: Payment'), 'no card header instructions when disabled');
  assert.ok(html.includes('<strong>Card</strong> (MPP card payment): not enabled on this deployment'), 'card named, as not enabled');
  // Every endpoint shows an example request and the generated shape of its response.
  assert.equal(html.split('<summary>Example response (shape)</summary>').length - 1, registry.list.length);
  // The sandbox cast, with every member's address.
  assert.ok(html.includes('<section id="sandbox">'));
  for (const c of Object.values(CAST)) assert.ok(html.includes(`<code>${c.address}</code>`), c.address);
  assert.ok(buildDocsHtml(registry, { ...site, cardEnabled: true }, examples).includes('Authorization: Payment'));
});

test('the demo example address is the JUP mint, which the sandbox holds a twin of (test/http/documented-examples.test.ts runs it)', () => {
  assert.equal(DEMO_ADDRESS, JUP_MINT);
  const html = buildDocsHtml(registry, site, examples);
  assert.ok(html.includes(escapeHtml(JSON.stringify({ address: DEMO_ADDRESS }))));
  const demo = operation(buildOpenApi(registry, site), '/demo/enrich');
  assert.deepEqual((((demo.requestBody as Json).content as Json)['application/json'] as Json).example, { address: DEMO_ADDRESS });
});

test('HTML: registry text is escaped; implemented endpoints get no "not built yet" badge', () => {
  const base = ENDPOINTS.find((e) => e.key === 'enrich-wallet-light')!;
  const evil: EndpointDefinition = {
    ...base,
    key: 'evil-endpoint',
    summary: '<script>alert("x")</script> & <b>co</b>',
    description: 'Look: <img src=x onerror=alert(1)> and `code` \'quoted\'',
    handler: async () => ({ data: {} }),
  };
  const fake = buildRegistry([...ENDPOINTS.slice(0, 2), evil]);
  const html = buildDocsHtml(fake, site, examples);
  assert.ok(!html.includes('<script>alert'), 'raw <script> from a summary');
  assert.ok(!html.includes('<img src=x'), 'raw <img> from a description');
  assert.ok(!html.includes('<b>co</b>'));
  assert.ok(html.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;co&lt;/b&gt;'));
  assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt; and <code>code</code> &#39;quoted&#39;'));
  assert.ok(html.includes('data-search="evil-endpoint &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;co&lt;/b&gt;"'));
  assert.equal((html.match(/<script/g) ?? []).length, 1);
  const article = html.slice(html.indexOf('id="ep-evil-endpoint"'));
  assert.ok(!article.slice(0, article.indexOf('</article>')).includes('not built yet'));
  assert.ok(html.slice(html.indexOf(`id="ep-${ENDPOINTS[0]!.key}"`)).includes('not built yet') || fake.list[0]!.implemented);
  assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');

  // The other documents survive the same text.
  assert.ok(buildLlmsTxt(fake, site).includes('- [evil-endpoint]('));
  assert.equal(buildWellKnownX402(fake, site).endpoints.length, 3);
});
