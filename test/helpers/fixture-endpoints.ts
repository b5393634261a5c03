/**
 * Test-only endpoints with real handlers, registered next to the 48 real ones so the payment
 * pipeline can be exercised end to end (success, a dearer endpoint, a throwing handler, an
 * upstream failure) before the data families land.
 */
import { Type } from '@sinclair/typebox';
import { ApiError } from '../../src/errors/api-error.js';
import { ENDPOINTS } from '../../src/endpoints/index.js';
import { buildRegistry } from '../../src/registry/index.js';
import { defineEndpoint } from '../../src/registry/types.js';

/**
 * Calls of `test-held` wait while their `value` is armed, until the test releases them: a slow source on
 * cue, with no clock involved (the test decides when the answer comes, whatever the machine's speed).
 */
export class HeldCalls {
  private readonly armed = new Map<string, { started: () => void; released: Promise<void> }>();

  /** Arms `value`: the next call with it waits. `started` resolves when it is waiting; `release()` lets it answer. */
  arm(value: string): { started: Promise<void>; release: () => void } {
    let started!: () => void;
    let release!: () => void;
    const startedP = new Promise<void>((resolve) => (started = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    this.armed.set(value, { started, released });
    return { started: startedP, release };
  }

  async wait(value: string | undefined): Promise<void> {
    const hold = value === undefined ? undefined : this.armed.get(value);
    if (!hold) return;
    this.armed.delete(value!);
    hold.started();
    await hold.released;
  }
}

export const heldCalls = new HeldCalls();

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
  defineEndpoint({
    ...common, key: 'test-held', price: '0.002', summary: 'held until released', input: echoInput, example: {},
    handler: async (input) => {
      await heldCalls.wait(input.value);
      return { data: { held: input.value ?? null } };
    },
  }),
  // Registered without a handler, like a real endpoint whose family has not landed: always 501.
  defineEndpoint({ ...common, key: 'test-unbuilt', price: '0.002', summary: 'not built', input: echoInput, example: {} }),
];

export function fixtureRegistry() {
  return buildRegistry([...ENDPOINTS, ...FIXTURES]);
}
