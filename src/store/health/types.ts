/** The store's connection as /status and shutdown see it: which backend, whether it answers, closing it. */
export interface StoreHealth {
  readonly kind: 'sqlite' | 'postgres';
  /** Resolves true when the database answers; a failure rejects (/status shows it as unreachable, health treats it as down). */
  ping(): Promise<boolean>;
  /** Writes what was asked for before the close, then releases the connection(s). */
  close(): Promise<void>;
}
