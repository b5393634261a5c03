/**
 * Raw JSON-RPC over `POST /mcp` for tests that send what the SDK client never does (batches, cancellations),
 * and a hang detector for them: a request that is never answered fails after a multiple of a measured round
 * trip instead of holding the file until the runner's own detector (docs/testing.md: never a verdict on speed).
 */
import { timed, within } from '../helpers/measured.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

export interface RpcAnswer {
  status: number;
  /** The parsed JSON body; undefined when empty (202). */
  body: Json;
}

export async function postMcp(url: string, body: unknown): Promise<RpcAnswer> {
  const res = await fetch(url, { method: 'POST', headers: MCP_HEADERS, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/**
 * Answers of POSTs that must come, bounded only against a hang: 1,000 × the round trip of a warm `ping`
 * measured here, so a slower machine gets a longer bound.
 */
export async function hangDetector(url: string): Promise<(what: string, answer: Promise<RpcAnswer>) => Promise<RpcAnswer>> {
  const ping = () => postMcp(url, { jsonrpc: '2.0', id: 0, method: 'ping' });
  await ping();
  const { ms } = await timed(ping);
  return (what, answer) => within(answer, 1_000 * ms, `${what}: no answer (hang)`);
}

export const cancelOf = (requestId: string | number) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'test' } });

export const toolCallOf = (id: number, name: string, args: Record<string, unknown>, payment?: unknown) => ({
  jsonrpc: '2.0', id, method: 'tools/call',
  params: { name, arguments: args, ...(payment === undefined ? {} : { _meta: { 'x402/payment': payment } }) },
});
