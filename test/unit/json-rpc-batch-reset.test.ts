/**
 * The batching JSON-RPC client and a node that closes kept-alive sockets: a request written on a socket the
 * node has already given up on is reset before the node reads it, and must be sent again on a fresh socket
 * (once), not fail every call of its batch. A reset on a fresh socket, or after an answer began, is a failure.
 */
import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import { describe, it } from 'node:test';
import { createBatchingJsonRpc } from '../../src/lib/json-rpc-batch.js';

/** A minimal HTTP/1.1 JSON-RPC node: answers `ok` to each call; `resetRequest` decides which requests on a connection it drops unread. */
function startNode(resetRequest: (indexOnConnection: number) => boolean) {
  let connections = 0;
  const server = createServer((socket: Socket) => {
    connections++;
    let index = 0;
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString('utf8');
      const headerEnd = buffered.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(buffered.slice(0, headerEnd))?.[1] ?? 0);
      if (buffered.length < headerEnd + 4 + length) return;
      const body = JSON.parse(buffered.slice(headerEnd + 4, headerEnd + 4 + length)) as { id: number };
      buffered = '';
      if (resetRequest(index++)) {
        socket.resetAndDestroy();
        return;
      }
      const answer = JSON.stringify({ jsonrpc: '2.0', id: body.id, result: 'ok' });
      socket.write(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(answer)}\r\nconnection: keep-alive\r\n\r\n${answer}`);
    });
  });
  return {
    server,
    connections: () => connections,
    url: async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const address = server.address();
      assert.ok(address && typeof address === 'object');
      return `http://127.0.0.1:${address.port}`;
    },
  };
}

describe('json-rpc-batch: a kept-alive socket the node closed', () => {
  it('a request reset on a reused socket is sent again on a fresh one and answered', async () => {
    // The second request on every connection is dropped unread, as by a node whose keep-alive timeout just ran out.
    const node = startNode((i) => i === 1);
    const rpc = createBatchingJsonRpc(await node.url());
    try {
      assert.equal(await rpc.call('getHealth', []), 'ok');
      assert.equal(await rpc.call('getHealth', []), 'ok', 'the reset request was sent again');
      assert.equal(node.connections(), 2, 'once on the reused socket, once on a fresh one');
    } finally {
      rpc.close();
      node.server.close();
    }
  });

  it('a reset on a fresh socket is not retried: the call fails', async () => {
    const node = startNode(() => true);
    const rpc = createBatchingJsonRpc(await node.url());
    try {
      await assert.rejects(rpc.call('getHealth', []), (error: NodeJS.ErrnoException) => error.code === 'ECONNRESET');
      assert.equal(node.connections(), 1, 'no second attempt');
    } finally {
      rpc.close();
      node.server.close();
    }
  });
});
