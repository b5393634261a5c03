/**
 * Card-pack machines wire format (leg `card_packs`): Collector Crypt's gacha catalog,
 * `GET https://gacha.collectorcrypt.com/api/machines` (public, no key; listed on
 * docs.collectorcrypt.com/gacha/api). Each machine sells one pull of `contains` random graded cards (NFTs
 * of vaulted cards, each with an insured value).
 *
 * Body: `{ "machines": [Machine, …] }`. Per machine (camelCase, as the service sends it):
 *  - `code`: the machine id (`pokemon_50`, `onepiece_250`, `baseball_100`, …), also the `packType` of
 *    its purchase routes;
 *  - `name`, optional `shortName`: display names;
 *  - `price`: USD(C) per pull, ≥ 0 (a 0 is read and reported as unpriced, not rejected);
 *  - `contains`: cards per pull (a whole number ≥ 1);
 *  - `instantBuyback`: the instant buyback offer as a PERCENT of a card's insured value (85, 90, 93),
 *    taken within 72 h of the pull; the service caps one card's buyback at 40,000 USD (not a field);
 *  - `public`: false for hidden machines (not on the menu); absent is read as public;
 *  - optional `turboMode`, `targetEv` (the platform's design EV per pull);
 *  - `ev`: the platform's own current expected insured value per pull (optional here: our EV does not
 *    depend on it, it is only reported beside ours);
 *  - `odds`: tier → probability 0–1 (fractions, summing to about 1). Real machines have four tiers,
 *    `common`, `uncommon`, `rare`, `epic` (no `legendary` has been seen); any tier name is accepted;
 *  - `tierRanges`: tier → `{start, end}`, the USD insured-value range of the tier's cards;
 *  - `stock`: tier → cards of the tier left in the machine.
 *
 * Every tier named in `odds` must have a range (start ≤ end) and a stock count, or the machine cannot be
 * valued: `parseMachine` rejects it. The list is validated machine by machine (`../card-packs.ts`): one
 * malformed machine is skipped and counted, never the whole list. Extra fields are allowed everywhere
 * (the service sends more, e.g. `freeSpins`, `pointsMultiplier`).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../lib/typebox.js';
import { wireParser } from '../wire.js';
import { UpstreamFormatError } from '../format-error.js';
import type { PackMachine } from '../../analytics/discovery/pack-machine.js';


export const TierRangeSchema = Type.Object({
  start: Type.Number({ minimum: 0 }),
  end: Type.Number({ minimum: 0 }),
});

export const CardPackMachineSchema = Type.Object({
  code: Type.String({ minLength: 1 }),
  name: Type.String(),
  shortName: Type.Optional(Type.String()),
  price: Type.Number({ minimum: 0 }),
  contains: Type.Integer({ minimum: 1 }),
  instantBuyback: Type.Number({ minimum: 0, maximum: 100 }),
  turboMode: Type.Optional(Type.Boolean()),
  public: Type.Optional(Type.Boolean()),
  targetEv: Type.Optional(Nullable(Type.Number({ minimum: 0 }))),
  ev: Type.Optional(Nullable(Type.Number({ minimum: 0 }))),
  odds: Type.Record(Type.String(), Type.Number({ minimum: 0, maximum: 1 }), { minProperties: 1 }),
  tierRanges: Type.Record(Type.String(), TierRangeSchema),
  stock: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
});

/** The envelope alone: the machines are validated one by one. */
export const CardPackEnvelopeSchema = Type.Object({ machines: Type.Array(Type.Unknown()) });

export type CardPackTierRange = Static<typeof TierRangeSchema>;
/** A parsed machine; `FitsPackMachine` makes the compiler refuse a wire change the EV analytics cannot read. */
type FitsPackMachine<T extends PackMachine> = T;
export type CardPackMachine = FitsPackMachine<Static<typeof CardPackMachineSchema>>;
/** The body as the service sends it (what the sandbox serves). */
export interface CardPackMachines {
  machines: CardPackMachine[];
}

const parseShape = wireParser(CardPackMachineSchema);

/**
 * One machine, checked: its shape, then that every tier with odds can be valued (a range with
 * start ≤ end) and has a stock count. Throws with the reason otherwise.
 */
export function parseMachine(json: unknown): CardPackMachine {
  const m = parseShape(json);
  for (const tier of Object.keys(m.odds)) {
    const range = m.tierRanges[tier];
    if (range === undefined) throw new UpstreamFormatError(`/tierRanges/${tier} is missing (tier ${tier} has odds)`);
    if (range.start > range.end) throw new UpstreamFormatError(`/tierRanges/${tier} starts above its end`);
    if (m.stock[tier] === undefined) throw new UpstreamFormatError(`/stock/${tier} is missing (tier ${tier} has odds)`);
  }
  return m;
}
