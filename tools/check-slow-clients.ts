// Slow clients against `skg serve` as deployed: a slowloris of 2,000 connections from one address
// (127.0.0.1: half a request line, then a header byte every 2 s, never finishing), with the server's
// descriptors limited to 1,024 as on a small VM, while other addresses (127.0.0.2–127.0.0.9 on the
// loopback) ask /passage on fresh connections. Prints how many slow connections were held and refused,
// how the other addresses fared, and when the held ones were cut (the header deadline). Asserts
// nothing; exits 1 when another address went unanswered, so CI or a person can run it as a check.
//
// Usage: npx tsx tools/check-slow-clients.ts [--dist dist] [--slow 2000] [--requests 50] [--fd-limit 1024]

import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { freePort, waitForAnswer } from './lib/load.ts';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    slow: { type: 'string', default: '2000' },
    requests: { type: 'string', default: '50' },
    'fd-limit': { type: 'string', default: '1024' },
  },
});
const slowCount = Number(args.slow);

const port = await freePort();
const command = `ulimit -n ${Number(args['fd-limit'])} && exec "${process.execPath}" --import tsx packages/cli/src/main.ts serve --dist "${args.dist}" --port ${port} --host 127.0.0.1 --no-watch --no-access-log`;
const server = spawn('sh', ['-c', command], { stdio: ['ignore', 'ignore', 'inherit'] });
const origin = `http://127.0.0.1:${port}`;

interface Slow {
  readonly socket: Socket;
  readonly openedAt: number;
  /** The status the server answered, when it did. */
  status?: number;
  closedAt?: number;
}

function openSlow(): Slow {
  const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1' });
  const slow: Slow = { socket, openedAt: performance.now() };
  let head = '';
  socket.on('data', (chunk: Buffer) => {
    head += chunk.toString('latin1');
    slow.status ??= Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]) || undefined;
  });
  socket.on('error', () => undefined);
  socket.on('close', () => (slow.closedAt = performance.now()));
  socket.on('connect', () => socket.write('GET /api/v1/passage/John.3.16 HTTP/1.1\r\nHost: localhost\r\nX-Slow: '));
  return slow;
}

/** One request on a fresh connection from `localAddress`: its status (0 on a socket error) and milliseconds. */
function ask(localAddress: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    let head = '';
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => (head += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), ms: performance.now() - started }));
    socket.on('connect', () => socket.write('GET /api/v1/passage/John.3.16 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'));
  });
}

const slow: Slow[] = [];
let trickle: NodeJS.Timeout | undefined;
let failed = false;
try {
  await waitForAnswer(`${origin}/api/v1/health`);
  console.log(`load: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}; server descriptors limited to ${args['fd-limit']}`);
  for (let i = 0; i < slowCount; i += 1) {
    slow.push(openSlow());
    if (i % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  trickle = setInterval(() => {
    for (const s of slow) if (s.closedAt === undefined) s.socket.write('x');
  }, 2_000);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const held = slow.filter((s) => s.status === undefined && s.closedAt === undefined).length;
  const refused = new Map<number, number>();
  for (const s of slow) if (s.status !== undefined) refused.set(s.status, (refused.get(s.status) ?? 0) + 1);
  console.log(`slowloris from 127.0.0.1: ${slowCount} opened, ${held} held open by the server, refused: ${[...refused].map(([status, n]) => `${status}×${n}`).join(' ') || 'none'}`);

  const results: Array<{ status: number; ms: number }> = [];
  const others = Array.from({ length: 8 }, (_, i) => `127.0.0.${i + 2}`);
  for (let i = 0; i < Number(args.requests); i += 1) results.push(await ask(others[i % others.length] ?? '127.0.0.2'));
  const answered = results.filter((r) => r.status === 200).length;
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  console.log(
    `other addresses (127.0.0.2–9) during the slowloris: ${answered} of ${results.length} answered 200; ` +
      `p50 ${ms[Math.floor(ms.length / 2)]?.toFixed(1)} ms, max ${ms.at(-1)?.toFixed(1)} ms`,
  );
  const same = await ask('127.0.0.1');
  console.log(`a normal request from the slowloris address itself: ${same.status} (the per-address cap)`);
  failed = answered < results.length;

  // The header deadline cuts the held ones (10 s after they opened, checked every second).
  await new Promise((resolve) => setTimeout(resolve, 12_000));
  const cut = slow.filter((s) => s.status === 408);
  const after = cut.map((s) => ((s.closedAt ?? performance.now()) - s.openedAt) / 1000).sort((a, b) => a - b);
  console.log(
    `held connections cut with 408 by the header deadline: ${cut.length}` +
      (after.length ? `, ${after[0]?.toFixed(1)}–${after.at(-1)?.toFixed(1)} s after opening` : '') +
      `; still held: ${slow.filter((s) => s.status === undefined && s.closedAt === undefined).length}`,
  );
} finally {
  if (trickle) clearInterval(trickle);
  for (const s of slow) s.socket.destroy();
  server.kill('SIGTERM');
}
process.exitCode = failed ? 1 : 0;
