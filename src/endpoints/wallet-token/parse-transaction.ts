import { Type } from '@sinclair/typebox';
import { defineEndpoint } from '../../registry/types.js';
import { Signature } from '../../registry/fields.js';
import { describeTransaction } from './parse-transaction/transaction.js';
import { TransactionParseSchema } from '../shared/wallet-token-schemas.js';
import { transactionBriefing } from './shared/briefings.js';

export default defineEndpoint({
  key: 'parse-transaction',
  family: 'wallet-token',
  price: '0.001',
  summary: 'Parse a transaction: type, protocol, transfer breakdown and account roles',
  description:
    'Decodes one confirmed transaction by signature into its transaction type, the protocol it interacted with, ' +
    'a breakdown of native and token transfers, and the role of each account involved. Known entities are tagged.',
  input: Type.Object(
    {
      signature: Signature(),
    },
    { additionalProperties: false },
  ),
  output: TransactionParseSchema,
  cacheTtlSeconds: 600,
  example: {
    signature: '3vhHVhf1m26yUuhxdLhQki1jfrS2WoexftboGrHmwpbJXmK6G8UvAejUjr8rx9wsmKzC4FEdRmHdCAMJWejfJtMu',
  },
  handler: (input, ctx) => describeTransaction(input.signature, ctx),
  briefing: transactionBriefing,
});
