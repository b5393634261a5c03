import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { StringEnum } from '../../registry/fields.js';
import { pendingOutput } from '../../registry/pending-output.js';

export default defineEndpoint({
  key: 'launchpad-launch-preflight',
  family: 'launchpad',
  price: '0.25',
  summary: 'Check an unsigned launchpad launch transaction against the platform before signing',
  description:
    'Checks an unsigned launch transaction against the platform\'s pricing data for the quote and mode: the launch ' +
    'program, global config, platform id per mode, quote mint and quote token program, 6-decimal base mint with the ' +
    'transfer-fee token standard, curve type, supply, total sell amount, raise (2 percent deviation warns, 10 ' +
    'percent fails), vesting, creator-fee flag, the curve-rule account appended last, and in reward mode the ' +
    'transfer-fee option, tier and cap. launch_params is linted for misspelled transfer-fee keys, which serialize ' +
    'as no fee. Returns { ok, mismatches: [{ field, expected, actual, fix }], warnings }. A mismatched pool is never ' +
    'adopted by the platform.',
  input: Type.Object(
    {
      unsigned_transaction: Type.String({
        description: "Base64 unsigned legacy or v0 transaction carrying the launch program's initialize instruction",
      }),
      quote_mint: Type.String({ description: 'Quote mint of the launch (one of launchpad-pairs)' }),
      mode: StringEnum(['standard', 'reward'] as const, { description: 'Launch mode' }),
      launch_params: Type.Optional(
        Type.Record(Type.String(), Type.Unknown(), {
          description: 'The parameters passed to the launch SDK (linted for misspelled transfer-fee field names, not validated)',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  output: pendingOutput('Preflight result'),
  cacheTtlSeconds: 60,
  example: {
    unsigned_transaction:
      'AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAABliq/U+R5DaI2y1/whRmuQtdr/JEluk7jdAidMcZa7',
    quote_mint: 'So11111111111111111111111111111111111111112',
    mode: 'reward',
    launch_params: { name: 'Example Reward', symbol: 'EXR', transferFeeBasisPoints: 100 },
  },
});
