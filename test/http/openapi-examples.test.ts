/**
 * Every request-body example the served /openapi.json carries is accepted by the server's input
 * validation: POSTed unpaid, a paid endpoint answers 402 payment_required with no `input_errors` (a 400
 * or a listed input error would mean the example is wrong) and the free one answers 200.
 * test/http/validation.test.ts covers the other side: every broken variant of the examples is refused;
 * test/http/documented-examples.test.ts pays for every example and requires a 200 answer.
 * (The document's own validity as OpenAPI 3.1 is checked in test/docs/docs.test.ts.)
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildServiceRegistry } from '../../src/endpoints/index.js';
import { startTestService, type TestService } from '../helpers/service.js';

type Json = Record<string, any>;
const registry = buildServiceRegistry();

describe('OpenAPI request examples are accepted by the server', () => {
  let service: TestService;
  let doc: Json;
  before(async () => {
    service = await startTestService();
    const res = await fetch(`${service.url}/openapi.json`);
    assert.equal(res.status, 200);
    doc = (await res.json()) as Json;
  });
  after(() => service.close());

  it('every endpoint operation carries request examples and a response example', () => {
    for (const e of registry.list) {
      const op = doc.paths[e.path]?.post;
      assert.ok(op, e.path);
      const examples = op.requestBody?.content?.['application/json']?.examples ?? {};
      assert.ok(Object.keys(examples).length >= 1, `${e.def.key}: request examples`);
      assert.ok(op.responses['200'].content['application/json'].examples?.shape?.value, `${e.def.key}: response example`);
      assert.ok(op.responses['200'].content['application/json'].schema, `${e.def.key}: output schema`);
    }
  });

  it('POSTing each example unpaid: 402 without input errors (paid) or 200 (free)', async () => {
    let posted = 0;
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      const op = (item as Json).post;
      const examples = op?.requestBody?.content?.['application/json']?.examples as Json | undefined;
      if (!examples) continue;
      const paid = op['x-payment-info'] !== undefined;
      for (const [name, example] of Object.entries(examples)) {
        const res = await fetch(`${service.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify((example as Json).value) });
        const body = (await res.json()) as Json;
        const label = `${path} example ${name}: ${res.status} ${JSON.stringify(body.error ?? body.input_errors ?? '').slice(0, 300)}`;
        if (paid) {
          assert.equal(res.status, 402, label);
          assert.equal(body.error, 'payment_required', label);
          assert.equal(body.input_errors, undefined, label);
        } else if (path.startsWith('/entrypoints/')) {
          assert.equal(res.status, 200, label);
        } else {
          // Free non-endpoint operations with a body (the demo): accepted, never a validation error.
          assert.notEqual(res.status, 400, label);
        }
        posted++;
      }
    }
    assert.ok(posted >= registry.list.length * 3, `only ${posted} examples posted`);
  });
});
