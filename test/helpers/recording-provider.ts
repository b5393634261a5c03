/**
 * A provider server for source-client tests that records every request and answers with a reply the
 * test sets: the suite's hooks start it (`before`), close it (`after`), and before each test clear the
 * recorded requests and put the reply back to the suite's default.
 */
import { after, before, beforeEach } from 'node:test';
import { FaultController } from '../../src/sandbox/providers/faults.js';
import { startProviderServer, type ProviderRequest, type ProviderResponse, type ProviderServer } from '../../src/sandbox/providers/server.js';
import type { LegName } from '../../src/sources/errors.js';

export type Reply = (req: ProviderRequest) => ProviderResponse;

export interface RecordingProvider {
  /** The server's base URL (once the suite's `before` has run). */
  readonly url: string;
  /** The requests received during the current test, in order. */
  readonly seen: ProviderRequest[];
  /** How the server answers; back to the suite's default before each test. */
  reply: Reply;
}

export function recordingProvider(leg: LegName, defaultReply: Reply): RecordingProvider {
  let server: ProviderServer | undefined;
  const state = { seen: [] as ProviderRequest[], reply: defaultReply };
  before(async () => {
    server = await startProviderServer(leg, (req) => {
      state.seen.push(req);
      return state.reply(req);
    }, new FaultController());
  });
  after(() => server?.close());
  beforeEach(() => {
    state.seen = [];
    state.reply = defaultReply;
  });
  return {
    get url() {
      if (!server) throw new Error(`the ${leg} recording server is started by the suite's before hook`);
      return server.url;
    },
    get seen() {
      return state.seen;
    },
    get reply() {
      return state.reply;
    },
    set reply(reply: Reply) {
      state.reply = reply;
    },
  };
}
