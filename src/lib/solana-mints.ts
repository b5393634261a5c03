/** USDC on Solana (Circle's mint; the sandbox's USDC is a real SPL mint at the same address). */
export const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/** Wrapped SOL: native SOL as an SPL token, the quote mint of most pools (the same address on mainnet and in the sandbox). */
export const WSOL_MINT = 'So11111111111111111111111111111111111111112';
