/**
 * What the schema cannot say, for the fuzz generators:
 * - `validOverrides`/`validFixup`: cross-field rules (check-alerts watches at least one subject;
 *   protocol-profile takes a slug or a program id), so generated "valid" inputs are valid indeed;
 * - `paidOverrides`/`paidFixup`: subjects that exist on the sandbox chain (cast wallets and tokens, the
 *   launch platform's coins, a decodable launch transaction, routable questions), so a PAID valid call
 *   has something to answer about. Numbers, enums, booleans and formats stay generated from the schema.
 */
import fc from 'fast-check';
import { CAST_ADDRESS as A } from '../../src/sandbox/world/cast.js';
import {
  coinMint, LAUNCHPAD_COINS, LAUNCHPAD_QUOTES, quoteMint,
} from '../../src/sandbox/world/launchpad/index.js';
import { PERPS_MARKETS } from '../../src/registry/fields.js';
import { launchTransaction } from '../helpers/launch-transaction.js';
import { GOOD_REWARD_LAUNCH, SANDBOX_LAUNCH_ACCOUNTS, SOL } from '../helpers/sandbox-launch.js';
import type { Input, Overrides } from './fuzz-schema.js';

const slug = fc.array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'), { minLength: 2, maxLength: 64 }).map((a) => a.join(''));

export function validOverrides(key: string): Overrides {
  return key === 'protocol-profile' ? { protocol: slug } : {};
}

/** check-alerts refuses a poll that watches nothing (a cross-field rule reported at /tokens). */
export function validFixup(key: string, input: Input, fallbackMint: string): Input {
  if (key === 'check-alerts' && !((input.tokens as unknown[] | undefined)?.length || (input.wallets as unknown[] | undefined)?.length)) {
    return { ...input, tokens: [fallbackMint] };
  }
  return input;
}

const WALLETS = [A.WALLET_RISK_LOW, A.WALLET_RISK_MODERATE, A.WALLET_DEFI, A.WALLET_TRADER_SKILLED, A.WALLET_TRADER_LOSING, A.WALLET_NFT_COLLECTOR, A.WALLET_SMART_1, A.WALLET_SMART_2, A.WALLET_HIGH_FREQUENCY, A.WALLET_AIRDROP_FARMER];
const PERP_WALLETS = [A.WALLET_PERP_SCALPER, A.WALLET_PERP_SWING, A.WALLET_PERP_POSITION, A.WALLET_PERP_NEAR_LIQ, A.WALLET_PERP_MULTI_VENUE];
const TOKENS = [A.TOKEN_SAFE, A.TOKEN_CAUTION, A.TOKEN_RISKY, A.TOKEN_VOL_LOW, A.TOKEN_VOL_MODERATE, A.TOKEN_VOL_HIGH, A.TOKEN_HHI_WELL, A.TOKEN_HHI_MODERATE];
const COINS = LAUNCHPAD_COINS.map(coinMint);
const QUOTES = LAUNCHPAD_QUOTES.map(quoteMint);

const one = (pool: readonly string[]) => fc.constantFrom(...pool);
const some = (pool: readonly string[], min: number, max: number) => fc.uniqueArray(one(pool), { minLength: min, maxLength: Math.min(max, pool.length) });

/** A reward-mode SOL launch the sandbox platform accepts (test/helpers/sandbox-launch.ts). */
function goodLaunch(): string {
  return launchTransaction(GOOD_REWARD_LAUNCH, SANDBOX_LAUNCH_ACCOUNTS);
}

const QUESTIONS = [
  `Should I buy ${A.TOKEN_SAFE}?`,
  `Is ${A.TOKEN_RISKY} a rug?`,
  `Is wallet ${A.WALLET_RISK_LOW} risky?`,
  `What does ${A.WALLET_DEFI} hold?`,
];

/** Per-endpoint subjects for paid calls; a field set to `undefined` is left out of the input. */
export function paidOverrides(key: string, example: Input): Overrides {
  const mint = one(TOKENS);
  const wallet = one(WALLETS);
  switch (key) {
    case 'enrich-wallet-light': case 'enrich-wallet-full': case 'wallet-graph': case 'copy-trade-signals':
    case 'wallet-history': case 'portfolio-history':
      return { address: wallet };
    case 'perps-trader-profile':
      return { address: one(PERP_WALLETS) };
    case 'enrich-token-light': case 'enrich-token-full': case 'whale-watch': case 'due-diligence': case 'token-trend':
    case 'trenches-check': case 'exit-signal':
      return { mint };
    case 'parse-transaction': case 'refvenue-trader-profile':
      return Object.fromEntries(Object.entries(example).map(([k, v]) => [k, fc.constant(v)]));
    case 'batch-enrich':
      return { addresses: some(WALLETS, 1, 25) };
    case 'compare-tokens':
      return { mints: some(TOKENS, 2, 3) };
    case 'compare-wallets':
      return { addresses: some(WALLETS, 2, 3) };
    case 'query':
      return { question: one(QUESTIONS) };
    case 'protocol-profile':
      return { protocol: fc.constantFrom('jupiter', 'raydium', 'orca', 'meteora', 'phoenix') };
    case 'refvenue-smart-money':
      return { market: one(PERPS_MARKETS) };
    case 'smart-money-flow':
      return { wallets: some(WALLETS, 0, 30) };
    case 'consensus-signal':
      return { address: fc.constant(undefined) };
    case 'gacha-ev-scan':
      return { machine: fc.constant(undefined) };
    case 'check-alerts':
      return { tokens: some(TOKENS, 1, 10), wallets: some(WALLETS, 0, 10) };
    case 'launchpad-reward-risk': case 'launchpad-yield': case 'launchpad-quote':
      return { mint: one(COINS) };
    case 'launchpad-yield-batch':
      return { mints: some(COINS, 0, 25), quote_mint: one(QUOTES) };
    case 'launchpad-alerts':
      return { mints: some(COINS, 1, 25) };
    case 'launchpad-screener': case 'launchpad-gems':
      return { quote_mint: one(QUOTES) };
    case 'launchpad-launch-preflight':
      return { unsigned_transaction: fc.constant(goodLaunch()), quote_mint: fc.constant(SOL), mode: fc.constant('reward'), launch_params: fc.constant(undefined) };
    default:
      return {};
  }
}

/** Inputs whose subject depends on another field: batch-enrich of tokens gets token mints. */
export function paidFixup(key: string, input: Input): Input {
  if (key === 'batch-enrich' && input.type === 'token') {
    const n = (input.addresses as unknown[]).length;
    return { ...input, addresses: TOKENS.slice(0, Math.min(n, TOKENS.length)) };
  }
  return input;
}
