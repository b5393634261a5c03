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
import { closedReading, isObject, objectPaths, UNKNOWN_FIELD, withUnknownField } from '../helpers/closed-bodies.js';

type Json = Record<string, unknown>;

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
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
