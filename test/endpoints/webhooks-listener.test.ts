// POST /webhooks bodies through the real listener (`skg serve` on a port): what goes wrong on the wire
// must end the request, never the process.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { serve, type RunningServer } from '../../packages/server/src/serve.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';

interface RawAnswer {
  readonly statusLine: string;
  readonly headers: Map<string, string>;
  readonly body: string;
}

/** Writes `head` and then `chunks` over a raw socket; resolves with the answer once the server closes. */
function rawExchange(port: number, head: string, chunks: readonly string[]): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    // The server closes after its answer; writing on meanwhile may meet a reset, which is not a failure here.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const text = Buffer.concat(received).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) {
        reject(new Error(`no answer: ${JSON.stringify(text)}`));
        return;
      }
      const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
      const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ statusLine, headers, body: text.slice(end + 4) });
    });
    socket.write(head);
    for (const chunk of chunks) socket.write(chunk);
  });
}

/** One chunk of a chunked body. */
const chunk = (data: string) => `${Buffer.byteLength(data).toString(16)}\r\n${data}\r\n`;

describe('POST /webhooks through skg serve (a real listener)', () => {
  let server: RunningServer;
  let port = 0;
  const logged: unknown[][] = [];
  const consoleError = console.error;

  before(async () => {
    const dataSet = await getFixtureDataSet();
    // The app logs unhandled errors with console.error (its default): count them.
    console.error = (...args: unknown[]) => void logged.push(args);
    server = await serve({ distDir: dataSet.dir, port: 0, host: '127.0.0.1', trustProxy: false, watch: false, log: () => undefined });
    port = Number(new URL(server.url).port);
  });
  after(async () => {
    console.error = consoleError;
    await server?.close();
  });

  const stillServing = async () => {
    const response = await fetch(`${server.url}/status`);
    await response.arrayBuffer();
    return response.status;
  };

  it('answers a chunked body over the limit 413 with Connection: close, and goes on serving', async () => {
    const head = 'POST /api/v1/webhooks HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n';
    const body = Array.from({ length: 20 }, () => chunk('a'.repeat(1000)));
    const answer = await rawExchange(port, head, [...body, '0\r\n\r\n']);
    assert.match(answer.statusLine, /^HTTP\/1\.1 413 /);
    assert.equal(answer.headers.get('connection'), 'close');
    assert.match(answer.body, /"code":"invalid_parameter"/);
    // Give listhen's end-of-response bookkeeping its turn: the crash came there, after the answer.
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(await stillServing(), 200);
    const again = await rawExchange(port, head, [...body, '0\r\n\r\n']);
    assert.match(again.statusLine, /^HTTP\/1\.1 413 /, 'and again');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(await stillServing(), 200);
  });

  it('answers a declared Content-Length over the limit 413 without reading, with Connection: close', async () => {
    const head = 'POST /api/v1/webhooks HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 20000\r\n\r\n';
    const answer = await rawExchange(port, head, ['{"url": "https://']);
    assert.match(answer.statusLine, /^HTTP\/1\.1 413 /);
    assert.equal(answer.headers.get('connection'), 'close');
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(await stillServing(), 200);
  });

  it('takes a client that stops mid-body quietly: nothing logged as an unhandled error, and it goes on serving', async () => {
    const before = logged.length;
    for (const framing of ['Content-Length: 1000', 'Transfer-Encoding: chunked']) {
      await new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          const part = framing.startsWith('Content-Length') ? '{"url": "https://' : chunk('{"url": "https://');
          socket.write(`POST /api/v1/webhooks HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${framing}\r\n\r\n${part}`);
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 50);
        });
        socket.on('error', reject);
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(await stillServing(), 200);
    assert.deepEqual(logged.slice(before), [], 'an aborted upload is not a server error');
  });
});
