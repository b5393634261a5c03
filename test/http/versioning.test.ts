/** Versioning policy: the service version on every answer, and Deprecation/Sunset on a deprecated key. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fixtureRegistry } from '../helpers/fixture-endpoints.js';
import { startTestService, type TestService } from '../helpers/service.js';

describe('versioning', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ registry: fixtureRegistry() });
  });
  after(() => service.close());

  it('a deprecated key announces Deprecation, Sunset and its successor on every answer', async () => {
    const res = await service.invoke('test-old', {});
    assert.equal(res.status, 402);
    assert.equal(res.headers.get('deprecation'), `@${Date.parse('2026-11-01') / 1000}`);
    assert.equal(res.headers.get('sunset'), 'Sat, 01 May 2027 00:00:00 GMT');
    assert.equal(res.headers.get('link'), `<${service.url}/entrypoints/test-echo/invoke>; rel="successor-version"`);
    assert.equal(res.headers.get('x-service-version'), '1.0.0');
  });

  it('a current key carries no deprecation headers', async () => {
    const res = await service.invoke('test-echo', {});
    assert.equal(res.headers.get('deprecation'), null);
    assert.equal(res.headers.get('sunset'), null);
  });
});
