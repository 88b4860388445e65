import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { resolveConfig } from '../../packages/cli/src/config.ts';
import { type CliServer, freePort, getFresh, startCliServer, waitForPort } from '../helpers/cli-server.ts';
import { createTempDir, getFixtureDist, removeTempDirs } from '../helpers/fixture-dist.ts';

after(removeTempDirs);

const CLIENT = { 'X-Forwarded-For': '203.0.113.77' };

describe('skg serve --workers', () => {
  it('defaults to the number of cores (1 with the memory store) and refuses several workers on the memory store', () => {
    assert.ok(resolveConfig({}, {}).workers >= 1);
    assert.equal(resolveConfig({ store: 'memory' }, {}).workers, 1);
    assert.equal(resolveConfig({ workers: '3' }, {}).workers, 3);
    assert.equal(resolveConfig({}, { SKG_WORKERS: '2' }).workers, 2);
    assert.throws(() => resolveConfig({ workers: '0' }, {}), /--workers must be an integer from 1/);
    assert.throws(() => resolveConfig({ workers: '2', store: 'memory' }, {}), /--store memory keeps webhook subscriptions in one process/);
    assert.equal(resolveConfig({}, {}).drainTimeoutMs, 10_000);
    assert.throws(() => resolveConfig({ drainTimeoutMs: 'soon' }, {}), /--drain-timeout/);
  });

  it('with two workers, both answer a share of the requests, one address has one counter (the 601st is 429), and SIGTERM stops them all', async () => {
    const dist = await getFixtureDist();
    const state = await createTempDir();
    const server = await startCliServer(
      ['--dist', dist, '--port', '0', '--host', '127.0.0.1', '--workers', '2', '--no-watch', '--state-dir', state, '--trust-proxy'],
      /2 workers serving at (http:\/\/\S+\/api\/v1)/,
    );
    try {
      const processes = new Map<string, number>();
      for (let i = 0; i < 600; i += 1) {
        const answer = await getFresh(`${server.url}/status`, CLIENT);
        assert.equal(answer.status, 200, `request ${i + 1}: ${answer.body}`);
        const started = (JSON.parse(answer.body) as { process: { startedAt: string } }).process.startedAt;
        processes.set(started, (processes.get(started) ?? 0) + 1);
      }
      assert.equal(processes.size, 2, `two workers answered: ${JSON.stringify([...processes])}`);
      for (const share of processes.values()) assert.ok(share >= 100, `each worker answered a share: ${JSON.stringify([...processes])}`);
      const over = await getFresh(`${server.url}/passage/John.3.16`, CLIENT);
      assert.equal(over.status, 429);
      assert.equal((JSON.parse(over.body) as { code: string }).code, 'rate_limited');
      assert.equal(over.headers['x-ratelimit-remaining'], '0');
      // The same client in another spelling is the same counter; another client is not limited.
      assert.equal((await getFresh(`${server.url}/passage/John.3.16`, { 'X-Forwarded-For': '::ffff:203.0.113.77' })).status, 429);
      assert.equal((await getFresh(`${server.url}/passage/John.3.16`, { 'X-Forwarded-For': '203.0.113.78' })).status, 200);
    } finally {
      server.child.kill('SIGTERM');
    }
    assert.equal(await server.exited(), 0, server.output());
    assert.match(server.output(), /SIGTERM, draining 2 workers/);
  });
});

const redisServer = spawnSync('redis-server', ['--version']).status === 0;

describe('skg serve --store redis://: two servers, one limit', { skip: redisServer ? false : 'redis-server is not on PATH' }, () => {
  let redis: ChildProcess | undefined;
  const servers: CliServer[] = [];
  after(async () => {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited()));
    redis?.kill();
  });

  it('counts one address across both servers in Redis: the 601st request answers 429 from either', async () => {
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const url = `redis://127.0.0.1:${port}/0`;
    await waitForPort(port);
    const dist = await getFixtureDist();
    const keyFile = path.join(await createTempDir(), 'webhooks.key');
    await writeFile(keyFile, 'k'.repeat(48));
    for (let i = 0; i < 2; i += 1) {
      const state = await createTempDir();
      servers.push(
        await startCliServer(['--dist', dist, '--port', '0', '--host', '127.0.0.1', '--workers', '1', '--no-watch', '--state-dir', state, '--trust-proxy', '--store', url, '--webhooks-key-file', keyFile]),
      );
    }
    const [one, two] = servers as [CliServer, CliServer];
    for (let i = 0; i < 600; i += 1) {
      const answer = await getFresh(`${(i % 2 === 0 ? one : two).url}/passage/John.3.16`, CLIENT);
      assert.equal(answer.status, 200, `request ${i + 1}: ${answer.body}`);
      assert.equal(answer.headers['x-ratelimit-remaining'], String(600 - (i + 1)));
    }
    assert.equal((await getFresh(`${one.url}/passage/John.3.16`, CLIENT)).status, 429);
    assert.equal((await getFresh(`${two.url}/passage/John.3.16`, CLIENT)).status, 429);
    assert.equal((await getFresh(`${two.url}/passage/John.3.16`, { 'X-Forwarded-For': '203.0.113.78' })).status, 200);
  });
});
