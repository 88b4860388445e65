import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type CliServer, freePort, getFresh, startCliServer, waitForPort } from '../helpers/cli-server.ts';
import { createTempDir, getFixtureDist, removeTempDirs } from '../helpers/fixture-dist.ts';

after(removeTempDirs);

const redisServer = spawnSync('redis-server', ['--version']).status === 0;

/** The time of one GET on a new connection, and its answer. */
async function timedGet(url: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const answer = await getFresh(url, headers);
  return { ...answer, ms: performance.now() - started };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function register(url: string): Promise<Response> {
  return fetch(`${url}/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250)}` },
    body: JSON.stringify({ url: 'https://127.0.0.1:9/hook', events: ['data.updated'] }),
  });
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function sharedStoreCheck(url: string): Promise<{ status: string; detail: string }> {
  const answer = await getFresh(`${url}/status`);
  return (JSON.parse(answer.body) as { checks: { sharedStore: { status: string; detail: string } } }).checks.sharedStore;
}

describe('skg serve --store redis://: Redis slow or down', { skip: redisServer ? false : 'redis-server is not on PATH' }, () => {
  let redis: ChildProcess | undefined;
  let server: CliServer | undefined;
  after(async () => {
    redis?.kill('SIGCONT');
    redis?.kill('SIGKILL');
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited();
    }
  });

  it('paused: /health and /passage answer within 100 ms, registration 503 with Retry-After, said once; stopped: reads as fast as without it; both recover', async () => {
    const port = await freePort();
    const startRedis = async () => {
      redis = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await waitForPort(port);
    };
    await startRedis();
    const keyFile = path.join(await createTempDir(), 'webhooks.key');
    await writeFile(keyFile, 'k'.repeat(48));
    server = await startCliServer([
      '--dist', await getFixtureDist(), '--port', '0', '--host', '127.0.0.1', '--workers', '1', '--no-watch', '--no-access-log',
      '--state-dir', await createTempDir(), '--trust-proxy', '--store', `redis://127.0.0.1:${port}/0`, '--webhooks-key-file', keyFile,
      '--webhooks-allow-private',
    ]);
    const { url } = server;
    const passage = `${url}/passage/John.3.16`;
    const up: number[] = [];
    for (let i = 0; i < 20; i += 1) up.push((await timedGet(passage)).ms);
    assert.equal((await sharedStoreCheck(url)).status, 'ok');
    assert.equal((await register(url)).status, 201);

    // Paused: every command waits forever unless it has a deadline. The bound is 100 ms over what the
    // machine takes now (a loaded machine, the full suite beside, is slower than that on its own).
    const bound = 100 + 2 * median(up);
    redis!.kill('SIGSTOP');
    for (let i = 0; i < 10; i += 1) {
      for (const target of [`${url}/health`, passage]) {
        const answer = await timedGet(target);
        assert.equal(answer.status, 200, answer.body);
        assert.ok(answer.ms < bound, `${target} answered in ${Math.round(answer.ms)} ms with Redis paused (bound ${Math.round(bound)} ms)`);
        assert.ok(answer.headers['x-ratelimit-remaining'] !== undefined);
      }
    }
    const paused = await register(url);
    assert.equal(paused.status, 503, await paused.clone().text());
    assert.equal(((await paused.json()) as { code: string }).code, 'dataset_unavailable');
    assert.ok(Number(paused.headers.get('retry-after')) >= 1);
    const check = await sharedStoreCheck(url);
    assert.equal(check.status, 'warn');
    assert.match(check.detail, /^degraded: Redis at .* is not answering/);
    assert.equal((server.output().match(/\(rate limit\) is not answering/g) ?? []).length, 1, server.output());

    redis!.kill('SIGCONT');
    await until(async () => (await sharedStoreCheck(url)).status === 'ok', 5_000, 'the rate limit back in Redis after SIGCONT');
    assert.match(server.output(), /\(rate limit\) answers again/);
    assert.equal((await register(url)).status, 201);

    // Stopped: the connection is refused; nothing waits for it.
    redis!.kill('SIGKILL');
    await new Promise((resolve) => redis!.once('exit', resolve));
    await timedGet(passage); // the one that finds out
    const down: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const answer = await timedGet(passage);
      assert.equal(answer.status, 200);
      down.push(answer.ms);
    }
    assert.ok(median(down) <= median(up) + 5, `median ${median(down).toFixed(1)} ms with Redis stopped, ${median(up).toFixed(1)} ms with it`);
    const started = performance.now();
    const stopped = await register(url);
    assert.equal(stopped.status, 503);
    assert.ok(stopped.headers.get('retry-after'));
    assert.ok(performance.now() - started < 1_000, `registration answered after ${Math.round(performance.now() - started)} ms`);

    await startRedis();
    await until(async () => (await sharedStoreCheck(url)).status === 'ok', 10_000, 'the rate limit back in Redis after a restart');
    await until(async () => (await register(url)).status === 201, 10_000, 'registration back after a restart');
    assert.doesNotMatch(server.output(), /Unhandled error event/);
  });
});
