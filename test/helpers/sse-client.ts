/**
 * A Server-Sent Events reader for tests: opens a stream with fetch, parses frames as EventSource would
 * (id, event, data lines; comments kept apart) and lets a test wait for the next frame or close the stream.
 */
export interface SseFrame {
  id?: string;
  event: string;
  data: string;
}

export interface SseConnection {
  status: number;
  headers: Headers;
  /** Every event frame received so far, in order. */
  frames: SseFrame[];
  comments: string[];
  /** Resolves with the frames once at least `count` events (not comments) have arrived. */
  waitFor(count: number): Promise<SseFrame[]>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const frames: SseFrame[] = [];
  const comments: string[] = [];
  const waiters: { count: number; resolve: (f: SseFrame[]) => void; reject: (e: unknown) => void }[] = [];
  let ended: unknown;
  const settle = () => {
    for (const w of [...waiters]) {
      if (frames.length >= w.count) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frames.slice());
      } else if (ended !== undefined) {
        waiters.splice(waiters.indexOf(w), 1);
        w.reject(new Error(`stream ended after ${frames.length} events, waiting for ${w.count}`));
      }
    }
  };
  const parse = (block: string) => {
    const frame: SseFrame = { event: 'message', data: '' };
    const data: string[] = [];
    let any = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        comments.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') (data.push(value), (any = true));
      else if (field === 'id') frame.id = value;
      else if (field === 'event') frame.event = value;
    }
    if (any) frames.push({ ...frame, data: data.join('\n') });
  };
  if (res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let at: number;
          while ((at = buffer.indexOf('\n\n')) !== -1) {
            parse(buffer.slice(0, at));
            buffer = buffer.slice(at + 2);
          }
          settle();
        }
        ended = 'end';
      } catch (err) {
        ended = err;
      }
      settle();
    })();
  } else ended = 'no body';
  return {
    status: res.status,
    headers: res.headers,
    frames,
    comments,
    waitFor(count) {
      return new Promise((resolve, reject) => {
        waiters.push({ count, resolve, reject });
        settle();
      });
    },
    close: () => abort.abort(),
  };
}
