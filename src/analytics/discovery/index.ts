/** Discovery analytics (issue 7; pure: no I/O, no clock): one module per concern; see docs/discovery.md. */
export type * from './types.js';
export { WINDOW_MINUTES } from './types.js';
export * from './thresholds.js';
export * from './windows.js';
export * from './deltas.js';
export * from './runner-stage.js';
export * from './velocity.js';
export * from './trenches.js';
export * from './confluence.js';
export * from './exit-signal.js';
export * from './attention-momentum.js';
export * from './new-tokens.js';
export * from './sentiment.js';
export * from './pack-ev.js';
