/** Launchpad reward-coin analytics (pure: no I/O, no clock): one module per concern; see docs/launchpad.md. */
export type * from './types.js';
export * from './thresholds.js';
export * from './payout.js';
export * from './health.js';
export * from './yield.js';
export * from './gem.js';
export * from './demand.js';
export * from './quote.js';
export * from './alerts.js';
export * from './screener.js';
