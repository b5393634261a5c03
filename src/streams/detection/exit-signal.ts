/**
 * Detection for exit-signal subscriptions: a subscription reports CHANGES of the exit verdict, so the first
 * reading only sets the baseline (the subscriber asked to hear when it moves; the current verdict is one
 * exit-signal call away). A change between two decisive verdicts (EXIT, DERISK, HOLD) is one
 * `verdict_changed` event.
 *
 * INSUFFICIENT_DATA is not a verdict: it says this reading could not judge (no market found, or the market
 * reported neither counts nor price changes), often for a tick when the market-data source answers thinly.
 * Treating it as a change would send HOLD → INSUFFICIENT_DATA → HOLD as two paid events about nothing; so it
 * produces no event and the state keeps the last decisive verdict, against which the next decisive one is
 * compared.
 *
 * State: `{"last": null | {verdict, read_at, held_since}}` — the last decisive verdict, when it was last read
 * and when it was first read (the start of its episode).
 *
 * The event id hashes the mint, the two verdicts and `held_since` of the verdict left: one episode ends
 * once, so that identifies the change, and unlike the new reading's time it is the same when a tick is
 * repeated after its state failed to save (the store then keeps the event once).
 */
import type { Detector } from '../types.js';
import { isRecord } from '../../lib/is-record.js';
import { eventId, groupEvent } from './event.js';
import { asNumber, asObject, asString } from '../../lib/read.js';
import { parseState, stringAt, timeAt } from './read-answer.js';

const KEY = 'exit-signal';

const DECISIVE = ['EXIT', 'DERISK', 'HOLD'] as const;
type DecisiveVerdict = (typeof DECISIVE)[number];
const isDecisive = (v: unknown): v is DecisiveVerdict => typeof v === 'string' && (DECISIVE as readonly string[]).includes(v);

interface LastVerdict {
  verdict: DecisiveVerdict;
  read_at: string;
  held_since: string;
}

function readLast(state: string | null): LastVerdict | null {
  if (state === null) return null;
  const last = parseState(KEY, state).last;
  if (last === null) return null;
  const readAt = isRecord(last) ? asString(last.read_at) : null;
  const heldSince = isRecord(last) ? asString(last.held_since) : null;
  if (!isRecord(last) || !isDecisive(last.verdict) || readAt === null || heldSince === null) {
    throw new Error('exit-signal detection state is not a verdict reading');
  }
  return { verdict: last.verdict, read_at: readAt, held_since: heldSince };
}

const stateJson = (last: LastVerdict | null) => JSON.stringify({ last });

/** What a trader acting on the change needs, in the endpoint's words and units. */
function changeData(answer: Record<string, unknown>, from: LastVerdict, to: DecisiveVerdict, readAt: string): Record<string, unknown> {
  const market = asObject(answer.market);
  return {
    mint: answer.mint,
    symbol: answer.symbol ?? null,
    from: from.verdict,
    to,
    from_since: from.held_since,
    read_at: readAt,
    exit_score: answer.exit_score ?? null,
    decided_by: answer.decided_by ?? null,
    hard_triggers: answer.hard_triggers ?? [],
    reasoning: answer.reasoning ?? [],
    stage: answer.stage ?? null,
    price_usd: asNumber(market?.price_usd),
    liquidity_usd: asNumber(market?.liquidity_usd),
    market_cap_usd: asNumber(market?.market_cap_usd),
    pair_address: asString(market?.pair_address),
    dex: asString(market?.dex),
    unrealized_pnl: answer.unrealized_pnl ?? null,
  };
}

export const exitSignalDetector: Detector = {
  source: 'exit-signal',
  async detect(group, now, call, signal) {
    const last = readLast(group.state);
    const { data } = await call(KEY, group.input, signal);
    const verdict = stringAt(KEY, data, 'verdict');
    if (!isDecisive(verdict)) return { events: [], state: stateJson(last) };
    const readAt = timeAt(KEY, data, 'as_of');
    const read = readAt.toISOString();
    if (last === null) return { events: [], state: stateJson({ verdict, read_at: read, held_since: read }) };
    if (last.verdict === verdict) return { events: [], state: stateJson({ ...last, read_at: read }) };
    const mint = stringAt(KEY, data, 'mint');
    const event = groupEvent({
      id: eventId(KEY, mint, last.verdict, verdict, last.held_since),
      type: 'verdict_changed',
      source: 'exit-signal',
      subject: { type: 'token', address: mint },
      occurredAt: readAt,
      detectedAt: now,
      data: changeData(data, last, verdict, read),
    });
    return { events: [event], state: stateJson({ verdict, read_at: read, held_since: read }) };
  },
};
