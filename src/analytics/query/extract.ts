/**
 * What a question names, read by shape alone (no model): Solana addresses and signatures (base58 of their
 * lengths), EVM addresses, perps markets, protocol names, a USD size, a look-back, an hour count, a card
 * franchise. The text left after removing identifiers is what keyword rules read, so a base58 string that
 * happens to contain "sol" or "ape" never triggers a rule.
 */

const BASE58_WORD = /[1-9A-HJ-NP-Za-km-z]{32,90}/g;
const EVM_ADDRESS = /0x[a-fA-F0-9]{40}\b/g;

export type Market = 'SOL' | 'BTC' | 'ETH' | 'BONK';
export type Lookback = '7d' | '14d' | '30d';

export interface QuestionFacts {
  /** Lower-cased text without identifiers, single-spaced. */
  text: string;
  /** Base58 addresses (32–44 characters), in order of appearance, deduplicated. */
  addresses: string[];
  /** Base58 transaction signatures (86–90 characters). */
  signatures: string[];
  evmAddresses: string[];
  market: Market | null;
  /** A major protocol's slug when one is named. */
  protocol: string | null;
  /** A USD amount such as "$5,000", "5k usd", "10000 dollars". */
  sizeUsd: number | null;
  lookback: Lookback | null;
  /** "last 6 hours", "48h". */
  hours: number | null;
  franchise: 'pokemon' | 'onepiece' | null;
  /** Words that say which kind of address the question is about. */
  saysToken: boolean;
  saysWallet: boolean;
}

const MARKETS: [RegExp, Market][] = [
  [/\b(sol|solana)\b/, 'SOL'],
  [/\b(btc|bitcoin)\b/, 'BTC'],
  [/\b(eth|ether|ethereum)\b/, 'ETH'],
  [/\bbonk\b/, 'BONK'],
];

/** Major Solana protocols by the names people use → DefiLlama-style slug. */
export const PROTOCOL_NAMES: readonly [RegExp, string][] = [
  [/\bjupiter\b|\bjup\b/, 'jupiter'],
  [/\braydium\b/, 'raydium'],
  [/\borca\b/, 'orca'],
  [/\bmarinade\b/, 'marinade'],
  [/\bkamino\b/, 'kamino'],
  [/\bjito\b/, 'jito'],
  [/\bdrift\b/, 'drift'],
  [/\bmeteora\b/, 'meteora'],
  [/\bmarginfi\b/, 'marginfi'],
  [/\bsolend\b|\bsave finance\b/, 'solend'],
  [/\bsanctum\b/, 'sanctum'],
  [/\bphoenix\b/, 'phoenix'],
];

function firstMatch<T>(text: string, table: readonly [RegExp, T][]): T | null {
  for (const [re, value] of table) if (re.test(text)) return value;
  return null;
}

function sizeOf(text: string): number | null {
  const m = /\$\s?(\d[\d,]*(?:\.\d+)?)\s?(k|m)?\b|\b(\d[\d,]*(?:\.\d+)?)\s?(k|m)?\s?(?:usd|usdc|dollars?)\b/.exec(text);
  if (!m) return null;
  const value = Number((m[1] ?? m[3])!.replace(/,/g, ''));
  const unit = m[2] ?? m[4];
  const size = value * (unit === 'k' ? 1_000 : unit === 'm' ? 1_000_000 : 1);
  return Number.isFinite(size) && size > 0 ? size : null;
}

function lookbackOf(text: string): Lookback | null {
  if (/\b(30 ?d|30 days|month|monthly)\b/.test(text)) return '30d';
  if (/\b(14 ?d|14 days|two weeks|2 weeks|fortnight)\b/.test(text)) return '14d';
  if (/\b(7 ?d|7 days|week|weekly)\b/.test(text)) return '7d';
  return null;
}

function hoursOf(text: string): number | null {
  const m = /\b(\d{1,3})\s?(h|hr|hrs|hours?)\b/.exec(text);
  if (m) return Number(m[1]);
  if (/\b(last|past) hour\b/.test(text)) return 1;
  if (/\b(today|24 ?h|last day|past day)\b/.test(text)) return 24;
  if (/\b(this|last|past) week\b/.test(text)) return 168;
  return null;
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)];
}

export function extractFacts(question: string): QuestionFacts {
  const evmAddresses = unique(question.match(EVM_ADDRESS) ?? []);
  const withoutEvm = question.replace(EVM_ADDRESS, ' ');
  const words = withoutEvm.match(BASE58_WORD) ?? [];
  const addresses = unique(words.filter((w) => w.length >= 32 && w.length <= 44));
  const signatures = unique(words.filter((w) => w.length >= 86 && w.length <= 90));
  const text = withoutEvm.replace(BASE58_WORD, ' ').toLowerCase().replace(/\s+/g, ' ').trim();
  return {
    text,
    addresses,
    signatures,
    evmAddresses,
    market: firstMatch(text, MARKETS),
    protocol: firstMatch(text, PROTOCOL_NAMES),
    sizeUsd: sizeOf(text),
    lookback: lookbackOf(text),
    hours: hoursOf(text),
    franchise: /pok[eé]mon/.test(text) ? 'pokemon' : /one ?piece/.test(text) ? 'onepiece' : null,
    saysToken: /\b(token|coin|mint|memecoin|shitcoin)s?\b/.test(text),
    saysWallet: /\b(wallet|address|trader|account|portfolio)s?\b/.test(text),
  };
}
