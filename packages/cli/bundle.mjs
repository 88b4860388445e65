// `npm run build`, second step (after tsc): the CLI and what `skg serve` loads (core, server) bundled
// with esbuild into packages/cli/lib/bundle/, one file per entry and shared chunks, which
// packages/cli/bin/skg.mjs runs. npm dependencies stay external (installed by `npm ci --omit=dev`), and
// so do @skg/ingest and @skg/compiler (only `skg fetch/ingest/build/start` load them; they run from
// their own lib/, which read files beside themselves).
//
// `node packages/cli/bundle.mjs --if-stale` (what `npm start` runs first) bundles only when the bundle is
// missing or older than a source file of the packages it holds (or this script, the lock file, tsconfig.json), so a fresh clone needs no `npm run build`
// before `npm start`: the bundle alone serves, and `skg start` runs the ingest and the build from the
// TypeScript source (tsx) in child processes.
//
// Why: start-up on plain node was a third module loading (resolving, reading and linking some 150
// files of lib/); the bundle loads a handful (tools/bench-start.ts measures it).

import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));
/**
 * Plain JavaScript dependencies on the start-up path, bundled too (each was a module tree to load:
 * typebox alone was 374 files, 90 ms of the 421 ms to the first answer).
 */
const BUNDLED = new Set(['commander', 'h3', 'rou3', 'srvx', 'ipaddr.js', 'flexsearch', 'typebox', 'unstorage', 'bible-passage-reference-parser']);
const external = new Set(['@skg/ingest', '@skg/compiler']);
for (const name of ['core', 'server', 'cli', 'ingest', 'compiler']) {
  const pkg = JSON.parse(readFileSync(`${root}packages/${name}/package.json`, 'utf8'));
  for (const dependency of Object.keys(pkg.dependencies ?? {})) if (!dependency.startsWith('@skg/') && !BUNDLED.has(dependency)) external.add(dependency);
}

/** The newest modification time of the files under `dir`, in ms (0 when it does not exist). */
function newestIn(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(`${entry.parentPath ?? entry.path}/${entry.name}`).mtimeMs);
  }
  return newest;
}

if (process.argv.includes('--if-stale')) {
  const bundled = statSync(`${root}packages/cli/lib/bundle/main.js`, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = Math.max(...['core', 'server', 'cli'].map((name) => newestIn(`${root}packages/${name}/src`)), ...['package-lock.json', 'tsconfig.json', 'packages/cli/bundle.mjs'].map((file) => statSync(`${root}${file}`).mtimeMs));
  if (bundled > sources) process.exit(0);
  console.log('skg: bundling the CLI and the server (packages/cli/lib/bundle) from the TypeScript source…');
}

rmSync(`${root}packages/cli/lib/bundle`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  // The render worker (packages/server/src/render/render-pool.ts starts ./render-worker.js beside itself).
  entryPoints: { main: 'packages/cli/src/main.ts', 'render-worker': 'packages/server/src/render/render-worker.ts' },
  outdir: 'packages/cli/lib/bundle',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  external: [...external].flatMap((name) => [name, `${name}/*`]),
  // `@skg/compiler/diagnostics` (no imports; `skg inspect` loads it at start) is bundled from its source:
  // the bundle runs without packages/*/lib, so `npm start` in a fresh clone needs no `npm run build`.
  plugins: [
    {
      name: 'bundle-compiler-diagnostics',
      setup(plugin) {
        plugin.onResolve({ filter: /^@skg\/compiler\/diagnostics$/ }, () => ({ path: `${root}packages/compiler/src/diagnostics.ts` }));
      },
    },
  ],
  // The CommonJS dependencies bundled (commander, ipaddr.js) require Node's built-ins.
  banner: { js: "import { createRequire as __skgCreateRequire } from 'node:module'; const require = __skgCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
