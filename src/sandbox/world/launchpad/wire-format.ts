/** How the platform writes values in its bodies: ISO times, rounded figures, UI units, quote logos and category labels. */
import { CATEGORY_LABEL } from './quotes.js';

export const iso = (ms: number) => new Date(ms).toISOString();
export const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;
/** UI units of `raw` at `decimals`, the way the platform divides (one float division). */
export const uiUnits = (raw: bigint, decimals: number) => Number(raw) / 10 ** decimals;

export function quoteLogo(mint: string): string {
  return `/api/asset/quote-logo/${mint}`;
}

export function categoryLabel(raw: string): string {
  return CATEGORY_LABEL[raw] ?? raw;
}
