import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '../../packages/server/src/serve.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';

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
