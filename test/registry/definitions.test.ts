/**
 * Static checks of the 48 endpoint definitions against the interface spec: one file per key in the
 * right folder, examples valid against their input schemas, closed input objects, prices, cache TTLs,
 * and a table of spot-checked bounds and defaults taken from the spec (and the effective defaults the docs state).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { ENDPOINTS } from '../../src/endpoints/index.js';
import { FAMILY_TITLES, type EndpointDefinition, type Family } from '../../src/registry/types.js';

type Json = Record<string, unknown>;

const ENDPOINTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'endpoints');

function makeAjv(): Ajv {
  const ajv = new Ajv({ strict: false, useDefaults: true, allErrors: true });
  addFormats.default(ajv);
  ajv.addFormat('utc-timestamp', () => true);
  return ajv;
}

function byKey(key: string): EndpointDefinition {
  const def = ENDPOINTS.find((e) => e.key === key);
  assert.ok(def, `no endpoint ${key}`);
  return def;
}

/** Walks a dotted path of property names through nested `properties`. */
function prop(def: EndpointDefinition, path: string): Json {
  let schema = def.input as unknown as Json;
  for (const name of path.split('.')) {
    const props = schema.properties as Record<string, Json> | undefined;
    assert.ok(props && props[name], `${def.key}: no input field ${path}`);
    schema = props[name];
  }
  return schema;
}

function listEndpointFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listEndpointFiles(full));
    else if (name.endsWith('.ts')) out.push(relative(ENDPOINTS_DIR, full).split(sep).join('/'));
  }
  return out.sort();
}

const SPEC_ORDER = [
  'enrich-wallet-light', 'enrich-wallet-full', 'enrich-token-light', 'enrich-token-full', 'parse-transaction',
  'whale-watch', 'batch-enrich', 'wallet-graph', 'copy-trade-signals', 'due-diligence', 'query', 'compare-tokens',
  'compare-wallets', 'token-trend', 'wallet-history', 'portfolio-history', 'protocol-profile',
  'perps-market-structure', 'perps-market-trend', 'perps-trader-profile', 'refvenue-trader-profile',
  'refvenue-smart-money', 'perps-cross-venue-funding', 'perps-venue-comparison', 'perps-basis-signal',
  'new-tokens', 'trending-signals', 'smart-money-flow', 'smart-money-trenches', 'runner-scan', 'trenches-scan',
  'trenches-check', 'exit-signal', 'attention-momentum', 'consensus-signal', 'feed-latest', 'gacha-ev-scan',
  'check-alerts',
  'launchpad-pairs', 'launchpad-reward-risk', 'launchpad-yield', 'launchpad-yield-batch', 'launchpad-alerts',
  'launchpad-screener', 'launchpad-gems', 'launchpad-launch-intel', 'launchpad-quote', 'launchpad-launch-preflight',
];

test('exactly 48 endpoints with unique keys, in spec order', () => {
  assert.equal(ENDPOINTS.length, 48);
  assert.equal(new Set(ENDPOINTS.map((e) => e.key)).size, 48);
  assert.deepEqual(ENDPOINTS.map((e) => e.key), SPEC_ORDER);
});

test('each endpoint lives in src/endpoints/<family>/<key>.ts and the folder holds nothing else', async () => {
  // Beside them: a module of one endpoint in `src/endpoints/<family>/<key>/`, one several endpoints of a family
  // share in `src/endpoints/<family>/shared/`, one shared across families in `src/endpoints/shared/`.
  const endpointFolders = new Set(ENDPOINTS.map((e) => `${e.family}/${e.key}`));
  const isHelper = (f: string) => /^([^/]+\/)?shared\//.test(f) || (f.split('/').length === 3 && endpointFolders.has(dirname(f)));
  const files = listEndpointFiles(ENDPOINTS_DIR).filter((f) => f !== 'index.ts' && !isHelper(f));
  const expected = ENDPOINTS.map((e) => `${e.family}/${e.key}.ts`).sort();
  assert.deepEqual(files, expected);
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(ENDPOINTS_DIR, file)).href)) as { default: EndpointDefinition };
    const [family, name] = file.split('/');
    assert.equal(mod.default.family, family, file);
    assert.equal(`${mod.default.key}.ts`, name, file);
    assert.ok(ENDPOINTS.includes(mod.default), `${file} is not the object registered in ENDPOINTS`);
    assert.ok((Object.keys(FAMILY_TITLES) as Family[]).includes(mod.default.family), file);
  }
});

/** The endpoint files that use each module of src/endpoints, directly or through other modules there. */
function endpointUsers(files: readonly string[], endpointFiles: ReadonlySet<string>): Map<string, Set<string>> {
  const importers = new Map<string, Set<string>>();
  for (const file of files) {
    const text = readFileSync(join(ENDPOINTS_DIR, file), 'utf8');
    for (const [, spec] of text.matchAll(/from '(\.[^']+)'/g)) {
      const target = posix.normalize(posix.join(posix.dirname(file), spec!)).replace(/\.js$/, '.ts');
      if (!importers.has(target)) importers.set(target, new Set());
      importers.get(target)!.add(file);
    }
  }
  const users = new Map<string, Set<string>>();
  for (const file of files) {
    const found = new Set<string>();
    const seen = new Set([file]);
    const queue = [file];
    while (queue.length > 0) {
      for (const importer of importers.get(queue.pop()!) ?? []) {
        if (seen.has(importer) || importer === 'index.ts') continue;
        seen.add(importer);
        if (endpointFiles.has(importer)) found.add(importer);
        else queue.push(importer);
      }
    }
    users.set(file, found);
  }
  return users;
}

test('a module of one endpoint lives in its <family>/<key>/ folder; shared/ holds what several endpoints use', () => {
  const files = listEndpointFiles(ENDPOINTS_DIR);
  const endpointFiles = new Set(ENDPOINTS.map((e) => `${e.family}/${e.key}.ts`));
  const problems: string[] = [];
  for (const [file, users] of endpointUsers(files, endpointFiles)) {
    const parts = file.split('/');
    const families = new Set([...users].map((u) => u.split('/')[0]));
    const list = [...users].sort().join(', ');
    if (parts[0] === 'shared') {
      if (users.size > 0 && families.size < 2) problems.push(`${file} is used by one family only (${list}): it belongs in <family>/shared/ or <family>/<key>/`);
    } else if (parts[1] === 'shared') {
      if (users.size === 1) problems.push(`${file} is used by one endpoint only (${list}): it belongs in that endpoint's folder`);
      if ([...families].some((f) => f !== parts[0])) problems.push(`${file} is used across families (${list}): it belongs in src/endpoints/shared/`);
    } else if (parts.length === 3) {
      const owner = `${parts[0]}/${parts[1]}.ts`;
      if ([...users].some((u) => u !== owner)) problems.push(`${file} belongs to ${owner} but is used by ${list}: it belongs in a shared/ folder`);
    }
  }
  assert.deepEqual(problems, []);
});

test('every example validates against its input schema', () => {
  const ajv = makeAjv();
  for (const def of ENDPOINTS) {
    const validate = ajv.compile(def.input);
    const example = structuredClone(def.example);
    assert.ok(validate(example), `${def.key}: ${ajv.errorsText(validate.errors)}`);
  }
});

test('every default value is itself valid for its field', () => {
  const ajv = makeAjv();
  const visit = (key: string, path: string, schema: Json) => {
    if ('default' in schema) {
      const { default: value, ...rest } = schema;
      const validate = ajv.compile(rest);
      assert.ok(validate(structuredClone(value)), `${key}.${path} default ${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`);
    }
    for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
      visit(key, path ? `${path}.${name}` : name, child);
    }
  };
  for (const def of ENDPOINTS) visit(def.key, '', def.input as unknown as Json);
});

test('input objects are closed (additionalProperties false), recursively except launch_params', () => {
  const visit = (key: string, path: string, schema: Json) => {
    if (schema.type === 'object' && path.split('.').pop() !== 'launch_params') {
      assert.equal(schema.additionalProperties, false, `${key}: ${path || '(root)'} is not closed`);
    }
    for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
      visit(key, path ? `${path}.${name}` : name, child);
    }
    if (schema.items && typeof schema.items === 'object') visit(key, `${path}[]`, schema.items as Json);
  };
  for (const def of ENDPOINTS) {
    const input = def.input as unknown as Json;
    assert.equal(input.type, 'object', def.key);
    visit(def.key, '', input);
    assert.ok(!('format' in ((input.properties ?? {}) as Json)), `${def.key}: format is added by the registry`);
  }
  assert.deepEqual((byKey('perps-market-structure').input as unknown as Json).properties, {}, 'perps-market-structure has no inputs');
});

test('unknown fields are rejected', () => {
  const ajv = makeAjv();
  for (const def of ENDPOINTS) {
    const validate = ajv.compile(def.input);
    assert.equal(validate({ ...structuredClone(def.example), not_a_field: 1 }), false, def.key);
  }
});

test('prices are exact decimal strings; only launchpad-pairs is free', () => {
  for (const def of ENDPOINTS) {
    if (def.key === 'launchpad-pairs') {
      assert.equal(def.price, null);
      continue;
    }
    assert.equal(typeof def.price, 'string', def.key);
    assert.match(def.price as string, /^\d+\.\d+$/, def.key);
    assert.ok(Number(def.price) > 0, def.key);
  }
  const prices: Record<string, string> = {
    'enrich-wallet-light': '0.002', 'parse-transaction': '0.001', 'smart-money-flow': '0.1',
    'launchpad-launch-preflight': '0.25', 'check-alerts': '0.008', 'trending-signals': '0.05', 'wallet-graph': '0.01',
  };
  for (const [key, price] of Object.entries(prices)) assert.equal(Number(byKey(key).price), Number(price), key);
});

test('cache TTLs are 30 s to 10 min, except feed-latest (24 h); launchpad-pairs is 5 min', () => {
  for (const def of ENDPOINTS) {
    if (def.key === 'feed-latest') assert.equal(def.cacheTtlSeconds, 86400);
    else assert.ok(Number.isInteger(def.cacheTtlSeconds) && def.cacheTtlSeconds >= 30 && def.cacheTtlSeconds <= 600, def.key);
  }
  assert.equal(byKey('launchpad-pairs').cacheTtlSeconds, 300);
});

// Endpoints whose family has landed; every other one must still answer 501 (no handler at all).
const IMPLEMENTED = new Set(['enrich-wallet-light', 'enrich-wallet-full', 'enrich-token-light', 'enrich-token-full', 'parse-transaction', 'batch-enrich', 'compare-tokens', 'compare-wallets', 'due-diligence', 'whale-watch', 'query', 'protocol-profile', 'wallet-graph', 'copy-trade-signals', 'consensus-signal', 'feed-latest', 'token-trend', 'wallet-history', 'portfolio-history', 'check-alerts',
  'perps-market-structure', 'perps-market-trend', 'perps-trader-profile', 'refvenue-trader-profile', 'refvenue-smart-money',
  'perps-cross-venue-funding', 'perps-venue-comparison', 'perps-basis-signal',
  'new-tokens', 'trending-signals', 'smart-money-flow', 'smart-money-trenches', 'runner-scan', 'trenches-scan',
  'trenches-check', 'exit-signal', 'attention-momentum', 'gacha-ev-scan',
  'launchpad-pairs', 'launchpad-reward-risk', 'launchpad-yield', 'launchpad-yield-batch', 'launchpad-alerts',
  'launchpad-screener', 'launchpad-gems', 'launchpad-launch-intel', 'launchpad-quote', 'launchpad-launch-preflight',
]);

test('handlers and briefings exactly on the built endpoints; summaries are one line; output schemas present', () => {
  for (const def of ENDPOINTS) {
    assert.equal(def.handler !== undefined, IMPLEMENTED.has(def.key), `${def.key}: handler`);
    assert.equal(def.briefing !== undefined, IMPLEMENTED.has(def.key), `${def.key}: briefing`);
    assert.ok(def.summary.length > 0 && !def.summary.includes('\n'), def.key);
    assert.ok(def.description.length > def.summary.length, def.key);
    assert.ok(def.output && typeof def.output === 'object', def.key);
  }
});

// [endpoint, field path, expected keywords (subset), required?]
const SPOT: Array<[string, string, Json, boolean]> = [
  ['whale-watch', 'threshold_usd', { type: 'number', minimum: 100, default: 10000 }, false],
  ['whale-watch', 'lookback_hours', { type: 'number', minimum: 1, maximum: 168, default: 24 }, false],
  ['batch-enrich', 'addresses', { type: 'array', minItems: 1, maxItems: 25 }, true],
  ['batch-enrich', 'type', { enum: ['wallet', 'token'] }, true],
  ['enrich-wallet-full', 'depth', { enum: ['light', 'full'], default: 'full' }, false],
  ['enrich-token-full', 'include_holders', { type: 'boolean', default: true }, false],
  ['enrich-token-light', 'include_holders', { type: 'boolean', default: false }, false],
  ['parse-transaction', 'signature', { minLength: 86, maxLength: 90 }, true],
  ['wallet-graph', 'depth', { minimum: 1, maximum: 2, default: 1 }, false],
  ['copy-trade-signals', 'lookback_days', { minimum: 1, maximum: 90, default: 30 }, false],
  ['compare-tokens', 'mints', { minItems: 2, maxItems: 3 }, true],
  ['compare-wallets', 'addresses', { minItems: 2, maxItems: 3 }, true],
  ['query', 'question', { type: 'string', minLength: 3, maxLength: 500 }, true],
  ['protocol-profile', 'protocol', { minLength: 1, maxLength: 64 }, true],
  ['portfolio-history', 'period', { enum: ['7d', '14d', '30d'], default: '7d' }, false],
  ['refvenue-trader-profile', 'address', { pattern: '^0x[a-fA-F0-9]{40}$' }, true],
  ['refvenue-smart-money', 'market', { minLength: 1, maxLength: 12 }, false],
  ['refvenue-smart-money', 'top_traders', { type: 'integer', minimum: 1, maximum: 25, default: 10 }, false],
  ['perps-cross-venue-funding', 'market', { enum: ['SOL', 'BTC', 'ETH', 'BONK'] }, true],
  ['perps-venue-comparison', 'size_usd', { type: 'number', minimum: 100, maximum: 10000000 }, true],
  ['perps-venue-comparison', 'side', { enum: ['long', 'short'], default: 'long' }, false],
  ['perps-basis-signal', 'min_yield_apr_pct', { minimum: 0, maximum: 100, default: 5 }, false],
  ['new-tokens', 'limit', { minimum: 1, maximum: 20, default: 10 }, false],
  ['trending-signals', 'max_risk_score', { minimum: 0, maximum: 1, default: 0.7 }, false],
  ['smart-money-flow', 'wallets', { type: 'array', maxItems: 30 }, false],
  ['smart-money-flow', 'lookback_days', { type: 'integer', minimum: 1, maximum: 90, default: 14 }, false],
  ['smart-money-trenches', 'min_buyers', { type: 'integer', minimum: 1, maximum: 14, default: 1 }, false],
  ['runner-scan', 'max_token_age_hours', { minimum: 0.1, maximum: 168, default: 24 }, false],
  ['trenches-scan', 'min_liquidity_usd', { minimum: 0, maximum: 10000000, default: 5000 }, false],
  ['exit-signal', 'entry_price_usd', { type: 'number', exclusiveMinimum: 0 }, false],
  ['attention-momentum', 'window', { enum: ['1h', '6h', '24h'], default: '6h' }, false],
  ['consensus-signal', 'limit', { type: 'integer', minimum: 1, maximum: 50, default: 10 }, false],
  ['gacha-ev-scan', 'min_edge_pct', { type: 'number', minimum: -100, maximum: 100 }, false],
  ['gacha-ev-scan', 'machine', { minLength: 1, maxLength: 64 }, false],
  ['check-alerts', 'tokens', { type: 'array', maxItems: 10, default: [] }, false],
  ['check-alerts', 'wallets', { type: 'array', maxItems: 10, default: [] }, false],
  ['check-alerts', 'since', { format: 'utc-timestamp' }, true],
  ['check-alerts', 'criteria', { type: 'object', default: {} }, false],
  ['check-alerts', 'criteria.perp_max_leverage', { minimum: 1, maximum: 100, default: 10 }, false],
  ['check-alerts', 'criteria.perp_min_pnl_swing_pts', { minimum: 0, maximum: 1000, default: 25 }, false],
  ['check-alerts', 'criteria.perp_liquidation_buffer_pct', { minimum: 0, maximum: 100, default: 15 }, false],
  ['check-alerts', 'criteria.min_risk_score_delta', { minimum: 0, maximum: 1 }, false],
  ['launchpad-pairs', 'launchable_only', { type: 'boolean', default: false }, false],
  ['launchpad-yield-batch', 'mints', { type: 'array', maxItems: 25 }, false],
  ['launchpad-yield-batch', 'limit', { minimum: 1, maximum: 25, default: 25 }, false],
  ['launchpad-alerts', 'mints', { minItems: 1, maxItems: 25 }, true],
  ['launchpad-alerts', 'stale_after_hours', { minimum: 1, maximum: 168, default: 24 }, false],
  ['launchpad-screener', 'limit', { type: 'integer', minimum: 1, maximum: 100, default: 25 }, false],
  ['launchpad-screener', 'sort', { default: 'volume24h' }, false],
  ['launchpad-gems', 'max_age_days', { minimum: 0, maximum: 90, default: 14 }, false],
  ['launchpad-gems', 'max_market_cap_usd', { minimum: 0, default: 5000000 }, false],
  ['launchpad-launch-intel', 'min_coins', { type: 'integer', minimum: 1, default: 5 }, false],
  ['launchpad-quote', 'hold_days', { minimum: 0.25, maximum: 365, default: 7 }, false],
  ['launchpad-quote', 'size_usd', { minimum: 1, maximum: 1000000, default: 100 }, false],
  ['launchpad-launch-preflight', 'mode', { enum: ['standard', 'reward'] }, true],
];

test('spot check of bounds, types and defaults from the spec', async (t) => {
  for (const [key, path, expected, required] of SPOT) {
    await t.test(`${key} ${path}`, () => {
      const def = byKey(key);
      const schema = prop(def, path);
      for (const [kw, value] of Object.entries(expected)) {
        assert.deepEqual(schema[kw], value, `${key}.${path}.${kw}`);
      }
      const parts = path.split('.');
      const name = parts.pop() as string;
      const parent = parts.length ? prop(def, parts.join('.')) : (def.input as unknown as Json);
      const req = (parent.required as string[] | undefined) ?? [];
      assert.equal(req.includes(name), required, `${key}.${path} required`);
    });
  }
});

test('validation applies nested defaults and enforces bounds (check-alerts, perps-market-structure)', () => {
  const ajv = makeAjv();
  const checkAlerts = ajv.compile(byKey('check-alerts').input);
  const data: Json = { since: '2026-11-01T00:00Z', wallets: ['7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'] };
  assert.ok(checkAlerts(data), ajv.errorsText(checkAlerts.errors));
  assert.deepEqual(data.tokens, []);
  assert.deepEqual(data.criteria, { perp_max_leverage: 10, perp_min_pnl_swing_pts: 25, perp_liquidation_buffer_pct: 15 });
  assert.equal(checkAlerts({ since: '2026-11-01T00:00Z', criteria: { perp_max_leverage: 101 } }), false);
  assert.equal(checkAlerts({ since: '2026-11-01T00:00Z', criteria: { bogus: 1 } }), false);
  assert.equal(checkAlerts({ since: '2026-11-01T00:00Z', tokens: new Array(11).fill('So11111111111111111111111111111111111111112') }), false);
  assert.equal(checkAlerts({ tokens: [] }), false, 'since is required');

  const structure = ajv.compile(byKey('perps-market-structure').input);
  assert.ok(structure({}));
  assert.equal(structure({ market: 'SOL' }), false);

  const preflight = ajv.compile(byKey('launchpad-launch-preflight').input);
  assert.ok(preflight({ unsigned_transaction: 'AQ==', quote_mint: 'So11111111111111111111111111111111111111112', mode: 'standard', launch_params: { anything: { nested: true } } }));

  const exit = ajv.compile(byKey('exit-signal').input);
  assert.equal(exit({ mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', entry_price_usd: 0 }), false);
  const wallet = ajv.compile(byKey('enrich-wallet-light').input);
  assert.equal(wallet({ address: '0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl' }), false, 'non-base58 characters');
});
