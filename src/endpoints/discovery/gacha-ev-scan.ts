import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { StringEnum, withDefault } from '../../registry/fields.js';
import { gachaEvScan } from './gacha-ev-scan/answer.js';
import { gachaEvBriefing } from './gacha-ev-scan/briefing.js';
import { GachaEvScanSchema } from './gacha-ev-scan/schema.js';

export default defineEndpoint({
  key: 'gacha-ev-scan',
  family: 'discovery',
  price: '0.02',
  summary: 'Expected value of tokenized-card pack machines by exit path',
  description:
    'Per Collector Crypt card-pack machine: gross insured EV of one pull (cards per pull × effective odds × the ' +
    'midpoint of each rarity tier\'s insured-value range, stated per tier; tiers without stock are dropped and the ' +
    'odds renormalized) beside the platform\'s own EV and the gap, the instant-buyback floor (the machine\'s real ' +
    'buyback percent of each card\'s value, at most 40,000 USD per card, cash within 72 hours, guaranteed), the ' +
    'marketplace sale (EV minus a 2 percent fee, may not fill), each exit\'s net edge in percent of the price and its ' +
    'verdict (POSITIVE_EV above 0, HOUSE_EDGE from -15 to 0, NEGATIVE_EV below -15), and the rare plus epic stock ' +
    'share. The verdict rests on the exit that is certain: with exit_strategy both (the default) or buyback, the ' +
    'verdict, edge and ranking are the instant buyback\'s; the marketplace is upside reported beside it (its own ' +
    'edge and verdict, upside_over_buyback_usd, and breakeven_sale_pct_of_insured: the percent of insured value ' +
    'sales must fetch to break even), never the verdict. Only exit_strategy marketplace reads verdicts from the ' +
    'marketplace (a what-if, caveated). Machines rank by the verdict exit\'s edge (ties by the other exit\'s), ' +
    'sold-out and zero-priced machines last. min_edge_pct keeps only ' +
    'machines whose edge on that path is at least the given percent. The franchise is derived from the machine code ' +
    '(else its name); other franchises match only all. Hidden machines are left out unless asked for by machine ' +
    'code. An unknown machine code answers 404 not_found with the known codes (not charged); the card-pack source ' +
    'down answers 502 (not charged).',
  input: Type.Object(
    {
      machine: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'One machine code (e.g. pokemon_50); omit to scan all. Naming a hidden machine scores it' })),
      franchise: withDefault(StringEnum(['pokemon', 'onepiece', 'all'] as const, { description: 'Franchise, derived from the machine code (else its name)' }), 'all'),
      exit_strategy: withDefault(
        StringEnum(['buyback', 'marketplace', 'both'] as const, { description: 'Exit path the verdict and ranking rest on: both (default) and buyback use the certain instant buyback, both with the marketplace beside it as upside; marketplace reads them from a sale that may not fill' }),
        'both',
      ),
      min_edge_pct: Type.Optional(
        Type.Number({ minimum: -100, maximum: 100, description: 'Minimum net edge in percent for the chosen exit path' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: GachaEvScanSchema,
  cacheTtlSeconds: 300,
  example: { franchise: 'pokemon', exit_strategy: 'buyback', min_edge_pct: 0 },
  handler: (input, ctx) => gachaEvScan(input, ctx),
  briefing: gachaEvBriefing,
});
