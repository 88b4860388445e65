import { readSourcesManifest, translationsCollection } from './packages/ingest/src/index.ts';
const manifest = await readSourcesManifest();
const c0 = process.cpuUsage(); const t0 = performance.now();
const r = await translationsCollection.build({ sourcesDir: '../shared/upstream', manifest, generated: { by: 'x', at: 'y' }, xrefMinVotes: 20, readText: async () => '' });
console.log("build wall", Math.round(performance.now() - t0), "ms cpu", Math.round((process.cpuUsage(c0).user + process.cpuUsage(c0).system) / 1000), "ms", r.files.length);
