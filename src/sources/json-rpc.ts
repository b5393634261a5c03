/** JSON-RPC 2.0 over an HttpSource (Solana RPC, Helius DAS): errors in the body become SourceErrors too. */
import type { HttpSource } from './http-source.js';
import { SourceError } from './errors.js';

interface RpcEnvelope {
  result?: unknown;
  error?: { code: number; message: string };
}

let nextId = 1;

export async function jsonRpc<T>(
  source: HttpSource,
  path: string,
  method: string,
  params: unknown,
  parse: (result: unknown) => T,
  signal?: AbortSignal,
): Promise<T> {
  return source.request(path, {
    method: 'POST',
    body: { jsonrpc: '2.0', id: nextId++, method, params },
    signal,
    parse: (json) => {
      const envelope = json as RpcEnvelope;
      if (typeof json !== 'object' || json === null || (!('result' in envelope) && !('error' in envelope))) {
        throw new Error('not a JSON-RPC response');
      }
      if (envelope.error) {
        // -32429 / 429-like codes are rate limits; "not found" style codes are answers, not failures.
        const code = envelope.error.code;
        if (code === -32429 || code === 429) throw new SourceError(source.leg, 'rate_limited', `${source.leg}: rate limited`, 429);
        throw new SourceError(source.leg, 'unavailable', `${source.leg} JSON-RPC error ${code}`, undefined, code <= -32000 && code >= -32099);
      }
      return parse(envelope.result);
    },
  });
}
