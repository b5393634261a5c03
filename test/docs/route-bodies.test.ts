/**
 * The bodies of /status, /status/live, /status/ready and /.well-known/x402, served by a real sandbox service
 * on loopback, against the schemas its own /openapi.json publishes for them (src/docs/bodies/). The schemas
 * are published open (new fields are additive); here every object of them is read as closed, so a field added
 * to a body but not to its schema fails: the test adds an unknown field to each object of each real body and
 * expects the closed reading of the published schema to refuse it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { buildServiceRegistry } from '../../src/endpoints/index.js';
import { buildWellKnownX402 } from '../../src/docs/well-known.js';
import { startTestService, type TestService } from '../helpers/service.js';

type Json = Record<string, unknown>;

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const UNKNOWN_FIELD = 'not_in_the_schema';

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The JSON Pointer-like paths (arrays of keys) of every object in a value, the value itself included. */
function objectPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => objectPaths(item, [...path, i]));
  if (!isObject(value)) return [];
  return [path, ...Object.entries(value).flatMap(([k, v]) => objectPaths(v, [...path, k]))];
}

/** A copy of a published schema with every object schema that lists its properties closed to others. */
function closedReading(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closedReading);
  if (!isObject(schema)) return schema;
  const copy: Json = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, closedReading(v)]));
  if (isObject(copy.properties) && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

/** A copy of `body` with an unknown field added to the object at `path`. */
function withUnknownField(body: unknown, path: (string | number)[]): unknown {
  const copy = structuredClone(body);
  let target = copy as Record<string | number, unknown>;
  for (const key of path) target = target[key] as Record<string | number, unknown>;
  target[UNKNOWN_FIELD] = true;
  return copy;
}

describe('route bodies against the schemas /openapi.json publishes', () => {
  let service: TestService;
  let openapi: Json;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);

  before(async () => {
    service = await startTestService();
    openapi = (await (await fetch(`${service.url}/openapi.json`)).json()) as Json;
  });
  after(async () => {
    await service?.close();
  });

  /** The published response schema of `GET path` for `status`. */
  function publishedSchema(path: string, status = '200'): ValidateFunction {
    const op = ((openapi.paths as Json)[path] as Json | undefined)?.get as Json | undefined;
    assert.ok(op, `no GET ${path} in /openapi.json`);
    const media = (((op.responses as Json)[status] as Json).content as Json)['application/json'] as Json;
    return ajv.compile(closedReading(media.schema) as object);
  }

  async function getJson(path: string): Promise<{ status: number; body: unknown }> {
    const res = await fetch(`${service.url}${path}`);
    return { status: res.status, body: await res.json() };
  }

  /** The body is valid, and an unknown field in any of its objects is refused. */
  function assertDescribedExactly(validate: ValidateFunction, body: unknown, what: string): void {
    assert.ok(validate(body), `${what}: ${ajv.errorsText(validate.errors)}`);
    const paths = objectPaths(body);
    assert.ok(paths.length > 0);
    for (const path of paths) {
      assert.equal(validate(withUnknownField(body, path)), false, `${what}: an unknown field at /${path.join('/')} passes the published schema`);
    }
  }

  it('GET /status', async () => {
    const { status, body } = await getJson('/status');
    assert.equal(status, 200);
    // The sandbox block and every component are in the body, so every branch of the schema is exercised.
    assert.ok(isObject(body) && isObject(body.sandbox) && isObject(body.components));
    assertDescribedExactly(publishedSchema('/status'), body, '/status');
  });

  it('GET /status/live and /status/ready', async () => {
    const live = await getJson('/status/live');
    assert.equal(live.status, 200);
    assertDescribedExactly(publishedSchema('/status/live'), live.body, '/status/live');
    const ready = await getJson('/status/ready');
    assert.equal(ready.status, 200);
    assertDescribedExactly(publishedSchema('/status/ready'), ready.body, '/status/ready');
    assertDescribedExactly(publishedSchema('/status/ready', '503'), { ...(ready.body as Json), ready: false }, '/status/ready (503)');
  });

  it('GET /.well-known/x402, and the descriptor with card payment enabled', async () => {
    const { status, body } = await getJson('/.well-known/x402');
    assert.equal(status, 200);
    const validate = publishedSchema('/.well-known/x402');
    assertDescribedExactly(validate, body, '/.well-known/x402');
    const withCard = buildWellKnownX402(buildServiceRegistry(), { publicUrl: 'https://api.example.test', version: '1.0.0', cardEnabled: true });
    assert.ok(validate(withCard), ajv.errorsText(validate.errors));
  });

  it('a body that lacks a required field is refused too', async () => {
    const { body } = await getJson('/status');
    const { components: _dropped, ...withoutComponents } = body as Json;
    assert.equal(publishedSchema('/status')(withoutComponents), false);
  });
});
