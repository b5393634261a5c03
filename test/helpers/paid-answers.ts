/**
 * Paid calls memoised per (endpoint, body) for suites that ask the same question from several tests:
 * each distinct call is paid once, by payers taken in turn (so Solana and Base alternate), and must
 * answer 200; JSON answers are checked against the endpoint's output schema.
 */
import assert from 'node:assert/strict';
import { paidInvoke, type Payer } from './payers.js';
import type { TestService } from './service.js';
import { assertMatchesOutputSchema } from './output-schema.js';

// Test answers are read field by field; typing every endpoint's data here would add nothing.
type Json = any;

export function paidAnswers(service: () => TestService, payers: () => Payer[]) {
  const answers = new Map<string, Promise<Json>>();
  let turn = 0;
  return function call(key: string, body: Record<string, unknown>): Promise<Json> {
    const id = `${key} ${JSON.stringify(body)}`;
    let answer = answers.get(id);
    if (!answer) {
      const all = payers();
      const payer = all[turn++ % all.length]!;
      answer = (async () => {
        const res = await paidInvoke(payer, service(), key, body);
        const text = await res.text();
        assert.equal(res.status, 200, `${id} (${payer.network}): ${text}`);
        const json = JSON.parse(text);
        if (body.format !== 'llm') assertMatchesOutputSchema(key, json);
        return json;
      })();
      answers.set(id, answer);
    }
    return answer;
  };
}
