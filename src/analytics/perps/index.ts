/** Perps analytics (pure: no I/O, no clock): one module per endpoint concern; see docs/perps.md. */
export * from './thresholds.js';
export * from './units.js';
export * from './rates.js';
export * from './bias.js';
export * from './market-structure.js';
export * from './market-trend.js';
export * from './pool-position.js';
export * from './pool-trader.js';
export * from './ref-trader.js';
export * from './smart-money.js';
export * from './funding.js';
export * from './venue-comparison.js';
export * from './basis.js';
export * from './alerts.js';
