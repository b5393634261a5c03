/**
 * What a wallet plan builder is given: the transaction environment (token accounts, decimals, prices)
 * plus the world's seed and its token specs. Every plan builder (the cast-*.ts plan files, generic-wallet.ts,
 * program-activity.ts) takes one; the world (index.ts) builds it once per seed.
 */
import type { TokenSpec } from './tokens.js';
import type { TxEnv } from './transactions.js';

export interface PlanCtx extends TxEnv {
  seed: string;
  spec(mint: string): TokenSpec | null;
}
