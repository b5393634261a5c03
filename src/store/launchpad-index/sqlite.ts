/** The launchpad index on SQLite: a refresh's steps are each one transaction. */
import { LAUNCHPAD_STATE_NAME as LP, launchpadDailyRowOf, launchpadIndexRowOf, launchpadRefreshStateOf, type LaunchpadDailyTableRow, type LaunchpadIndexTableRow, type LaunchpadStateRow } from '../sql/row-mapping.js';
import type { SqliteDatabase } from '../sql/sqlite-database.js';
import type { LaunchpadDailyRow, LaunchpadIndexRow, LaunchpadIndexStore, LaunchpadRefreshState } from './types.js';

export function sqliteLaunchpadIndex(db: SqliteDatabase): LaunchpadIndexStore {
  const ensureLpState = db.prepare(`INSERT INTO launchpad_index_state (name) VALUES (?) ON CONFLICT (name) DO NOTHING`);
  const selectLpState = db.prepare(`SELECT * FROM launchpad_index_state WHERE name = ?`);
  const countLpIndex = db.prepare(`SELECT COUNT(*) AS n FROM launchpad_index`).pluck();
  const clearLpStaging = db.prepare(`DELETE FROM launchpad_index_staging`);
  const startLp = db.prepare(`UPDATE launchpad_index_state SET cursor = NULL, refresh_started_at = ?, pages = 0 WHERE name = ?`);
  const stageLp = db.prepare(
    `INSERT INTO launchpad_index_staging (mint, data, fetched_at) VALUES (?, ?, ?)
     ON CONFLICT (mint) DO UPDATE SET data = excluded.data, fetched_at = excluded.fetched_at`,
  );
  const advanceLp = db.prepare(`UPDATE launchpad_index_state SET cursor = ?, pages = pages + 1 WHERE name = ?`);
  const errorLp = db.prepare(`UPDATE launchpad_index_state SET last_error = ?, last_error_at = ? WHERE name = ?`);
  const clearLpIndex = db.prepare(`DELETE FROM launchpad_index`);
  const publishLp = db.prepare(`INSERT INTO launchpad_index (mint, data, refreshed_at) SELECT mint, data, ? FROM launchpad_index_staging`);
  const finishLp = db.prepare(
    `UPDATE launchpad_index_state SET cursor = NULL, refresh_started_at = NULL, pages = 0, refreshed_at = ?, last_error = NULL, last_error_at = NULL WHERE name = ?`,
  );
  const selectLpCoins = db.prepare(`SELECT mint, data, refreshed_at FROM launchpad_index ORDER BY mint`);
  const selectLpCoin = db.prepare(`SELECT mint, data, refreshed_at FROM launchpad_index WHERE mint = ?`);
  const upsertLpDaily = db.prepare(
    `INSERT INTO launchpad_daily (mint, day, data) VALUES (?, ?, ?) ON CONFLICT (mint, day) DO UPDATE SET data = excluded.data`,
  );
  const selectLpDaily = db.prepare(`SELECT mint, day, data FROM launchpad_daily WHERE mint = ? AND day >= ? AND day <= ? ORDER BY day`);
  const deleteLpDaily = db.prepare(`DELETE FROM launchpad_daily WHERE day < ?`);
  const beginLp = db.transaction((startedAt: string) => {
    ensureLpState.run(LP);
    clearLpStaging.run();
    startLp.run(startedAt, LP);
  });
  const stageLpPage = db.transaction((rows: readonly LaunchpadIndexRow[], nextCursor: string | null) => {
    ensureLpState.run(LP);
    for (const r of rows) stageLp.run(r.mint, JSON.stringify(r.data), r.at.toISOString());
    advanceLp.run(nextCursor, LP);
  });
  const publishLpIndex = db.transaction((refreshedAt: string): number => {
    ensureLpState.run(LP);
    clearLpIndex.run();
    const n = publishLp.run(refreshedAt).changes;
    clearLpStaging.run();
    finishLp.run(refreshedAt, LP);
    return n;
  });

  return {
    async launchpadRefreshState(): Promise<LaunchpadRefreshState> {
      return launchpadRefreshStateOf(selectLpState.get(LP) as LaunchpadStateRow | undefined, Number(countLpIndex.get()));
    },
    async beginLaunchpadRefresh(startedAt) {
      beginLp(startedAt.toISOString());
    },
    async stageLaunchpadPage(rows, nextCursor) {
      stageLpPage(rows, nextCursor);
    },
    async recordLaunchpadRefreshError(error, at) {
      ensureLpState.run(LP);
      errorLp.run(error, at.toISOString(), LP);
    },
    async publishLaunchpadIndex(refreshedAt) {
      return publishLpIndex(refreshedAt.toISOString());
    },
    async launchpadCoins() {
      return (selectLpCoins.all() as LaunchpadIndexTableRow[]).map(launchpadIndexRowOf);
    },
    async launchpadCoin(mint) {
      const row = selectLpCoin.get(mint) as LaunchpadIndexTableRow | undefined;
      return row ? launchpadIndexRowOf(row) : undefined;
    },
    async putLaunchpadDailyPoint(r: LaunchpadDailyRow) {
      upsertLpDaily.run(r.mint, r.day, JSON.stringify(r.data));
    },
    async launchpadDailyPoints(mint, fromDay, toDay) {
      return (selectLpDaily.all(mint, fromDay, toDay) as LaunchpadDailyTableRow[]).map(launchpadDailyRowOf);
    },
    async deleteLaunchpadDailyPointsBefore(day) {
      return deleteLpDaily.run(day).changes;
    },
  };
}
