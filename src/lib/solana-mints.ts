/** Wrapped SOL: native SOL as an SPL token, the quote mint of most pools (the same address on mainnet and in the sandbox). */
export const WSOL_MINT = 'So11111111111111111111111111111111111111112';
