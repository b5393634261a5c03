import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { StringEnum } from '../../registry/fields.js';
import { PreflightSchema } from './launchpad-launch-preflight/schema.js';
import { preflightAnswer } from './launchpad-launch-preflight/answer.js';
import { preflightBriefing } from './launchpad-launch-preflight/briefing.js';

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
    'as no fee. Returns { ok, mismatches: [{ field, expected, actual, fix }], warnings }, plus unresolved (accounts ' +
    'loaded from address lookup tables, which cannot be checked offline; ok is then false), the decoded transaction ' +
    'summary, the launch parameters decoded from it (launch: base mint, name, symbol, uri, decimals, token standard, ' +
    'quote mint, creator, global config, platform id, token programs, curve type, supply, total sell, raise, migrate ' +
    'type, vesting, creator-fee flag, curve-rule account, transfer fee bps and cap; raw amounts as strings, an ' +
    'account from a lookup table null) and the pricing reference they were checked against, under the same names. ' +
    'A mismatched pool is never adopted by the platform. A transaction that ' +
    'does not decode or carries no initialize instruction, and a quote closed for launches or unknown, are 400 ' +
    'invalid_input, not charged.',
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
  output: PreflightSchema,
  cacheTtlSeconds: 60,
  example: {
    // A reward-mode SOL launch built from the platform's pricing (test/helpers/sandbox-launch.ts): it decodes,
    // and the sandbox platform passes it.
    unsigned_transaction:
      'AgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAgALEAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBCAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLCwsLBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB5xhMTlMb5lL7rV+t/Vv6kplU0hgG+KJ1wigFPL0lrRAgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgKQX7btQ+BC7cCJ5nKfQJqi3EQhf9RDHoft79pz5wRivctbPi2gPQ+bSfqKyg4qzppd4kfeowDTYUmKbmOZNtmFBQQ7lU3KJuHvkbUsT4+Jr4pvWsjGIVbxcc8PIaxRySIGBgYGBgYGBgYGBgYGBgYGBgYGBgYGBgYGBgYGBgYGBgabiFf+q4GE+2h/Y0YYwDXaxDncGus7VZig8AAAAAABDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0NDQ0G3fbh12Whk9nL4UbO63msHLSF7V9bN5E6jPWFfv8AqQbd9uHudY/eGEJdvORszdq2GvxNg7kNJ/69+SjYoYv8Y2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2MBChAABwYICwQBDAIDDw4FDQoJdiW+ft4smqsRBgsAAABSZXdhcmQgQ29pbgMAAABSV0QVAAAAaHR0cHM6Ly94LnRlc3QvbS5qc29uAACAxqR+jQMAAHjF+1HRAgAAEmXKEwAAAAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAWQAAKByThgJAAA=',
    quote_mint: 'So11111111111111111111111111111111111111112',
    mode: 'reward',
    launch_params: { name: 'Example Reward', symbol: 'EXR', transferFeeBasisPoints: 100 },
  },
  handler: (input, ctx) => preflightAnswer(input, ctx),
  briefing: preflightBriefing,
});
