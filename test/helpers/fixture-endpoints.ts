/**
 * Test-only endpoints with real handlers, registered next to the 48 real ones so the payment
 * pipeline can be exercised end to end (success, a dearer endpoint, a throwing handler, an
 * upstream failure) before the data families land.
 */
import { Type } from '@sinclair/typebox';
import { ApiError } from '../../src/app/errors.js';
import { ENDPOINTS } from '../../src/endpoints/index.js';
import { buildRegistry } from '../../src/registry/index.js';
import { defineEndpoint } from '../../src/registry/types.js';

const echoInput = Type.Object({ value: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false });
const common = { family: 'wallet-token' as const, description: 'test fixture', output: Type.Object({}), cacheTtlSeconds: 30 };

export const FIXTURES = [
  defineEndpoint({
    ...common, key: 'test-echo', price: '0.002', summary: 'echo', input: echoInput, example: { value: 'x' },
    handler: async (input, ctx) => ({ data: { echo: input.value ?? null, request_id: ctx.requestId }, next_steps: [] }),
    briefing: (result) => `## Echo\n- value: ${String(result.data.echo)}`,
  }),
  defineEndpoint({
    ...common, key: 'test-dear', price: '0.02', summary: 'dear', input: echoInput, example: {},
    handler: async () => ({ data: { ok: true } }),
  }),
  defineEndpoint({
    ...common, key: 'test-throws', price: '0.002', summary: 'throws', input: echoInput, example: {},
    handler: async () => {
      throw new Error('secret internal detail');
    },
  }),
  defineEndpoint({
    ...common, key: 'test-upstream', price: '0.002', summary: 'upstream down', input: echoInput, example: {},
    handler: async () => {
      throw new ApiError('upstream_unavailable', 'The market-data source failed. You were not charged.');
    },
  }),
  defineEndpoint({
    ...common, key: 'test-old', price: '0.002', summary: 'deprecated echo', input: echoInput, example: {},
    deprecation: { since: '2026-11-01', sunset: '2027-05-01', successor: 'test-echo' },
    handler: async () => ({ data: { old: true } }),
  }),
  // Registered without a handler, like a real endpoint whose family has not landed: always 501.
  defineEndpoint({ ...common, key: 'test-unbuilt', price: '0.002', summary: 'not built', input: echoInput, example: {} }),
];

export function fixtureRegistry() {
  return buildRegistry([...ENDPOINTS, ...FIXTURES]);
}
