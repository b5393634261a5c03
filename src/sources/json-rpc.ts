/** JSON-RPC 2.0 over an HttpSource (Solana RPC, Helius DAS): errors in the body become SourceErrors too. */
import type { HttpSource } from './http-source.js';
import { SourceError } from './errors.js';
import { UpstreamFormatError } from './format-error.js';

interface RpcEnvelope {
  result?: unknown;
  error?: { code: number; message: string };
}

let nextId = 1;

export interface JsonRpcOptions {
  /**
   * Error answers that mean "no such thing" (e.g. DAS -32000 "Asset Not Found", RPC -32602 "could not
   * find account"): they become `not_found` — an answer, neither retried nor counted by the breaker.
   */
  isNotFound?: (error: { code: number; message: string }) => boolean;
}

export async function jsonRpc<T>(
  source: HttpSource,
  path: string,
  method: string,
  params: unknown,
  parse: (result: unknown) => T,
  signal?: AbortSignal,
  options: JsonRpcOptions = {},
): Promise<T> {
  return source.request(path, {
    method: 'POST',
    body: { jsonrpc: '2.0', id: nextId++, method, params },
    signal,
    parse: (json) => {
      const envelope = json as RpcEnvelope;
      if (typeof json !== 'object' || json === null || (!('result' in envelope) && !('error' in envelope))) {
        throw new UpstreamFormatError('not a JSON-RPC response');
      }
      if (envelope.error) {
        const code = typeof envelope.error.code === 'number' ? envelope.error.code : 0;
        const message = typeof envelope.error.message === 'string' ? envelope.error.message : '';
        if (options.isNotFound?.({ code, message })) throw new SourceError(source.leg, 'not_found', `${source.leg}: not found`);
        // -32429 / 429-like codes are rate limits.
        if (code === -32429 || code === 429) throw new SourceError(source.leg, 'rate_limited', `${source.leg}: rate limited`, 429);
        throw new SourceError(source.leg, 'unavailable', `${source.leg} JSON-RPC error ${code}`, undefined, code <= -32000 && code >= -32099);
      }
      return parse(envelope.result);
    },
  });
}
