/**
 * Every constraint of every endpoint's input schema, broken one at a time against the real server:
 * unpaid, the 402 already lists the problem in `input_errors`; paid (a real x402 payment, verified),
 * the call is refused with 400 `invalid_input` naming the field's path, and the payment is not
 * settled — the payer's on-chain balance is unchanged.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildServiceRegistry } from '../../src/endpoints/index.js';
import { newPayer, paidInvoke, type PayNetwork } from '../helpers/payers.js';
import { startTestService, type TestService } from '../helpers/service.js';
import { violationsOf } from '../helpers/violations.js';

const registry = buildServiceRegistry();

describe('input validation on every endpoint', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService();
  });
  after(() => service.close());

  let total = 0;
  registry.list.forEach((endpoint, index) => {
    const key = endpoint.def.key;
    const violations = violationsOf(JSON.parse(JSON.stringify(endpoint.inputSchema)), endpoint.def.example);
    total += violations.length;
    it(`${key}: ${violations.length} violations → 400 with the path, nothing charged`, async () => {
      assert.ok(violations.length > 0 || key === 'perps-market-structure');
      const network: PayNetwork = index % 2 === 0 ? 'solana' : 'base';
      const payer = await newPayer(service, network);
      const before = await payer.balance();
      for (const v of violations) {
        const unpaid = await service.invoke(key, v.input);
        const unpaidBody = (await unpaid.json()) as any;
        if (endpoint.priceAtomic === null) {
          assert.equal(unpaid.status, 400, v.name);
          assert.ok(unpaidBody.error.issues.some((i: any) => i.path === v.path), `${v.name}: ${JSON.stringify(unpaidBody.error.issues)}`);
          continue;
        }
        assert.equal(unpaid.status, 402, v.name);
        assert.ok(unpaidBody.input_errors?.some((i: any) => i.path === v.path), `${v.name} (402): ${JSON.stringify(unpaidBody.input_errors)}`);

        const paid = await paidInvoke(payer, service, key, v.input);
        assert.equal(paid.status, 400, `${v.name}: ${paid.status}`);
        assert.equal(paid.headers.get('payment-response'), null);
        const body = (await paid.json()) as any;
        assert.equal(body.error.code, 'invalid_input');
        assert.ok(body.error.issues.some((i: any) => i.path === v.path), `${v.name}: ${JSON.stringify(body.error.issues)}`);
      }
      assert.equal(await payer.balance(), before, 'no violation was charged');
    });
  });

  it('covers a few hundred violations in all', () => {
    assert.ok(total > 200, `only ${total} violations generated`);
  });
});
