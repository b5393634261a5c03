/**
 * A per-client limit on refused payments. Verifying a payment costs the operator RPC reads and a
 * simulation; a client sending invalid or unfunded payments in a loop would make the operator pay for
 * its attempts. Past `limit` refusals in `windowMs`, a client's payments are refused without being
 * verified until the window ends (429 with Retry-After). Honest clients never get near it: a valid payment
 * is never refused, and a payment required (no payment sent) does not count.
 *
 * Kept in process memory: the limit protects each instance's facilitator budget, and a client spread over
 * instances still meets the limit on each. Bounded: at most `maxClients` clients are tracked; the oldest
 * window is dropped first.
 */
export interface RefusedPaymentsOptions {
  now: () => number;
  /** Refusals allowed per window. Default 30. */
  limit?: number;
  /** Default 60 s. */
  windowMs?: number;
  /** Default 10,000. */
  maxClients?: number;
}

export const REFUSED_PAYMENTS_LIMIT = 30;
export const REFUSED_PAYMENTS_WINDOW_MS = 60_000;

interface Window {
  startedAt: number;
  count: number;
}

export class RefusedPayments {
  private readonly windows = new Map<string, Window>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly maxClients: number;

  constructor(private readonly options: RefusedPaymentsOptions) {
    this.limit = options.limit ?? REFUSED_PAYMENTS_LIMIT;
    this.windowMs = options.windowMs ?? REFUSED_PAYMENTS_WINDOW_MS;
    this.maxClients = options.maxClients ?? 10_000;
  }

  private current(client: string): Window | undefined {
    const window = this.windows.get(client);
    if (window && this.options.now() - window.startedAt >= this.windowMs) {
      this.windows.delete(client);
      return undefined;
    }
    return window;
  }

  /** Counts one refused payment of `client`. */
  note(client: string): void {
    const window = this.current(client);
    if (window) {
      window.count++;
      return;
    }
    if (this.windows.size >= this.maxClients) {
      // Map order is insertion order: the first key is the oldest window.
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
    this.windows.set(client, { startedAt: this.options.now(), count: 1 });
  }

  /** Seconds until `client` may send payments again; 0 when it may now. */
  blockedForS(client: string): number {
    const window = this.current(client);
    if (!window || window.count < this.limit) return 0;
    return Math.max(1, Math.ceil((window.startedAt + this.windowMs - this.options.now()) / 1000));
  }
}
