import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import type { DataSet } from '../../packages/server/src/artefacts/types.ts';
import { createHttpServerOptions, DEFAULT_CONNECTION_LIMITS } from '../../packages/server/src/http/node/connection-limits.ts';
import { createClientErrorHandler, createNodeListener } from '../../packages/server/src/http/node/listener.ts';
import { type RunningServer, serve } from '../../packages/server/src/serve.ts';
import { captureAccessLog } from '../helpers/access-log.ts';
import { createTestApp } from '../helpers/app.ts';
import { createMemoryDataSet } from '../helpers/memory-data-set.ts';

interface RawAnswer {
  readonly statusLine: string;
  readonly headers: Map<string, string>;
  readonly body: string;
}

function parse(all: Buffer): RawAnswer {
  const text = all.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { statusLine, headers, body: text.slice(end + 4) };
}

/** Opens a connection from `localAddress` and sends `text` (nothing when undefined); resolves with what came back once the server closed it. */
function exchange(port: number, text: string | undefined, localAddress = '127.0.0.1'): { socket: Socket; answer: Promise<RawAnswer> } {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  const chunks: Buffer[] = [];
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(parse(Buffer.concat(chunks))));
  });
  if (text !== undefined) socket.write(text);
  return { socket, answer };
}

/** A slow client: connected, half a request line sent, nothing more. Resolves once the server counts it. */
async function openSlow(port: number, localAddress = '127.0.0.1'): Promise<Socket> {
  const { socket } = exchange(port, 'GET /api/v1/passage/John.3.16 HTTP/1.1\r\nHo', localAddress);
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return socket;
}

/** Asks until answered other than a refusal (the server sees closed connections a moment after the client). */
async function untilServed(port: number, request: string, localAddress = '127.0.0.1'): Promise<RawAnswer> {
  for (let attempt = 0; ; attempt += 1) {
    const answer = await exchange(port, request, localAddress).answer;
    if (!/ (429|503) /.test(answer.statusLine) || attempt === 200) return answer;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const GET = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`;

function assertErrorShape(answer: RawAnswer, code: string): void {
  assert.equal(answer.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.equal(answer.headers.get('access-control-allow-origin'), '*');
  assert.equal(answer.headers.get('connection'), 'close');
  const body = JSON.parse(answer.body) as { code: string; requestId: string; error: string };
  assert.equal(body.code, code);
  assert.equal(body.requestId, answer.headers.get('x-request-id'));
  assert.ok(body.error.length > 0);
}

describe('skg serve: connection caps', () => {
  let server: RunningServer;
  let port: number;
  const accessLog = captureAccessLog();

  before(async () => {
    const dataSet = createMemoryDataSet();
    server = await serve({
      distDir: '(memory)',
      loadDataSet: async () => dataSet,
      port: 0,
      host: '127.0.0.1',
      trustProxy: false,
      watch: false,
      log: () => undefined,
      accessLog: accessLog.log,
      connectionLimits: { maxConnectionsPerAddress: 5, maxConnections: 8 },
    });
    port = Number(new URL(server.url).port);
  });

  after(async () => {
    await server.close();
  });

  it('answers a connection over the per-address cap 429 rate_limited in the Error shape, while another address is still served', async () => {
    const slow = await Promise.all(Array.from({ length: 5 }, () => openSlow(port)));
    try {
      const refused = await exchange(port, GET('/api/v1/health')).answer;
      assert.equal(refused.statusLine, 'HTTP/1.1 429 Too Many Requests');
      assert.equal(refused.headers.get('retry-after'), '1');
      assertErrorShape(refused, 'rate_limited');
      await accessLog.waitFor((text) => /"status":429/.test(text));

      const other = await exchange(port, GET('/api/v1/health'), '127.0.0.2').answer;
      assert.equal(other.statusLine, 'HTTP/1.1 200 OK', 'another address is answered');
    } finally {
      for (const socket of slow) socket.destroy();
    }
    const again = await untilServed(port, GET('/api/v1/health'));
    assert.equal(again.statusLine, 'HTTP/1.1 200 OK', 'closing connections frees the address');
  });

  it('answers a connection over the total cap 503 rate_limited in the Error shape', async () => {
    const slow = [
      ...(await Promise.all(Array.from({ length: 4 }, () => openSlow(port, '127.0.0.3')))),
      ...(await Promise.all(Array.from({ length: 4 }, () => openSlow(port, '127.0.0.4')))),
    ];
    try {
      const refused = await exchange(port, GET('/api/v1/health'), '127.0.0.5').answer;
      assert.equal(refused.statusLine, 'HTTP/1.1 503 Service Unavailable');
      assert.equal(refused.headers.get('retry-after'), '1');
      assertErrorShape(refused, 'rate_limited');
    } finally {
      for (const socket of slow) socket.destroy();
    }
  });

  it('answers an HTTP/1.1 request without Host 400 missing_parameter in the Error shape, and logs it', async () => {
    const answer = await untilServed(port, 'GET /api/v1/health HTTP/1.1\r\nConnection: close\r\n\r\n');
    assert.equal(answer.statusLine, 'HTTP/1.1 400 Bad Request');
    assertErrorShape(answer, 'missing_parameter');
    await accessLog.waitFor((text) => /"path":"\/api\/v1\/health","status":400/.test(text));
  });

  it('answers an HTTP/1.0 request without Host: HTTP/1.0 does not require it', async () => {
    const answer = await untilServed(port, 'GET /api/v1/health HTTP/1.0\r\n\r\n');
    assert.equal(answer.statusLine, 'HTTP/1.1 200 OK');
  });
});

describe('the HTTP server options: request deadlines', () => {
  let server: Server;
  let port: number;

  before(async () => {
    const dataSet: DataSet = createMemoryDataSet();
    const options = createHttpServerOptions({ ...DEFAULT_CONNECTION_LIMITS, headersTimeoutMs: 200, requestTimeoutMs: 400 });
    server = createServer(options, createNodeListener(createTestApp(dataSet)));
    server.on('clientError', createClientErrorHandler(() => dataSet));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers headers that do not arrive in time 408 in the Error shape and closes the connection', async () => {
    const answer = await exchange(port, 'GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\n').answer;
    assert.equal(answer.statusLine, 'HTTP/1.1 408 Request Timeout');
    assertErrorShape(answer, 'invalid_parameter');
  });

  it('answers a body that does not arrive in time 408 in the Error shape', async () => {
    const answer = await exchange(port, 'POST /api/v1/webhooks HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"url":').answer;
    assert.equal(answer.statusLine, 'HTTP/1.1 408 Request Timeout');
    assertErrorShape(answer, 'invalid_parameter');
  });
});
