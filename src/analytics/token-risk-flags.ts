/**
 * Token risk flags for enrich-token (and due-diligence). Each flag is `{flag, severity, detail}`;
 * a flag whose input is missing is reported as an `unknown` entry (e.g. `authority_status_unknown`)
 * — missing data is never silently treated as "no risk".
 *
 * Flags and why:
 *  - mint_authority_active (high): someone can mint more supply and dilute holders.
 *  - freeze_authority_active (high): someone can freeze any holder's account (honeypot risk).
 *  - unverified (medium): the metadata aggregator has not verified the token (impersonation risk).
 *  - low_liquidity (high): pool liquidity < $10 000 — even small sales move the price a lot.
 *  - top_holder_over_50pct (high): one holder above 50 % of supply can crash the price alone.
 *  - top5_over_80pct (medium): five holders above 80 % of supply.
 * Token-2022 extensions read from the mint:
 *  - transfer_fee: every transfer pays a fee (bps). Severity high ≥ 500 bps (5 %), medium ≥ 100 bps,
 *    low below; a 0-bps fee whose config authority is still set is flagged low (it can be raised).
 *  - permanent_delegate (high): the delegate can move or burn tokens out of any holder's account.
 *  - transfer_hook (medium): a program runs on every transfer and can make transfers (sells) fail.
 *  - non_transferable (high): tokens cannot be transferred or sold at all.
 *  - default_frozen (high): new token accounts start frozen until the freeze authority thaws them.
 *  - mint_close_authority (low): the mint can be closed once supply is zero and re-created.
 * Thresholds use "above" as strict (> 50 %, > 80 %) and "below" as strict (< $10 000).
 */
import { isFiniteNumber, round2 } from './round.js';
import type { Token2022Extensions } from './types.js';

export type FlagSeverity = 'low' | 'medium' | 'high';

export interface TokenRiskFlag {
  flag: string;
  severity: FlagSeverity;
  /** 'risk' = a risk was found; 'unknown' = the input needed to check it is missing. */
  kind: 'risk' | 'unknown';
  detail: string;
  /** Supporting numbers (e.g. basis_points), when there are any. */
  data?: Record<string, string | number | boolean | null>;
}

/**
 * Inputs. For authorities: a string = active (the authority address), null = revoked/none,
 * undefined = unknown. `tokenProgram` null/undefined = unknown; for 'token-2022' mints,
 * `extensions` undefined/null = unknown.
 */
export interface TokenRiskInputs {
  mintAuthority?: string | null;
  freezeAuthority?: string | null;
  verified?: boolean | null;
  liquidityUsd?: number | null;
  top1Pct?: number | null;
  top5Pct?: number | null;
  tokenProgram?: 'spl-token' | 'token-2022' | null;
  extensions?: Token2022Extensions | null;
}

export const TOKEN_RISK_THRESHOLDS = {
  low_liquidity_usd: 10_000,
  top_holder_pct: 50,
  top5_pct: 80,
  transfer_fee_high_bps: 500,
  transfer_fee_medium_bps: 100,
} as const;

const SEVERITY_ORDER: Record<FlagSeverity, number> = { high: 0, medium: 1, low: 2 };

function extensionFlags(ext: Token2022Extensions, out: TokenRiskFlag[]): void {
  const T = TOKEN_RISK_THRESHOLDS;
  const fee = ext.transferFee;
  if (fee) {
    const bps = isFiniteNumber(fee.basisPoints) ? fee.basisPoints : null;
    if (bps === null) {
      out.push({ flag: 'transfer_fee_unknown', severity: 'medium', kind: 'unknown', detail: 'transfer fee extension present but its rate is unreadable' });
    } else if (bps > 0 || fee.authority) {
      const severity: FlagSeverity = bps >= T.transfer_fee_high_bps ? 'high' : bps >= T.transfer_fee_medium_bps ? 'medium' : 'low';
      const changeable = fee.authority ? `; fee authority ${fee.authority} can change it` : '';
      out.push({
        flag: 'transfer_fee',
        severity,
        kind: 'risk',
        detail: `every transfer pays ${round2(bps / 100)}% (${bps} bps)${changeable}`,
        data: { basis_points: bps, maximum_fee_raw: fee.maximumFeeRaw ?? null, authority: fee.authority ?? null },
      });
    }
  }
  if (ext.permanentDelegate) {
    out.push({ flag: 'permanent_delegate', severity: 'high', kind: 'risk', detail: `${ext.permanentDelegate} can transfer or burn tokens from any account`, data: { delegate: ext.permanentDelegate } });
  }
  if (ext.transferHook && ext.transferHook.programId) {
    out.push({ flag: 'transfer_hook', severity: 'medium', kind: 'risk', detail: `program ${ext.transferHook.programId} runs on every transfer and can block it`, data: { program_id: ext.transferHook.programId } });
  }
  if (ext.nonTransferable === true) {
    out.push({ flag: 'non_transferable', severity: 'high', kind: 'risk', detail: 'tokens cannot be transferred or sold' });
  }
  if (ext.defaultAccountState === 'frozen') {
    out.push({ flag: 'default_frozen', severity: 'high', kind: 'risk', detail: 'new token accounts start frozen until thawed by the freeze authority' });
  }
  if (ext.mintCloseAuthority) {
    out.push({ flag: 'mint_close_authority', severity: 'low', kind: 'risk', detail: `${ext.mintCloseAuthority} can close the mint once supply is zero`, data: { authority: ext.mintCloseAuthority } });
  }
}

/** All risk and unknown flags for a token, sorted risk-first, then by severity, then by name. */
export function tokenRiskFlags(i: TokenRiskInputs): TokenRiskFlag[] {
  const T = TOKEN_RISK_THRESHOLDS;
  const out: TokenRiskFlag[] = [];

  if (i.mintAuthority === undefined || i.freezeAuthority === undefined) {
    const which = [i.mintAuthority === undefined ? 'mint' : null, i.freezeAuthority === undefined ? 'freeze' : null].filter(Boolean).join(' and ');
    out.push({ flag: 'authority_status_unknown', severity: 'medium', kind: 'unknown', detail: `${which} authority status could not be read` });
  }
  if (i.mintAuthority) out.push({ flag: 'mint_authority_active', severity: 'high', kind: 'risk', detail: `${i.mintAuthority} can mint new supply`, data: { authority: i.mintAuthority } });
  if (i.freezeAuthority) out.push({ flag: 'freeze_authority_active', severity: 'high', kind: 'risk', detail: `${i.freezeAuthority} can freeze holder accounts`, data: { authority: i.freezeAuthority } });

  if (i.verified === false) out.push({ flag: 'unverified', severity: 'medium', kind: 'risk', detail: 'not verified by the metadata aggregator' });
  else if (i.verified !== true) out.push({ flag: 'verification_unknown', severity: 'medium', kind: 'unknown', detail: 'verification status unavailable' });

  if (!isFiniteNumber(i.liquidityUsd)) out.push({ flag: 'liquidity_unknown', severity: 'medium', kind: 'unknown', detail: 'liquidity unavailable' });
  else if (i.liquidityUsd < T.low_liquidity_usd) {
    out.push({ flag: 'low_liquidity', severity: 'high', kind: 'risk', detail: `liquidity $${round2(i.liquidityUsd)} is below $${T.low_liquidity_usd}`, data: { liquidity_usd: round2(i.liquidityUsd) } });
  }

  if (!isFiniteNumber(i.top1Pct) || !isFiniteNumber(i.top5Pct)) {
    out.push({ flag: 'holder_concentration_unknown', severity: 'medium', kind: 'unknown', detail: 'top-holder shares unavailable' });
  }
  if (isFiniteNumber(i.top1Pct) && i.top1Pct > T.top_holder_pct) {
    out.push({ flag: 'top_holder_over_50pct', severity: 'high', kind: 'risk', detail: `top holder owns ${round2(i.top1Pct)}% of supply`, data: { top1_pct: round2(i.top1Pct) } });
  }
  if (isFiniteNumber(i.top5Pct) && i.top5Pct > T.top5_pct) {
    out.push({ flag: 'top5_over_80pct', severity: 'medium', kind: 'risk', detail: `top 5 holders own ${round2(i.top5Pct)}% of supply`, data: { top5_pct: round2(i.top5Pct) } });
  }

  if (i.tokenProgram === 'token-2022') {
    if (!i.extensions) out.push({ flag: 'extensions_unknown', severity: 'medium', kind: 'unknown', detail: 'Token-2022 mint extensions could not be read' });
    else extensionFlags(i.extensions, out);
  } else if (i.tokenProgram !== 'spl-token') {
    out.push({ flag: 'token_program_unknown', severity: 'medium', kind: 'unknown', detail: 'token program unknown, so Token-2022 extensions were not checked' });
  }

  return out.sort(
    (a, b) => (a.kind === b.kind ? 0 : a.kind === 'risk' ? -1 : 1) || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || (a.flag < b.flag ? -1 : a.flag > b.flag ? 1 : 0),
  );
}
