// Answers compiled ahead of time (the response artefact) on the fixture: byte-equal to the computed
// answers for every path rendered, content negotiation, HEAD, 304, and a stale artefact left unused.

import assert from 'node:assert/strict';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from '@skg/compiler';
import { loadDataSet } from '../../packages/server/src/artefacts/dataset.ts';
import type { DataSet } from '../../packages/server/src/artefacts/types.ts';
import { renderResponseArtefact } from '../../packages/server/src/render/render-responses.ts';
import { loadToServe } from '../../packages/server/src/serve.ts';
import { createTestApp, get } from '../helpers/app.ts';
import { createTempDir, FIXTURE_BUNDLE, removeTempDirs } from '../helpers/fixture-dist.ts';
import { assertStoredEqualsComputed, exchange, sampleTargets, startCountingServer } from '../helpers/stored-responses.ts';
import { countZlibCalls } from '../helpers/zlib-calls.ts';

describe('stored answers (the response artefact) on the fixture', () => {
  let distDir: string;
  let dataSet: DataSet;

  before(async () => {
    distDir = path.join(await createTempDir('skg-dist-'), 'dist');
    const report = await build({ bundleDir: FIXTURE_BUNDLE, distDir, render: renderResponseArtefact });
    assert.ok(report.ok);
    assert.ok(report.manifest?.artefacts.responses, 'the manifest names the response artefact');
    assert.ok(report.timings.render !== undefined);
    dataSet = await loadDataSet(distDir);
  });
  after(removeTempDirs);

  it('answers every rendered path byte for byte as the route computes it (passage, xrefs, interlinear, entity, family, translations)', async () => {
    const targets = sampleTargets(dataSet, 1);
    const kinds = new Set(targets.map((t) => t.kind));
    assert.deepEqual([...kinds].sort(), ['entity', 'family', 'interlinear', 'passage', 'translation', 'xrefs']);
    const answered = await assertStoredEqualsComputed(dataSet, targets);
    assert.ok(answered > 50, `${answered} stored answers checked`);
  });

  it('stores every chapter and verse of each translation under the canonical request of ?translation=<id>', async () => {
    const stored = dataSet.responses!;
    for (const path of ['/passage/John.3.16?translation=KJV', '/passage/Ps.23?translation=KJV', '/passage/Tob.1.1?translation=WEB', '/passage/Tob.1?translation=WEB', '/passage/Gen.1.1?translation=RV1909']) {
      assert.ok(stored.find(`GET /api/v1${path}`) >= 0, path);
    }
    // A slot the translation lacks (the RV1909 has no Tobit) and the BSB's own id are not stored.
    assert.equal(stored.find('GET /api/v1/passage/Tob.1.1?translation=RV1909'), -1);
    assert.equal(stored.find('GET /api/v1/passage/John.3.16?translation=BSB'), -1);
    const translations = dataSet.translations!.translations;
    const slots = translations.reduce((sum, translation) => sum + translation.slotCount + translation.chapterCount, 0);
    assert.equal(sampleTargets(dataSet, 1).filter((target) => target.kind === 'translation').length, slots);
    // Answered from the store: the br bytes as they were rendered, nothing compressed for the request.
    const app = createTestApp(dataSet);
    const calls = countZlibCalls();
    let body: Buffer;
    try {
      const kjv = await app.fetch(new Request('http://localhost/api/v1/passage/John.3?translation=KJV', { headers: { 'accept-encoding': 'br' } }));
      assert.equal(kjv.headers.get('content-encoding'), 'br');
      body = Buffer.from(await kjv.arrayBuffer());
      assert.deepEqual(calls.counted, {}, 'no zlib function called');
    } finally {
      calls.restore();
    }
    assert.match(JSON.parse(brotliDecompressSync(body).toString('utf8')).verses[15].text, /only begotten Son/);
  });

  it('is not a dataset: /status lists only the optional datasets', async () => {
    const { body } = await get(createTestApp(dataSet), '/status');
    assert.equal(body.datasets.responses, undefined);
  });

  it('answers HEAD with the length of what GET sends, and 304 with Cache-Control and Vary', async () => {
    const app = createTestApp(dataSet);
    const headers = { 'accept-encoding': 'br' };
    const full = await app.fetch(new Request('http://localhost/api/v1/passage/John.3.16', { headers }));
    const bytes = Buffer.from(await full.arrayBuffer());
    const head = await app.fetch(new Request('http://localhost/api/v1/passage/John.3.16', { method: 'HEAD', headers }));
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('content-length'), String(bytes.length));
    assert.equal(head.headers.get('content-encoding'), 'br');
    assert.equal((await head.arrayBuffer()).byteLength, 0);
    const etag = full.headers.get('etag') ?? '';
    const notModified = await app.fetch(new Request('http://localhost/api/v1/passage/John.3.16', { headers: { ...headers, 'if-none-match': etag } }));
    assert.equal(notModified.status, 304);
    assert.equal(notModified.headers.get('etag'), etag);
    assert.equal(notModified.headers.get('vary'), 'Accept-Encoding');
    assert.match(notModified.headers.get('cache-control') ?? '', /^public, max-age=\d+, stale-while-revalidate=\d+$/);
    assert.ok(notModified.headers.get('x-request-id'));
  });

  it('sends br to clients that accept it, else gzip to those that accept gzip, else the body as it is', async () => {
    const app = createTestApp(dataSet);
    const decode = { br: brotliDecompressSync, gzip: gunzipSync, identity: (bytes: Buffer) => bytes };
    for (const [acceptEncoding, coding] of [
      ['br', 'br'],
      ['gzip, br;q=0.5', 'br'],
      ['*', 'br'],
      ['gzip, deflate', 'gzip'],
      ['GZIP', 'gzip'],
      ['*, br;q=0', 'gzip'],
      ['br;q=0', 'identity'],
      ['deflate', 'identity'],
      ['identity', 'identity'],
    ] as const) {
      const response = await app.fetch(new Request('http://localhost/api/v1/xrefs/John.3.16', { headers: { 'accept-encoding': acceptEncoding } }));
      const bytes = Buffer.from(await response.arrayBuffer());
      assert.equal(response.headers.get('content-encoding'), coding === 'identity' ? null : coding, acceptEncoding);
      assert.equal(response.headers.get('vary'), 'Accept-Encoding', acceptEncoding);
      assert.equal(JSON.parse(decode[coding](bytes).toString('utf8')).osis, 'John.3.16', acceptEncoding);
    }
  });

  it('neither decodes nor compresses a stored answer per request, for any client (zlib calls counted)', async () => {
    const calls = countZlibCalls();
    try {
      const server = await startCountingServer(dataSet);
      try {
        const clients: Array<Record<string, string>> = [{ 'accept-encoding': 'gzip, deflate, br' }, { 'accept-encoding': 'gzip, deflate' }, {}];
        for (const headers of clients) {
          for (const target of ['/api/v1/passage/John.3.16', '/api/v1/passage/John.3', '/api/v1/xrefs/John.3.16']) {
            const answer = await exchange(server.port, 'GET', target, headers);
            assert.equal(answer.status, 200, target);
            assert.equal(answer.headers['content-encoding'], headers['accept-encoding']?.includes('br') ? 'br' : headers['accept-encoding'] ? 'gzip' : undefined, target);
          }
        }
        assert.equal(server.routed(), 0, 'every answer from the store, none routed');
      } finally {
        await server.close();
      }
      // And through h3 (a query parameter no route reads: the same stored record).
      const app = createTestApp(dataSet);
      const clients: Array<Record<string, string>> = [{ 'accept-encoding': 'gzip, deflate' }, {}];
      for (const headers of clients) {
        const response = await app.fetch(new Request('http://localhost/api/v1/passage/John.3.16?unread=1', { headers }));
        assert.equal(response.status, 200);
        await response.arrayBuffer();
      }
      assert.deepEqual(calls.counted, {}, 'no zlib function called');
    } finally {
      calls.restore();
    }
  });

  it('computes answers with non-default parameters', async () => {
    const counted = countBodyReads(dataSet);
    const app = createTestApp(counted.dataSet);
    const response = await app.fetch(new Request('http://localhost/api/v1/xrefs/John.3.16?limit=1', { headers: { 'accept-encoding': 'br' } }));
    assert.equal(response.status, 200);
    assert.equal(counted.reads(), 0, 'computed, not read');
    assert.match(response.headers.get('cache-control') ?? '', /^public/);
  });

  it('reads a canonical request with its body and never answers another request\'s body (a fingerprint collision)', async () => {
    const stored = dataSet.responses;
    assert.ok(stored);
    const john = 'GET /api/v1/passage/John.3.16';
    const other = 'GET /api/v1/passage/Gen.1.1';
    const record = stored.find(john);
    assert.ok(record >= 0);
    assert.equal(JSON.parse(brotliDecompressSync(stored.body(record, john, 'br')!).toString('utf8')).osis, 'John.3.16');
    assert.equal(JSON.parse(gunzipSync(stored.body(record, john, 'gzip')!).toString('utf8')).osis, 'John.3.16');
    assert.equal(JSON.parse(stored.body(record, john, 'identity')!.toString('utf8')).osis, 'John.3.16');
    for (const coding of ['br', 'gzip', 'identity'] as const) assert.equal(stored.body(record, other, coding), undefined, `${coding}: the request read back is compared`);
    assert.match(stored.etag(record), new RegExp(`^"${stored.etagBase}-[0-9a-f]{16}"$`));
    // A store whose lookup lands on John 3:16's record for every request: the route computes instead.
    const colliding = { ...dataSet, responses: { ...stored, find: () => record, etag: stored.etag, body: stored.body, usable: true } } as DataSet;
    const app = createTestApp(colliding);
    const answer = await app.fetch(new Request('http://localhost/api/v1/passage/Gen.1.1'));
    assert.equal(answer.status, 200);
    assert.equal(((await answer.json()) as { osis: string }).osis, 'Gen.1.1', 'computed: not John 3:16\'s body');
  });

  it('leaves unused answers rendered for another data version or response format', async () => {
    const file = path.join(distDir, 'manifest.json');
    const manifest = JSON.parse(await readFile(file, 'utf8'));
    const copy = path.join(await createTempDir('skg-dist-'), 'dist');
    await cp(distDir, copy, { recursive: true });
    await writeFile(path.join(copy, 'manifest.json'), JSON.stringify({ ...manifest, dataVersion: 'another' }));
    const other = await loadDataSet(copy);
    assert.equal(other.responses, undefined);
    const { status, text } = await get(createTestApp(other), '/passage/John.3.16');
    assert.equal(status, 200);
    assert.equal(JSON.parse(text).osis, 'John.3.16');
  });
});

describe('skg serve and the response artefact\'s checksum', () => {
  after(removeTempDirs);

  async function serveFixture(corrupt: boolean) {
    const distDir = path.join(await createTempDir('skg-dist-'), 'dist');
    const report = await build({ bundleDir: FIXTURE_BUNDLE, distDir, render: renderResponseArtefact });
    const entry = report.manifest?.artefacts.responses;
    assert.ok(entry);
    if (corrupt) {
      const file = path.join(distDir, entry.file);
      const bytes = await readFile(file);
      const at = bytes.length - 10; // inside the last stored body
      bytes[at] = bytes[at]! ^ 0xff;
      await writeFile(file, bytes);
    }
    const lines: string[] = [];
    const dataSet = await loadToServe(distDir, undefined, { log: (line) => lines.push(line) });
    for (let i = 0; i < 200 && !lines.some((line) => /responses matches|'responses' fails/.test(line)); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    return { dataSet, lines };
  }

  it('starts without waiting for it, and uses the stored answers once their sha256 matches', async () => {
    const { dataSet, lines } = await serveFixture(false);
    assert.ok(lines.some((line) => /responses matches its sha256/.test(line)), lines.join('\n'));
    assert.equal(dataSet.responses?.usable, true);
    assert.equal((await get(createTestApp(dataSet), '/status')).status, 200);
    const answer = await createTestApp(dataSet).fetch(new Request('http://localhost/api/v1/passage/John.3.16', { headers: { 'accept-encoding': 'br' } }));
    assert.equal(answer.headers.get('content-encoding'), 'br');
  });

  it('never sends a stored answer of a corrupt artefact: it names the artefact and computes every answer', async () => {
    const { dataSet, lines } = await serveFixture(true);
    assert.ok(lines.some((line) => /responses\.bin: artefact 'responses' fails its checksum/.test(line)), lines.join('\n'));
    assert.equal(dataSet.responses?.usable, false);
    const counted = countBodyReads(dataSet);
    const answer = await createTestApp(counted.dataSet).fetch(new Request('http://localhost/api/v1/passage/John.3.16', { headers: { 'accept-encoding': 'br' } }));
    assert.equal(answer.status, 200);
    assert.equal(counted.reads(), 0, 'computed, not read');
    assert.equal(JSON.parse(brotliDecompressSync(Buffer.from(await answer.arrayBuffer())).toString('utf8')).kind, 'passage');
    // A load balancer sees it: /status fails the dataset check, naming the artefact.
    const status = await get(createTestApp(dataSet), '/status');
    assert.equal(status.status, 503);
    assert.equal(status.body.status, 'degraded');
    assert.equal(status.body.checks.dataset.status, 'fail');
    assert.match(status.body.checks.dataset.detail, /artefact 'responses' fails its checksum/);
  });
});

describe('the render step on several threads', () => {
  after(removeTempDirs);

  it('writes the same bytes with 3 worker threads as in one thread, chunks of 7 answers taken in order', async () => {
    const distDir = path.join(await createTempDir('skg-dist-'), 'dist');
    const report = await build({ bundleDir: FIXTURE_BUNDLE, distDir, render: (input) => renderResponseArtefact({ ...input, threads: 1 }) });
    assert.ok(report.ok && report.manifest);
    const buildDir = path.dirname(path.join(distDir, report.manifest.artefacts.responses!.file));
    const single = await readFile(path.join(buildDir, 'responses.bin'));
    const { responses: _omitted, ...artefacts } = report.manifest.artefacts;
    const manifest = { ...report.manifest, artefacts };
    const threaded = await renderResponseArtefact({ distDir, buildDir, manifest, threads: 3, chunkRecords: 7 });
    const bytes = await readFile(path.join(buildDir, 'responses.bin'));
    assert.ok(threaded.records > 50, `only ${threaded.records} answers rendered`);
    assert.equal(threaded.sha256, report.manifest.artefacts.responses!.sha256, 'the threaded render differs from the single-thread one');
    assert.ok(bytes.equals(single));
  });
});

/** The data set with its stored answers' body reads counted. */
function countBodyReads(dataSet: DataSet): { dataSet: DataSet; reads: () => number } {
  const stored = dataSet.responses;
  assert.ok(stored);
  let reads = 0;
  const responses = Object.assign(Object.create(stored) as typeof stored, {
    body: (...args: Parameters<typeof stored.body>) => {
      reads++;
      return stored.body(...args);
    },
  });
  return { dataSet: { ...dataSet, responses } as DataSet, reads: () => reads };
}
