import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { serve } from '@skg/server';
import { startCliServer } from '../helpers/cli-server.ts';
import { createTempDir, getFixtureDist, removeTempDirs } from '../helpers/fixture-dist.ts';

after(removeTempDirs);

interface LoadTally {
  answered: number;
  /** Answers that carried `Connection: close`. */
  closing: number;
  /** Requests sent again after their reused idle socket was closed under them. */
  retried: number;
  failed: string[];
}

const RETRYABLE = new Set(['ECONNRESET', 'EPIPE']);

/**
 * One GET as HTTP clients send it: on a kept-alive socket from `agent`; when that reused socket turns
 * out to be closed before any answer came (the server closed it idle), sent once more on a new one.
 */
function get(url: string, agent: http.Agent, headers: Record<string, string>, tally: LoadTally, retry = true): Promise<void> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => {
        if (response.statusCode === 200) tally.answered += 1;
        else tally.failed.push(`HTTP ${response.statusCode}`);
        if (response.headers.connection === 'close') tally.closing += 1;
        resolve();
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (retry && request.reusedSocket && (RETRYABLE.has(error.code ?? '') || error.message === 'socket hang up')) {
        tally.retried += 1;
        void get(url, new http.Agent({ keepAlive: false }), headers, tally, false).then(resolve);
        return;
      }
      tally.failed.push(`${error.code ?? error.message}`);
      resolve();
    });
  });
}

/** `clients` kept-alive clients, each sending requests one after another until `until()` is true. */
async function runLoad(url: string, clients: number, until: () => boolean, tally: LoadTally): Promise<void> {
  let n = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (!until()) {
        n += 1;
        // Each request from its own address: the rate limit is not what this measures.
        await get(url, agent, { 'X-Forwarded-For': `198.51.${(n >> 8) & 255}.${n & 255}` }, tally);
      }
      agent.destroy();
    }),
  );
}

interface DrainTally {
  answered: number;
  closing: number;
  /** A request on a connection the server had accepted, reset or closed without an answer. */
  resets: string[];
  /** New connections refused once the server stopped accepting: each client stops at its first. */
  refused: number;
  other: string[];
  /** The clients answered at least once. */
  clients: Set<number>;
}

const RESET = new Set(['ECONNRESET', 'EPIPE']);

/**
 * `clients` kept-alive clients that never retry, each sending requests one after another until a new
 * connection is refused. `onAnswered` is told each answer's count.
 */
async function runUntilRefused(url: string, clients: number, tally: DrainTally, onAnswered: (answered: number) => void): Promise<void> {
  let n = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let going = true; going; ) {
        n += 1;
        going = await new Promise<boolean>((resolve) => {
          const request = http.get(url, { agent, headers: { 'X-Forwarded-For': `198.51.${(n >> 8) & 255}.${n & 255}` } }, (response) => {
            response.resume();
            response.on('end', () => {
              if (response.statusCode === 200) tally.answered += 1;
              else tally.other.push(`HTTP ${response.statusCode}`);
              if (response.headers.connection === 'close') tally.closing += 1;
              tally.clients.add(client);
              onAnswered(tally.answered);
              resolve(true);
            });
          });
          request.on('error', (error: NodeJS.ErrnoException) => {
            if (error.code === 'ECONNREFUSED') tally.refused += 1;
            else if (RESET.has(error.code ?? '') || error.message === 'socket hang up') tally.resets.push(`${error.code ?? ''} ${error.message} (reused socket: ${request.reusedSocket})`);
            else tally.other.push(error.code ?? error.message);
            resolve(false);
          });
        });
      }
      agent.destroy();
    }),
  );
}

function newDrainTally(): DrainTally {
  return { answered: 0, closing: 0, resets: [], refused: 0, other: [], clients: new Set() };
}

/**
 * Puts 50 kept-alive clients on `url`, calls `stop` once each was answered and 300 answers in all, and
 * returns once every client was refused.
 */
async function drainUnderLoad(url: string, stop: () => void): Promise<DrainTally> {
  const tally = newDrainTally();
  let stopped = false;
  await runUntilRefused(url, 50, tally, (answered) => {
    if (!stopped && answered >= 300 && tally.clients.size === 50) {
      stopped = true;
      stop();
    }
  });
  return tally;
}

function assertDrained(tally: DrainTally): void {
  assert.deepEqual(tally.resets, [], `resets: ${JSON.stringify({ ...tally, clients: tally.clients.size })}`);
  assert.deepEqual(tally.other, [], `other failures: ${JSON.stringify(tally)}`);
  assert.equal(tally.refused, 50, `every client ends on a refused new connection: ${JSON.stringify(tally)}`);
  assert.ok(tally.answered >= 300, JSON.stringify(tally));
  // Each client's last answer said Connection: close (its connection was then closed, and the next refused).
  assert.ok(tally.closing >= 1, JSON.stringify(tally));
}

describe('the drain under 50 kept-alive clients that never retry: 0 resets', () => {
  it('close(): every request received is answered, then new connections are refused', async () => {
    const server = await serve({ distDir: await getFixtureDist(), port: 0, host: '127.0.0.1', trustProxy: true, watch: false, log: () => undefined, accessLog: false });
    let closed: Promise<void> | undefined;
    const tally = await drainUnderLoad(`${server.url}/passage/John.3.16`, () => (closed = server.close()));
    await closed;
    assertDrained(tally);
  });

  it('SIGTERM to a single process', async () => {
    const state = await createTempDir();
    const server = await startCliServer(['--dist', await getFixtureDist(), '--port', '0', '--host', '127.0.0.1', '--workers', '1', '--no-watch', '--no-access-log', '--state-dir', state, '--trust-proxy']);
    const tally = await drainUnderLoad(`${server.url}/passage/John.3.16`, () => server.child.kill('SIGTERM'));
    assert.equal(await server.exited(), 0, server.output());
    assertDrained(tally);
  });

  it('SIGTERM to the primary of two workers', async () => {
    const state = await createTempDir();
    const server = await startCliServer(
      ['--dist', await getFixtureDist(), '--port', '0', '--host', '127.0.0.1', '--workers', '2', '--no-watch', '--no-access-log', '--state-dir', state, '--trust-proxy'],
      /2 workers serving at (http:\/\/\S+\/api\/v1)/,
    );
    const tally = await drainUnderLoad(`${server.url}/passage/John.3.16`, () => server.child.kill('SIGTERM'));
    assert.equal(await server.exited(), 0, server.output());
    assertDrained(tally);
  });
});

describe('graceful stop', () => {
  it('close() stops accepting, closes idle kept-alive sockets once quiet and resolves', async () => {
    const server = await serve({ distDir: await getFixtureDist(), port: 0, host: '127.0.0.1', trustProxy: false, watch: false, log: () => undefined, drainTimeoutMs: 60_000 });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const tally: LoadTally = { answered: 0, closing: 0, retried: 0, failed: [] };
    await get(`${server.url}/passage/John.3.16`, agent, {}, tally, false);
    await new Promise((resolve) => setImmediate(resolve)); // the agent takes the socket back
    const socketClosed = new Promise<void>((resolve) => {
      const [socket] = Object.values(agent.freeSockets).flat();
      assert.ok(socket, 'an idle kept-alive socket');
      socket.once('close', () => resolve());
    });
    // Resolves long before the 60 s drain time: nothing is in flight, and the idle socket is closed.
    // The agent's idle socket is unref'd: a timer keeps this process up until its close arrives.
    const keepUp = setInterval(() => undefined, 1_000);
    await server.close();
    await socketClosed;
    clearInterval(keepUp);
    assert.equal(tally.answered, 1);
    await assert.rejects(fetch(`${server.url}/status`), 'no longer accepting');
    agent.destroy();
  });

  it('SIGTERM to one of two workers under load: 0 failed requests for a retrying client; the worker drains, exits and is forked again', async () => {
    const state = await createTempDir();
    const server = await startCliServer(
      ['--dist', await getFixtureDist(), '--port', '0', '--host', '127.0.0.1', '--workers', '2', '--no-watch', '--state-dir', state, '--trust-proxy', '--drain-timeout', '5000'],
      /2 workers serving at (http:\/\/\S+\/api\/v1)/,
    );
    try {
      const pid = Number(/skg\[worker 0 pid (\d+)\]/.exec(server.output())?.[1]);
      assert.ok(pid > 0, server.output());
      const tally: LoadTally = { answered: 0, closing: 0, retried: 0, failed: [] };
      let signalled = false;
      let stopAt = Number.POSITIVE_INFINITY;
      const load = runLoad(`${server.url}/passage/John.3.16`, 8, () => tally.answered >= stopAt, tally);
      while (tally.answered < 150) await new Promise((resolve) => setTimeout(resolve, 5));
      process.kill(pid, 'SIGTERM');
      signalled = true;
      stopAt = tally.answered + 300;
      await load;
      assert.ok(signalled);
      assert.deepEqual(tally.failed, [], `failed requests (answered ${tally.answered}, retried ${tally.retried})`);
      assert.ok(tally.answered >= 450);
      // The drain reached the clients: answers with Connection: close, or idle sockets closed and retried.
      assert.ok(tally.closing + tally.retried > 0, JSON.stringify(tally));
      for (let i = 0; i < 400 && !/worker 0 stopped \(exit code 0\); forking it again/.test(server.output()); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      assert.match(server.output(), /worker 0 stopped \(exit code 0\); forking it again/);
      assert.doesNotMatch(server.output(), /still closing after the drain time/);
    } finally {
      server.child.kill('SIGTERM');
    }
    assert.equal(await server.exited(), 0, server.output());
    assert.doesNotMatch(server.output(), /still running after the drain time/);
  });
});
