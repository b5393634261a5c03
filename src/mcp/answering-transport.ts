/**
 * The transport the SDK `Server` of one `POST /mcp` talks to: the SDK's stateless
 * `WebStandardStreamableHTTPServerTransport` (which parses and checks the POST and, in JSON mode, resolves it
 * once every request of it has a response), wrapped so that every request does get one:
 *
 * - **Cancelled in its own batch** (`notifications/cancelled` naming a request of the same POST, before or
 *   after it): answered at once with the JSON-RPC error −32800 "Request cancelled" and never handed to the
 *   server, so nothing runs and nothing is charged. The SDK alone would run the handler, then drop its
 *   response (a cancelled request gets none) — and the JSON answer, waiting for every response, would never
 *   come: the POST stayed open for good. Stateless, a POST can only cancel its own requests.
 * - **Past the bound** (`boundMs`): each request still unanswered gets −32001 "Request timed out".
 * - **The caller gone** (`callerGone`, the HTTP connection closed before the answer): each request still
 *   unanswered gets −32000 "Connection closed", which only completes the POST so it is dropped.
 *
 * A request answered here has its signal (`delivery(id).clientGone`) aborted: a paid tool call still running
 * then is never settled (src/app/invoke.ts `InvokeOptions.clientGone`). A response the server sends for a
 * request already answered is dropped, so each id is answered once. A charged answer learns whether it
 * reached the caller (`delivery(id).charged`): no when it was dropped or the HTTP answer was not sent.
 */
import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode, isJSONRPCErrorResponse, isJSONRPCRequest, isJSONRPCResultResponse,
  type JSONRPCErrorResponse, type JSONRPCMessage, type MessageExtraInfo, type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import type { Timers } from '../lib/timers.js';

/** The code LSP and several MCP clients use for a request the client cancelled (the SDK names none). */
export const REQUEST_CANCELLED = -32800;

type ErrorBody = JSONRPCErrorResponse['error'];

const CANCELLED: ErrorBody = { code: REQUEST_CANCELLED, message: 'Request cancelled' };
const CONNECTION_CLOSED: ErrorBody = { code: ErrorCode.ConnectionClosed, message: 'Connection closed' };

/** Ids of the requests that `notifications/cancelled` messages of a POST body name. */
export function cancelledIds(body: unknown): Set<RequestId> {
  const ids = new Set<RequestId>();
  for (const message of Array.isArray(body) ? body : [body]) {
    if (typeof message !== 'object' || message === null || 'id' in message) continue;
    const { method, params } = message as { method?: unknown; params?: { requestId?: unknown } };
    const id = params?.requestId;
    if (method === 'notifications/cancelled' && (typeof id === 'string' || typeof id === 'number')) ids.add(id);
  }
  return ids;
}

/** What a request's handler is told about the fate of its answer. */
export interface Delivery {
  /** Aborted once nobody waits for the answer: answered here, or the SDK aborted the handler. */
  clientGone: AbortSignal;
  /** For a charged answer: `sent(true)` once the HTTP answer carrying it is sent, else `sent(false)`. */
  charged(sent: (delivered: boolean) => void): void;
}

export interface AnsweringOptions {
  timers: Timers;
  /** After this long, every request still unanswered is answered with a timeout error. */
  boundMs: number;
  /** Aborted when the HTTP caller is gone. */
  callerGone: AbortSignal;
}

export class AnsweringTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  /** Requests handed to the server and not answered yet, with the signal their handler watches. */
  private readonly pending = new Map<RequestId, AbortController>();
  /** Requests with a response (the server's or one made here). */
  private readonly answered = new Set<RequestId>();
  /** Answered here rather than by the server: a response of the server's to them is dropped. */
  private readonly answeredHere = new Set<RequestId>();
  /** Responses of the server's that went into the HTTP answer. */
  private readonly inAnswer = new Set<RequestId>();
  /** Charged answers waiting to learn whether the HTTP answer was sent. */
  private readonly charges = new Map<RequestId, (delivered: boolean) => void>();
  private reported = false;
  private cancelled = new Set<RequestId>();
  /** Once set, every request unanswered or still to come is answered with it. */
  private abandonedWith?: ErrorBody;

  constructor(private readonly inner: WebStandardStreamableHTTPServerTransport, private readonly options: AnsweringOptions) {
    inner.onmessage = (message, extra) => this.receive(message, extra);
    inner.onerror = (error) => this.onerror?.(error);
    inner.onclose = () => this.onclose?.();
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** Answers one POST: `parsedBody` is its JSON body. Resolves with the HTTP response to send. */
  async handleRequest(request: Request, parsedBody: unknown): Promise<Response> {
    this.cancelled = cancelledIds(parsedBody);
    const { timers, boundMs, callerGone } = this.options;
    const timedOut = () => this.abandon({ code: ErrorCode.RequestTimeout, message: `Request timed out: no answer within ${boundMs} ms` });
    const gone = () => this.abandon(CONNECTION_CLOSED);
    const disarm = timers.setTimeout(timedOut, boundMs);
    if (callerGone.aborted) gone();
    else callerGone.addEventListener('abort', gone, { once: true });
    try {
      return await this.inner.handleRequest(request, { parsedBody });
    } finally {
      disarm();
      callerGone.removeEventListener('abort', gone);
    }
  }

  /**
   * For the handler of request `id`; `handlerSignal` is the SDK's (`extra.signal`), aborted on
   * `notifications/cancelled` and when the server closes.
   */
  delivery(id: RequestId, handlerSignal: AbortSignal): Delivery {
    const controller = this.pending.get(id) ?? new AbortController();
    if (handlerSignal.aborted) controller.abort(handlerSignal.reason);
    else handlerSignal.addEventListener('abort', () => controller.abort(handlerSignal.reason), { once: true });
    if (this.answeredHere.has(id)) controller.abort(new Error('answered without it'));
    return {
      clientGone: controller.signal,
      charged: (sent) => {
        // Dropped already, or the HTTP answer is gone: it will never carry this one.
        if (this.answeredHere.has(id) || this.reported) sent(false);
        else this.charges.set(id, sent);
      },
    };
  }

  /** Called once the HTTP answer was sent (`true`) or could not be (`false`). */
  reportSent(sent: boolean): void {
    if (this.reported) return;
    this.reported = true;
    for (const [id, report] of this.charges) report(sent && this.inAnswer.has(id));
    this.charges.clear();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
      const id = message.id;
      if (id === undefined) return;
      // A late response to a request answered here (or a second one to the same id) is dropped.
      if (this.answered.has(id)) return this.dropped(id);
      this.answered.add(id);
      this.pending.delete(id);
      if (!this.answeredHere.has(id)) this.inAnswer.add(id);
    }
    return this.inner.send(message, options);
  }

  private receive(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    if (isJSONRPCRequest(message)) {
      const refusal = this.cancelled.has(message.id) ? CANCELLED : this.abandonedWith;
      if (refusal) return this.answer(message.id, refusal);
      this.pending.set(message.id, new AbortController());
    }
    this.onmessage?.(message, extra);
  }

  private abandon(error: ErrorBody): void {
    this.abandonedWith ??= error;
    for (const id of [...this.pending.keys()]) this.answer(id, error);
  }

  /** The server's answer to `id` will not be in the HTTP answer. */
  private dropped(id: RequestId): void {
    this.charges.get(id)?.(false);
    this.charges.delete(id);
  }

  /** Answers `id` with `error` here, telling its handler (if it runs) that nobody waits for it any more. */
  private answer(id: RequestId, error: ErrorBody): void {
    this.answeredHere.add(id);
    this.pending.get(id)?.abort(new Error(error.message));
    this.dropped(id);
    this.send({ jsonrpc: '2.0', id, error }).catch((err: unknown) => this.onerror?.(err instanceof Error ? err : new Error(String(err))));
  }
}
