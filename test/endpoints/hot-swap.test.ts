import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { build, renderCurrentBuild } from '@skg/compiler';
import { renderBuildArtefacts, renderResponseArtefact } from '../../packages/server/src/render/render-responses.ts';
import type { ServiceEventData, ServiceEventName, ServiceEvents } from '../../packages/server/src/events.ts';
import { RELEASE_AFTER_MS } from '../../packages/server/src/hot-swap/release.ts';
import { serve, type RunningServer } from '../../packages/server/src/serve.ts';
import { buildDist, copyFixtureBundle, removeTempDirs } from '../helpers/fixture-dist.ts';

after(removeTempDirs);

interface SeenEvent {
  readonly name: ServiceEventName;
  readonly data: ServiceEventData[ServiceEventName];
  /** performance.now() when it was emitted. */
  readonly at: number;
}

function record(events: ServiceEvents): SeenEvent[] {
  const seen: SeenEvent[] = [];
  events.on((name, data) => seen.push({ name, data, at: performance.now() }));
  return seen;
}

async function waitFor<T>(what: string, probe: () => T | undefined | false, timeoutMs = 15_000): Promise<T> {
  const started = performance.now();
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (performance.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A copy of the fixture bundle with John 11:35 reworded and a new generation time: a new data version. */
async function createChangedBundle(verse: string, generated: string): Promise<string> {
  const bundle = await copyFixtureBundle();
  const chapter = path.join(bundle, 'bible/john/11.md');
  const text = await readFile(chapter, 'utf8');
  assert.ok(text.includes('"Jesus wept."') && text.includes('35 Jesus wept.\n'), 'the fixture holds John 11:35 as expected');
  await writeFile(chapter, text.replace('"Jesus wept."', JSON.stringify(verse)).replace('35 Jesus wept.\n', `35 ${verse}\n`));
  const index = path.join(bundle, 'index.md');
  await writeFile(index, (await readFile(index, 'utf8')).replace(/^generated: .*$/m, `generated: "${generated}"`));
  return bundle;
}

async function rebuild(bundleDir: string, distDir: string): Promise<string> {
  const report = await build({ bundleDir, distDir });
  assert.ok(report.ok && report.manifest, 'the rebuild succeeds');
  return report.manifest.dataVersion;
}

async function getJson(url: string, headers: Record<string, string> = {}): Promise<{ status: number; etag: string | null; body: any }> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  return { status: response.status, etag: response.headers.get('etag'), body: text ? JSON.parse(text) : undefined };
}

async function start(distDir: string, options: Partial<Parameters<typeof serve>[0]> = {}): Promise<{ server: RunningServer; lines: string[] }> {
  const lines: string[] = [];
  const server = await serve({ distDir, port: 0, host: '127.0.0.1', trustProxy: false, log: (line) => lines.push(line), watchDebounceMs: 50, ...options });
  return { server, lines };
}

describe('hot swap: skg serve switches to a new build of its dist/', () => {
  it('notices a rebuild into the same dist/, switches to it, and fires data.updated', async () => {
    const { distDir, report } = await buildDist();
    const changed = await createChangedBundle('Jesus wept aloud.', '2026-09-01T00:00:00.000Z');
    // The poll is off: the file-system watch alone must notice the build.
    const { server, lines } = await start(distDir, { watchPollMs: 0 });
    const seen = record(server.events);
    try {
      const v1 = report.manifest?.dataVersion;
      const before = await getJson(`${server.url}/passage/John.11.35`);
      assert.equal(before.body.text, 'Jesus wept.');
      const index = await getJson(`${server.url}/`);
      assert.equal((await getJson(`${server.url}/status`)).body.dataVersion, v1);

      const v2 = await rebuild(changed, distDir);
      assert.notEqual(v2, v1);
      const event = await waitFor('data.updated', () => seen.find((e) => e.name === 'data.updated'));
      assert.equal(server.dataSet.manifest.dataVersion, v2);
      const data = event.data as ServiceEventData['data.updated'];
      assert.equal(data.dataVersion, v2);
      assert.equal(data.previousDataVersion, v1);
      assert.equal(data.bundleGenerated, '2026-09-01T00:00:00.000Z');
      assert.ok(!Number.isNaN(Date.parse(data.builtAt)), 'builtAt is a date-time');
      assert.ok(lines.some((line) => line.includes(`switched to data ${v2} (was ${v1})`)), 'the swap is logged');

      const status = await getJson(`${server.url}/status`);
      assert.equal(status.body.dataVersion, v2);
      assert.equal(status.body.bundleGenerated, '2026-09-01T00:00:00.000Z');
      const after = await getJson(`${server.url}/passage/John.11.35`);
      assert.equal(after.body.text, 'Jesus wept aloud.');
      assert.notEqual(after.etag, before.etag, 'the ETag changes with the data');
      // The old tag no longer matches: the client gets the new body, never a 304 for the old one.
      const revalidated = await getJson(`${server.url}/passage/John.11.35`, { 'if-none-match': before.etag ?? '' });
      assert.equal(revalidated.status, 200);
      assert.equal(revalidated.body.text, 'Jesus wept aloud.');
      const search = await getJson(`${server.url}/scripture?q=aloud`);
      assert.deepEqual(search.body.hits.map((hit: { osis: string }) => hit.osis), ['John.11.35'], 'the new search index answers');
      const newIndex = await getJson(`${server.url}/`);
      assert.notEqual(newIndex.etag, index.etag, 'the service index is answered from the new set');
      assert.equal(newIndex.body.data?.dataVersion, v2, 'the service index names the data version it serves');
    } finally {
      await server.close();
    }
  });

  it('refuses a bad build with the reason logged, and keeps serving the old data', async () => {
    const { distDir, report } = await buildDist();
    const v1 = report.manifest?.dataVersion;
    const { server, lines } = await start(distDir, { watch: false });
    const seen = record(server.events);
    const manifestPath = path.join(distDir, 'manifest.json');
    const good = await readFile(manifestPath, 'utf8');
    const manifest = JSON.parse(good);
    try {
      // 1. A manifest naming a corrupt artefact (same size, other bytes: only the checksum tells).
      const corrupt = { ...manifest, dataVersion: 'corrupt0000000001' };
      const chapters = path.join(distDir, manifest.artefacts.chapters.file);
      const broken = `${chapters}.corrupt`;
      const bytes = await readFile(chapters);
      bytes.fill(0x5a, 16);
      await writeFile(broken, bytes);
      corrupt.artefacts = { ...manifest.artefacts, chapters: { ...manifest.artefacts.chapters, file: `${manifest.artefacts.chapters.file}.corrupt` } };
      await writeFile(manifestPath, JSON.stringify(corrupt));
      const checksum = await server.reload('test');
      assert.equal(checksum.status, 'refused');
      assert.ok(checksum.status === 'refused' && checksum.reasons.some((reason) => reason.includes("'chapters' fails its checksum")), 'the reason names the artefact');
      assert.ok(lines.some((line) => line.includes('refused the build') && line.includes(`still serving data ${v1}`)), 'the refusal is logged');

      // 2. A manifest naming an artefact that is not there.
      const missing = { ...manifest, dataVersion: 'missing000000001' };
      missing.artefacts = { ...manifest.artefacts, graph: { ...manifest.artefacts.graph, file: 'builds/nowhere/graph.bin' } };
      await writeFile(manifestPath, JSON.stringify(missing));
      const absent = await server.reload('test');
      assert.ok(absent.status === 'refused' && absent.reasons.some((reason) => reason.includes("required artefact 'graph' is missing")));

      // 3. A manifest of another format version.
      await writeFile(manifestPath, JSON.stringify({ ...manifest, formatVersion: 999, dataVersion: 'future0000000001' }));
      const future = await server.reload('test');
      assert.ok(future.status === 'refused' && future.reasons.some((reason) => reason.includes('formatVersion is 999')));

      // 4. No manifest at all.
      await rm(manifestPath);
      assert.equal((await server.reload('test')).status, 'refused');

      assert.equal(server.dataSet.manifest.dataVersion, v1);
      assert.equal((await getJson(`${server.url}/status`)).body.dataVersion, v1);
      assert.equal((await getJson(`${server.url}/passage/John.11.35`)).body.text, 'Jesus wept.');
      assert.equal((await getJson(`${server.url}/entity/people/isaac`)).status, 200);
      assert.deepEqual(seen, [], 'no data.updated for a refused build');

      // The good build again, as a changed one: switched to.
      const changed = await createChangedBundle('Jesus wept once more.', '2026-09-02T00:00:00.000Z');
      const v2 = await rebuild(changed, distDir);
      const outcome = await server.reload('test');
      assert.equal(outcome.status, 'swapped');
      assert.equal((await getJson(`${server.url}/passage/John.11.35`)).body.text, 'Jesus wept once more.');
      assert.equal(server.dataSet.manifest.dataVersion, v2);
    } finally {
      await server.close();
    }
  });

  it('lets the replaced data set go once its requests are answered (nothing keeps it, or its caches, alive)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const { distDir } = await buildDist();
    const { server } = await start(distDir, { watch: false });
    try {
      const old = new WeakRef(server.dataSet);
      // Fill what is kept per data set: response cache, ETag base, status probe, decoded tables.
      for (const route of ['/', '/passage/John.11.35', '/entity/people/isaac?body=true', '/scripture?q=wept', '/search?q=isaac', '/status', '/list?type=Person']) {
        assert.equal((await fetch(`${server.url}${route}`).then(async (r) => (await r.arrayBuffer(), r.status))), 200, route);
      }
      await rebuild(await createChangedBundle('Jesus wept and was heard.', '2026-09-06T00:00:00.000Z'), distDir);
      assert.equal((await server.reload()).status, 'swapped');
      // deref() keeps its target alive to the end of the current job, so collect in a job of its own.
      let collected = false;
      for (let i = 0; i < 20 && !collected; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        gc();
        await new Promise((resolve) => setTimeout(resolve, 10));
        collected = old.deref() === undefined;
      }
      assert.ok(collected, 'the old set was garbage-collected');
    } finally {
      await server.close();
    }
  });

  it('collects the replaced data set by itself, about a second after the swap (hot-swap/release.ts)', async () => {
    const { distDir } = await buildDist();
    const { server } = await start(distDir, { watch: false });
    try {
      const old = new WeakRef(server.dataSet);
      for (const route of ['/passage/John.11.35', '/search?q=isaac', '/status']) await fetch(`${server.url}${route}`).then((r) => r.arrayBuffer());
      await rebuild(await createChangedBundle('Jesus wept, and it was seen.', '2026-09-07T00:00:00.000Z'), distDir);
      assert.equal((await server.reload()).status, 'swapped');
      const swappedAt = Date.now();
      // No gc() here: the server asks V8 for a full collection itself, RELEASE_AFTER_MS[0] after the swap.
      while (old.deref() !== undefined && Date.now() - swappedAt < RELEASE_AFTER_MS[0] + 4_000) await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(old.deref(), undefined, 'the old set was collected without being asked');
    } finally {
      await server.close();
    }
  });

  it('without watching, switches only when asked (reload, what SIGHUP does)', async () => {
    const { distDir, report } = await buildDist();
    const { server } = await start(distDir, { watch: false });
    try {
      const v2 = await rebuild(await createChangedBundle('Jesus wept quietly.', '2026-09-03T00:00:00.000Z'), distDir);
      await new Promise((resolve) => setTimeout(resolve, 400));
      assert.equal(server.dataSet.manifest.dataVersion, report.manifest?.dataVersion, 'nothing switches by itself');
      assert.equal((await server.reload()).status, 'swapped');
      assert.equal((await server.reload()).status, 'unchanged', 'a second reload finds nothing new');
      assert.equal(server.dataSet.manifest.dataVersion, v2);
    } finally {
      await server.close();
    }
  });

  it('still notices a new build when the whole dist/ directory was replaced', async () => {
    const { distDir, report } = await buildDist();
    const { server } = await start(distDir, { watchPollMs: 100 });
    const seen = record(server.events);
    try {
      const replacement = `${distDir}.next`;
      const v2 = await rebuild(await createChangedBundle('Jesus wept in turn.', '2026-09-04T00:00:00.000Z'), replacement);
      await rm(distDir, { recursive: true });
      await rename(replacement, distDir);
      await waitFor('data.updated', () => seen.find((e) => e.name === 'data.updated'));
      assert.equal(server.dataSet.manifest.dataVersion, v2);
      assert.notEqual(v2, report.manifest?.dataVersion);
      // And the watch was re-armed on the new directory: the next build is noticed too.
      const v3 = await rebuild(await createChangedBundle('Jesus wept again.', '2026-09-05T00:00:00.000Z'), distDir);
      await waitFor('the second data.updated', () => seen.filter((e) => e.name === 'data.updated').length === 2);
      assert.equal(server.dataSet.manifest.dataVersion, v3);
    } finally {
      await server.close();
    }
  });

  it('answers every request of a concurrent load across rebuilds: no failures, and no old answer after a swap', async () => {
    const { distDir, report } = await buildDist();
    const verses = ['Jesus wept.', 'Jesus wept under load.', 'Jesus wept under more load.'];
    const bundles = [
      await createChangedBundle(verses[1] as string, '2026-10-01T00:00:00.000Z'),
      await createChangedBundle(verses[2] as string, '2026-10-02T00:00:00.000Z'),
    ];
    const { server } = await start(distDir, { trustProxy: true, watchPollMs: 0 });
    const seen = record(server.events);
    const paths = ['/passage/John.11.35', '/entity/people/isaac', '/scripture?q=wept', '/search?q=isaac', '/', '/status', '/entity/people/isaac?body=true'];
    let stop = false;
    let requests = 0;
    const failures: string[] = [];
    /** John 11:35 as answered, with when its request started. */
    const answers: Array<{ startedAt: number; text: string }> = [];
    let client = 0;
    async function loop(id: number): Promise<void> {
      for (let n = id; !stop; n += 1) {
        const route = paths[n % paths.length] as string;
        client += 1;
        const startedAt = performance.now();
        try {
          // Each request from its own address, so the abuse limit is not what is measured.
          const response = await fetch(`${server.url}${route}`, { headers: { 'x-forwarded-for': `198.51.${(client >> 8) & 255}.${client & 255}` } });
          const text = await response.text();
          requests += 1;
          if (response.status !== 200) failures.push(`${route}: ${response.status} ${text.slice(0, 200)}`);
          else if (route === '/passage/John.11.35') answers.push({ startedAt, text: (JSON.parse(text) as { text: string }).text });
        } catch (error) {
          failures.push(`${route}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    try {
      const loops = Array.from({ length: 20 }, (_, id) => loop(id));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const versions = [report.manifest?.dataVersion];
      for (const bundle of bundles) {
        versions.push(await rebuild(bundle, distDir));
        await waitFor(`the swap to ${versions.at(-1)}`, () => server.dataSet.manifest.dataVersion === versions.at(-1));
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      stop = true;
      await Promise.all(loops);

      assert.deepEqual(failures, [], 'no request failed');
      assert.ok(requests >= 200, `a real load ran (${requests} requests)`);
      const swaps = seen.filter((e) => e.name === 'data.updated');
      assert.equal(swaps.length, 2);
      // After each swap was announced, no request that started later got the data it replaced.
      for (const [i, swap] of swaps.entries()) {
        const late = answers.filter((a) => a.startedAt > swap.at);
        assert.ok(late.length > 0, `requests ran after swap ${i + 1}`);
        const stale = late.filter((a) => verses.indexOf(a.text) < i + 1);
        assert.deepEqual(stale, [], `no answer older than swap ${i + 1} after it`);
      }
      assert.equal(answers.at(-1)?.text, verses[2]);
    } finally {
      stop = true;
      await server.close();
    }
  });
});

describe('hot swap: the stored answers rendered after the build (`skg build --render-only`)', () => {
  it('swaps them in with the same data version, no data.updated event, and the same bodies and ETags', async () => {
    const { distDir, report } = await buildDist();
    assert.equal(report.manifest?.artefacts.responses, undefined, 'built without stored answers');
    const { server, lines } = await start(distDir, { watchPollMs: 0 });
    const seen = record(server.events);
    const paths = ['/passage/John.3.16', '/passage/John.11', '/passage/Gen.1.1', '/'];
    try {
      const served = server.dataSet;
      const v1 = served.manifest.dataVersion;
      assert.equal(served.responses, undefined);
      const computed = await Promise.all(paths.map((p) => getRaw(`${server.url}${p}`)));
      assert.equal((await getRaw(`${server.url}/translations/KJV/download`)).status, 503, 'no downloads before the render');

      const result = await renderCurrentBuild({ distDir, render: (input) => renderBuildArtefacts({ ...input, threads: 1 }) });
      assert.equal(result.status, 'rendered');
      await waitFor('the stored answers', () => server.dataSet.responses !== undefined);
      assert.equal(server.dataSet.manifest.dataVersion, v1, 'the same data version');
      assert.equal(server.dataSet.scripture, served.scripture, 'attached to the set served: its data is not loaded a second time');
      assert.ok(server.dataSet.downloads, 'the downloads attached with them');
      assert.equal((await getRaw(`${server.url}/translations/KJV/download`)).status, 200);
      assert.ok(lines.some((line) => line.includes(`switched to data ${v1} with its stored answers`)), 'the swap is logged');

      const stored = await Promise.all(paths.map((p) => getRaw(`${server.url}${p}`)));
      for (const [i, p] of paths.entries()) {
        assert.equal(stored[i]!.status, 200, p);
        assert.equal(stored[i]!.text, computed[i]!.text, `${p}: the same body`);
        assert.equal(stored[i]!.etag, computed[i]!.etag, `${p}: the same ETag`);
      }
      // Verses and chapters are stored answers now: sent as stored, brotli, to a client that takes it.
      const brotli = await fetch(`${server.url}/passage/John.3.16`, { headers: { 'accept-encoding': 'br' } });
      assert.equal(brotli.headers.get('content-encoding'), 'br');
      assert.equal(await brotli.text(), computed[0]!.text);
      const revalidated = await fetch(`${server.url}/passage/John.3.16`, { headers: { 'if-none-match': computed[0]!.etag ?? '' } });
      assert.equal(revalidated.status, 304, "a client's cached copy stays valid");
      assert.equal((await getJson(`${server.url}/status`)).body.dataVersion, v1);

      assert.deepEqual((await server.reload()).status, 'unchanged', 'nothing more to switch to');
      assert.deepEqual(
        seen.filter((e) => e.name === 'data.updated'),
        [],
        'no data.updated event: the data did not change',
      );
    } finally {
      await server.close();
    }
  });
});

describe('hot swap: stored answers that fail their checksum', () => {
  it('are refused with the reason, and the answers stay computed from the set served', async () => {
    const { distDir } = await buildDist();
    const { server, lines } = await start(distDir, { watch: false });
    try {
      const result = await renderCurrentBuild({ distDir, render: (input) => renderResponseArtefact({ ...input, threads: 1 }) });
      assert.equal(result.status, 'rendered');
      const file = path.join(distDir, result.manifest.artefacts.responses!.file);
      const bytes = await readFile(file);
      bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
      await writeFile(file, bytes);
      const outcome = await server.reload();
      assert.equal(outcome.status, 'refused');
      assert.equal(server.dataSet.responses, undefined, 'no stored answer is read from a changed file');
      assert.ok(lines.some((line) => /refused the build .*responses.*checksum/s.test(line)), 'the reason is logged');
      assert.equal((await getRaw(`${server.url}/passage/John.3.16`)).status, 200);
    } finally {
      await server.close();
    }
  });
});

/** A GET without Accept-Encoding: the body as sent, and its ETag. */
async function getRaw(url: string): Promise<{ status: number; etag: string | null; text: string }> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  return { status: response.status, etag: response.headers.get('etag'), text: await response.text() };
}
