/**
 * `/docs`: one self-contained HTML page (inline CSS and one small inline script, no external assets)
 * generated from the registry: how to call and pay, units, error codes, and every endpoint with its
 * price, inputs table and a curl example. Every registry-derived text goes through `escapeHtml`.
 */
import { ERROR_CODES, type ErrorCode } from '../errors/api-error.js';
import { PAYMENT_NETWORKS } from '../payments/networks.js';
import type { Registry, RegisteredEndpoint } from '../registry/index.js';
import { DEMO_ADDRESS, type CastMemberKind, type DocExamples } from './examples.js';
import { EVENT_PRICE_USDC, EVENTS_PER_TOP_UP, TOP_UP_USDC } from '../streams/settings.js';
import { inputRows, requirementText } from './input-table.js';
import { exampleResponse } from '../registry/output-example.js';
import { plainSchema } from '../lib/plain-schema.js';
import { baseUrl, endpointUrl, groupByFamily, priceLabel, SERVICE_NAME, SERVICE_SUMMARY, UNITS_CONVENTIONS, type SiteInfo } from './site.js';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Escaped text with `code` spans and **bold** rendered (the markers survive escaping unchanged). */
function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
}

/** POSIX shell single-quoting. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function curlExample(site: SiteInfo, e: RegisteredEndpoint): string {
  const body = JSON.stringify(plainSchema(e.def.example));
  return [`curl -i -X POST ${shellQuote(endpointUrl(site, e))} \\`, `  -H 'Content-Type: application/json' \\`, `  -d ${shellQuote(body)}`].join('\n');
}

/** Stable HTML id for an endpoint key (keys are kebab-case; anything else is replaced). */
function anchor(prefix: string, key: string): string {
  return `${prefix}-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

const CSS = `
:root{--fg:#1b1f24;--muted:#57606a;--bg:#fff;--panel:#f6f8fa;--border:#d0d7de;--accent:#0b63c5;--badge:#9a6700;--badge-bg:#fff8c5;--free:#1a7f37}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--panel:#161b22;--border:#30363d;--accent:#4493f8;--badge:#d29922;--badge-bg:#2d2208;--free:#3fb950}}
*{box-sizing:border-box}
[hidden]{display:none!important}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:var(--fg);background:var(--bg)}
.wrap{max-width:980px;margin:0 auto;padding:0 16px 48px}
header.top{border-bottom:1px solid var(--border);padding:24px 0 16px;margin-bottom:8px}
h1{font-size:1.9rem;margin:0 0 4px}
h2{font-size:1.4rem;margin:40px 0 12px;padding-bottom:4px;border-bottom:1px solid var(--border)}
h3{font-size:1.1rem;margin:0 0 6px;display:flex;flex-wrap:wrap;gap:8px;align-items:center}
h3 a{color:inherit;text-decoration:none}
a{color:var(--accent)}
p{margin:8px 0}
.muted{color:var(--muted)}
nav.links,nav.toc{display:flex;flex-wrap:wrap;gap:6px 16px;margin:8px 0}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.88em}
code{background:var(--panel);border-radius:4px;padding:1px 4px;overflow-wrap:anywhere}
pre{background:var(--panel);border:1px solid var(--border);border-radius:6px;padding:12px;overflow-x:auto;margin:8px 0}
pre code{background:none;padding:0;overflow-wrap:normal}
.table-wrap{overflow-x:auto;margin:8px 0;-webkit-overflow-scrolling:touch}
table{border-collapse:collapse;width:100%;font-size:.92em}
th,td{border:1px solid var(--border);padding:6px 8px;text-align:left;vertical-align:top}
th{background:var(--panel)}
.endpoint{border:1px solid var(--border);border-radius:8px;padding:14px 16px;margin:14px 0}
.price{font-size:.85rem;font-weight:600;border:1px solid var(--border);border-radius:999px;padding:1px 10px}
.price.free{color:var(--free);border-color:var(--free)}
.badge{font-size:.75rem;font-weight:600;color:var(--badge);background:var(--badge-bg);border:1px solid var(--badge);border-radius:999px;padding:1px 8px}
.search{position:sticky;top:0;background:var(--bg);padding:10px 0;z-index:1}
.search input{width:100%;font:inherit;padding:10px 12px;border:1px solid var(--border);border-radius:6px;background:var(--panel);color:var(--fg)}
ul{padding-left:22px}
.label{margin:10px 0 0;font-weight:600;font-size:.9em}
details.response summary{cursor:pointer;font-weight:600;font-size:.9em}
details.response pre{max-height:420px}
@media (max-width:600px){body{font-size:15px}h1{font-size:1.5rem}.endpoint{padding:12px}th,td{padding:5px 6px}}
`;

const SCRIPT = `
(function () {
  var q = document.getElementById('q');
  var count = document.getElementById('count');
  var none = document.getElementById('no-results');
  var endpoints = Array.prototype.slice.call(document.querySelectorAll('.endpoint'));
  var families = Array.prototype.slice.call(document.querySelectorAll('.family'));
  function run() {
    var words = q.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var shown = 0;
    endpoints.forEach(function (e) {
      var text = e.getAttribute('data-search') || '';
      var ok = words.every(function (w) { return text.indexOf(w) !== -1; });
      e.hidden = !ok;
      if (ok) shown++;
    });
    families.forEach(function (f) { f.hidden = !f.querySelector('.endpoint:not([hidden])'); });
    none.hidden = shown !== 0;
    count.textContent = shown + ' of ' + endpoints.length + ' endpoints';
  }
  q.addEventListener('input', run);
  run();
})();
`;

function inputsTable(e: RegisteredEndpoint): string {
  const rows = inputRows(e.inputSchema);
  const body = rows
    .map(
      (r) =>
        `<tr><td><code>${escapeHtml(r.name)}</code></td><td>${escapeHtml(r.type)}</td><td>${escapeHtml(requirementText(r))}</td>` +
        `<td>${escapeHtml(r.constraints)}</td><td>${inline(r.description ?? '')}</td></tr>`,
    )
    .join('\n');
  return (
    '<div class="table-wrap"><table><thead><tr><th>Input</th><th>Type</th><th>Required / default</th><th>Bounds</th><th>Description</th></tr></thead>' +
    `<tbody>\n${body}\n</tbody></table></div>`
  );
}

function endpointArticle(site: SiteInfo, e: RegisteredEndpoint): string {
  const { def } = e;
  const free = e.priceAtomic === null;
  const search = `${def.key} ${def.summary}`.toLowerCase();
  const payNote = free
    ? 'Free: no payment; rate-limited per client IP.'
    : 'The first call answers 402 with the price and the x402 challenge; pay with an x402 client (e.g. <code>@x402/fetch</code>) and repeat the call.';
  return `<article class="endpoint" id="${escapeHtml(anchor('ep', def.key))}" data-search="${escapeHtml(search)}">
<h3><a href="#${escapeHtml(anchor('ep', def.key))}"><code>${escapeHtml(def.key)}</code></a> <span class="price${free ? ' free' : ''}">${escapeHtml(priceLabel(e))}</span>${
    e.implemented ? '' : ' <span class="badge" title="Answers 501 not_implemented; never charged">not built yet</span>'
  }</h3>
<p><strong>${escapeHtml(def.summary)}</strong></p>
<p>${inline(def.description)}</p>
<p class="muted"><code>POST ${escapeHtml(e.path)}</code> · cached ${escapeHtml(String(def.cacheTtlSeconds))} s · ${payNote}</p>
${inputsTable(e)}
<p class="label">Example request</p>
<pre><code>${escapeHtml(curlExample(site, e))}</code></pre>
<details class="response"><summary>Example response (shape)</summary>
<p class="muted">Generated from the output schema: every field, placeholder values (first enum value, lower bound, <code>"string"</code>). Real answers carry real values.</p>
<pre><code>${escapeHtml(JSON.stringify(exampleResponse(e), null, 2))}</code></pre>
</details>
</article>`;
}

const CAST_KINDS: { kind: CastMemberKind; title: string }[] = [
  { kind: 'token', title: 'Tokens' },
  { kind: 'wallet', title: 'Wallets' },
  { kind: 'program', title: 'Programs and special addresses' },
  { kind: 'transaction', title: 'Transactions' },
];

/** The sandbox cast (docs/sandbox-cast.md): addresses to try each endpoint on, with what they show. */
function castSection(cast: DocExamples['sandboxCast']): string {
  const entries = Object.entries(cast);
  const tables = CAST_KINDS.map(({ kind, title }) => {
    const rows = entries
      .filter(([, c]) => c.kind === kind)
      .map(([name, c]) => `<tr><td><code>${escapeHtml(name)}</code></td><td><code>${escapeHtml(c.address)}</code></td><td>${inline(c.class)}</td></tr>`)
      .join('\n');
    return rows ? `<h3>${escapeHtml(title)}</h3>\n<div class="table-wrap"><table><thead><tr><th>Name</th><th>Address</th><th>Shows</th></tr></thead><tbody>\n${rows}\n</tbody></table></div>` : '';
  }).join('\n');
  return `<section id="sandbox">
<h2>Sandbox cast</h2>
<p>With <code>DATA_MODE=sandbox</code> the service answers from a deterministic synthetic Solana chain. These named addresses are the same in every sandbox and each is designed to show one class of answer; use them as inputs to see every verdict, label and signal. Real mints (USDC, SOL, …) are part of the cast too.</p>
<details><summary>${entries.length} cast members</summary>
${tables}
</details>
</section>`;
}

function errorsTable(): string {
  const rows = (Object.keys(ERROR_CODES) as ErrorCode[])
    .map((c) => {
      const info = ERROR_CODES[c];
      return `<tr><td><code>${escapeHtml(c)}</code></td><td>${info.status}</td><td>${info.retryable ? 'yes' : 'no'}</td><td>${inline(info.meaning)}</td></tr>`;
    })
    .join('\n');
  return `<div class="table-wrap"><table><thead><tr><th>Code</th><th>HTTP</th><th>Retryable</th><th>Meaning</th></tr></thead><tbody>\n${rows}\n</tbody></table></div>`;
}

function paySection(site: SiteInfo): string {
  const nets = PAYMENT_NETWORKS.map(
    (n) => `<li><strong>${escapeHtml(n.label)}</strong> (<code>${escapeHtml(n.id)}</code>, x402 v1 name <code>${escapeHtml(n.v1Name)}</code>): USDC <code>${escapeHtml(n.asset)}</code></li>`,
  ).join('\n');
  // Card is listed either way so a reader learns it exists; whether this deployment takes it is stated.
  const card = site.cardEnabled
    ? '<li><strong>Card</strong>: send <code>Authorization: Payment &lt;credential&gt;</code> (MPP card payment); the 402 carries the card challenge in <code>WWW-Authenticate</code>. Enabled on this deployment.</li>'
    : '<li><strong>Card</strong> (MPP card payment): not enabled on this deployment, so its 402 carries no card challenge.</li>';
  return `<section id="paying">
<h2>How to pay</h2>
<p>No API key and no account: each paid call is paid with <strong>x402</strong> in USDC, same price on every network; you pick.</p>
<ul>
${nets}
${card}
</ul>
<ol>
<li>Call the endpoint without payment. The answer is <strong>402</strong> with the challenge: x402 v2 clients read the base64 <code>PAYMENT-REQUIRED</code> header, v1 clients the JSON body (<code>accepts[]</code>). The body also lists <code>pricing</code>, <code>how_to_pay</code>, every endpoint's price (<code>all_endpoints</code>) and any <code>input_errors</code> in what you sent.</li>
<li>Sign a payment for one <code>accepts</code> entry and repeat the identical call with <code>PAYMENT-SIGNATURE</code> (v2) or <code>X-PAYMENT</code> (v1). Clients: <code>@x402/fetch</code> (v2), <code>x402-fetch</code> (v1).</li>
<li>The answer comes with a settlement receipt in <code>PAYMENT-RESPONSE</code>.</li>
</ol>
<p>Schemes (x402 v2): <code>exact</code> on both networks pays the price with one transfer per call. On Base, <code>batch-settlement</code> pays from a channel you deposit into once: each call is one signed voucher and no transaction; the service claims vouchers in batches and refunds an idle channel. An endpoint whose answer can cost less than its price (its description says how, e.g. batch-enrich per item answered) also offers <code>upto</code> on Base: you authorise the price as a maximum and are charged by the rule, never more.</p>
<p><strong>You are never charged for a failure</strong>: payment is settled only after a 2xx answer. Invalid input, errors and endpoints that are not built yet are not charged. A repeat call inside an endpoint's cache window returns the same answer and is charged.</p>
</section>`;
}

/** Alert subscriptions: the push form of the polling alert endpoints (docs/streaming.md). */
function subscriptionsSection(base: string): string {
  const route = (method: string, path: string, what: string) => `<li><code>${escapeHtml(`${method} ${path}`)}</code>: ${what}</li>`;
  return `<section id="subscriptions">
<h2>Alert subscriptions</h2>
<p><code>check-alerts</code>, <code>launchpad-alerts</code> and <code>exit-signal</code> can push their alerts instead of being polled: on a Server-Sent Events stream or to a signed webhook (Standard Webhooks), at <strong>${escapeHtml(EVENT_PRICE_USDC)} USDC per delivered event</strong>. Creating and managing a subscription is free (rate-limited); the management routes take the subscription's token as <code>Authorization: Bearer st_…</code>. A wrong token or id answers 404 <code>unknown_subscription</code>. Guide: <code>docs/streaming.md</code>; schemas: <a href="${escapeHtml(base)}/openapi.json">OpenAPI</a> (tag “Alert subscriptions”).</p>
<ul>
${route('POST', '/subscriptions', 'create: <code>{"source", "input", "delivery"}</code>, where <code>input</code> is the polling endpoint\'s input without <code>since</code> and <code>format</code>, and <code>delivery</code> is <code>{"type": "stream"}</code> or <code>{"type": "webhook", "url": "&lt;your https URL&gt;"}</code>. The answer (201) carries the <code>token</code> and a webhook\'s <code>webhook_secret</code>, shown once.')}
${route('POST', '/subscriptions/fund', `paid top-up (x402, ${escapeHtml(TOP_UP_USDC)} USDC = ${EVENTS_PER_TOP_UP} events) with <code>{"subscription_id"}</code>: <code>exact</code> buys a prepaid balance; a <code>batch-settlement</code> voucher on Base an allowance charged per delivered event. Unfunded subscriptions are <code>paused</code>.`)}
${route('GET', '/subscriptions/{id}', 'status, funds and how far delivery got.')}
${route('DELETE', '/subscriptions/{id}', 'cancel.')}
${route('GET', '/subscriptions/{id}/events', 'the event stream (<code>text/event-stream</code>; <code>?token=</code> for EventSource; resume with <code>Last-Event-ID</code>; control events <code>gap</code>, <code>paused</code>, <code>cancelled</code>).')}
${route('GET', '/subscriptions/{id}/charges', 'one charge per delivered event (<code>after_seq</code>, <code>limit</code>).')}
${route('GET', '/subscriptions/{id}/deliveries', 'the webhook delivery attempts (<code>limit</code>).')}
</ul>
</section>`;
}

/** The whole documentation page. */
export function buildDocsHtml(registry: Registry, site: SiteInfo, examples: DocExamples): string {
  const base = baseUrl(site);
  const groups = groupByFamily(registry);
  const toc = groups.map((g) => `<a href="#${escapeHtml(anchor('fam', g.family))}">${escapeHtml(g.title)}</a>`).join('\n');
  const families = groups
    .map(
      (g) => `<section class="family" id="${escapeHtml(anchor('fam', g.family))}">
<h2>${escapeHtml(g.title)}</h2>
${g.endpoints.map((e) => endpointArticle(site, e)).join('\n')}
</section>`,
    )
    .join('\n');
  const demoCurl = [`curl -i -X POST ${shellQuote(`${base}/demo/enrich`)} \\`, `  -H 'Content-Type: application/json' \\`, `  -d ${shellQuote(JSON.stringify({ address: DEMO_ADDRESS }))}`].join('\n');
  const free = registry.list.filter((e) => e.priceAtomic === null);

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(SERVICE_NAME)} — documentation</title>
<meta name="description" content="${escapeHtml(SERVICE_SUMMARY.replace(/`/g, ''))}">
<style>${CSS}</style>
</head>
<body>
<div class="wrap">
<header class="top">
<h1>${escapeHtml(SERVICE_NAME)}</h1>
<p class="muted">Version ${escapeHtml(site.version)} · ${registry.list.length} endpoints · <code>${escapeHtml(base)}</code></p>
<p>${inline(SERVICE_SUMMARY)}</p>
<nav class="links" aria-label="Machine-readable documents">
<a href="${escapeHtml(base)}/openapi.json">OpenAPI 3.1</a>
<a href="${escapeHtml(base)}/llms.txt">llms.txt</a>
<a href="${escapeHtml(base)}/llms-full.txt">llms-full.txt</a>
<a href="${escapeHtml(base)}/.well-known/x402">/.well-known/x402</a>
<a href="${escapeHtml(base)}/status">Status</a>
</nav>
<nav class="toc" aria-label="Sections">
<a href="#calling">Calling</a>
<a href="#paying">Paying</a>
<a href="#subscriptions">Alert subscriptions</a>
<a href="#units">Units</a>
<a href="#sandbox">Sandbox cast</a>
<a href="#errors">Errors</a>
<a href="#endpoints">Endpoints</a>
</nav>
</header>
<main>
<section id="calling">
<h2>Calling</h2>
<p>Every capability is one operation: <code>POST ${escapeHtml(base)}/entrypoints/{key}/invoke</code> with a JSON body.</p>
<ul>
<li>The body is the flat inputs (<code>{"address": "…"}</code>) or the same inputs wrapped as <code>{"input": {…}}</code>. Unknown fields are rejected; defaults are filled in.</li>
<li><code>format</code> is accepted by every endpoint: <code>json</code> (default, typed fields), <code>llm</code> (short deterministic markdown briefing) or <code>both</code> (JSON plus <code>llm_summary</code>). Same price.</li>
<li>Every answer carries <code>caveats</code> (<code>[{code, leg?, message}]</code>: degraded data legs; keep them with the answer), <code>next_steps</code> (<code>[{endpoint, input, reason}]</code>, callable as given) and <code>meta</code> (<code>endpoint, request_id, served_at, data_mode, cache, version</code>).</li>
<li>Free without payment: ${free.map((e) => `<code>${escapeHtml(e.def.key)}</code>`).join(', ') || 'none'}, the documents above, and the demo below.</li>
<li>MCP: <code>POST ${escapeHtml(base)}/mcp</code> (stateless Streamable HTTP) lists one tool per endpoint with the same names, inputs and answers (briefing as text, data as <code>structuredContent</code>). A paid tool called without payment returns <code>isError</code> with the x402 <code>PaymentRequired</code>; repeat the call with the signed payment in <code>_meta["x402/payment"]</code>; the receipt comes back in <code>_meta["x402/payment-response"]</code>.</li>
</ul>
<p>Try the free demo (a mint gets the light token analysis, any other address the light wallet profile; 10 calls per hour per IP). The example sends the JUP mint (the sandbox holds a twin of it), so it gets the light token analysis:</p>
<pre><code>${escapeHtml(demoCurl)}</code></pre>
</section>
${paySection(site)}
${subscriptionsSection(base)}
<section id="units">
<h2>Units and conventions</h2>
<ul>
${UNITS_CONVENTIONS.map((u) => `<li>${inline(u)}</li>`).join('\n')}
</ul>
</section>
${castSection(examples.sandboxCast)}
<section id="errors">
<h2>Error codes</h2>
<p>Every error is <code>{"error": {"code", "message", "issues"?, "retryable", "request_id"}}</code>; <code>invalid_input</code> lists each problem as <code>{path, message}</code>. Nothing is charged for any error.</p>
${errorsTable()}
</section>
<section id="endpoints">
<h2>Endpoints</h2>
<nav class="toc" aria-label="Endpoint families">
${toc}
</nav>
<div class="search"><input type="search" id="q" placeholder="Filter endpoints by key or summary" aria-label="Filter endpoints by key or summary" autocomplete="off"></div>
<p class="muted" id="count" aria-live="polite">${registry.list.length} endpoints</p>
${families}
<p id="no-results" hidden>No endpoint matches.</p>
</section>
</main>
</div>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
