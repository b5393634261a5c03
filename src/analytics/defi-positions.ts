/**
 * DeFi positions recognisable from a wallet's token holdings: liquid-staking tokens (a staking position
 * with its protocol) and LP tokens (a liquidity position). Positions kept inside program accounts
 * (lending deposits, perps) are not visible from holdings; callers say so in a caveat.
 */
export interface PositionHolding {
  mint: string;
  symbol: string | null;
  name: string | null;
  uiAmount: number;
  valueUsd: number | null;
}

export interface DefiPosition {
  protocol: string;
  kind: 'staking' | 'liquidity';
  mint: string;
  symbol: string | null;
  ui_amount: number;
  value_usd: number | null;
  /** How it was recognised: a known liquid-staking mint, or an LP token's name. */
  evidence: 'known_lst_mint' | 'lp_token_name';
}

/** Liquid-staking tokens on mainnet (mint → protocol). */
export const LIQUID_STAKING_MINTS: Readonly<Record<string, string>> = {
  mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So: 'Marinade',
  J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn: 'Jito',
  bSo13r4TkiE4KumL71LsHTPpL2euBYLFx6h9HP3piy1: 'BlazeStake',
  jupSoLaHXQiZZTSfEWMTRRgpnyFm8f6sZdosWBjx93v: 'Jupiter',
  '5oVNBeEEQvYi1cX3ir8Dx5n1P7pdxydbGF2X4TxVusJm': 'Sanctum',
};

const LP_NAME = /\b(lp|liquidity)\b/i;

export function defiPositions(holdings: readonly PositionHolding[]): DefiPosition[] {
  const out: DefiPosition[] = [];
  for (const h of holdings) {
    const lst = LIQUID_STAKING_MINTS[h.mint];
    if (lst) {
      out.push({ protocol: lst, kind: 'staking', mint: h.mint, symbol: h.symbol, ui_amount: h.uiAmount, value_usd: h.valueUsd, evidence: 'known_lst_mint' });
    } else if (LP_NAME.test(h.name ?? '') || /LP$/.test(h.symbol ?? '')) {
      // "Raydium SOL-USDC LP" → Raydium; an LP token whose name names no protocol stays "unknown".
      const protocol = (h.name ?? '').split(/\s+/)[0] || 'unknown';
      out.push({ protocol, kind: 'liquidity', mint: h.mint, symbol: h.symbol, ui_amount: h.uiAmount, value_usd: h.valueUsd, evidence: 'lp_token_name' });
    }
  }
  return out.sort((a, b) => (b.value_usd ?? 0) - (a.value_usd ?? 0));
}
