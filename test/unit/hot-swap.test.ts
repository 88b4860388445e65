import { after, describe, it } from 'node:test';
import { randomBytes } from 'node:crypto';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { build } from '@skg/compiler';
import { openArtefactFile } from '../../packages/server/src/artefacts/artefact-file.ts';
import { DOCUMENTS_TAIL_OFFSET_AT } from '../../packages/server/src/artefacts/graph-documents.ts';
import { loadDataSet } from '../../packages/server/src/artefacts/dataset.ts';
import type { DataSet } from '../../packages/server/src/artefacts/types.ts';
import { createServiceEvents, type ServiceEventData, type ServiceEventName } from '../../packages/server/src/events.ts';
import { createDataHolder } from '../../packages/server/src/hot-swap/data-holder.ts';
import { watchDist } from '../../packages/server/src/hot-swap/dist-watcher.ts';
import { createStatusMonitor } from '../../packages/server/src/status/monitor.ts';
import { buildDist, copyFixtureBundle, createTempDir, removeTempDirs } from '../helpers/fixture-dist.ts';
import { createMemoryDataSet } from '../helpers/memory-data-set.ts';

after(removeTempDirs);

/** A copy of the fixture bundle whose index carries another generation time: a new data version. */
async function createBundleGeneratedAt(generated: string): Promise<string> {
  const bundle = await copyFixtureBundle();
  const index = path.join(bundle, 'index.md');
  await writeFile(index, (await readFile(index, 'utf8')).replace(/^generated: .*$/m, `generated: "${generated}"`));
  return bundle;
}

function recordEvents() {
  const events = createServiceEvents();
  const seen: Array<{ name: ServiceEventName; data: ServiceEventData[ServiceEventName] }> = [];
  events.on((name, data) => seen.push({ name, data }));
  return { events, seen };
}

describe('createDataHolder (the hot swap)', () => {
  it('answers unchanged, without loading anything, while the manifest names the set it serves', async () => {
    const { distDir } = await buildDist();
    const initial = await loadDataSet(distDir);
    let loads = 0;
    const { events, seen } = recordEvents();
    const holder = createDataHolder({ distDir, initial, loadDataSet: async (dir) => ((loads += 1), loadDataSet(dir)), events, log: () => undefined });
    assert.deepEqual(await holder.reload('test'), { status: 'unchanged', dataVersion: initial.manifest.dataVersion });
    assert.equal(loads, 0);
    assert.equal(holder.get(), initial);
    assert.deepEqual(seen, []);
  });

  it('runs concurrent reloads as one swap, then one more run that finds nothing new', async () => {
    const { distDir } = await buildDist();
    const initial = await loadDataSet(distDir);
    let loads = 0;
    const { events, seen } = recordEvents();
    const holder = createDataHolder({ distDir, initial, loadDataSet: async (dir) => ((loads += 1), loadDataSet(dir)), events, log: () => undefined });
    const report = await build({ bundleDir: await createBundleGeneratedAt('2026-11-01T00:00:00.000Z'), distDir });
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => holder.reload('test')));
    assert.equal(outcomes[0]?.status, 'swapped');
    assert.ok(outcomes.slice(1).every((outcome) => outcome.status === 'unchanged'), 'the calls during the run are answered by one run after it');
    assert.equal(loads, 1);
    assert.deepEqual(
      seen.map((event) => [event.name, (event.data as ServiceEventData['data.updated']).dataVersion]),
      [['data.updated', report.manifest?.dataVersion]],
    );
    assert.equal(holder.get().manifest.dataVersion, report.manifest?.dataVersion);
  });

  it('refuses a build whose data checks fail on the loaded set, and logs a refusal once unless asked again', async () => {
    const { distDir } = await buildDist();
    const initial = await loadDataSet(distDir);
    await build({ bundleDir: await createBundleGeneratedAt('2026-11-02T00:00:00.000Z'), distDir });
    const lines: string[] = [];
    const { events, seen } = recordEvents();
    // The files verify, but the loaded search is broken: the /status checks catch it before any request does.
    const loadBroken = async (dir: string): Promise<DataSet> => {
      const dataSet = await loadDataSet(dir);
      return {
        ...dataSet,
        scripture: {
          ...dataSet.scripture,
          search: async () => {
            throw new Error('index gone');
          },
        },
      };
    };
    const holder = createDataHolder({ distDir, initial, loadDataSet: loadBroken, events, log: (line) => lines.push(line) });
    const outcome = await holder.reload('watch');
    assert.equal(outcome.status, 'refused');
    assert.ok(outcome.status === 'refused' && outcome.reasons.includes('the scriptureSearch check failed: index gone'), JSON.stringify(outcome));
    assert.equal(holder.get(), initial);
    assert.equal((await holder.reload('watch')).status, 'refused');
    assert.equal(lines.length, 1, 'the same build is not refused (and logged) twice by the watcher');
    assert.equal((await holder.reload('SIGHUP', { manual: true })).status, 'refused');
    assert.equal(lines.length, 2, 'a manual reload tries again');
    assert.deepEqual(seen, []);
  });

  it('leaves a replaced set readable after the compiler removed its build directory', async () => {
    const { distDir, report } = await buildDist();
    const old = await loadDataSet(distDir);
    const second = await build({ bundleDir: await createBundleGeneratedAt('2026-11-03T00:00:00.000Z'), distDir });
    const third = await build({ bundleDir: await createBundleGeneratedAt('2026-11-04T00:00:00.000Z'), distDir });
    const oldBuild = `builds/${report.manifest?.dataVersion}`;
    assert.deepEqual(second.removed, [], 'the build before is kept');
    assert.deepEqual(third.removed, [oldBuild], 'older builds are removed');
    assert.ok(!existsSync(path.join(distDir, oldBuild)));
    // A request still on the old set reads the parts kept on disk: records, bodies, the text index.
    const isaac = old.graph.getDocument('people/isaac');
    assert.equal(isaac?.title, 'Isaac');
    assert.equal(isaac?.status, 'stable');
    assert.match(old.graph.getBody('people/isaac') ?? '', /# Isaac/);
    assert.ok((await old.graph.search({ q: 'abraham', limit: 5, offset: 0 })).total > 0);
  });
});

describe('openArtefactFile', () => {
  it('closes its file descriptor once nothing can read through it any more', async (t) => {
    if (!existsSync('/proc/self/fd')) return t.skip('needs /proc/self/fd');
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const { distDir, report } = await buildDist();
    const file = path.join(distDir, report.manifest?.artefacts.documents?.file ?? '');
    const openOn = () => readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === file;
      } catch {
        return false;
      }
    }).length;
    let artefact: ReturnType<typeof openArtefactFile> | undefined = openArtefactFile(file, report.manifest?.artefacts.documents?.bytes ?? 0, DOCUMENTS_TAIL_OFFSET_AT);
    assert.equal(openOn(), 1);
    assert.ok(artefact.read(artefact.tailOffset, artefact.tailOffset + 1).length === 1);
    artefact = undefined;
    for (let i = 0; i < 20 && openOn() > 0; i += 1) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.equal(openOn(), 0);
  });

  it('reads short-lived bytes equal to its other reads, each its own while held, small or large', async () => {
    // A file of 64 header bytes (the tail offset, 64, at byte 8) and 200,000 random tail bytes.
    const file = path.join(await createTempDir('skg-artefact-'), 'random.bin');
    const bytes = randomBytes(64 + 200_000);
    bytes.writeUInt32LE(64, 8);
    await writeFile(file, bytes);
    const artefact = openArtefactFile(file, bytes.length, 8);
    const tail = artefact.bytes - artefact.tailOffset;
    // Ranges of many sizes, more than a slab holds in all, some past a quarter of it (a buffer of their own).
    const ranges = Array.from({ length: 200 }, (_, i) => {
      const length = [1, 7, 100, 900, 6_000, 17_000, 40_000][i % 7]!;
      const start = artefact.tailOffset + ((i * 7_919) % (tail - length));
      return [start, start + length] as const;
    });
    const held = ranges.map(([start, end]) => artefact.read(start, end, 'short-lived'));
    ranges.forEach(([start, end], i) => {
      assert.equal(held[i]!.length, end - start);
      assert.ok(held[i]!.equals(bytes.subarray(start, end)), `range ${i} [${start}, ${end})`);
    });
    assert.ok(artefact.read(0, 8, 'short-lived').equals(bytes.subarray(0, 8)), 'head bytes');
  });
});

describe('watchDist', () => {
  it('calls once for a burst of manifest changes, and not for other files', async () => {
    const { distDir } = await buildDist();
    let calls = 0;
    const watcher = watchDist(distDir, () => (calls += 1), { debounceMs: 100, pollIntervalMs: 0 });
    try {
      await writeFile(path.join(distDir, 'notes.txt'), 'not a build');
      await new Promise((resolve) => setTimeout(resolve, 250));
      assert.equal(calls, 0, 'other files are ignored');
      const manifest = await readFile(path.join(distDir, 'manifest.json'));
      for (let i = 0; i < 5; i += 1) await writeFile(path.join(distDir, 'manifest.json'), manifest);
      await new Promise((resolve) => setTimeout(resolve, 400));
      assert.equal(calls, 1);
    } finally {
      watcher.close();
    }
    await writeFile(path.join(distDir, 'manifest.json'), await readFile(path.join(distDir, 'manifest.json')));
    await new Promise((resolve) => setTimeout(resolve, 250));
    assert.equal(calls, 1, 'nothing after close');
  });
});

describe('createStatusMonitor: status.degraded', () => {
  const failingSearch = (dataSet: DataSet): DataSet => ({
    ...dataSet,
    scripture: {
      ...dataSet.scripture,
      search: async () => {
        throw new Error('index gone');
      },
    },
  });

  it('fires on the turn from ok to degraded only, and again after a recovery', async () => {
    const healthy = createMemoryDataSet();
    const broken = failingSearch(healthy);
    let current = healthy;
    const { events, seen } = recordEvents();
    const monitor = createStatusMonitor({ getDataSet: () => current, events, memoryBudgetBytes: Number.POSITIVE_INFINITY });
    await monitor.sample();
    assert.deepEqual(seen, [], 'a healthy sample fires nothing');
    current = broken;
    await monitor.sample();
    await monitor.sample();
    await monitor.sample();
    assert.deepEqual(seen, [
      { name: 'status.degraded', data: { status: 'degraded', failing: [{ name: 'scriptureSearch', detail: 'index gone' }] } },
    ]);
    current = healthy;
    await monitor.sample();
    current = broken;
    await monitor.sample();
    assert.equal(seen.length, 2, 'a new degradation after a recovery fires again');
  });

  it('fires when an optional dataset the previous sample had is no longer available', async () => {
    const withInterlinear = createMemoryDataSet({ datasets: { interlinear: true, connections: false } });
    const without = createMemoryDataSet({ datasets: { interlinear: false, connections: false } });
    let current = withInterlinear;
    const { events, seen } = recordEvents();
    const monitor = createStatusMonitor({ getDataSet: () => current, events, memoryBudgetBytes: Number.POSITIVE_INFINITY });
    await monitor.sample();
    current = without;
    await monitor.sample();
    assert.equal(seen.length, 1);
    const data = seen[0]?.data as ServiceEventData['status.degraded'];
    assert.equal(data.status, 'degraded');
    assert.deepEqual(data.failing.map((entry) => entry.name), ['interlinear']);
    assert.match(data.failing[0]?.detail ?? '', /503 dataset_unavailable/);
    await monitor.sample();
    assert.equal(seen.length, 1, 'an optional dataset that is simply not built is the steady state, not a new degradation');
  });

  it('does not fire from the checks a /status request runs', async () => {
    const { events, seen } = recordEvents();
    const broken = failingSearch(createMemoryDataSet());
    const monitor = createStatusMonitor({ getDataSet: () => broken, events });
    assert.equal((await monitor.check(broken)).status, 'degraded');
    assert.deepEqual(seen, []);
  });
});
