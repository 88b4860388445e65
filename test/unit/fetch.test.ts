import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { fetchSources, type SourceFile, SourcesError, type SourcesManifest } from '@skg/ingest';

const sha256 = (bytes: string | Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

const GOOD = 'In the beginning God created the heavens and the earth.\n';
const PINNED_ALTERED = 'the pinned content\n';
const SERVED_ALTERED = 'something else\n';
const MEMBER = 'cross_references.txt';
const MEMBER_TEXT = 'From Verse\tTo Verse\tVotes\nGen.1.1\tHeb.11.3\t264\n';

function createManifest(files: readonly Omit<SourceFile, 'bytes'>[]): SourcesManifest {
  return {
    manifestVersion: 1,
    sources: [
      {
        id: 'demo',
        title: 'Demo',
        licence: 'public-domain',
        attribution: 'demo',
        shareAlike: false,
        repository: 'https://github.com/example/demo',
        commit: '0'.repeat(40),
        published: '2026-01-01',
        files: files.map((file) => ({ ...file, bytes: 0 })),
      },
    ],
  };
}

describe('fetchSources', () => {
  let server: Server;
  let base: string;
  let served: string;
  let sourcesDir: string;
  const requests: string[] = [];

  before(async () => {
    served = await mkdtemp(path.join(tmpdir(), 'skg-served-'));
    await mkdir(path.join(served, 'demo'), { recursive: true });
    await writeFile(path.join(served, 'demo/good.txt'), GOOD);
    await writeFile(path.join(served, 'demo/altered.txt'), SERVED_ALTERED);
    await writeFile(path.join(served, 'archive.zip'), zipSync({ [MEMBER]: new TextEncoder().encode(MEMBER_TEXT) }));
    server = createServer(async (request, response) => {
      const url = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
      requests.push(url);
      try {
        response.end(await readFile(path.join(served, url)));
      } catch {
        response.writeHead(404).end('not found');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(served, { recursive: true, force: true });
  });

  beforeEach(async () => {
    requests.length = 0;
    sourcesDir = await mkdtemp(path.join(tmpdir(), 'skg-sources-'));
  });

  afterEach(async () => {
    await rm(sourcesDir, { recursive: true, force: true });
  });

  it('downloads a missing file, checks its sha256 and writes it under its path', async () => {
    const manifest = createManifest([{ path: 'demo/good.txt', url: `${base}/demo/good.txt`, sha256: sha256(GOOD) }]);
    const report = await fetchSources({ sourcesDir, manifest });
    assert.deepEqual(report.downloaded, ['demo/good.txt']);
    assert.equal(report.present, 0);
    assert.equal(await readFile(path.join(sourcesDir, 'demo/good.txt'), 'utf8'), GOOD);
  });

  it('names every file it could not get, with the expected sha256, and writes no altered file', async () => {
    const manifest = createManifest([
      { path: 'demo/good.txt', url: `${base}/demo/good.txt`, sha256: sha256(GOOD) },
      { path: 'demo/altered.txt', url: `${base}/demo/altered.txt`, sha256: sha256(PINNED_ALTERED) },
      { path: 'demo/missing.txt', url: `${base}/demo/missing.txt`, sha256: sha256('never served') },
    ]);
    const error = await fetchSources({ sourcesDir, manifest }).then(
      () => assert.fail('expected a SourcesError'),
      (thrown: unknown) => thrown,
    );
    assert.ok(error instanceof SourcesError);
    assert.deepEqual(
      error.problems.map((problem) => [problem.path, problem.kind, problem.expected]),
      [
        ['demo/altered.txt', 'unavailable', sha256(PINNED_ALTERED)],
        ['demo/missing.txt', 'unavailable', sha256('never served')],
      ],
    );
    assert.equal(error.problems[0]?.actual, sha256(SERVED_ALTERED));
    assert.match(error.message, /demo\/missing\.txt: not downloaded, HTTP 404/);
    assert.match(error.message, new RegExp(`expected sha256 ${sha256(PINNED_ALTERED)}`));
    assert.equal(await readFile(path.join(sourcesDir, 'demo/good.txt'), 'utf8'), GOOD);
    assert.equal(existsSync(path.join(sourcesDir, 'demo/altered.txt')), false);
  });

  it('downloads nothing for files already present with the pinned sha256', async () => {
    await mkdir(path.join(sourcesDir, 'demo'));
    await writeFile(path.join(sourcesDir, 'demo/good.txt'), GOOD);
    const manifest = createManifest([{ path: 'demo/good.txt', url: `${base}/demo/good.txt`, sha256: sha256(GOOD) }]);
    const report = await fetchSources({ sourcesDir, manifest });
    assert.equal(report.present, 1);
    assert.deepEqual(report.downloaded, []);
    assert.deepEqual(requests, []);
  });

  it('replaces a local file whose sha256 differs from the pinned one', async () => {
    await mkdir(path.join(sourcesDir, 'demo'));
    await writeFile(path.join(sourcesDir, 'demo/good.txt'), 'edited by hand\n');
    const manifest = createManifest([{ path: 'demo/good.txt', url: `${base}/demo/good.txt`, sha256: sha256(GOOD) }]);
    const report = await fetchSources({ sourcesDir, manifest });
    assert.deepEqual(report.downloaded, ['demo/good.txt']);
    assert.equal(await readFile(path.join(sourcesDir, 'demo/good.txt'), 'utf8'), GOOD);
  });

  it('downloads a zip and unpacks the pinned member from it', async () => {
    const manifest = createManifest([
      { path: `demo/${MEMBER}`, url: `${base}/archive.zip`, member: MEMBER, sha256: sha256(MEMBER_TEXT) },
    ]);
    await fetchSources({ sourcesDir, manifest });
    assert.equal(await readFile(path.join(sourcesDir, `demo/${MEMBER}`), 'utf8'), MEMBER_TEXT);
    assert.deepEqual(requests, ['/archive.zip']);
  });

  it('with baseUrl, takes every file from a mirror laid out like the sources directory', async () => {
    const manifest = createManifest([
      { path: 'demo/good.txt', url: 'https://example.invalid/unused', member: 'unused', sha256: sha256(GOOD) },
    ]);
    const report = await fetchSources({ sourcesDir, manifest, baseUrl: `${base}/` });
    assert.deepEqual(report.downloaded, ['demo/good.txt']);
    assert.deepEqual(requests, ['/demo/good.txt']);
  });

  it('skips a derived file (made from a package) unless a mirror is given, and names how it was made when asked for it', async () => {
    const derived = { path: 'demo/good.txt', url: `${base}/package.deb`, derived: 'mod2imp demo | gzip -9 -n', sha256: sha256(GOOD) };
    const manifest = createManifest([derived]);
    const skipped = await fetchSources({ sourcesDir, manifest });
    assert.deepEqual([skipped.present, skipped.downloaded], [0, []]);
    assert.deepEqual(requests, []);
    const error = await fetchSources({ sourcesDir, manifest, needs: ['demo/'] }).then(
      () => assert.fail('expected a SourcesError'),
      (thrown: unknown) => thrown,
    );
    assert.ok(error instanceof SourcesError);
    assert.match(error.problems[0]?.detail ?? '', /made by `mod2imp demo \| gzip -9 -n`/);
    const mirrored = await fetchSources({ sourcesDir, manifest, baseUrl: base });
    assert.deepEqual(mirrored.downloaded, ['demo/good.txt']);
    assert.deepEqual(requests, ['/demo/good.txt']);
  });

  it('without network, fails with one message saying how to get the data, after trying only a few files', async () => {
    const files = Array.from({ length: 40 }, (_, index) => ({
      path: `demo/file-${index}.txt`,
      url: `https://raw.example.invalid/file-${index}.txt`,
      sha256: sha256(String(index)),
    }));
    let calls = 0;
    const offline = (async () => {
      calls++;
      throw new TypeError('fetch failed', { cause: { code: 'ENOTFOUND' } });
    }) as typeof fetch;
    await assert.rejects(fetchSources({ sourcesDir, manifest: createManifest(files), fetch: offline, concurrency: 4 }), (error: Error) => {
      assert.ok(error instanceof SourcesError);
      assert.equal(error.problems.length, 40);
      assert.doesNotMatch(error.message, /\n/, 'one message, not a list');
      assert.match(error.message, /cannot be downloaded \(cannot reach raw\.example\.invalid: ENOTFOUND\)/);
      assert.match(error.message, /SKG_SOURCES/);
      assert.match(error.message, /skg fetch/);
      return true;
    });
    assert.ok(calls <= 4, `tried ${calls} downloads after the first failed`);
  });
});
