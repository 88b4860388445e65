import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type AccessLogEntry, createAccessLog } from '../../packages/server/src/http/node/access-log.ts';
import { lineBound, writeLine } from '../../packages/server/src/http/node/access-log-line.ts';
import { captureAccessLog, lineCount } from '../helpers/access-log.ts';

/** A line with its `level` and `time` (and `worker`) taken off: what JSON.stringify of its entry gives. */
const withoutPrefix = (line: string): string => line.replace(/^\{"level":"info","time":"[^"]+",("worker":\d+,)?/, '{');

const ENTRY: AccessLogEntry = {
  method: 'GET',
  path: '/api/v1/passage/John.3.16?x="quoted"\\',
  status: 200,
  bytes: 812,
  durationMs: 0.214,
  requestId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  client: '203.0.113.7',
};

describe('the access log', () => {
  it('writes one JSON object per line: level, time, then the entry as given, strings escaped', async () => {
    const captured = captureAccessLog();
    captured.log.write(ENTRY);
    captured.log.write({ ...ENTRY, method: null, path: null, durationMs: null, forwardedFor: '198.51.100.1, 10.0.0.1' });
    const text = await captured.waitFor((written) => lineCount(written) === 2);
    const [first, second] = text.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(Object.keys(first!), ['level', 'time', 'method', 'path', 'status', 'bytes', 'durationMs', 'requestId', 'client']);
    assert.deepEqual({ ...first, time: undefined }, { level: 'info', time: undefined, ...ENTRY });
    assert.ok(Math.abs(Date.parse(first!.time as string) - Date.now()) < 5_000);
    assert.equal(second!.method, null);
    assert.equal(second!.forwardedFor, '198.51.100.1, 10.0.0.1');
  });

  // Fields in the order AccessLogEntry declares them, the order every line has.
  it('writes each entry byte for byte as JSON.stringify does, every optional field and any text', async () => {
    const captured = captureAccessLog();
    const entries: AccessLogEntry[] = [
      ENTRY,
      { ...ENTRY, path: '/api/v1/scripture?q=\u00e9t\u00e9 \u2028\u0007\ud800', forwardedFor: '198.51.100.1', userAgent: 'curl/8.5.0 "x"' },
      { ...ENTRY, method: 'POST', path: '/api/v1/mcp', durationMs: 12, tools: ['get_passage', 'search "x"'] },
      { ...ENTRY, method: null, path: null, durationMs: null, client: null, bytes: 0, status: 400 },
    ];
    for (const entry of entries) captured.log.write(entry);
    const lines = (await captured.waitFor((text) => lineCount(text) === entries.length)).trimEnd().split('\n');
    lines.forEach((line, i) => assert.equal(withoutPrefix(line), JSON.stringify(entries[i])));
  });

  it('writes numbers and strings as JSON.stringify does: durations of up to three decimals and any other number, every character', async () => {
    const captured = captureAccessLog();
    const durations = [0, -0, 0.001, 0.01, 0.1, 0.214, 0.5, 1, 1.5, 12.25, 99.999, 1000, 2147483.647, 2147483.648, 123456789.123, 1e21, 1e-7, 0.0001, 1 / 3, -1.5, Number.NaN, Number.POSITIVE_INFINITY];
    // 5,000 more of up to three decimals, from 0.001 to about 10^6 ms, by a fixed sequence (a failure repeats).
    for (let i = 1; i <= 5000; i++) durations.push(((i * 2654435761) % 10 ** (1 + (i % 9))) / 1000);
    const sizes = [0, 9, 10, 99, 100, 65535, 2 ** 31, 2 ** 53 - 1, 2 ** 53, 1.5];
    // Every character below U+0100 and a few beyond (a line separator, a lone surrogate, an astral pair).
    const texts = Array.from({ length: 256 }, (_, code) => `a${String.fromCharCode(code)}z`).concat(['\u2028', '\ud800', '\ud83d\ude00', '']);
    const entries: AccessLogEntry[] = [
      ...durations.map((durationMs, i) => ({ ...ENTRY, durationMs, bytes: sizes[i % sizes.length]! })),
      ...texts.map((text, i) => ({ ...ENTRY, path: text, client: i % 3 === 0 ? null : text, forwardedFor: i % 2 === 0 ? text : undefined, userAgent: text })),
    ];
    for (const entry of entries) captured.log.write(entry);
    const lines = (await captured.waitFor((text) => lineCount(text) === entries.length)).trimEnd().split('\n');
    lines.forEach((line, i) => assert.equal(withoutPrefix(line), JSON.stringify(entries[i])));
  });

  it('writes a line longer than its batch buffer whole, in a write of its own', async () => {
    const captured = captureAccessLog();
    const long = { ...ENTRY, path: `/api/v1/search?q=${'"'.repeat(30_000)}` };
    captured.log.write(ENTRY);
    captured.log.write(long);
    captured.log.write(ENTRY);
    const lines = (await captured.waitFor((text) => lineCount(text) === 3)).trimEnd().split('\n');
    assert.deepEqual(lines.map(withoutPrefix), [ENTRY, long, ENTRY].map((entry) => JSON.stringify(entry)));
    // The line before it, the long line, then the one after in the next batch: in that order, three writes.
    assert.equal(captured.writes(), 3);
  });

  it('never writes more of a line than lineBound says (the batch buffer is filled up to it)', () => {
    const prefix = Buffer.from('{"level":"info","time":"2026-11-27T17:00:00.000Z","worker":12,', 'latin1');
    const longest = -0.0000012345678901234567; // String() of a number is never longer (25 characters)
    const escaped = '\u0001\ud800'.repeat(50);
    const worst: AccessLogEntry[] = [
      { method: escaped, path: escaped, status: longest, bytes: longest, durationMs: longest, requestId: escaped, client: escaped, forwardedFor: escaped, userAgent: escaped, tools: [escaped, ''] },
      { method: null, path: null, status: longest, bytes: longest, durationMs: longest, requestId: '', client: null, forwardedFor: '', userAgent: '', tools: [] },
      { method: '', path: '', status: Number.NaN, bytes: -0, durationMs: null, requestId: '', client: '' },
    ];
    for (const entry of worst) {
      const buffer = Buffer.alloc(lineBound(entry, prefix) + 64, 0xff);
      const end = writeLine(buffer, 0, prefix, entry);
      assert.ok(end <= lineBound(entry, prefix), `${end} bytes written, bound ${lineBound(entry, prefix)}`);
      assert.ok(buffer.subarray(end).every((byte) => byte === 0xff), 'nothing written past the line');
      assert.equal(withoutPrefix(buffer.toString('utf8', 0, end).trimEnd().replace(prefix.toString('latin1'), '{"level":"info","time":"x",')), JSON.stringify(entry));
    }
  });

  it('names the worker on every line of a cluster worker', async () => {
    const captured = captureAccessLog({ worker: 3 });
    captured.log.write(ENTRY);
    const line = JSON.parse(await captured.waitFor((text) => lineCount(text) === 1)) as Record<string, unknown>;
    assert.deepEqual(Object.keys(line).slice(0, 4), ['level', 'time', 'worker', 'method']);
    assert.equal(line.worker, 3);
  });

  it('writes a lone line within a moment, not once a batch fills (a quiet server is still logged)', async () => {
    const captured = captureAccessLog();
    const started = Date.now();
    captured.log.write(ENTRY);
    await captured.waitFor((text) => lineCount(text) === 1, 1_000);
    assert.ok(Date.now() - started < 1_000);
  });

  it('batches lines: many requests in one turn are one write, and a full batch is written without waiting', async () => {
    const captured = captureAccessLog();
    for (let i = 0; i < 50; i += 1) captured.log.write(ENTRY);
    assert.equal(captured.writes(), 0, 'nothing is written line by line');
    await captured.waitFor((text) => lineCount(text) === 50);
    assert.equal(captured.writes(), 1);
    // 32 KiB of lines (about 230 bytes each) go out at once.
    for (let i = 0; i < 400; i += 1) captured.log.write(ENTRY);
    assert.ok(captured.writes() >= 2, 'a full batch is written at once');
    captured.log.flush();
    assert.equal(lineCount(captured.text()), 450, 'flush writes the rest');
  });

  it('appends to a file given by path, each batch in one write from a reused buffer', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'skg-access-log-'));
    try {
      const file = path.join(dir, 'access.log');
      await writeFile(file, 'earlier\n');
      const log = createAccessLog({ file });
      for (let i = 0; i < 300; i += 1) log.write({ ...ENTRY, path: `/api/v1/passage/Ps.119.${i}`, requestId: `é-${i}` });
      log.flush();
      log.write(ENTRY);
      log.flush();
      const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
      assert.equal(lines[0], 'earlier');
      assert.equal(lines.length, 302);
      const parsed = lines.slice(1).map((line) => JSON.parse(line) as AccessLogEntry);
      assert.deepEqual(parsed.slice(0, 300).map((entry) => entry.requestId), Array.from({ length: 300 }, (_, i) => `é-${i}`), 'non-ASCII written as UTF-8, every line whole and in order');
      assert.equal(parsed[300]?.path, ENTRY.path, 'the buffer is reused for the next batch');

      // A line far longer than a batch, of characters three UTF-8 bytes each, is written whole.
      const long = `/api/v1/search?q=${'€'.repeat(70_000)}`;
      for (let i = 0; i < 100; i += 1) log.write(ENTRY);
      log.write({ ...ENTRY, path: long });
      log.flush();
      const after = (await readFile(file, 'utf8')).trimEnd().split('\n');
      assert.equal(after.length, 403);
      assert.equal((JSON.parse(after.at(-1)!) as AccessLogEntry).path, long);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('writes what is buffered when the process exits', () => {
    const script = [
      "import { createAccessLog } from './packages/server/src/http/node/access-log.ts';",
      'const log = createAccessLog();',
      "for (let i = 0; i < 3; i += 1) log.write({ method: 'GET', path: `/p/${i}`, status: 200, bytes: 0, durationMs: 0, requestId: String(i), client: null });",
      'process.exit(0);',
    ].join('\n');
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.deepEqual(
      output.trimEnd().split('\n').map((line) => (JSON.parse(line) as AccessLogEntry).path),
      ['/p/0', '/p/1', '/p/2'],
    );
  });
});
