import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmod, cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Manifest } from '@skg/core';
import type { AccessLogEntry } from '../../packages/server/src/http/node/access-log.ts';
import { serve } from '../../packages/server/src/serve.ts';
import { captureAccessLog, lineCount } from '../helpers/access-log.ts';
import { createTempDir, getFixtureDist, removeTempDirs } from '../helpers/fixture-dist.ts';

after(removeTempDirs);

async function copyDist(): Promise<{ distDir: string; manifest: Manifest }> {
  const distDir = path.join(await createTempDir('skg-flip-'), 'dist');
  await cp(await getFixtureDist(), distDir, { recursive: true });
  return { distDir, manifest: JSON.parse(await readFile(path.join(distDir, 'manifest.json'), 'utf8')) as Manifest };
}

async function flipByte(file: string): Promise<void> {
  const bytes = await readFile(file);
  const at = Math.floor(bytes.length / 2);
  bytes[at] = (bytes[at] ?? 0) ^ 0x01;
  await writeFile(file, bytes);
}

const quiet = { port: 0, host: '127.0.0.1', trustProxy: false, watch: false, accessLog: false, log: () => undefined } as const;

describe('skg serve: artefact checksums at start', () => {
  it('refuses to start on one flipped byte in any artefact, required or optional, naming it', async () => {
    const { manifest } = await copyDist();
    for (const [name, entry] of Object.entries(manifest.artefacts)) {
      const { distDir } = await copyDist();
      await flipByte(path.join(distDir, entry.file));
      await assert.rejects(
        serve({ ...quiet, distDir }),
        (error: Error) => error.message.includes(`artefact '${name}' fails its checksum`) && error.message.includes(entry.file) && error.message.includes('skg build'),
        `a flipped byte in ${name} is refused`,
      );
    }
  });

  it('starts on an intact build and says the checksums were checked', async () => {
    const { distDir } = await copyDist();
    const lines: string[] = [];
    const server = await serve({ ...quiet, distDir, log: (line) => lines.push(line) });
    try {
      assert.ok(lines.some((line) => /every artefact matches its sha256/.test(line)), lines.join('\n'));
      assert.equal((await fetch(`${server.url}/passage/John.3.16`)).status, 200);
    } finally {
      await server.close();
    }
  });
});

describe('skg serve: versions it does not know', () => {
  it('refuses an artefact set of another okfVersion or format version, saying which it reads and what to run', async () => {
    for (const [field, value, expected] of [
      ['okfVersion', '0.3', /okfVersion is "0\.3", this server reads OKF 0\.2 data only: rebuild the bundle and dist with this version's `skg ingest` and `skg build`/],
      ['formatVersion', 99, /formatVersion is 99, this server reads artefact format \d+ only: another version of skg built this dist; rebuild it with this version's `skg build`/],
    ] as const) {
      const { distDir, manifest } = await copyDist();
      await writeFile(path.join(distDir, 'manifest.json'), JSON.stringify({ ...manifest, [field]: value }));
      await assert.rejects(serve({ ...quiet, distDir }), (error: Error) => expected.test(error.message) && error.message.includes(distDir), `${field} ${value}`);
    }
  });
});

describe('skg serve: the access log', () => {
  it('writes one JSON line per request with time, method, path, status, bytes, duration, request id and client', async () => {
    const { distDir } = await copyDist();
    const captured = captureAccessLog();
    const server = await serve({ ...quiet, distDir, accessLog: captured.log });
    try {
      const ok = await fetch(`${server.url}/passage/John.3.16`, { headers: { 'x-request-id': 'log-1', 'x-forwarded-for': '203.0.113.9' } });
      const okBody = await ok.arrayBuffer();
      const missing = await fetch(`${server.url}/passage/Gen.1.99`);
      await missing.arrayBuffer();
      const head = await fetch(`${server.url}/health`, { method: 'HEAD' });
      await head.arrayBuffer();
      const text = await captured.waitFor((written) => lineCount(written) >= 3);
      const entries = text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as AccessLogEntry & { time: string; level: string });
      assert.equal(entries.length, 3, text);
      const [first, second, third] = entries;
      assert.ok(first && second && third);
      assert.equal(first.method, 'GET');
      assert.equal(first.path, '/api/v1/passage/John.3.16');
      assert.equal(first.status, 200);
      // Bytes as sent: fetch asks for gzip and hands back the decoded body, so the wire length is the header's.
      assert.ok(okBody.byteLength > 0);
      assert.equal(first.bytes, Number(ok.headers.get('content-length')));
      assert.equal(first.requestId, 'log-1');
      assert.equal(first.client, '127.0.0.1');
      assert.equal(first.forwardedFor, '203.0.113.9');
      assert.equal(typeof first.durationMs, 'number');
      assert.ok(!Number.isNaN(Date.parse(first.time)));
      assert.equal(second.status, 404);
      assert.equal(second.requestId, missing.headers.get('x-request-id'));
      assert.equal(second.forwardedFor, undefined);
      assert.equal(third.method, 'HEAD');
      assert.equal(third.bytes, 0, 'HEAD sends no body');
    } finally {
      await server.close();
    }
  });
});

describe('skg serve: the access log of user agents and MCP tools', () => {
  it('adds the User-Agent, and on a POST /mcp the tools its calls named', async () => {
    const { distDir } = await copyDist();
    const captured = captureAccessLog();
    const server = await serve({ ...quiet, distDir, accessLog: captured.log });
    try {
      await (await fetch(`${server.url}/passage/John.3.16`, { headers: { 'user-agent': 'skg-test/1.0 (+https://example.org)' } })).arrayBuffer();
      const call = (id: number, name: string, args: object) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
      const batch = [call(1, 'get_passage', { osis: 'John.3.16' }), { jsonrpc: '2.0', id: 2, method: 'tools/list' }, call(3, 'search', { q: 'isaac' })];
      const mcp = await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18', 'user-agent': 'assistant/2' },
        body: JSON.stringify(batch),
      });
      await mcp.arrayBuffer();
      const text = await captured.waitFor((written) => lineCount(written) >= 2);
      const [passage, post] = text.trim().split('\n').map((line) => JSON.parse(line) as AccessLogEntry);
      assert.equal(passage?.userAgent, 'skg-test/1.0 (+https://example.org)');
      assert.equal(passage?.tools, undefined, 'only an MCP line names tools');
      assert.equal(post?.path, '/api/v1/mcp');
      assert.equal(post?.userAgent, 'assistant/2');
      assert.deepEqual(post?.tools, ['get_passage', 'search']);
    } finally {
      await server.close();
    }
  });
});

describe('skg serve: the webhook state directory', () => {
  it('refuses a state directory under /proc at once, naming it (Node\'s recursive mkdir loops there forever)', { skip: process.platform === 'linux' ? false : '/proc is Linux' }, async () => {
    const { distDir } = await copyDist();
    const started = performance.now();
    await assert.rejects(
      serve({ ...quiet, distDir, webhooks: { store: { kind: 'fs', dir: '/proc/skg-state' } } }),
      (error: Error) => error.message.includes('the webhook state directory /proc/skg-state is not writable') && error.message.includes('SKG_STATE_DIR'),
    );
    assert.ok(performance.now() - started < 6_000, `refused after ${Math.round(performance.now() - started)} ms`);
  });

  it('refuses to start on a state directory it cannot create, naming it and what to set', async () => {
    const { distDir } = await copyDist();
    const file = path.join(await createTempDir('skg-state-'), 'a-file');
    await writeFile(file, 'not a directory');
    const stateDir = path.join(file, 'state');
    await assert.rejects(
      serve({ ...quiet, distDir, webhooks: { store: { kind: 'fs', dir: stateDir } } }),
      (error: Error) => error.message.includes(`the webhook state directory ${stateDir} is not writable`) && error.message.includes('SKG_STATE_DIR'),
    );
  });

  it('refuses to start on a state directory it cannot write to', { skip: process.getuid?.() === 0 ? 'root writes to any directory' : false }, async () => {
    const { distDir } = await copyDist();
    const stateDir = await createTempDir('skg-state-');
    await mkdir(path.join(stateDir, 'webhooks'));
    await chmod(path.join(stateDir, 'webhooks'), 0o500);
    await assert.rejects(
      serve({ ...quiet, distDir, webhooks: { store: { kind: 'fs', dir: stateDir } } }),
      (error: Error) => error.message.includes(`the webhook state directory ${stateDir} is not writable (EACCES`),
    );
  });
});
