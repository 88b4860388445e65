import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createNodeListener } from '../../packages/server/src/http/node/listener.ts';
import { serve } from '../../packages/server/src/serve.ts';
import { createTestApp } from '../helpers/app.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';
import { createMemoryDataSet } from '../helpers/memory-data-set.ts';

interface RawResponse {
  readonly statusLine: string;
  readonly headers: Map<string, string>;
  readonly body: Buffer;
}

/** One request over a raw socket (`Connection: close`), so the status line and bytes are as sent. */
function rawRequest(port: number, method: string, path: string, headers: Record<string, string> | Array<[string, string]> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = all.subarray(0, end).toString('latin1').split('\r\n');
      const parsed = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ statusLine, headers: parsed, body: all.subarray(end + 4) });
    });
    const extra = (Array.isArray(headers) ? headers : Object.entries(headers)).map(([name, value]) => `${name}: ${value}\r\n`).join('');
    socket.end(`${method} ${path} HTTP/1.1\r\nHost: localhost\r\n${extra}Connection: close\r\n\r\n`);
  });
}

describe('skg serve (a real listener)', () => {
  it('answers over HTTP on a free port, with the headers on the wire, and closes', async () => {
    const dataSet = await getFixtureDataSet();
    const lines: string[] = [];
    const server = await serve({
      distDir: dataSet.dir,
      port: 0,
      host: '127.0.0.1',
      trustProxy: false,
      log: (line) => lines.push(line),
    });
    try {
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
      assert.ok(lines.some((line) => line.includes(server.url)), 'the URL is logged');
      const response = await fetch(`${server.url}/passage/John.3.16`);
      assert.equal(response.status, 200);
      assert.equal(response.statusText, 'OK');
      assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      assert.equal(response.headers.get('x-ratelimit-remaining'), '599');
      assert.ok(response.headers.get('etag'));
      assert.ok(response.headers.get('x-request-id'));
      const body = (await response.json()) as { osis: string };
      assert.equal(body.osis, 'John.3.16');
      const root = await fetch(server.url.replace('/api/v1', '/openapi.json'));
      assert.equal(root.status, 200);
      await root.arrayBuffer();
    } finally {
      await server.close();
    }
  });

  it('fails to start on an unusable dist/ with a message that says what to run', async () => {
    const distDir = mkdtempSync(path.join(os.tmpdir(), 'skg-empty-dist-'));
    try {
      await assert.rejects(
        serve({ distDir, port: 0, host: '127.0.0.1', trustProxy: false, log: () => undefined }),
        (error: Error) => error.message.includes(distDir) && error.message.includes('manifest.json') && error.message.includes('skg build'),
      );
    } finally {
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});

describe('the Node listener', () => {
  let server: Server;
  let port: number;

  before(async () => {
    server = createServer(createNodeListener(createTestApp(createMemoryDataSet())));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  after(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('writes the standard reason phrase on the status line', async () => {
    const ok = await rawRequest(port, 'GET', '/api/v1/passage/John.3.16');
    assert.equal(ok.statusLine, 'HTTP/1.1 200 OK');
    assert.equal((await rawRequest(port, 'GET', '/api/v1/no-such-route')).statusLine, 'HTTP/1.1 404 Not Found');
    assert.equal((await rawRequest(port, 'OPTIONS', '/api/v1/passage/John.3.16')).statusLine, 'HTTP/1.1 204 No Content');
    assert.equal((await rawRequest(port, 'DELETE', '/api/v1/passage/John.3.16')).statusLine, 'HTTP/1.1 405 Method Not Allowed');
    const etag = ok.headers.get('etag') ?? '';
    assert.equal((await rawRequest(port, 'GET', '/api/v1/passage/John.3.16', { 'If-None-Match': etag })).statusLine, 'HTTP/1.1 304 Not Modified');
  });

  it('sends every header once, with the body length, and the body as the app answered it', async () => {
    const response = await rawRequest(port, 'GET', '/api/v1/passage/John.3.16', { 'Idempotency-Key': 'k-1', 'X-Request-Id': 'edge-1' });
    assert.equal(response.headers.get('x-request-id'), 'edge-1');
    assert.equal(response.headers.get('content-length'), String(response.body.length));
    assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.equal(response.headers.get('idempotency-key'), 'k-1');
    assert.equal(response.headers.get('ratelimit-policy'), '600;w=60');
    assert.equal(response.headers.get('transfer-encoding'), undefined, 'not chunked');
    assert.equal((JSON.parse(response.body.toString('utf8')) as { osis: string }).osis, 'John.3.16');
  });

  it('answers HEAD with the headers of GET, Content-Length included, and no body', async () => {
    const get = await rawRequest(port, 'GET', '/api/v1/passage/John.3.16');
    const head = await rawRequest(port, 'HEAD', '/api/v1/passage/John.3.16');
    assert.equal(head.statusLine, 'HTTP/1.1 200 OK');
    assert.equal(head.body.length, 0);
    assert.equal(head.headers.get('content-length'), String(get.body.length));
    assert.equal(head.headers.get('etag'), get.headers.get('etag'));
    assert.equal(head.headers.get('content-type'), get.headers.get('content-type'));
  });

  it('reads repeated X-Forwarded-For lines as one list and counts by its last entry', async () => {
    const limited = createServer(createNodeListener(createTestApp(createMemoryDataSet(), { rateLimit: { limit: 1, windowMs: 60_000 } })));
    await new Promise<void>((resolve) => limited.listen(0, '127.0.0.1', resolve));
    try {
      const limitedPort = (limited.address() as AddressInfo).port;
      const first = await rawRequest(limitedPort, 'GET', '/api/v1/', [['X-Forwarded-For', '10.0.0.1'], ['X-Forwarded-For', '198.51.100.77']]);
      const second = await rawRequest(limitedPort, 'GET', '/api/v1/', [['X-Forwarded-For', '10.0.0.2'], ['X-Forwarded-For', '198.51.100.77']]);
      const other = await rawRequest(limitedPort, 'GET', '/api/v1/', [['X-Forwarded-For', '198.51.100.77, 198.51.100.78']]);
      assert.equal(first.statusLine, 'HTTP/1.1 200 OK');
      assert.equal(second.statusLine, 'HTTP/1.1 429 Too Many Requests', 'the same last entry');
      assert.equal(other.statusLine, 'HTTP/1.1 200 OK', 'another last entry');
    } finally {
      await new Promise((resolve) => limited.close(resolve));
    }
  });

  it('answers 304 and 204 with no body and no Content-Length', async () => {
    const etag = (await rawRequest(port, 'GET', '/api/v1/passage/John.3.16')).headers.get('etag') ?? '';
    for (const response of [
      await rawRequest(port, 'GET', '/api/v1/passage/John.3.16', { 'If-None-Match': etag }),
      await rawRequest(port, 'OPTIONS', '/api/v1/scripture'),
    ]) {
      assert.equal(response.body.length, 0, response.statusLine);
      assert.equal(response.headers.get('content-length'), undefined, response.statusLine);
      assert.ok(response.headers.get('x-request-id'), response.statusLine);
    }
  });
});

/** Sends `bytes` as they are over a raw socket and reads everything the server sends until it closes. */
function rawBytes(port: number, bytes: Buffer): Promise<RawResponse & { readonly raw: Buffer }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = all.subarray(0, end < 0 ? all.length : end).toString('latin1').split('\r\n');
      const parsed = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ statusLine, headers: parsed, body: end < 0 ? Buffer.alloc(0) : all.subarray(end + 4), raw: all });
    });
    socket.write(bytes);
  });
}

describe('skg serve: requests the URL parser would rewrite, and requests Node cannot parse', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  let port: number;

  before(async () => {
    const dataSet = await getFixtureDataSet();
    server = await serve({ distDir: dataSet.dir, port: 0, host: '127.0.0.1', trustProxy: false, watch: false, log: () => undefined });
    port = Number(new URL(server.url).port);
  });

  after(async () => {
    await server.close();
  });

  it('answers 400 invalid_parameter (param path) for dot segments in a document path, raw or percent-encoded', async () => {
    for (const target of [
      '/api/v1/entity/%2e%2e',
      '/api/v1/entity/people/%2e%2e/places/jerusalem',
      '/api/v1/entity/people/%2E%2E/places/jerusalem',
      '/api/v1/entity/people/../places/jerusalem',
      '/api/v1/entity/people/./isaac',
      '/api/v1/entity/people/.%2e/places/jerusalem',
      '/api/v1/family/people/../people/isaac',
      '/api/v1/graph/people/%2e%2e/people/isaac',
    ]) {
      const response = await rawRequest(port, 'GET', target);
      assert.equal(response.statusLine, 'HTTP/1.1 400 Bad Request', target);
      const body = JSON.parse(response.body.toString('utf8')) as { code: string; param: string; requestId: string };
      assert.equal(body.code, 'invalid_parameter', target);
      assert.equal(body.param, 'path', target);
      assert.equal(body.requestId, response.headers.get('x-request-id'), target);
    }
    const plain = await rawRequest(port, 'GET', '/api/v1/entity/places/jerusalem');
    assert.equal(plain.statusLine, 'HTTP/1.1 200 OK', 'no dot segment: answered');
  });

  it('answers a request line Node cannot parse with an Error body, X-Request-Id and CORS, then closes', async () => {
    for (const bytes of [
      Buffer.concat([Buffer.from('GET /api/v1/'), Buffer.from([0xff, 0xfe]), Buffer.from(' HTTP/1.1\r\nHost: localhost\r\n\r\n')]),
      Buffer.from('NOT A REQUEST\r\n\r\n'),
      Buffer.from('GET /api/v1/ HTTP/1.1\r\nHost: localhost\r\nBad Header Line\r\n\r\n'),
    ]) {
      const response = await rawBytes(port, bytes);
      assert.equal(response.statusLine, 'HTTP/1.1 400 Bad Request', bytes.toString('latin1'));
      assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      assert.equal(response.headers.get('connection'), 'close');
      assert.ok(response.headers.get('etag'));
      assert.equal(response.headers.get('content-length'), String(response.body.length));
      const body = JSON.parse(response.body.toString('utf8')) as { code: string; requestId: string; docs: string; error: string };
      assert.equal(body.code, 'invalid_parameter');
      assert.equal(body.requestId, response.headers.get('x-request-id'));
      assert.match(body.requestId, /^[0-9a-f-]{36}$/);
      assert.ok(body.docs);
    }
    const after = await fetch(`${server.url}/stats`);
    assert.equal(after.status, 200, 'the server keeps answering');
    await after.arrayBuffer();
  });
});
