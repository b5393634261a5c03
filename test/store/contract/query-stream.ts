/** The query stream contract (src/store/query-stream/types.ts): hour buckets, totals per window, ties by entity. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { QueryStream } from '../../../src/store/types.js';
import { contractSuite, unique } from './kit.js';

export const queryStreamContract = contractSuite<QueryStream>('query stream', ({ withStore }) => {
  test('query stream: counted per entity, endpoint and hour; totals per window, most asked first', () => withStore(async (store) => {
    // A window of its own far in the past, so a shared database's other rows do not count.
    const at = (iso: string) => new Date(iso);
    const [A, B, C] = ['A', 'B', 'C'].map((x) => unique(x)) as [string, string, string];
    for (const [entity, endpoint, when] of [
      [A, 'enrich-token-light', '2023-11-22T10:05:00Z'], [A, 'due-diligence', '2023-11-22T10:59:59Z'], [A, 'enrich-token-light', '2023-11-22T10:30:00Z'],
      [B, 'enrich-token-light', '2023-11-22T10:10:00Z'], [B, 'enrich-token-light', '2023-11-22T11:00:00Z'], [C, 'whale-watch', '2023-11-22T09:59:00Z'],
    ] as const) await store.recordQuery({ entityType: 'token', entity, endpoint, at: at(when) });
    const mine = (rows: { entity: string; count: number }[]) => rows.filter((r) => [A, B, C].includes(r.entity));
    assert.deepEqual(mine(await store.queryCounts('token', at('2023-11-22T10:00:00Z'), at('2023-11-22T11:00:00Z'))), [{ entity: A, count: 3 }, { entity: B, count: 1 }]);
    assert.deepEqual(mine(await store.queryCounts('token', at('2023-11-22T09:00:00Z'), at('2023-11-22T12:00:00Z'))), [{ entity: A, count: 3 }, { entity: B, count: 2 }, { entity: C, count: 1 }]);
    assert.deepEqual(mine(await store.queryCounts('wallet', at('2023-11-22T00:00:00Z'), at('2023-11-23T00:00:00Z'))), []);
    assert.equal(await store.deleteQueriesBefore(at('2023-11-22T10:00:00Z')), 1);
  }));

  test('query counts: ties are ordered by entity', () => withStore(async (store) => {
    const base = unique('tie');
    const at = new Date('2022-01-01T05:00:00Z');
    for (const e of [`${base}-b`, `${base}-a`, `${base}-B`]) await store.recordQuery({ entityType: 'wallet', entity: e, endpoint: 'x', at });
    const rows = (await store.queryCounts('wallet', at, new Date('2022-01-01T06:00:00Z'))).filter((r) => r.entity.startsWith(base));
    assert.deepEqual(rows.map((r) => r.entity), [`${base}-B`, `${base}-a`, `${base}-b`]);
  }));
});
