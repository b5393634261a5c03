/** The observation log contract (src/store/observations/types.ts). */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ObservationLog } from '../../../src/store/types.js';
import { contractSuite, obs, unique } from './kit.js';

export const observationsContract = contractSuite<ObservationLog>('observation log', ({ withStore }) => {
  test('observations: the first at a moment stays, the latest at or before a moment is found, ranges are exclusive-inclusive', () => withStore(async (store) => {
    const m = unique('MINT');
    await store.putObservation(obs('2024-11-20T10:00:00.000Z', 1, m));
    await store.putObservation(obs('2024-11-20T10:00:00.000Z', 99, m)); // same moment: ignored, ids derived from it stay valid
    await store.putObservation(obs('2024-11-20T10:05:00.000Z', 2, m));
    await store.putObservation(obs('2024-11-20T10:07:30.500Z', 3, m));
    await store.putObservation(obs('2024-11-20T10:06:00.000Z', 9, `${m}-OTHER`));
    const at = (iso: string) => new Date(iso);
    assert.equal((await store.observationAtOrBefore('token', m, at('2024-11-20T10:00:00.000Z')))?.data.price, 1, 'at the moment itself');
    assert.equal((await store.observationAtOrBefore('token', m, at('2024-11-20T10:04:59.999Z')))?.data.price, 1);
    assert.equal((await store.observationAtOrBefore('token', m, at('2024-11-20T10:06:00.000Z')))?.data.price, 2);
    assert.equal(await store.observationAtOrBefore('token', m, at('2024-11-20T09:59:59.999Z')), undefined);
    assert.equal(await store.observationAtOrBefore('wallet', m, at('2024-11-21T00:00:00.000Z')), undefined, 'per subject type');
    const between = await store.observationsBetween('token', m, at('2024-11-20T10:00:00.000Z'), at('2024-11-20T10:07:30.500Z'), 10);
    assert.deepEqual(between.map((o) => [o.observedAt.toISOString(), o.data.price]), [['2024-11-20T10:05:00.000Z', 2], ['2024-11-20T10:07:30.500Z', 3]]);
    assert.equal((await store.observationsBetween('token', m, at('2024-11-20T09:00:00.000Z'), at('2024-11-21T00:00:00.000Z'), 2)).length, 2, 'limit');
    assert.equal(await store.deleteObservationsBefore(at('2024-11-20T10:05:00.000Z')), 1);
    assert.equal(await store.observationAtOrBefore('token', m, at('2024-11-20T10:04:00.000Z')), undefined);
  }));
});
