/** Mapping provider facts about a token into the analytics' domain types (pure). */
import type { Token2022Extensions } from '../../analytics/types.js';
import { USDC_MINT } from '../../lib/solana-mints.js';
import type { MintExtensionFacts } from '../../sources/solana-rpc.js';
import type { JupQuote } from '../../sources/wire/jupiter.js';

/** What slippage needs of a quote: how much comes out, and the impact as the aggregator reports it (a fraction). */
export interface QuoteFill {
  outAmountRaw: string;
  impactFraction: number;
}

export function quoteFill(quote: JupQuote | null): QuoteFill | null {
  return quote ? { outAmountRaw: quote.outAmount, impactFraction: Number(quote.priceImpactPct) } : null;
}

export { USDC_MINT };

/** The spec's four position sizes for slippage estimates. */
export const quoteSizesUsd = [100, 1_000, 10_000, 100_000] as const;

export function mintExtensionsToDomain(ext: MintExtensionFacts): Token2022Extensions {
  return {
    ...(ext.transferFee ? { transferFee: { basisPoints: ext.transferFee.basisPoints, maximumFeeRaw: ext.transferFee.maximumFeeRaw } } : {}),
    ...(ext.permanentDelegate ? { permanentDelegate: ext.permanentDelegate } : {}),
    ...(ext.transferHookProgram ? { transferHook: { programId: ext.transferHookProgram } } : {}),
    ...(ext.nonTransferable ? { nonTransferable: true } : {}),
    ...(ext.defaultAccountStateFrozen !== undefined ? { defaultAccountState: ext.defaultAccountStateFrozen ? 'frozen' as const : 'initialized' as const } : {}),
    ...(ext.mintCloseAuthority ? { mintCloseAuthority: ext.mintCloseAuthority } : {}),
  };
}

/** USDC priced against itself: no swap, no impact (no aggregator call is needed). */
export function usdcSelfQuote(sizeUsd: number): QuoteFill {
  return { outAmountRaw: String(sizeUsd * 1_000_000), impactFraction: 0 };
}
