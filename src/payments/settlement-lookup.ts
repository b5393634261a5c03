/**
 * Finding a settlement on chain after the facilitator's settle call threw. A throw (connection reset,
 * timeout) does not mean nothing happened: the transfer may already have been broadcast. Before the
 * gate withholds a paid result it asks a `SettlementLookup` whether the payment's transfer landed; if
 * it did, the call counts as settled (the payer has paid, so the payer gets the data).
 *
 * A refusal known to come before any broadcast (src/payments/facilitator `settleReasonMeansNothingMoved`) is
 * final; a throw, an unconfirmed transfer or a reason we do not know is looked up.
 */

/** What was paid, in the terms both x402 versions share (v1's `maxAmountRequired` becomes `amount`). */
export interface SettlementTarget {
  /** CAIP-2 id of the network paid on. */
  network: string;
  asset: string;
  payTo: string;
  amount: bigint;
  /** The scheme payload the payer signed (`authorization` + `signature` on EVM, `transaction` on Solana). */
  payload: Record<string, unknown>;
}

/** Where to start looking, noted as settle begins (concurrently with it). */
export interface SettlementMark {
  /** ms since the epoch. */
  at: number;
  /** EVM: the block current when settle began (absent when it could not be read in time). */
  block?: bigint;
}

export interface FoundSettlement {
  transaction: string;
}

export interface SettlementLookup {
  /** Notes where the settlement can start to appear. Never throws. */
  mark(network: string): Promise<SettlementMark>;
  /** The transaction that settled this payment, or undefined if none was found within the lookup's bound. Never throws. */
  find(target: SettlementTarget, mark: SettlementMark): Promise<FoundSettlement | undefined>;
  /** Whether this lookup can find settlements on `network` (absent: it can). */
  covers?(network: string): boolean;
}

/** One lookup per network, chosen by the target's CAIP-2 id; a network without one finds nothing. */
export function lookupByNetwork(byNetwork: Record<string, SettlementLookup>): SettlementLookup {
  return {
    covers: (network) => byNetwork[network] !== undefined,
    async mark(network) {
      const lookup = byNetwork[network];
      return lookup ? lookup.mark(network) : { at: Date.now() };
    },
    async find(target, mark) {
      const lookup = byNetwork[target.network];
      if (!lookup) return undefined;
      try {
        return await lookup.find(target, mark);
      } catch {
        // A lookup that fails is a lookup that found nothing: the result stays withheld, as before.
        return undefined;
      }
    },
  };
}

/** How long a lookup keeps polling for a transfer that may still be landing. */
export interface PollBound {
  /** Polls after the first look. */
  polls: number;
  intervalMs: number;
}

/** A minimal JSON-RPC 2.0 call over HTTP (both chains); injectable so tests can fake a node. */
export type JsonRpc = (method: string, params: unknown[]) => Promise<unknown>;

export function httpJsonRpc(url: string, timeoutMs = 5_000): JsonRpc {
  let id = 0;
  return async (method, params) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`${method}: HTTP ${res.status}`);
    const body = (await res.json()) as { result?: unknown; error?: { message?: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message ?? 'rpc error'}`);
    return body.result;
  };
}
