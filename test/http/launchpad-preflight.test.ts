/**
 * launchpad-launch-preflight over HTTP with real x402 payments against the sandbox launch platform
 * (src/sandbox/world/launchpad/). Transactions are built with test/helpers/launch-transaction.ts from the
 * sandbox's own constants and its pricing document for SOL (one document for both modes), so a good launch is good by the
 * platform's definition. A 200 is charged the exact price once and matches the output schema; a transaction
 * that does not decode and a quote closed for launches are 400 invalid_input, not charged (no settlement).
 * The service runs on the real clock: the paid flow signs with real-time validity windows.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Address } from '@solana/kit';
import { LAUNCHPAD_PLATFORM_IDS, LAUNCHPAD_PROGRAM_ID, LAUNCHPAD_QUOTES, quoteMint } from '../../src/sandbox/world/launchpad/index.js';
import { addr, launchTransaction, transactionBase64, type LaunchAccounts, type Spec } from '../helpers/launch-transaction.js';
import { paidCall } from '../helpers/paid-answers.js';
import { GOOD_REWARD_LAUNCH, SANDBOX_LAUNCH_ACCOUNTS, SOL, SOL_PRICING } from '../helpers/sandbox-launch.js';
import { suiteService, type TestService } from '../helpers/service.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const KEY = 'launchpad-launch-preflight';
/** USDC atomic units (6 decimals): 0.25. */
const PRICE = 250_000n;
const NVDAX = quoteMint(LAUNCHPAD_QUOTES.find((q) => q.symbol === 'NVDAx')!);
const PRICING = SOL_PRICING;
const BASE = SANDBOX_LAUNCH_ACCOUNTS;
const GOOD = GOOD_REWARD_LAUNCH;

const tx = (over: Partial<Spec> = {}) => launchTransaction({ ...GOOD, ...over }, BASE);
/** The raise moved by `pct` percent (integer arithmetic on raw units). */
const raiseOff = (pct: bigint) => (BigInt(PRICING.raise.raw) * (100n + pct)) / 100n;

describe('launchpad-launch-preflight', () => {
  const service = suiteService();

  async function ok(body: Record<string, unknown>): Promise<Json> {
    const r = await paidCall(service, 'solana', KEY, body, { outputSchema: true });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.cost, PRICE, 'charged its exact price once');
    assert.equal(r.settled, true);
    return r.json;
  }

  /** A 400 invalid_input with one issue at `path`, and nothing charged or settled. */
  async function refused(svc: TestService, body: Record<string, unknown>, path: string): Promise<Json> {
    const r = await paidCall(svc, 'solana', KEY, body);
    assert.equal(r.status, 400, JSON.stringify(r.json));
    assert.equal(r.json.error.code, 'invalid_input');
    assert.deepEqual(r.json.error.issues.map((i: Json) => i.path), [path]);
    assert.match(r.json.error.message, /not charged/);
    assert.equal(r.cost, 0n, 'not charged');
    assert.equal(r.settled, false, 'no payment-response header: the payment was not settled');
    return r.json;
  }

  it('a good reward-mode SOL launch: ok, no mismatches; the decoded transaction and the reference; the briefing', async () => {
    const d = await ok({ unsigned_transaction: tx(), quote_mint: SOL, mode: 'reward', format: 'both' });
    assert.equal(d.ok, true);
    assert.deepEqual(d.mismatches, []);
    assert.deepEqual(d.warnings, []);
    assert.deepEqual(d.unresolved, []);
    assert.deepEqual(d.transaction, {
      version: 'legacy', variant: 'initialize_with_token_2022', instruction_index: 0, program_id: LAUNCHPAD_PROGRAM_ID, signed_count: 0, address_table_lookups: 0,
    });
    assert.deepEqual(d.reference, {
      quote_mint: SOL, mode: 'reward', program_id: LAUNCHPAD_PROGRAM_ID, global_config: PRICING.curve.configId,
      platform_id: LAUNCHPAD_PLATFORM_IDS.reward, quote_token_program: PRICING.quote.tokenProgram, curve_type: 'constant',
      supply: PRICING.curve.supply, total_sell: PRICING.curve.totalSellA, raise: PRICING.raise.raw, creator_fee_on: 'quote_token',
      curve_rule_account: PRICING.curveRule.reward,
      transfer_fee: { tiers_bps: PRICING.modes.reward.transferFeeBps, max_fee: null, withdraw_authority: PRICING.modes.reward.withdrawWithheldAuthority },
    });
    // What was checked, decoded from the transaction, beside the reference under the same names.
    assert.deepEqual(d.launch, {
      base_mint: BASE.baseMint, name: 'Reward Coin', symbol: 'RWD', uri: 'https://x.test/m.json', decimals: 6, token_standard: 'token_2022',
      quote_mint: SOL, creator: BASE.creator, payer: BASE.payer, pool_state: BASE.pool, global_config: PRICING.curve.configId,
      platform_id: LAUNCHPAD_PLATFORM_IDS.reward, base_token_program: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
      quote_token_program: PRICING.quote.tokenProgram, curve_type: 'constant', supply: PRICING.curve.supply, total_sell: PRICING.curve.totalSellA,
      raise: PRICING.raise.raw, migrate_type: 'cpmm', vesting: { total_locked_amount: '0', cliff_period: '0', unlock_period: '0' },
      creator_fee_on: 'quote_token', curve_rule_account: PRICING.curveRule.reward,
      transfer_fee: { basis_points: PRICING.modes.reward.transferFeeBps[0], max_fee: PRICING.curve.supply },
    });
    for (const k of ['global_config', 'platform_id', 'quote_token_program', 'curve_type', 'supply', 'total_sell', 'raise', 'creator_fee_on', 'curve_rule_account']) {
      assert.equal(d.launch[k], d.reference[k], `${k}: a good launch decodes to its reference`);
    }
    assert.ok(!Number.isNaN(Date.parse(d.as_of)));
    assert.match(JSON.stringify(d), /Launch preflight \(reward mode, quote So1+2\): \*\*OK\*\*/);
    assert.match(JSON.stringify(d), /Checked: Reward Coin \(RWD\), mint [1-9A-HJ-NP-Za-km-z]+, 6 decimals, token_2022; constant curve/);
  });

  it('a good standard-mode launch (standard platform id and curve rule, no transfer fee): ok', async () => {
    const d = await ok({ unsigned_transaction: tx({ fee: null, accounts: { platform: LAUNCHPAD_PLATFORM_IDS.standard as Address }, remaining: [PRICING.curveRule.standard as Address] }), quote_mint: SOL, mode: 'standard' });
    assert.equal(d.ok, true, JSON.stringify(d.mismatches));
    assert.deepEqual(d.mismatches, []);
    assert.equal(d.reference.platform_id, PRICING.platform.standard);
    assert.equal(d.reference.curve_rule_account, PRICING.curveRule.standard);
    assert.equal(d.reference.transfer_fee, null);
  });

  it('a bad launch: wrong global config, the standard platform, raise 12 % off, a 200 bps tier, no curve-rule account', async () => {
    const body = {
      unsigned_transaction: tx({
        accounts: { globalConfig: addr(77), platform: LAUNCHPAD_PLATFORM_IDS.standard as Address },
        raise: raiseOff(12n),
        fee: { bps: 200, max: BigInt(PRICING.curve.supply) },
        remaining: [],
      }),
      quote_mint: SOL,
      mode: 'reward',
      format: 'both',
    };
    const d = await ok(body);
    assert.equal(d.ok, false);
    const fields = d.mismatches.map((m: Json) => m.field);
    for (const f of ['global_config', 'platform_id', 'curve.raise', 'transfer_fee.tier', 'curve_rule_account']) {
      assert.ok(fields.includes(f), `${f} in ${JSON.stringify(fields)}`);
    }
    assert.equal(fields.length, 5, JSON.stringify(fields));
    for (const m of d.mismatches) assert.ok(typeof m.fix === 'string' && m.fix.length > 0, m.field);
    const byField = (f: string) => d.mismatches.find((m: Json) => m.field === f);
    // The other mode's pricing leg names the passed platform as the standard one.
    assert.match(byField('platform_id').fix, /the one passed is the standard-mode platform/);
    assert.equal(byField('platform_id').actual, LAUNCHPAD_PLATFORM_IDS.standard);
    assert.equal(byField('global_config').expected, PRICING.curve.configId);
    assert.equal(byField('curve.raise').actual, raiseOff(12n).toString());
    assert.equal(byField('transfer_fee.tier').actual, '200');
    assert.equal(byField('curve_rule_account').actual, 'none');
    // The echo shows the same bad values the mismatches name.
    assert.deepEqual([d.launch.global_config, d.launch.platform_id, d.launch.raise, d.launch.transfer_fee.basis_points, d.launch.curve_rule_account],
      [addr(77), LAUNCHPAD_PLATFORM_IDS.standard, raiseOff(12n).toString(), 200, null]);
    assert.match(JSON.stringify(d), /\*\*NOT OK\*\*: 5 mismatches/);
  });

  it('raise 5 % off: a warning only, still ok', async () => {
    const d = await ok({ unsigned_transaction: tx({ raise: raiseOff(5n) }), quote_mint: SOL, mode: 'reward' });
    assert.equal(d.ok, true);
    assert.deepEqual(d.mismatches, []);
    assert.equal(d.warnings.length, 1, JSON.stringify(d.warnings));
    assert.match(d.warnings[0], /^curve\.raise: \d+ is 5 % off/);
  });

  it('the transfer-fee cap: the platform prescribes none, so a 0 cap is a mismatch and a cap below the supply a warning', async () => {
    const zero = await ok({ unsigned_transaction: tx({ fee: { bps: 100, max: 0n } }), quote_mint: SOL, mode: 'reward' });
    assert.equal(zero.ok, false);
    assert.deepEqual(zero.mismatches.map((m: Json) => [m.field, m.expected, m.actual]), [['transfer_fee.cap', '> 0', '0']]);
    const low = await ok({ unsigned_transaction: tx({ fee: { bps: 100, max: BigInt(PRICING.curve.supply) - 1n } }), quote_mint: SOL, mode: 'reward' });
    assert.equal(low.ok, true);
    assert.equal(low.warnings.length, 1, JSON.stringify(low.warnings));
    assert.match(low.warnings[0], /^transfer_fee\.cap: \d+ raw is below the supply/);
  });

  it('launch_params with a misspelled transfer-fee key: the lint mismatch', async () => {
    const d = await ok({
      unsigned_transaction: tx(), quote_mint: SOL, mode: 'reward',
      launch_params: { transferFeeExtensionParams: { transferFeeBasisPoints: 100, maxinumFee: '1' } },
    });
    assert.equal(d.ok, false);
    assert.deepEqual(d.mismatches.map((m: Json) => [m.field, m.expected, m.actual]), [
      ['launch_params.transferFeeExtensionParams.transferFeeBasisPoints', 'transferFeeBasePoints', 'transferFeeBasisPoints'],
    ]);
    assert.match(d.mismatches[0].fix, /rename "transferFeeBasisPoints" to "transferFeeBasePoints"/);
  });

  it('a transaction that does not decode: 400 at /unsigned_transaction, not charged', async () => {
    const noInit = transactionBase64([{ programAddress: addr(18), accounts: [], data: new Uint8Array([1, 2, 3]) }], { payer: addr(1) });
    const cases: [string, RegExp][] = [
      ['not base64!!', /not valid base64/],
      [Buffer.from('hello world, not a transaction at all').toString('base64'), /does not decode/],
      [noInit, /no launch-program initialize instruction/],
    ];
    for (const [unsigned_transaction, message] of cases) {
      const r = await refused(service, { unsigned_transaction, quote_mint: SOL, mode: 'reward' }, '/unsigned_transaction');
      assert.match(r.error.issues[0].message, message);
    }
    // Decoding comes before the pricing legs: with a closed quote too, the transaction is what is reported.
    await refused(service, { unsigned_transaction: noInit, quote_mint: NVDAX, mode: 'reward' }, '/unsigned_transaction');
  });

  it('a quote closed for launches (NVDAx): 400 at /quote_mint, not charged', async () => {
    const r = await refused(service, { unsigned_transaction: tx(), quote_mint: NVDAX, mode: 'reward' }, '/quote_mint');
    assert.equal(
      r.error.issues[0].message,
      `${NVDAX} is not a launchable quote on the platform (closed or unknown): pick one of launchpad-pairs with is_agent_launchable true`,
    );
  });
});
