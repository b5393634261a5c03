/**
 * `/status` says only `unreachable` for a component whose probe failed; the probe's own error (which can
 * name an internal host or a key) goes to the logs only (docs/errors.md). The facilitator's probe is made to
 * fail here with a text no caller may read.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { FacilitatorClient } from '@x402/core/server';
import { startTestService, type TestService } from '../helpers/service.js';

const SECRET = 'getaddrinfo ENOTFOUND facilitator.internal (key=hunter2)';

describe('/status when a probe fails', () => {
  let service: TestService;
  const lines: string[] = [];

  before(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const failingProbe = (client: FacilitatorClient): FacilitatorClient => ({
      verify: (...args) => client.verify(...args),
      settle: (...args) => client.settle(...args),
      getSupported: async () => {
        throw new Error(SECRET);
      },
    });
    service = await startTestService({ logger: pino({ level: 'warn' }, sink), wrapFacilitator: failingProbe });
  });
  after(() => service.close());

  it('shows the facilitator as unreachable, and logs why', async () => {
    const res = await fetch(`${service.url}/status`);
    assert.equal(res.status, 200);
    const text = await res.text();
    const body = JSON.parse(text) as { status: string; components: { facilitator: { ok: boolean; detail?: string } } };
    assert.equal(body.status, 'degraded');
    assert.deepEqual(body.components.facilitator, { ok: false, detail: 'unreachable' });
    assert.ok(!text.includes('hunter2'), 'the probe\'s error text is not in the body');
    assert.ok(lines.some((line) => line.includes('hunter2') && line.includes('status probe failed')), 'the original is logged');
  });
});
