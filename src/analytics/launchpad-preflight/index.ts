/** Launch preflight (docs/launchpad-preflight.md): decode an unsigned launch transaction, then check it against the platform's pricing. */
export * from './constants.js';
export * from './decode.js';
export * from './check.js';
export * from './echo.js';
