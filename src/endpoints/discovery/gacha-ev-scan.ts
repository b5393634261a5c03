import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { StringEnum, withDefault } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'gacha-ev-scan',
  family: 'discovery',
  price: '0.02',
  summary: 'Expected value of tokenized-card pack machines by exit path',
  description:
    'Per card-pack machine: gross insured EV, instant-buyback floor (85 to 93 percent of insured value, cash exit ' +
    'within 72 hours), marketplace sale (insured value minus a 2 percent fee, may not fill), verdict POSITIVE_EV, ' +
    'HOUSE_EDGE or NEGATIVE_EV, and the rare plus epic stock share; ranked by the chosen exit path. min_edge_pct ' +
    'keeps only machines whose net edge on that path is at least the given percent.',
  input: Type.Object(
    {
      machine: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'One machine code; omit to scan all' })),
      franchise: withDefault(StringEnum(['pokemon', 'onepiece', 'all'] as const, { description: 'Franchise' }), 'all'),
      exit_strategy: withDefault(
        StringEnum(['buyback', 'marketplace', 'both'] as const, { description: 'Exit path used for ranking' }),
        'both',
      ),
      min_edge_pct: Type.Optional(
        Type.Number({ minimum: -100, maximum: 100, description: 'Minimum net edge in percent for the chosen exit path' }),
      ),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Pack EV result, ranked by the chosen exit path'),
  cacheTtlSeconds: 300,
  example: { franchise: 'pokemon', exit_strategy: 'buyback', min_edge_pct: 0 },
});
