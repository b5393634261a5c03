/**
 * Every documented example answers 200 on a fresh install (a fresh sandbox service, nothing recorded yet):
 *
 * - every request example of every operation in the served /openapi.json (all named examples), paid by a
 *   real x402 client when the operation is paid, just called when it is free;
 * - every curl example the served /docs page shows (one per endpoint, and the free demo);
 * - every example body in the served llms.txt and llms-full.txt;
 * - every `npm run pay` and curl example in README.md.
 *
 * The examples are parsed from the served (or written) text, never kept as a second list here, so an
 * example that names an address the sandbox does not know (a mainnet mint without a sandbox twin) fails.
 * The demo's text says what it answers (a mint gets the light token analysis): the demo example must get it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { newPayer, type Payer, type PayNetwork } from '../helpers/payers.js';
import { startTestService, type TestService } from '../helpers/service.js';

type Json = Record<string, any>;

/** One documented call: where it was written, the route, the body, and how it is paid. */
interface DocumentedCall {
  source: string;
  path: string;
  body: unknown;
  /** Paid with a payer on this network; null: a free route, called without payment. */
  network: PayNetwork | null;
}

const README = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');

const HTML_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescapeHtml = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (m) => HTML_ENTITIES[m]!);

/** The route of a URL or path as written in a document (the documents name the public base URL). */
function routeOf(url: string): string {
  return url.startsWith('/') ? url : new URL(url).pathname;
}

/**
 * The calls in shell text: every `curl … URL … -d 'BODY'` and every `npm run pay -- KEY 'BODY' [--network N]`.
 * Bodies are single-quoted (POSIX quoting, `'\''` for a quote inside).
 */
function shellCalls(text: string, source: string, paidPaths: ReadonlySet<string>): DocumentedCall[] {
  const calls: DocumentedCall[] = [];
  const joined = text.replace(/\\\n\s*/g, ' ');
  const quoted = String.raw`'((?:[^']|'\\'')*)'`;
  for (const line of joined.split('\n')) {
    const curl = line.match(new RegExp(String.raw`curl\b.*?'?(https?://[^\s']+|/[^\s']+)'?.*?-d ${quoted}`));
    if (curl) {
      const path = routeOf(curl[1]!);
      calls.push({ source, path, body: JSON.parse(curl[2]!.replace(/'\\''/g, "'")), network: paidPaths.has(path) ? 'solana' : null });
      continue;
    }
    const pay = line.match(new RegExp(String.raw`npm run pay -- (\S+) ${quoted}(?:.*--network (solana|base))?`));
    if (pay) {
      calls.push({ source, path: `/entrypoints/${pay[1]}/invoke`, body: JSON.parse(pay[2]!.replace(/'\\''/g, "'")), network: (pay[3] as PayNetwork | undefined) ?? 'solana' });
    }
  }
  return calls;
}

/** The example bodies of llms.txt / llms-full.txt: each endpoint line `- [key](…)` and the ```json block after it. */
function llmsCalls(text: string, source: string, paidPaths: ReadonlySet<string>): DocumentedCall[] {
  const calls: DocumentedCall[] = [];
  let key: string | null = null;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const endpoint = lines[i]!.match(/^- \[([a-z0-9-]+)\]\(/);
    if (endpoint) key = endpoint[1]!;
    if (lines[i]!.trim() === '```json' && key !== null) {
      const path = `/entrypoints/${key}/invoke`;
      calls.push({ source, path, body: JSON.parse(lines[i + 1]!.trim()), network: paidPaths.has(path) ? 'base' : null });
    }
  }
  return calls;
}

describe('every documented example answers 200 on a fresh install', () => {
  let service: TestService;
  let payers: Record<PayNetwork, Payer[]>;
  let openapi: Json;
  let docsHtml: string;
  let llms: string;
  let llmsFull: string;
  before(async () => {
    // Today, held still: a payment's lifetime (a Solana blockhash lasts 150 slots of the service's clock) then
    // cannot run out while a slow cold scan answers on a busy machine, so no verdict depends on its speed.
    service = await startTestService({ fixedNow: new Date() });
    const [solana, base] = await Promise.all([
      Promise.all([newPayer(service, 'solana'), newPayer(service, 'solana')]),
      Promise.all([newPayer(service, 'base'), newPayer(service, 'base')]),
    ]);
    payers = { solana, base };
    const get = async (path: string) => {
      const res = await fetch(`${service.url}${path}`);
      assert.equal(res.status, 200, path);
      return res.text();
    };
    [openapi, docsHtml, llms, llmsFull] = await Promise.all([get('/openapi.json').then((t) => JSON.parse(t) as Json), get('/docs'), get('/llms.txt'), get('/llms-full.txt')]);
  });
  after(() => service.close());

  /** The paid operations' paths (their OpenAPI operation carries `x-payment-info`). */
  function paidPaths(): Set<string> {
    return new Set(Object.entries(openapi.paths as Json).filter(([, item]) => (item as Json).post?.['x-payment-info'] !== undefined).map(([path]) => path));
  }

  function openapiCalls(): DocumentedCall[] {
    const calls: DocumentedCall[] = [];
    for (const [path, item] of Object.entries(openapi.paths as Json)) {
      const op = (item as Json).post as Json | undefined;
      const content = op?.requestBody?.content?.['application/json'] as Json | undefined;
      if (!op || !content) continue;
      const network: PayNetwork | null = op['x-payment-info'] !== undefined ? (calls.length % 2 === 0 ? 'solana' : 'base') : null;
      if (content.example !== undefined) calls.push({ source: `openapi ${path} example`, path, body: content.example, network });
      for (const [name, example] of Object.entries((content.examples ?? {}) as Json)) {
        calls.push({ source: `openapi ${path} example ${name}`, path, body: (example as Json).value, network });
      }
    }
    return calls;
  }

  /**
   * A subscription for the top-up's example, whose `subscription_id` is a placeholder the docs say to replace with
   * the id `POST /subscriptions` answered (docs/streaming.md): the example is run as a reader would run it.
   */
  let subscriptionId: string | undefined;
  async function withRealSubscription(call: DocumentedCall): Promise<unknown> {
    const body = call.body as Json;
    if (call.path !== '/subscriptions/fund' || !/^sub_0+$/.test(String(body?.subscription_id))) return call.body;
    if (!subscriptionId) {
      const created = await fetch(`${service.url}/subscriptions`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ source: 'exit-signal', input: { mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263' }, delivery: { type: 'stream' } }),
      });
      assert.equal(created.status, 201);
      subscriptionId = ((await created.json()) as Json).id as string;
    }
    return { ...body, subscription_id: subscriptionId };
  }

  /** The status an example's operation documents for success: 201 where it creates (`POST /subscriptions`), else 200. */
  function successStatus(path: string): number {
    return (openapi.paths as Json)[path]?.post?.responses?.['201'] ? 201 : 200;
  }

  let turn = 0;
  async function answer(call: DocumentedCall): Promise<{ status: number; json: Json; text: string }> {
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(await withRealSubscription(call)) };
    let res: Response;
    if (call.network === null) {
      res = await fetch(`${service.url}${call.path}`, init);
    } else {
      const list = payers[call.network];
      res = await list[turn++ % list.length]!.fetch(`${service.url}${call.path}`, init);
    }
    const text = await res.text();
    let json: Json = {};
    try {
      json = JSON.parse(text) as Json;
    } catch {
      // Reported through `text` below.
    }
    return { status: res.status, json, text };
  }

  /** Calls each example (four at a time: one per payer) and lists every one that did not answer 200. */
  async function failuresOf(calls: DocumentedCall[]): Promise<string[]> {
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < calls.length) {
        const call = calls[next++]!;
        const res = await answer(call);
        if (res.status !== successStatus(call.path)) failures.push(`${call.source}: ${call.path} ${JSON.stringify(call.body).slice(0, 160)} → ${res.status} ${res.text.slice(0, 200)}`);
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    return failures;
  }

  it('the documents hold examples: OpenAPI (every operation), /docs (every endpoint and the demo), llms-full.txt, README', () => {
    const paid = paidPaths();
    const docs = shellCalls(unescapeHtml(docsHtml), '/docs', paid);
    const entrypoints = Object.keys(openapi.paths as Json).filter((p) => p.startsWith('/entrypoints/'));
    for (const path of entrypoints) {
      assert.ok(openapiCalls().some((c) => c.path === path), `OpenAPI: no request example for ${path}`);
      assert.ok(docs.some((c) => c.path === path), `/docs: no curl example for ${path}`);
      assert.ok(llmsCalls(llmsFull, 'llms-full.txt', paid).some((c) => c.path === path), `llms-full.txt: no example body for ${path}`);
    }
    assert.ok(docs.some((c) => c.path === '/demo/enrich'), '/docs: no demo example');
    assert.ok(shellCalls(README, 'README.md', paid).length >= 2, 'README.md: no example calls found');
  });

  it('pays for (or calls) every example: each answers 200', async () => {
    const paid = paidPaths();
    const sets: [string, DocumentedCall[]][] = [
      ['OpenAPI request examples', openapiCalls()],
      ['/docs curl examples', shellCalls(unescapeHtml(docsHtml), '/docs', paid)],
      ['llms.txt examples', llmsCalls(llms, 'llms.txt', paid)],
      ['llms-full.txt examples', llmsCalls(llmsFull, 'llms-full.txt', paid)],
      ['README.md examples', shellCalls(README, 'README.md', paid)],
    ];
    const failures: string[] = [];
    const counts: string[] = [];
    for (const [what, calls] of sets) {
      failures.push(...(await failuresOf(calls)));
      counts.push(`${what}: ${calls.length}`);
    }
    const total = sets.reduce((n, [, calls]) => n + calls.length, 0);
    console.log(`# documented examples checked: ${total} (${counts.join(', ')}); not 200: ${failures.length}`);
    assert.deepEqual(failures, [], `${failures.length} of ${total} documented examples did not answer 200`);
  });

  it('the /docs demo example gets what the demo text says it gets', async () => {
    const html = unescapeHtml(docsHtml);
    const demo = shellCalls(html, '/docs', new Set()).find((c) => c.path === '/demo/enrich');
    assert.ok(demo, '/docs: no demo example');
    const text = (html.match(/Try the free demo[\s\S]*?<\/p>/)?.[0] ?? '').replace(/<[^>]+>/g, '');
    const res = await answer(demo);
    assert.equal(res.status, 200, res.text);
    const kind = res.json.meta?.endpoint as string | undefined;
    assert.ok(kind === 'enrich-token-light' || kind === 'enrich-wallet-light', res.text.slice(0, 300));
    // The sentence about the example itself ("the example … gets the light token analysis") must name what came back.
    const got = kind === 'enrich-token-light' ? 'token analysis' : 'wallet profile';
    assert.match(text, new RegExp(`example[^.;]*gets the light ${got}`), `demo text "${text}" vs the example's answer (${kind}): ${res.text.slice(0, 300)}`);
  });
});
