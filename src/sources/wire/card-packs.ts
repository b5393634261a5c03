/**
 * Card-pack machines wire format (leg `card_packs`): the machine list of a tokenized-card pack service
 * ("gacha" machines selling one random graded card per pull, e.g. Collector Crypt's on Solana).
 *
 * THIS FORMAT IS THE SERVICE'S ASSUMPTION, not a published provider contract. Collector Crypt documents
 * its gacha API only for buying and opening packs (https://docs.collectorcrypt.com/gacha/api:
 * `POST /api/generatePack`, `/api/openPack`, `/api/buyback`, partner `x-api-key`). Its catalog routes
 * (`GET /api/machines`, `/api/gachas/all`, `/api/stock` on gacha.collectorcrypt.com) are undocumented;
 * third-party integrations describe them inconsistently (`instantBuyback` as `85` or as
 * `{percentageOfValue: 85}`, odds as `weightMultipliers`, per-tier value *ranges* rather than averages).
 * So the service defines the minimal format it needs, documented in docs/gacha.md, and reads it from
 * `CARD_PACKS_URL` (in live mode an adapter that serves it); anything else is `malformed`.
 *
 * `GET /api/machines` → `{ "machines": [Machine, …], "updated_at"?: ISO 8601 }` (the `machines`
 * envelope is the one Collector Crypt's own `/api/machines` answers with). Per machine:
 *  - `code`: the machine's id (e.g. `pokemon_50`, Collector Crypt's `packType` codes);
 *  - `franchise`: lowercase id (`pokemon`, `onepiece`; other values are allowed and simply match no
 *    franchise filter but `all`);
 *  - `price_usd` > 0: price of one pull (one card) in USD(C);
 *  - `buyback_rate` 0–1: the instant buyback offer as a fraction of a card's insured value (Collector
 *    Crypt: 0.85 on $50 pulls, 0.90 on $250 pulls; accepted within 72 h of the pull);
 *  - `tiers`: one entry per rarity tier — `odds` 0–1 (the advertised probability of the tier; they should
 *    sum to 1), `stock` (cards of that tier left in the machine, a whole number), and
 *    `avg_insured_value_usd` (mean insured value of the cards of that tier in stock).
 *
 * Extra fields are allowed (a provider adding fields must not break us).
 */
import { Type, type Static } from '@sinclair/typebox';

export const CARD_RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
export type CardRarity = (typeof CARD_RARITIES)[number];

export const CardPackTierSchema = Type.Object({
  rarity: Type.Union(CARD_RARITIES.map((r) => Type.Literal(r))),
  odds: Type.Number({ minimum: 0, maximum: 1 }),
  stock: Type.Integer({ minimum: 0 }),
  avg_insured_value_usd: Type.Number({ minimum: 0 }),
});

export const CardPackMachineSchema = Type.Object({
  code: Type.String({ minLength: 1 }),
  name: Type.String(),
  franchise: Type.String(),
  price_usd: Type.Number({ exclusiveMinimum: 0 }),
  buyback_rate: Type.Number({ minimum: 0, maximum: 1 }),
  tiers: Type.Array(CardPackTierSchema),
});

/** Body of `GET /api/machines`. */
export const CardPackMachinesSchema = Type.Object({
  machines: Type.Array(CardPackMachineSchema),
  updated_at: Type.Optional(Type.String()),
});

export type CardPackTier = Static<typeof CardPackTierSchema>;
export type CardPackMachine = Static<typeof CardPackMachineSchema>;
export type CardPackMachines = Static<typeof CardPackMachinesSchema>;
