/** Pure analytics (no I/O, no clock, no randomness): one module per concern, re-exported here. */
export * from './round.js';
export type * from './types.js';
export * from './known-programs.js';
export * from './entities.js';
export * from './behaviour.js';
export * from './wallet-risk.js';
export * from './nft-summary.js';
export * from './token-price.js';
export * from './concentration.js';
export * from './volatility.js';
export * from './token-risk-flags.js';
export * from './slippage.js';
export * from './transaction-parse.js';
