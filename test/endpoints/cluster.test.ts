import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { resolveConfig } from '../../packages/cli/src/config.ts';
import { SERVER_NODE_FLAGS, withServerNodeFlags } from '../../packages/server/src/cluster/primary.ts';
import { type CliServer, freePort, getFresh, runCliServe, startCliServer, waitForPort } from '../helpers/cli-server.ts';
import { createServer } from 'node:net';
import { build } from '@skg/compiler';
import { buildDist, copyFixtureBundle, createTempDir, getFixtureDist, removeTempDirs } from '../helpers/fixture-dist.ts';
import { getTestCertificates, type HttpsReceiver, startHttpsReceiver } from '../helpers/https-receiver.ts';

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

  it('gives every worker the server\'s V8 flags unless the command line sets its own', () => {
    assert.deepEqual(withServerNodeFlags([]), [...SERVER_NODE_FLAGS]);
    assert.deepEqual(withServerNodeFlags(['--enable-source-maps']), ['--enable-source-maps', ...SERVER_NODE_FLAGS]);
    assert.deepEqual(withServerNodeFlags(['--max-semi-space-size=8']), ['--max-semi-space-size=8']);
  });

  it('with two workers, both answer a share of the requests, one address has one counter (the 601st is 429), and SIGTERM stops them all', async () => {
    const dist = await getFixtureDist();
    const state = await createTempDir();
    const server = await startCliServer(
      ['--dist', dist, '--port', '0', '--host', '127.0.0.1', '--workers', '2', '--no-watch', '--state-dir', state, '--trust-proxy'],
      /2 workers serving at (http:\/\/\S+\/api\/v1)/,
    );
    try {
      for (let i = 0; i < 600; i += 1) {
        const answer = await getFresh(`${server.url}/status`, CLIENT);
        assert.equal(answer.status, 200, `request ${i + 1}: ${answer.body}`);
      }
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
    // Each access-log line names the worker that answered (written out as each worker drains).
    const shares = new Map<number, number>();
    for (const line of server.output().split('\n')) {
      if (!line.startsWith('{')) continue;
      const entry = JSON.parse(line) as { worker?: number; path?: string };
      if (entry.path === '/api/v1/status' && entry.worker !== undefined) shares.set(entry.worker, (shares.get(entry.worker) ?? 0) + 1);
    }
    assert.deepEqual([...shares.keys()].sort(), [0, 1], `two workers answered: ${JSON.stringify([...shares])}`);
    for (const share of shares.values()) assert.ok(share >= 100, `each worker answered a share: ${JSON.stringify([...shares])}`);
  });
});

describe('skg serve --workers: start-up errors', () => {
  // Measured from the spawn: two workers each load the CLI through tsx before they fail.
  const DEADLINE_MS = 5_000;
  const countOf = (text: string, pattern: RegExp) => text.split('\n').filter((line) => pattern.test(line)).length;

  it('exits 1 within 5 s with one message when dist/ does not exist, with two workers', async () => {
    const state = await createTempDir();
    const run = await runCliServe(['--dist', '/nonexistent', '--port', '0', '--host', '127.0.0.1', '--workers', '2', '--no-watch', '--state-dir', state], 20_000);
    assert.equal(run.code, 1, run.output);
    assert.ok(run.elapsedMs < DEADLINE_MS, `exited after ${Math.round(run.elapsedMs)} ms:\n${run.output}`);
    assert.equal(countOf(run.output, /cannot serve \/nonexistent/), 1, run.output);
    assert.match(run.output, /skg build/);
  });

  it('exits 1 within 5 s with one message when the port is taken, with two workers', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const state = await createTempDir();
      const run = await runCliServe(['--dist', await getFixtureDist(), '--port', String(port), '--host', '127.0.0.1', '--workers', '2', '--no-watch', '--state-dir', state], 20_000);
      assert.equal(run.code, 1, run.output);
      assert.ok(run.elapsedMs < DEADLINE_MS, `exited after ${Math.round(run.elapsedMs)} ms:\n${run.output}`);
      assert.equal(countOf(run.output, /cannot listen on 127\.0\.0\.1:\d+/), 1, run.output);
    } finally {
      taken.close();
    }
  });
});

describe('skg serve --workers: webhooks', () => {
  let receiver: HttpsReceiver | undefined;
  after(() => receiver?.close());

  it('every worker switches to a new build on SIGHUP, and the data.updated event is delivered once', async (t) => {
    const certs = await getTestCertificates();
    if (!certs) return t.skip('openssl is not available to make a test certificate');
    receiver = await startHttpsReceiver(certs);
    const caFile = path.join(await createTempDir(), 'ca.pem');
    await writeFile(caFile, certs.ca);
    const { distDir, report } = await buildDist();
    const state = await createTempDir();
    const server = await startCliServer(
      ['--dist', distDir, '--port', '0', '--host', '127.0.0.1', '--workers', '2', '--no-watch', '--state-dir', state, '--webhooks-allow-private'],
      /2 workers serving at (http:\/\/\S+\/api\/v1)/,
      { NODE_EXTRA_CA_CERTS: caFile },
    );
    try {
      const registered = await fetch(`${server.url}/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${receiver.origin}/hook`, events: ['data.updated'] }),
      });
      assert.equal(registered.status, 201, await registered.clone().text());

      const bundle = await copyFixtureBundle();
      const index = path.join(bundle, 'index.md');
      await writeFile(index, (await readFile(index, 'utf8')).replace(/^generated: .*$/m, 'generated: "2026-12-02T00:00:00.000Z"'));
      const rebuilt = await build({ bundleDir: bundle, distDir });
      server.child.kill('SIGHUP');
      for (let i = 0; i < 400 && (server.output().match(/switched to data/g) ?? []).length < 2; i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
      assert.equal((server.output().match(/skg\[worker \d pid \d+\]: switched to data/g) ?? []).length, 2, server.output());
      await receiver.waitFor(1, 20_000);
      // Both workers emitted the event; give a second delivery the time to arrive if there were one.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const deliveries = receiver.received.filter((received) => received.url === '/hook');
      assert.equal(deliveries.length, 1, `one delivery, got ${deliveries.length}`);
      const payload = JSON.parse(deliveries[0]!.body.toString('utf8')) as { event: string; data: { dataVersion: string; previousDataVersion: string } };
      assert.equal(payload.event, 'data.updated');
      assert.equal(payload.data.dataVersion, rebuilt.manifest?.dataVersion);
      assert.equal(payload.data.previousDataVersion, report.manifest?.dataVersion);
    } finally {
      server.child.kill('SIGTERM');
    }
    assert.equal(await server.exited(), 0, server.output());
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
