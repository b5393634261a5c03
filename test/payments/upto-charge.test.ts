/**
 * The upto charge without a chain: batch-enrich's rule (⌊max × answered ÷ items⌋, in the payer's favour), the clamp to
 * [0, the maximum signed], exact payments untouched, and the upto payload's shape check and identity (what Permit2
 * deduplicates on). The end-to-end money path is test/http/paid-upto.test.ts.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildServiceRegistry } from '../../src/endpoints/index.js';
import { itemsAnswered, proportionalCharge } from '../../src/registry/pricing.js';
import type { HandlerResult } from '../../src/registry/types.js';
import { settlementCharge } from '../../src/payments/upto.js';
import { uptoPayloadProblem, uptoPaymentIdentity } from '../../src/payments/upto-payload.js';
import { paymentIdentity } from '../../src/payments/idempotency.js';
import { schemePayloadProblem } from '../../src/payments/payload-shape.js';
import { matchesUptoSettlement } from '../../src/payments/upto-lookup.js';
import { matchesPayment } from '../../src/payments/settlement-lookup-evm.js';
import { x402UptoPermit2ProxyABI, x402UptoPermit2ProxyAddress } from '@x402/evm';
import { encodeFunctionData, type Hex } from 'viem';

const batch = buildServiceRegistry().get('batch-enrich')!;
const items = (oks: boolean[]): HandlerResult => ({ data: { items: oks.map((ok, i) => ({ address: `a${i}`, ok })) } });
const upto = { scheme: 'upto', amountAtomic: 15_000n };

describe('upto charge', () => {
  it("batch-enrich: ⌊15,000 × answered ÷ items⌋, rounded down; nothing answered → 0", () => {
    const cases: [boolean[], bigint][] = [
      [Array(25).fill(true), 15_000n],
      [[...Array(22).fill(true), false, false, false], 13_200n],
      [[true, false, true, false, true, false, true], 8_571n], // 8,571.43 → 8,571
      [[true, false, false], 5_000n],
      [[true, true, false], 10_000n],
      [[false, false], 0n],
    ];
    for (const [oks, expected] of cases) assert.equal(settlementCharge(batch, upto, items(oks)), expected, oks.join(','));
    assert.equal(batch.def.pricing?.kind, 'upto');
    assert.ok(batch.def.description.includes(batch.def.pricing!.rule), 'the rule is in the description');
  });

  it('never above the maximum signed, never below 0; exact and card payments are not touched', () => {
    const greedy = { ...batch, def: { ...batch.def, pricing: { kind: 'upto' as const, charge: () => 99_999n, rule: '' } } };
    const negative = { ...batch, def: { ...batch.def, pricing: { kind: 'upto' as const, charge: () => -5n, rule: '' } } };
    assert.equal(settlementCharge(greedy, upto, items([true])), 15_000n);
    assert.equal(settlementCharge(negative, upto, items([true])), 0n);
    assert.equal(settlementCharge(batch, { scheme: 'exact', amountAtomic: 15_000n }, items([true, false])), undefined);
    assert.equal(settlementCharge(batch, { amountAtomic: 15_000n }, items([true, false])), undefined);
    // An endpoint without a rule (no upto requirement is offered for it) would be charged its maximum.
    assert.equal(settlementCharge(buildServiceRegistry().get('query')!, upto, items([true])), 15_000n);
  });

  it('proportionalCharge and itemsAnswered read only what they should', () => {
    assert.equal(proportionalCharge(15_000n, 1, 7), 2_142n);
    assert.equal(proportionalCharge(15_000n, 8, 7), 15_000n);
    assert.equal(proportionalCharge(15_000n, 1, 0), 0n);
    assert.deepEqual(itemsAnswered({ data: { items: [{ ok: true }, { ok: 'true' }, null, { ok: false }] } }), { answered: 1, items: 4 });
    assert.deepEqual(itemsAnswered({ data: {} }), { answered: 0, items: 0 });
  });
});

describe('upto payload', () => {
  const payload = {
    signature: '0xabcdef',
    permit2Authorization: {
      from: '0x1111111111111111111111111111111111111111',
      permitted: { token: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', amount: '15000' },
      spender: '0x4020A4f3b7b90ccA423B9fabCc0CE57C6C240002',
      nonce: '123456789',
      deadline: '1800000000',
      witness: { to: '0x2222222222222222222222222222222222222222', facilitator: '0x3333333333333333333333333333333333333333', validAfter: '0' },
    },
  };

  it('a well-formed Permit2 payload passes the shape check for upto only; malformed ones are refused before the facilitator', () => {
    assert.equal(schemePayloadProblem('eip155:8453', payload, 'upto'), undefined);
    assert.match(schemePayloadProblem('eip155:8453', payload, 'exact')!, /authorization/);
    assert.match(uptoPayloadProblem('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', payload)!, /no upto payments/);
    const broken = structuredClone(payload) as any;
    broken.permit2Authorization.permitted.amount = '1e4';
    assert.match(uptoPayloadProblem('eip155:8453', broken)!, /permitted.amount/);
    delete broken.permit2Authorization.witness;
    assert.match(uptoPayloadProblem('eip155:8453', broken)!, /witness/);
  });

  it('its identity is the owner and the Permit2 nonce', () => {
    const expected = { key: 'permit2:0x1111111111111111111111111111111111111111:123456789', payer: '0x1111111111111111111111111111111111111111' };
    assert.deepEqual(uptoPaymentIdentity('eip155:8453', payload), expected);
    assert.deepEqual(paymentIdentity('eip155:8453', payload), expected);
  });

  it('the settlement lookup recognises the upto proxy settle of this owner, nonce, asset and payee only', () => {
    const auth = payload.permit2Authorization;
    const target = { network: 'eip155:8453', asset: auth.permitted.token, payTo: auth.witness.to, amount: 15_000n, payload };
    const call = (over: { owner?: string; nonce?: bigint; to?: string; amount?: bigint; token?: string } = {}) => ({
      to: x402UptoPermit2ProxyAddress,
      input: encodeFunctionData({
        abi: x402UptoPermit2ProxyABI, functionName: 'settle',
        args: [
          { permitted: { token: (over.token ?? auth.permitted.token) as Hex, amount: 15_000n }, nonce: over.nonce ?? 123456789n, deadline: 1_800_000_000n },
          over.amount ?? 8_571n, (over.owner ?? auth.from) as Hex,
          { to: (over.to ?? auth.witness.to) as Hex, facilitator: auth.witness.facilitator as Hex, validAfter: 0n }, '0xabcdef',
        ],
      }),
    });
    assert.equal(matchesUptoSettlement(call(), target), true);
    assert.equal(matchesPayment(call(), target), true, 'through the EVM lookup');
    assert.equal(matchesUptoSettlement(call({ owner: '0x4444444444444444444444444444444444444444' }), target), false);
    assert.equal(matchesUptoSettlement(call({ nonce: 1n }), target), false);
    assert.equal(matchesUptoSettlement(call({ to: '0x4444444444444444444444444444444444444444' }), target), false);
    assert.equal(matchesUptoSettlement(call({ token: '0x4444444444444444444444444444444444444444' }), target), false);
    assert.equal(matchesUptoSettlement(call({ amount: 15_001n }), target), false);
    assert.equal(matchesUptoSettlement(call({ amount: 0n }), target), false);
    assert.equal(matchesUptoSettlement({ ...call(), to: '0x4444444444444444444444444444444444444444' }, target), false, 'not the proxy');
  });
});
