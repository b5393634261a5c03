/**
 * Card-pack machines (leg `card_packs`): Collector Crypt's gacha catalog, `GET /api/machines` on
 * `CARD_PACKS_URL` (default the real host, https://gacha.collectorcrypt.com; no key). Thin typed client
 * over `HttpSource`; the format is in `./wire/card-packs.ts` and docs/gacha.md.
 *
 * The list is validated PER MACHINE: a machine that does not match the format is skipped and reported in
 * `skipped` (its position, its code when it has a readable one, and why), which gacha-ev-scan turns into its
 * `items_skipped` caveat — so one odd entry never hides the others. Only a
 * body that is not the `{machines: [...]}` envelope, or a non-empty list in which no machine is readable
 * (the format has changed, not one entry: answering an empty scan for a fee would hide that), is
 * `malformed` as a whole.
 *
 * The loop is this client's own rather than `wireListParser` (./wire.ts) because a machine is checked
 * beyond its JSON schema (`parseMachine`: every tier with odds needs a range and a stock count); each
 * machine still goes through the same ajv-based `wireParser` first.
 */
import { formatProblem, reportSkipped } from './errors.js';
import type { HttpSource } from './http-source.js';
import { wireParser } from './wire.js';
import { CardPackEnvelopeSchema, parseMachine, type CardPackMachine } from './wire/card-packs.js';
import { UpstreamFormatError } from './format-error.js';

export type { CardPackMachine, CardPackMachines, CardPackTierRange } from './wire/card-packs.js';

/** Collector Crypt's gacha host (docs.collectorcrypt.com/gacha/api), the live default of `CARD_PACKS_URL`. */
export const CARD_PACKS_LIVE_URL = 'https://gacha.collectorcrypt.com';

export interface CardPackClientOptions {
  /** Base URL (`CARD_PACKS_URL`, or the sandbox's), leg `card_packs`. */
  http: HttpSource;
}

/** A listed machine that was left out because it does not match the format. */
export interface SkippedMachine {
  /** Its position in the service's list (0-based). */
  index: number;
  /** Its `code` when that field is a non-empty string, else null. */
  code: string | null;
  /** What did not match: a JSON pointer from the list and the rule, e.g. `/3/price must be >= 0`. */
  reason: string;
}

export interface CardPackCatalog {
  /** The machines that match the format, in the order the service lists them. */
  machines: CardPackMachine[];
  skipped: SkippedMachine[];
}

const parseEnvelope = wireParser(CardPackEnvelopeSchema);

function readableCode(item: unknown): string | null {
  if (typeof item !== 'object' || item === null) return null;
  const code = (item as { code?: unknown }).code;
  return typeof code === 'string' && code.length > 0 ? code : null;
}

/** The body, machine by machine. Throws (→ `malformed`) only for a wrong envelope or a list with nothing readable. */
export function parseCatalog(json: unknown): CardPackCatalog {
  const { machines: items } = parseEnvelope(json);
  const machines: CardPackMachine[] = [];
  const skipped: SkippedMachine[] = [];
  items.forEach((item, index) => {
    try {
      machines.push(parseMachine(item));
    } catch (err) {
      // The item's own pointer ("/price …", or "/ …" for the machine itself) under its place in the list.
      const detail = formatProblem(err, '/ is invalid').replace(/^\/ /, ' ');
      skipped.push({ index, code: readableCode(item), reason: `/${index}${detail}` });
    }
  });
  if (items.length > 0 && machines.length === 0) {
    throw new UpstreamFormatError(`no machine of ${items.length} matches the format (first: ${skipped[0]!.reason})`);
  }
  return { machines, skipped };
}

export class CardPackClient {
  private readonly http: HttpSource;

  constructor(options: CardPackClientOptions) {
    this.http = options.http;
  }

  /** Every machine the service lists (`GET /api/machines`), hidden ones included, plus the ones skipped as malformed. */
  async machines(signal?: AbortSignal): Promise<CardPackCatalog> {
    const catalog = await this.http.request('/api/machines', { parse: parseCatalog, signal });
    // Reported like every provider list's skips: the endpoint's answer gets one `items_skipped` caveat.
    return reportSkipped(catalog, { leg: 'card_packs', provider: 'Collector Crypt', what: 'machine', count: catalog.skipped.length, firstError: catalog.skipped[0]?.reason ?? null });
  }
}
