/**
 * A token's transfer tax as runner-scan and trenches-check report it (docs/discovery.md "Transfer tax"):
 * the Token-2022 transfer-fee config read from the mint account on chain (leg `chain_rpc`, one
 * `getMultipleAccounts` for every token answered), decoded by the same reader the launch-platform index
 * uses (`coinMintFacts`, src/sources/launchpad-chain.ts). A classic SPL mint, or a Token-2022 mint without
 * the extension, has no tax: `bps` and the cap are null. The fee in force is the config's newer fee (the
 * conservative reading of a pending change). A failed read leaves every token `known: false` with a
 * `leg_degraded` caveat: the answer stands without it.
 */
import { round2 } from '../../../analytics/round.js';
import type { Caveat, HandlerContext } from '../../../registry/types.js';
import { coinMintFacts } from '../../../sources/launchpad-chain.js';
import { degradedCaveat, gatherLegs, type LegResult } from '../../shared/legs.js';

/** u64::MAX as a fee cap means "no cap". */
const U64_MAX = '18446744073709551615';

export interface TransferTax {
  /** The mint account was read and is a token mint; false: unknown (every field below null). */
  known: boolean;
  token_program: 'spl-token' | 'spl-token-2022' | null;
  /** Transfer fee in basis points; null without a transfer-fee extension (no tax). */
  bps: number | null;
  /** The same in percent (bps ÷ 100). */
  pct: number | null;
  /** Most a single transfer pays, in token units; null without a fee, or when uncapped (`uncapped`). */
  max_fee: number | null;
  max_fee_raw: string | null;
  uncapped: boolean | null;
  /** The fee config authority is set: the rate can still change. Null without a fee. */
  fee_mutable: boolean | null;
}

const UNKNOWN_TAX: TransferTax = { known: false, token_program: null, bps: null, pct: null, max_fee: null, max_fee_raw: null, uncapped: null, fee_mutable: null };

/** The tax in words, for the briefings. */
export function transferTaxText(t: TransferTax): string {
  if (!t.known) return 'transfer tax unknown';
  if (t.bps === null) return 'no transfer tax';
  const cap = t.uncapped ? 'uncapped' : t.max_fee === null ? 'cap unknown' : `capped at ${t.max_fee.toLocaleString('en-US')} tokens per transfer`;
  return `transfer tax ${t.pct} % (${t.bps} bps, ${cap}${t.fee_mutable ? '; the rate can still change' : ''})`;
}

export interface TransferTaxRead {
  taxOf(mint: string): TransferTax;
  caveats: Caveat[];
  leg: LegResult<unknown>;
}

export async function readTransferTaxes(ctx: HandlerContext, mints: readonly string[]): Promise<TransferTaxRead> {
  const legs = await gatherLegs({
    mint_accounts: () => (mints.length > 0 ? ctx.sources.rpc.getMultipleAccounts(mints, ctx.signal) : Promise.resolve({ context: { slot: 0 }, value: [] })),
  });
  const leg = legs.mint_accounts;
  const caveats: Caveat[] = [];
  const taxes = new Map<string, TransferTax>();
  if (!leg.ok) {
    caveats.push({ ...degradedCaveat(leg.error, 'Transfer tax'), message: `Transfer tax unavailable: the ${leg.error.leg} source failed (${leg.error.kind}); every token's transfer_tax is unknown (known: false).` });
  } else {
    mints.forEach((mint, i) => {
      const facts = coinMintFacts(leg.value.value[i] ?? null);
      if (facts === null) return;
      const fee = facts.transferFee;
      const uncapped = fee === null ? null : fee.maximumFeeRaw === U64_MAX;
      taxes.set(mint, {
        known: true,
        token_program: facts.program,
        bps: fee?.bps ?? null,
        pct: fee === null ? null : round2(fee.bps / 100),
        max_fee: fee === null || uncapped ? null : Number(fee.maximumFeeRaw) / 10 ** facts.decimals,
        max_fee_raw: fee?.maximumFeeRaw ?? null,
        uncapped,
        fee_mutable: fee === null ? null : fee.configAuthority !== null,
      });
    });
    const unread = mints.filter((m) => !taxes.has(m));
    if (unread.length > 0) {
      caveats.push({ code: 'transfer_tax_unknown', message: `No token mint account on chain for ${unread.join(', ')}: transfer tax unknown (known: false).` });
    }
  }
  return { taxOf: (mint) => taxes.get(mint) ?? UNKNOWN_TAX, caveats, leg };
}
