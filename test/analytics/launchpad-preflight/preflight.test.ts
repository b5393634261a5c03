import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Address, Instruction } from '@solana/kit';
import {
  checkLaunch,
  decodeLaunchTransaction,
  intendedTransferFeeKey,
  LAUNCH_PROGRAM_ID,
  launchEcho,
  lintLaunchParams,
  PreflightInputError,
  raiseDeviationPct,
  raiseVerdict,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
  TRANSFER_FEE_MAX_KEY,
  type LaunchMode,
  type LaunchPricing,
  type PreflightResult,
} from '../../../src/analytics/launchpad-preflight/index.js';
import { addr, launchInstruction, SYSTEM_PROGRAM, transactionBase64, type LaunchAccounts, type Spec } from '../../helpers/launch-transaction.js';

// ── Deterministic addresses ─────────────────────────────────────────────────────────────────────────
const A = {
  payer: addr(1), creator: addr(2), globalConfig: addr(3), rewardPlatform: addr(4), standardPlatform: addr(5),
  auth: addr(6), pool: addr(7), baseMint: addr(8), quoteMint: addr(9), baseVault: addr(10), quoteVault: addr(11),
  metadata: addr(12), eventAuth: addr(13), curveRule: addr(14), other: addr(15), table: addr(16), allowConfig: addr(17),
  otherProgram: addr(18), wrongQuote: addr(19),
};
const SYSTEM = SYSTEM_PROGRAM;
const LAUNCH = LAUNCH_PROGRAM_ID as Address;
/** The launch's accounts where a case does not override them (reward platform by default). */
const BASE: LaunchAccounts = {
  payer: A.payer, creator: A.creator, globalConfig: A.globalConfig, platform: A.rewardPlatform, authority: A.auth, pool: A.pool,
  baseMint: A.baseMint, quoteMint: A.quoteMint, baseVault: A.baseVault, quoteVault: A.quoteVault, metadata: A.metadata, eventAuthority: A.eventAuth,
};

const PRICING: LaunchPricing = {
  global_config: A.globalConfig,
  platform_ids: { reward: A.rewardPlatform, standard: A.standardPlatform },
  quote_token_program: TOKEN_PROGRAM_ID,
  curve_type: 'constant',
  supply: 1_000_000_000_000_000n,
  total_sell: 793_100_000_000_000n,
  raise: 85_000_000_000n,
  vesting: { total_locked_amount: 0n, cliff_period: 0n, unlock_period: 0n },
  creator_fee_on: 'quote_token',
  curve_rule_account: A.curveRule,
  reward_fee: { tiers_bps: [100, 300, 500], maximum_fee: 1_000_000_000_000n },
};

// The encoder and transaction builder live in test/helpers/launch-transaction.ts (shared with the HTTP tests).
const instruction = (s: Spec): Instruction => launchInstruction(s, BASE);

const GOOD: Spec = {
  variant: 'initialize_with_token_2022', program: LAUNCH, decimals: 6, curve: 0, supply: PRICING.supply,
  totalSell: PRICING.total_sell, raise: PRICING.raise, migrate: 1, vesting: [0n, 0n, 0n], creatorFee: 0,
  fee: { bps: 300, max: 1_000_000_000_000n }, padNone: true, accounts: {}, remaining: [A.curveRule],
};

function txBase64(ixs: Instruction[], version: 'legacy' | 0 = 'legacy', table?: Address[]): string {
  return transactionBase64(ixs, { payer: A.payer, version, table: table && { address: A.table, addresses: table } });
}

function run(over: Partial<Spec> = {}, opts: { mode?: LaunchMode; quoteMint?: string; launchParams?: Record<string, unknown>; version?: 'legacy' | 0; table?: Address[] } = {}): PreflightResult {
  const b64 = txBase64([instruction({ ...GOOD, ...over })], opts.version ?? 'legacy', opts.table);
  return checkLaunch(decodeLaunchTransaction(b64), {
    quoteMint: opts.quoteMint ?? A.quoteMint, mode: opts.mode ?? 'reward', pricing: PRICING, launchParams: opts.launchParams,
  });
}

/** Exactly one mismatch, on `field`, whose fix mentions `fixHas`. */
function only(r: PreflightResult, field: string, expected: string, actual: string, fixHas: string): void {
  assert.deepEqual(r.mismatches.map((m) => m.field), [field], JSON.stringify(r.mismatches));
  const m = r.mismatches[0]!;
  assert.equal(m.expected, expected);
  assert.equal(m.actual, actual);
  assert.ok(m.fix.includes(fixHas), `fix "${m.fix}" lacks "${fixHas}"`);
  assert.equal(r.ok, false);
}

// ── Tests ───────────────────────────────────────────────────────────────────────────────────────────
describe('decode', () => {
  test('a good legacy launch decodes: variant, accounts by name, Borsh args', () => {
    const d = decodeLaunchTransaction(txBase64([instruction(GOOD)]));
    assert.equal(d.version, 'legacy');
    assert.equal(d.variant, 'initialize_with_token_2022');
    assert.equal(d.program_id, LAUNCH_PROGRAM_ID);
    assert.equal(d.accounts.find((a) => a.name === 'global_config')!.address, A.globalConfig);
    assert.deepEqual(d.remaining_accounts.map((a) => a.address), [A.curveRule]);
    assert.deepEqual(d.args.base_mint, { decimals: 6, name: 'Reward Coin', symbol: 'RWD', uri: 'https://x.test/m.json' });
    assert.deepEqual(d.args.curve, { type: 'constant', supply: PRICING.supply, total_base_sell: PRICING.total_sell, total_quote_fund_raising: PRICING.raise, migrate_type: 'cpmm' });
    assert.deepEqual(d.args.transfer_fee, { basis_points: 300, maximum_fee: 1_000_000_000_000n });
    assert.equal(d.args.creator_fee_on, 'quote_token');
    assert.deepEqual(d.warnings, []);
  });

  test('None transfer-fee option decodes with or without the SDK padding', () => {
    for (const padNone of [true, false]) {
      assert.equal(decodeLaunchTransaction(txBase64([instruction({ ...GOOD, fee: null, padNone })])).args.transfer_fee, null);
    }
  });

  test('v0 with a lookup table: table noted, looked-up slots carry (table, index) and no address', () => {
    const d = decodeLaunchTransaction(txBase64([instruction(GOOD)], 0, [A.globalConfig]));
    assert.equal(d.version, 0);
    assert.deepEqual(d.address_table_lookups, [{ table: A.table, writable_indexes: [], readonly_indexes: [0] }]);
    const g = d.accounts.find((a) => a.name === 'global_config')!;
    assert.equal(g.address, null);
    assert.deepEqual(g.lookup, { table: A.table, index: 0, writable: false });
    assert.ok(d.warnings.some((w) => w.includes('lookup table')));
  });

  test('the launch echo: every decoded parameter, named as the reference names it, raw amounts as strings', () => {
    const echo = launchEcho(decodeLaunchTransaction(txBase64([instruction(GOOD)])));
    assert.deepEqual(echo, {
      base_mint: A.baseMint, name: 'Reward Coin', symbol: 'RWD', uri: 'https://x.test/m.json', decimals: 6, token_standard: 'token_2022',
      quote_mint: A.quoteMint, creator: A.creator, payer: A.payer, pool_state: A.pool, global_config: A.globalConfig,
      platform_id: A.rewardPlatform, base_token_program: TOKEN_2022_PROGRAM_ID, quote_token_program: TOKEN_PROGRAM_ID,
      curve_type: 'constant', supply: '1000000000000000', total_sell: '793100000000000', raise: '85000000000', migrate_type: 'cpmm',
      vesting: { total_locked_amount: '0', cliff_period: '0', unlock_period: '0' }, creator_fee_on: 'quote_token',
      curve_rule_account: A.curveRule, transfer_fee: { basis_points: 300, max_fee: '1000000000000' },
    });
    // A fixed curve has no total sell; a None fee option is no fee; an SPL variant is spl_token; no remaining account, no curve rule.
    const fixed = launchEcho(decodeLaunchTransaction(txBase64([instruction({ ...GOOD, variant: 'initialize_v2', curve: 1, fee: null, remaining: [] })])));
    assert.deepEqual([fixed.curve_type, fixed.total_sell, fixed.transfer_fee, fixed.token_standard, fixed.curve_rule_account], ['fixed', null, null, 'spl_token', null]);
    // An account loaded from a lookup table cannot be named offline: null (its check is unresolved).
    const looked = launchEcho(decodeLaunchTransaction(txBase64([instruction(GOOD)], 0, [A.globalConfig])));
    assert.equal(looked.global_config, null);
    assert.equal(looked.base_mint, A.baseMint);
  });

  test('garbage inputs → PreflightInputError with a clear message', () => {
    const noInit = txBase64([{ programAddress: A.otherProgram, accounts: [], data: new Uint8Array([1, 2, 3]) }]);
    const cases: [unknown, RegExp][] = [
      ['', /non-empty base64/],
      [123, /non-empty base64/],
      ['not base64!!', /not valid base64/],
      ['AAAA', /does not decode as a Solana wire transaction/],
      [Buffer.from('hello world, not a transaction at all').toString('base64'), /does not decode|message/],
      [noInit, /no launch-program initialize instruction/],
      [txBase64([instruction({ ...GOOD, truncate: 30 })]), /truncated/],
      [txBase64([{ ...instruction(GOOD), accounts: (instruction(GOOD).accounts ?? []).slice(0, 5) }]), /needs at least 15/],
    ];
    for (const [input, msg] of cases) {
      assert.throws(() => decodeLaunchTransaction(input), (e: unknown) => e instanceof PreflightInputError && msg.test(e.message), String(input).slice(0, 40));
    }
  });
});

describe('check: good launches', () => {
  test('good reward launch, legacy → ok, no mismatches, no warnings', () => {
    assert.deepEqual(run(), { ok: true, mismatches: [], warnings: [], unresolved: [] });
  });
  test('good standard launch (standard platform, no fee) → ok', () => {
    const r = run({ fee: null, accounts: { platform: A.standardPlatform } }, { mode: 'standard' });
    assert.deepEqual(r.mismatches, []);
    assert.equal(r.ok, true);
  });
  test('good v0 launch with only unchecked accounts in the table → ok, with the lookup warning', () => {
    const r = run({}, { version: 0, table: [SYSTEM, A.eventAuth] });
    assert.equal(r.ok, true);
    assert.deepEqual(r.unresolved, []);
    assert.equal(r.warnings.length, 1);
  });
  test('v0 with the global config and curve rule in a table → unresolved, not ok', () => {
    const r = run({}, { version: 0, table: [A.globalConfig, A.curveRule] });
    assert.deepEqual(r.mismatches, []);
    assert.deepEqual(r.unresolved, ['global_config', 'curve_rule_account']);
    assert.equal(r.ok, false);
    assert.ok(r.warnings.some((w) => w.startsWith('global_config: unresolved')));
  });
});

describe('check: one mismatch per check (legacy)', () => {
  test('program', () => only(run({ program: A.otherProgram }), 'program', LAUNCH_PROGRAM_ID, A.otherProgram, LAUNCH_PROGRAM_ID));
  test('global config', () => only(run({ accounts: { globalConfig: A.other } }), 'global_config', A.globalConfig, A.other, A.globalConfig));
  test('platform id: the standard platform in reward mode', () =>
    only(run({ accounts: { platform: A.standardPlatform } }), 'platform_id', A.rewardPlatform, A.standardPlatform, 'the one passed is the standard-mode platform'));
  test('quote mint', () => only(run({}, { quoteMint: A.wrongQuote }), 'quote_mint', A.wrongQuote, A.quoteMint, A.wrongQuote));
  test('quote token program', () =>
    only(run({ accounts: { quoteTokenProgram: TOKEN_2022_PROGRAM_ID as Address } }), 'quote_token_program', TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID));
  test('base mint decimals', () => only(run({ decimals: 9 }), 'base_mint.decimals', '6', '9', 'set decimals to 6'));
  test('base mint token standard: initialize_v2 (SPL base), standard mode', () =>
    only(run({ variant: 'initialize_v2', accounts: { platform: A.standardPlatform } }, { mode: 'standard' }), 'base_mint.token_standard', 'initialize_with_token_2022 (Token-2022 base mint)', 'initialize_v2', 'initializeWithToken2022'));
  test('base token program in the Token-2022 variant', () =>
    only(run({ accounts: { baseTokenProgram: TOKEN_PROGRAM_ID as Address } }), 'base_mint.token_program', TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID));
  test('curve type: fixed also has no total sell', () => {
    const r = run({ curve: 1 });
    assert.deepEqual(r.mismatches.map((m) => [m.field, m.expected, m.actual]), [['curve.type', 'constant', 'fixed'], ['curve.total_sell', '793100000000000', 'none']]);
    assert.ok(r.mismatches[0]!.fix.includes('constant curve'));
  });
  test('supply', () => only(run({ supply: 999n }), 'curve.supply', '1000000000000000', '999', 'set supply to 1000000000000000'));
  test('total sell', () => only(run({ totalSell: 700_000_000_000_000n }), 'curve.total_sell', '793100000000000', '700000000000000', 'totalSellA'));
  test('raise ≥ 10 % off fails: 85 → 93.5 quote (exactly 10 %)', () =>
    only(run({ raise: 93_500_000_000n }), 'curve.raise', '85000000000', '93500000000', '10 % off'));
  test('vesting', () => only(run({ vesting: [0n, 86_400n, 0n] }), 'vesting.cliff_period', '0', '86400', 'set cliff_period to 0'));
  test('creator-fee flag', () => only(run({ creatorFee: 1 }), 'creator_fee_on', 'quote_token', 'both_tokens', 'OnlyTokenB (0)'));
  test('curve-rule account missing', () => only(run({ remaining: [] }), 'curve_rule_account', A.curveRule, 'none', 'append'));
  test('curve-rule account not last', () => only(run({ remaining: [A.curveRule, A.allowConfig] }), 'curve_rule_account', A.curveRule, A.allowConfig, 'move'));
  test('initialize_v2 in reward mode also lacks the fee (it cannot carry one)', () =>
    assert.deepEqual(run({ variant: 'initialize_v2' }).mismatches.map((m) => m.field), ['base_mint.token_standard', 'transfer_fee.option']));
  test('deprecated initialize: token standard and creator-fee flag, plus a warning', () => {
    const r = run({ variant: 'initialize', accounts: { platform: A.standardPlatform } }, { mode: 'standard' });
    assert.deepEqual(r.mismatches.map((m) => [m.field, m.actual]), [['base_mint.token_standard', 'initialize'], ['creator_fee_on', 'none']]);
    assert.ok(r.warnings.some((w) => w.includes('deprecated')));
  });
  test('curve-rule account wrong', () => only(run({ remaining: [A.other] }), 'curve_rule_account', A.curveRule, A.other, 'append'));
  test('curve-rule account last after the allow-config → ok', () => assert.equal(run({ remaining: [A.allowConfig, A.curveRule] }).ok, true));
  test('reward mode: transfer-fee option missing', () =>
    only(run({ fee: null }), 'transfer_fee.option', 'set', 'none', 'transferFeeExtensionParams: { transferFeeBasePoints: <one of 100, 300, 500>, maxinumFee: 1000000000000 }'));
  test('reward mode: tier not offered', () => only(run({ fee: { bps: 250, max: 1_000_000_000_000n } }), 'transfer_fee.tier', '100 | 300 | 500', '250', 'transferFeeBasePoints'));
  test('reward mode: cap', () => only(run({ fee: { bps: 100, max: 5n } }), 'transfer_fee.cap', '1000000000000', '5', 'maxinumFee to 1000000000000'));
  test('reward mode without fee terms in the pricing: tier and cap unresolved, not ok', () => {
    const r = checkLaunch(decodeLaunchTransaction(txBase64([instruction(GOOD)])), { quoteMint: A.quoteMint, mode: 'reward', pricing: { ...PRICING, reward_fee: null } });
    assert.deepEqual([r.mismatches, r.unresolved, r.ok], [[], ['transfer_fee.tier', 'transfer_fee.cap'], false]);
  });
  test('standard mode: a transfer fee present', () =>
    only(run({ accounts: { platform: A.standardPlatform } }, { mode: 'standard' }), 'transfer_fee.option', 'none', '300 bps', 'standard mode launches carry no transfer fee'));
  test('launch_params misspelled key', () =>
    only(run({}, { launchParams: { name: 'x', transferFeeBasisPoints: 100 } }), 'launch_params.transferFeeBasisPoints', 'transferFeeBasePoints', 'transferFeeBasisPoints', 'rename "transferFeeBasisPoints" to "transferFeeBasePoints"'));
});

describe('check: the platform prescribes no cap (maximum_fee null, as StonkFun publishes only the tiers)', () => {
  const NO_CAP: LaunchPricing = { ...PRICING, reward_fee: { tiers_bps: [100, 300], maximum_fee: null } };
  const check = (over: Partial<Spec>) => checkLaunch(decodeLaunchTransaction(txBase64([instruction({ ...GOOD, ...over })])), { quoteMint: A.quoteMint, mode: 'reward', pricing: NO_CAP });
  test('a 0 cap collects nothing: mismatch transfer_fee.cap (> 0), the fix names the supply', () =>
    only(check({ fee: { bps: 300, max: 0n } }), 'transfer_fee.cap', '> 0', '0', `${TRANSFER_FEE_MAX_KEY} to at least the supply (${PRICING.supply})`));
  test('a cap of 1 raw up to supply − 1: ok, with the below-supply warning', () => {
    for (const max of [1n, PRICING.supply - 1n]) {
      const r = check({ fee: { bps: 300, max } });
      assert.deepEqual([r.ok, r.mismatches], [true, []], String(max));
      assert.deepEqual(r.warnings, [`transfer_fee.cap: ${max} raw is below the supply (${PRICING.supply}): transfers whose tax would exceed it pay only the cap, so holders earn less on large trades`]);
    }
  });
  test('a cap at or above the supply: ok, no warning', () => {
    for (const max of [PRICING.supply, PRICING.supply + 1n, 18_446_744_073_709_551_615n]) {
      assert.deepEqual(check({ fee: { bps: 100, max } }), { ok: true, mismatches: [], warnings: [], unresolved: [] }, String(max));
    }
  });
  test('the tier is still checked (and the cap rule beside it)', () => {
    const r = check({ fee: { bps: 500, max: 0n } });
    assert.deepEqual(r.mismatches.map((m) => [m.field, m.expected, m.actual]), [['transfer_fee.tier', '100 | 300', '500'], ['transfer_fee.cap', '> 0', '0']]);
  });
  test('the fee missing: the fix shows the tiers and a <cap> placeholder', () =>
    only(check({ fee: null }), 'transfer_fee.option', 'set', 'none', `${TRANSFER_FEE_MAX_KEY}: <cap> }`));
});

describe('check: v0 with a lookup table, one mismatch per static check', () => {
  const table = [SYSTEM, A.eventAuth];
  test('global config', () => only(run({ accounts: { globalConfig: A.other } }, { version: 0, table }), 'global_config', A.globalConfig, A.other, A.globalConfig));
  test('raise', () => only(run({ raise: 1n }, { version: 0, table }), 'curve.raise', '85000000000', '1', 'totalFundRaisingB'));
  test('tier', () => only(run({ fee: { bps: 1, max: 1_000_000_000_000n } }, { version: 0, table }), 'transfer_fee.tier', '100 | 300 | 500', '1', 'tiers'));
});

describe('raise deviation boundaries (85 quote = 85,000,000,000 raw; 2 % = 1.7e9, 10 % = 8.5e9)', () => {
  const e = 85_000_000_000n;
  test('verdicts at each boundary, lower-inclusive, both directions', () => {
    assert.equal(raiseVerdict(e, e), 'ok');
    assert.equal(raiseVerdict(e + 1_699_999_999n, e), 'ok'); // 1.99999… %
    assert.equal(raiseVerdict(e + 1_700_000_000n, e), 'warn'); // exactly 2 %
    assert.equal(raiseVerdict(e - 1_700_000_000n, e), 'warn');
    assert.equal(raiseVerdict(e + 8_499_999_999n, e), 'warn'); // 9.99999… %
    assert.equal(raiseVerdict(e + 8_500_000_000n, e), 'fail'); // exactly 10 %
    assert.equal(raiseVerdict(e - 8_500_000_000n, e), 'fail');
    assert.equal(raiseVerdict(1n, 0n), 'fail');
    assert.equal(raiseVerdict(0n, 0n), 'ok');
  });
  test('deviation percent, two decimals', () => {
    assert.equal(raiseDeviationPct(e + 1_700_000_000n, e), 2);
    assert.equal(raiseDeviationPct(e + 4_250_000_000n, e), 5);
    assert.equal(raiseDeviationPct(e - 850_000_000n, e), 1);
  });
  test('a 2 % raise warns (and stays ok); 1.99 % is silent', () => {
    const warn = run({ raise: e + 1_700_000_000n });
    assert.equal(warn.ok, true);
    assert.deepEqual(warn.warnings, ["curve.raise: 86700000000 is 2 % off the platform's 85000000000 (2 % or more warns); set totalFundRaisingB to 85000000000"]);
    assert.deepEqual(run({ raise: e + 1_699_999_999n }).warnings, []);
  });
});

describe('launch_params lint', () => {
  test('close misspellings map to the SDK key; exact and unrelated keys pass', () => {
    assert.equal(intendedTransferFeeKey('transferFeeBasisPoints'), 'transferFeeBasePoints');
    assert.equal(intendedTransferFeeKey('transfer_fee_base_points'), 'transferFeeBasePoints');
    assert.equal(intendedTransferFeeKey('maximumFee'), 'maxinumFee');
    assert.equal(intendedTransferFeeKey('maxFee'), 'maxinumFee');
    assert.equal(intendedTransferFeeKey('transferFeeExtensionParam'), 'transferFeeExtensionParams');
    for (const k of ['transferFeeBasePoints', 'maxinumFee', 'transferFeeExtensionParams', 'name', 'symbol', 'supply', 'totalFundRaisingB']) {
      assert.equal(intendedTransferFeeKey(k), null, k);
    }
  });
  test('nested keys are found with their path', () => {
    const m = lintLaunchParams({ transferFeeExtensionParams: { transferFeeBasisPoints: 100, maximumFee: '5' } });
    assert.deepEqual(m.map((x) => [x.field, x.expected]), [
      ['launch_params.transferFeeExtensionParams.transferFeeBasisPoints', 'transferFeeBasePoints'],
      ['launch_params.transferFeeExtensionParams.maximumFee', 'maxinumFee'],
    ]);
    assert.ok(m.every((x) => x.fix.includes('serializes as no fee')));
  });
  test('the SDK spelling lints clean', () => {
    assert.deepEqual(lintLaunchParams({ token2022: true, transferFeeExtensionParams: { transferFeeBasePoints: 100, maxinumFee: '5' } }), []);
  });
});

describe('robustness and docs', () => {
  test('every single-byte corruption of a good transaction decodes or raises PreflightInputError, never anything else', () => {
    for (const b64 of [txBase64([instruction(GOOD)]), txBase64([instruction(GOOD)], 0, [SYSTEM, A.eventAuth])]) {
      const bytes = Buffer.from(b64, 'base64');
      for (let i = 0; i < bytes.length; i++) {
        for (const v of [0x00, 0xff]) {
          const c = Buffer.from(bytes);
          c[i] = v;
          try {
            const d = decodeLaunchTransaction(c.toString('base64'));
            checkLaunch(d, { quoteMint: A.quoteMint, mode: 'reward', pricing: PRICING });
          } catch (e) {
            assert.ok(e instanceof PreflightInputError, `byte ${i} = ${v}: ${String(e)}`);
          }
        }
      }
      // Truncations too.
      for (let n = 0; n < bytes.length; n += 7) {
        assert.throws(() => decodeLaunchTransaction(bytes.subarray(0, n).toString('base64')), PreflightInputError);
      }
    }
  });

  test('docs/launchpad-preflight.md names every exported constant', async () => {
    const { readFileSync } = await import('node:fs');
    const constants = await import('../../../src/analytics/launchpad-preflight/constants.js');
    const page = readFileSync('docs/launchpad-preflight.md', 'utf8');
    const named = ['LAUNCH_PROGRAM_ID', 'ACCOUNT_LAYOUTS', 'BASE_MINT_DECIMALS', 'RAISE_WARN_DEVIATION_PCT', 'RAISE_FAIL_DEVIATION_PCT',
      'TRANSFER_FEE_PARAMS_KEY', 'TRANSFER_FEE_BPS_KEY', 'TRANSFER_FEE_MAX_KEY', 'KEY_LINT_MAX_EDIT_DISTANCE', 'KEY_LINT_MAX_DEPTH'];
    for (const n of named) {
      assert.ok(n in constants, n);
      assert.ok(page.includes(`\`${n}\``), `${n} missing from the doc`);
    }
    assert.ok(page.includes(constants.LAUNCH_PROGRAM_ID));
    for (const d of Object.values(constants.INITIALIZE_DISCRIMINATORS)) assert.ok(page.includes(d.join(' ')));
  });
});
