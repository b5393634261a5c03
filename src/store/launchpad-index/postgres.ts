/** The launchpad index on PostgreSQL: a refresh's steps are each one transaction; publishing locks the state row. */
import type pg from 'pg';
import type { PostgresDatabase } from '../sql/postgres-database.js';
import { LAUNCHPAD_STATE_NAME as LP, launchpadDailyRowOf, launchpadIndexRowOf, launchpadRefreshStateOf, type LaunchpadDailyTableRow, type LaunchpadIndexTableRow, type LaunchpadStateRow } from '../sql/row-mapping.js';
import type { LaunchpadDailyRow, LaunchpadIndexRow, LaunchpadIndexStore, LaunchpadRefreshState } from './types.js';

export function postgresLaunchpadIndex({ pool, query, tx }: PostgresDatabase): LaunchpadIndexStore {
  const ensureLpState = (c: pg.PoolClient | pg.Pool) =>
    c.query(`INSERT INTO launchpad_index_state (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, [LP]);

  return {
    async launchpadRefreshState(): Promise<LaunchpadRefreshState> {
      const { rows } = await query<LaunchpadStateRow & { coins: string }>(
        // One statement, so the state and the count come from one snapshot of the database.
        `SELECT s.cursor, s.refresh_started_at, s.pages, s.refreshed_at, s.last_error, s.last_error_at,
                (SELECT COUNT(*) FROM launchpad_index) AS coins
         FROM (SELECT 1) AS one LEFT JOIN launchpad_index_state s ON s.name = $1`,
        [LP],
      );
      // COUNT is a bigint, which pg returns as a string.
      return launchpadRefreshStateOf(rows[0], Number(rows[0]?.coins ?? 0));
    },
    async beginLaunchpadRefresh(startedAt) {
      await tx(async (c) => {
        await ensureLpState(c);
        await c.query(`DELETE FROM launchpad_index_staging`);
        await c.query(`UPDATE launchpad_index_state SET cursor = NULL, refresh_started_at = $1, pages = 0 WHERE name = $2`, [startedAt.toISOString(), LP]);
      });
    },
    async stageLaunchpadPage(rows, nextCursor) {
      await tx(async (c) => {
        await ensureLpState(c);
        if (rows.length > 0) {
          // One statement for the page; a mint repeated within the page keeps its last row, as the SQLite
          // store's row-by-row upsert does (ON CONFLICT cannot touch one row twice in a statement).
          const last = new Map<string, LaunchpadIndexRow>();
          for (const r of rows) last.set(r.mint, r);
          const page = [...last.values()];
          await c.query(
            `INSERT INTO launchpad_index_staging (mint, data, fetched_at)
             SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
             ON CONFLICT (mint) DO UPDATE SET data = excluded.data, fetched_at = excluded.fetched_at`,
            [page.map((r) => r.mint), page.map((r) => JSON.stringify(r.data)), page.map((r) => r.at.toISOString())],
          );
        }
        await c.query(`UPDATE launchpad_index_state SET cursor = $1, pages = pages + 1 WHERE name = $2`, [nextCursor, LP]);
      });
    },
    async recordLaunchpadRefreshError(error, at) {
      await ensureLpState(pool);
      await query(`UPDATE launchpad_index_state SET last_error = $1, last_error_at = $2 WHERE name = $3`, [error, at.toISOString(), LP]);
    },
    async publishLaunchpadIndex(refreshedAt) {
      const at = refreshedAt.toISOString();
      return tx(async (c) => {
        await ensureLpState(c);
        // Lock the state row first: two instances publishing at once then run one after the other.
        await c.query(`SELECT 1 FROM launchpad_index_state WHERE name = $1 FOR UPDATE`, [LP]);
        await c.query(`DELETE FROM launchpad_index`);
        const n = (await c.query(`INSERT INTO launchpad_index (mint, data, refreshed_at) SELECT mint, data, $1 FROM launchpad_index_staging`, [at])).rowCount ?? 0;
        await c.query(`DELETE FROM launchpad_index_staging`);
        await c.query(
          `UPDATE launchpad_index_state SET cursor = NULL, refresh_started_at = NULL, pages = 0, refreshed_at = $1, last_error = NULL, last_error_at = NULL WHERE name = $2`,
          [at, LP],
        );
        return n;
      });
    },
    async launchpadCoins() {
      return (await query<LaunchpadIndexTableRow>(`SELECT mint, data, refreshed_at FROM launchpad_index ORDER BY mint COLLATE "C"`)).rows.map(launchpadIndexRowOf);
    },
    async launchpadCoin(mint) {
      const row = (await query<LaunchpadIndexTableRow>(`SELECT mint, data, refreshed_at FROM launchpad_index WHERE mint = $1`, [mint])).rows[0];
      return row ? launchpadIndexRowOf(row) : undefined;
    },
    async putLaunchpadDailyPoint(r: LaunchpadDailyRow) {
      await query(
        `INSERT INTO launchpad_daily (mint, day, data) VALUES ($1, $2, $3) ON CONFLICT (mint, day) DO UPDATE SET data = excluded.data`,
        [r.mint, r.day, JSON.stringify(r.data)],
      );
    },
    async launchpadDailyPoints(mint, fromDay, toDay) {
      const { rows } = await query<LaunchpadDailyTableRow>(
        `SELECT mint, day, data FROM launchpad_daily WHERE mint = $1 AND day >= $2 AND day <= $3 ORDER BY day`,
        [mint, fromDay, toDay],
      );
      return rows.map(launchpadDailyRowOf);
    },
    async deleteLaunchpadDailyPointsBefore(day) {
      return (await query(`DELETE FROM launchpad_daily WHERE day < $1`, [day])).rowCount ?? 0;
    },
  };
}
