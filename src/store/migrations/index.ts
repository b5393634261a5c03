/**
 * Ordered schema migrations. Append only: a migration that has shipped is never edited.
 * The SQL is kept to the subset SQLite and PostgreSQL share; where a migration is about one engine's
 * storage layout, `sqlite` holds that engine's statements and `sql` the other's.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** SQLite's statements when they differ from `sql`. */
  sqlite?: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'payment_claims',
    sql: `
      CREATE TABLE payment_claims (
        idempotency_key TEXT PRIMARY KEY,
        endpoint TEXT NOT NULL,
        network TEXT NOT NULL,
        payer TEXT NOT NULL,
        amount_atomic TEXT NOT NULL,
        request_id TEXT NOT NULL,
        claimed_at TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'claimed',
        tx TEXT,
        reason TEXT,
        referral_code TEXT,
        finished_at TEXT
      );
      CREATE INDEX payment_claims_payer ON payment_claims (payer, claimed_at);
    `,
  },
  {
    version: 2,
    name: 'snapshots_query_stream_jobs',
    sql: `
      CREATE TABLE snapshots (
        subject_type TEXT NOT NULL,
        subject TEXT NOT NULL,
        day TEXT NOT NULL,
        taken_at TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (subject_type, subject, day)
      );
      CREATE INDEX snapshots_day ON snapshots (day);
      CREATE TABLE query_stream (
        entity_type TEXT NOT NULL,
        entity TEXT NOT NULL,
        endpoint TEXT NOT NULL,
        hour TEXT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (entity_type, entity, endpoint, hour)
      );
      CREATE INDEX query_stream_hour ON query_stream (entity_type, hour);
      CREATE TABLE job_runs (
        name TEXT PRIMARY KEY,
        holder TEXT,
        lease_until TEXT,
        last_started_at TEXT,
        last_finished_at TEXT,
        last_result TEXT
      );
    `,
  },
  {
    version: 3,
    name: 'observations',
    // Every observation of a subject, at its own moment (snapshots keep only the latest of a day): what
    // check-alerts compares against a minute-precision `since`. A row is never updated once written —
    // alert ids are derived from observation times.
    sql: `
      CREATE TABLE observations (
        subject_type TEXT NOT NULL,
        subject TEXT NOT NULL,
        observed_at TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (subject_type, subject, observed_at)
      );
      CREATE INDEX observations_observed_at ON observations (observed_at);
    `,
  },
  {
    version: 4,
    name: 'snapshots_clustered',
    // A series read fetches one subject's consecutive days. In a rowid table those rows lie wherever each
    // day's sweep put them (one page per point); WITHOUT ROWID stores the rows in primary-key order, so a
    // subject's 30 days share a page or two (docs/history.md, "Performance"). PostgreSQL keeps its heap
    // table and primary-key index: nothing to rebuild there.
    sql: `SELECT 1`,
    sqlite: `
      CREATE TABLE snapshots_clustered (
        subject_type TEXT NOT NULL,
        subject TEXT NOT NULL,
        day TEXT NOT NULL,
        taken_at TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (subject_type, subject, day)
      ) WITHOUT ROWID;
      INSERT INTO snapshots_clustered (subject_type, subject, day, taken_at, data)
        SELECT subject_type, subject, day, taken_at, data FROM snapshots;
      DROP TABLE snapshots;
      ALTER TABLE snapshots_clustered RENAME TO snapshots;
      CREATE INDEX snapshots_day ON snapshots (day);
    `,
  },
  {
    version: 5,
    name: 'launchpad_index',
    // The launch platform's coin index (docs/jobs.md, 'Launchpad index'). A refresh pages into
    // `launchpad_index_staging` and only a complete refresh replaces `launchpad_index` (one transaction),
    // so a failed or unfinished refresh never publishes a partial index. `launchpad_index_state` holds the
    // one refresh's cursor, so a run cut short resumes where it stopped (also after a restart).
    sql: `
      CREATE TABLE launchpad_index (
        mint TEXT PRIMARY KEY,
        data TEXT NOT NULL,
        refreshed_at TEXT NOT NULL
      );
      CREATE TABLE launchpad_index_staging (
        mint TEXT PRIMARY KEY,
        data TEXT NOT NULL,
        fetched_at TEXT NOT NULL
      );
      CREATE TABLE launchpad_index_state (
        name TEXT PRIMARY KEY,
        cursor TEXT,
        refresh_started_at TEXT,
        pages INTEGER NOT NULL DEFAULT 0,
        refreshed_at TEXT,
        last_error TEXT,
        last_error_at TEXT
      );
      CREATE TABLE launchpad_daily (
        mint TEXT NOT NULL,
        day TEXT NOT NULL,
        data TEXT NOT NULL,
        PRIMARY KEY (mint, day)
      );
      CREATE INDEX launchpad_daily_day ON launchpad_daily (day);
    `,
  },
  {
    version: 6,
    name: 'payment_lifecycle',
    // The payment lifecycle (src/payments/lifecycle.ts): the client's payment identifier and the call a
    // payment paid for (a retry is answered from a kept answer only for the same call), the answer kept
    // for a payer who may not have received it, and what the reconciler needs to resolve a settlement
    // whose outcome was not known.
    sql: `
      ALTER TABLE payment_claims ADD COLUMN payment_id TEXT;
      ALTER TABLE payment_claims ADD COLUMN call_key TEXT;
      ALTER TABLE payment_claims ADD COLUMN answer TEXT;
      ALTER TABLE payment_claims ADD COLUMN lookup TEXT;
      CREATE INDEX payment_claims_payment_id ON payment_claims (payment_id, claimed_at);
      CREATE INDEX payment_claims_status ON payment_claims (status, claimed_at);
    `,
  },
  {
    version: 7,
    name: 'launchpad_real_platform',
    // The launch-platform index moved to the real platform's format (src/launchpad-index/coins.ts): stored
    // coins are assembled RewardCoins and daily points carry LIFETIME totals, not per-day sums, and the
    // refresh cursor is a page number. Records of the old format would read as NaN yields, so they are
    // dropped: the next refresh (10 minutes) rebuilds the index, and the yields' history starts again.
    sql: `
      DELETE FROM launchpad_index;
      DELETE FROM launchpad_index_staging;
      DELETE FROM launchpad_index_state;
      DELETE FROM launchpad_daily;
    `,
  },
  {
    version: 8,
    name: 'subscriptions',
    // Alert subscriptions (src/store/subscriptions/types.ts). Amounts are BIGINT (INTEGER affinity in SQLite),
    // so a debit is one conditional UPDATE done in SQL on both engines. `last_seq` on the subscription row is
    // the numbering's source of truth: retention deletes old events but never lowers it, so a seq is never
    // reused. The partial indexes serve the only hot reads: a group's active subscribers (detection, append)
    // and the webhook subscriptions that may be due.
    sql: `
      CREATE TABLE subscriptions (
        id TEXT PRIMARY KEY,
        token_hash TEXT NOT NULL,
        source TEXT NOT NULL,
        input TEXT NOT NULL,
        group_key TEXT NOT NULL,
        delivery TEXT NOT NULL,
        webhook_url TEXT,
        webhook_secret TEXT,
        price_atomic BIGINT NOT NULL,
        status TEXT NOT NULL,
        created_at TEXT NOT NULL,
        cancelled_at TEXT,
        last_seq INTEGER NOT NULL DEFAULT 0,
        acked_seq INTEGER NOT NULL DEFAULT 0,
        webhook_attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT,
        lease_holder TEXT,
        lease_until TEXT
      );
      CREATE INDEX subscriptions_active_group ON subscriptions (group_key, created_at) WHERE status = 'active';
      CREATE INDEX subscriptions_webhook_active ON subscriptions (next_attempt_at) WHERE status = 'active' AND delivery = 'webhook';
      CREATE TABLE stream_detection_state (
        group_key TEXT PRIMARY KEY,
        state TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE subscription_events (
        subscription_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        event_id TEXT NOT NULL,
        type TEXT NOT NULL,
        occurred_at TEXT NOT NULL,
        stored_at TEXT NOT NULL,
        body TEXT NOT NULL,
        PRIMARY KEY (subscription_id, seq),
        UNIQUE (subscription_id, event_id)
      );
      CREATE INDEX subscription_events_stored_at ON subscription_events (stored_at);
      CREATE TABLE subscription_credits (
        subscription_id TEXT NOT NULL,
        source TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        available_atomic BIGINT NOT NULL,
        credited_atomic BIGINT NOT NULL,
        PRIMARY KEY (subscription_id, source, channel_id)
      );
      CREATE TABLE subscription_credit_payments (
        payment_key TEXT PRIMARY KEY,
        subscription_id TEXT NOT NULL,
        source TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        amount_atomic BIGINT NOT NULL,
        network TEXT NOT NULL,
        tx TEXT NOT NULL,
        at TEXT NOT NULL
      );
      CREATE INDEX subscription_credit_payments_subscription ON subscription_credit_payments (subscription_id, at);
      CREATE TABLE subscription_charges (
        subscription_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        amount_atomic BIGINT NOT NULL,
        source TEXT NOT NULL,
        channel_id TEXT NOT NULL,
        state TEXT NOT NULL,
        reserved_at TEXT NOT NULL,
        charged_at TEXT,
        PRIMARY KEY (subscription_id, seq)
      );
      CREATE INDEX subscription_charges_reserved ON subscription_charges (reserved_at) WHERE state = 'reserved';
      CREATE TABLE webhook_attempts (
        subscription_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        attempt INTEGER NOT NULL,
        at TEXT NOT NULL,
        status INTEGER,
        ok INTEGER NOT NULL,
        error TEXT,
        duration_ms INTEGER NOT NULL,
        next_attempt_at TEXT,
        PRIMARY KEY (subscription_id, seq, attempt)
      );
      CREATE INDEX webhook_attempts_at ON webhook_attempts (subscription_id, at);
    `,
  },
  {
    version: 9,
    name: 'payment_claims_top_ups',
    // The credit job's work list (pendingTopUps) reads only the top-up claims: without this it would scan every
    // payment claim of every endpoint on each run.
    sql: `
      CREATE INDEX payment_claims_top_ups ON payment_claims (claimed_at) WHERE endpoint = 'subscription-fund';
    `,
  },
];
