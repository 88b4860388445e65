// A functional check, not a benchmark: does one client's flood of MCP batches move another client's
// latency? Serves `--dist` in this process (trusting X-Forwarded-For, so the two clients are two
// addresses), measures client B's median and p90 latency on /passage/John.3.16 alone, then while client A
// (a child process, so its own work is not on the server's thread) posts batches of 100 `tools/list`
// (the issue's amplifier: 11 MB for 400 ms of CPU a POST before batches were counted) from `--flooders`
// loops for `--seconds`, and prints both with the ratio, what A's POSTs were answered (200 or 429) and
// their largest answer. Asserts nothing.
//
// Usage: npx tsx tools/check-mcp-flood.ts [--dist dist] [--seconds 10] [--flooders 4]

import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { serve } from '@skg/server';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    seconds: { type: 'string', default: '10' },
    flooders: { type: 'string', default: '4' },
    /** Internal: be client A against this URL and print what it got as JSON. */
    'flood-url': { type: 'string' },
  },
});

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

async function measureB(untilMs: number): Promise<number[]> {
  const times: number[] = [];
  while (Date.now() < untilMs) {
    const started = performance.now();
    const response = await fetch(`${server.url}/passage/John.3.16`, { headers: { 'x-forwarded-for': '198.51.100.2' } });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return times;
}

const statuses: Record<number, number> = {};
let largest = 0;

async function flood(url: string, untilMs: number): Promise<void> {
  const body = JSON.stringify(Array.from({ length: 100 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'tools/list' })));
  while (Date.now() < untilMs) {
    const response = await fetch(`${url}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, 'x-forwarded-for': '198.51.100.1' }, body });
    const bytes = (await response.arrayBuffer()).byteLength;
    largest = Math.max(largest, bytes);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  }
}

if (args['flood-url'] !== undefined) {
  const until = Date.now() + Number(args.seconds) * 1000;
  await Promise.all(Array.from({ length: Number(args.flooders) }, () => flood(args['flood-url']!, until)));
  console.log(JSON.stringify({ statuses, largest }));
  process.exit(0);
}

const server = await serve({ distDir: args.dist, port: 0, host: '127.0.0.1', trustProxy: true, watch: false, accessLog: false, log: () => undefined });

/** Client A in a child process; resolves with what its POSTs got. */
function floodFromChild(seconds: number): Promise<{ statuses: Record<string, number>; largest: number }> {
  const self = fileURLToPath(import.meta.url);
  const childArgs = ['--import', 'tsx', self, '--flood-url', server.url, '--seconds', String(seconds), '--flooders', args.flooders];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, childArgs, (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout.trim().split('\n').at(-1)!))));
  });
}

try {
  const seconds = Number(args.seconds);
  const alone = await measureB(Date.now() + seconds * 1000);
  const flooding = floodFromChild(seconds);
  await new Promise((resolve) => setTimeout(resolve, 1000)); // the child's start
  const flooded = await measureB(Date.now() + (seconds - 1) * 1000);
  const a = await flooding;
  const medianAlone = quantile(alone, 0.5);
  const medianFlooded = quantile(flooded, 0.5);
  console.log(`client B alone:      median ${medianAlone.toFixed(2)} ms, p90 ${quantile(alone, 0.9).toFixed(2)} ms (${alone.length} requests)`);
  console.log(`client B during A's: median ${medianFlooded.toFixed(2)} ms, p90 ${quantile(flooded, 0.9).toFixed(2)} ms (${flooded.length} requests)`);
  console.log(`median ratio ${(medianFlooded / medianAlone).toFixed(2)}`);
  console.log(`client A's POSTs of 100 tools/list: ${Object.entries(a.statuses).map(([status, count]) => `${count} × ${status}`).join(', ')}; largest answer ${a.largest} bytes`);
} finally {
  await server.close();
}
