/**
 * Card-pack machines (leg `card_packs`): the tokenized-card "gacha" machines — price per pull, buyback
 * rate, and per rarity tier the odds, the stock left and the average insured value. Thin typed client
 * over `HttpSource`; no key.
 *
 * The wire format is the SERVICE'S ASSUMPTION (Collector Crypt publishes no contract for its machine
 * catalog): see `./wire/card-packs.ts` and docs/gacha.md. The live base URL below is Collector Crypt's
 * gacha host; its own undocumented catalog does not follow this format, so in live mode `CARD_PACKS_URL`
 * must point at a service (or adapter) that does — otherwise every answer is `malformed`.
 */
import type { HttpSource } from './http-source.js';
import { wireParser } from './wire.js';
import { CardPackMachinesSchema, type CardPackMachine } from './wire/card-packs.js';

export type { CardPackMachine, CardPackTier, CardRarity } from './wire/card-packs.js';
export { CARD_RARITIES } from './wire/card-packs.js';

/** Collector Crypt's gacha host (docs.collectorcrypt.com/gacha/api), the live default of `CARD_PACKS_URL`. */
export const CARD_PACKS_LIVE_URL = 'https://gacha.collectorcrypt.com';

export interface CardPackClientOptions {
  /** Base URL (`CARD_PACKS_URL`, or the sandbox's), leg `card_packs`. */
  http: HttpSource;
}

const parseMachines = wireParser(CardPackMachinesSchema);

export class CardPackClient {
  private readonly http: HttpSource;

  constructor(options: CardPackClientOptions) {
    this.http = options.http;
  }

  /** Every machine the service lists (`GET /api/machines`), in the order it lists them. */
  async machines(signal?: AbortSignal): Promise<CardPackMachine[]> {
    const body = await this.http.request('/api/machines', { parse: parseMachines, signal });
    return body.machines;
  }
}
