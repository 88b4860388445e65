// The client as it is published: its package.json, what `npm pack` would put in the tarball, and the
// README's code compiled against the built package the way an application imports it.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PACKAGE = path.join(ROOT, 'packages/client');
const manifest = JSON.parse(readFileSync(path.join(PACKAGE, 'package.json'), 'utf8'));

/** The ```ts blocks of a markdown file, in order. */
function readCodeBlocks(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
}

/** Compiles `files` (name → code) as a strict ES module application in `dir`; answers the diagnostics as text. */
function typecheck(dir: string, files: Readonly<Record<string, string>>): string[] {
  const names = Object.entries(files).map(([name, code]) => {
    const file = path.join(dir, name);
    writeFileSync(file, code);
    return file;
  });
  const program = ts.createProgram(names, {
    strict: true,
    noUncheckedIndexedAccess: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
    noEmit: true,
    skipLibCheck: false,
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file ? `${path.relative(dir, diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}: ` : '';
    return where + ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  });
}

describe('@scripture-graph/client as published', () => {
  before(() => {
    execFileSync('npm', ['run', 'build', '-w', '@scripture-graph/client'], { cwd: ROOT, stdio: 'pipe' });
  });

  it('is a public scoped package with exports, types and a file list', () => {
    assert.match(manifest.name, /^@[a-z0-9-]+\/client$/);
    assert.notEqual(manifest.private, true, 'not private');
    assert.equal(manifest.publishConfig?.access, 'public', 'a scoped package is published public');
    assert.equal(manifest.type, 'module');
    assert.deepEqual(manifest.exports['.'], { types: './lib/index.d.ts', default: './lib/index.js' });
    assert.equal(manifest.types, './lib/index.d.ts');
    assert.ok(manifest.dependencies['openapi-fetch'], 'its one runtime dependency');
  });

  it('packs the compiled JavaScript, the declarations and the README, and no source or build state', () => {
    const [report] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: PACKAGE, encoding: 'utf8' }));
    const files: string[] = report.files.map((file: { path: string }) => file.path).sort();
    for (const needed of ['README.md', 'package.json', 'lib/index.js', 'lib/index.d.ts', 'lib/helpers.js', 'lib/api.d.ts']) {
      assert.ok(files.includes(needed), `the tarball holds ${needed}: ${files.join(', ')}`);
    }
    assert.deepEqual(files.filter((file) => file.startsWith('src/') || file.endsWith('.tsbuildinfo') || file.endsWith('.map')), []);
    assert.equal(report.name, manifest.name);
  });

  it("compiles the README's code blocks (and the project README's client example) against the built package, imported by its name", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'skg-client-readme-'));
    try {
      mkdirSync(path.join(dir, 'node_modules', ...manifest.name.split('/').slice(0, 1)), { recursive: true });
      symlinkSync(PACKAGE, path.join(dir, 'node_modules', manifest.name), 'dir');
      symlinkSync(path.join(ROOT, 'node_modules/openapi-fetch'), path.join(dir, 'node_modules/openapi-fetch'), 'dir');
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'reader-app', type: 'module', private: true }));
      const blocks = readCodeBlocks(path.join(PACKAGE, 'README.md'));
      assert.ok(blocks.length >= 3, 'the README shows code');
      const rootBlocks = readCodeBlocks(path.join(ROOT, 'README.md')).filter((code) => code.includes(`from '${manifest.name}'`));
      assert.ok(rootBlocks.length >= 1, "the project README's client example");
      blocks.push(...rootBlocks);
      // Each block is its own module (they declare the same names), as a reader pastes one.
      const files = Object.fromEntries(blocks.map((code, index) => [`block-${index + 1}.ts`, `${code}\nexport {};\n`]));
      assert.deepEqual(typecheck(dir, files), []);
      const wrong = typecheck(dir, { 'wrong.ts': "import { createScriptureGraphClient } from '@scripture-graph/client';\nconst client = createScriptureGraphClient({ baseUrl: 'x' });\nconst { data } = await client.passage('John.3');\nconsole.log(data.text);\nexport {};\n" });
      assert.deepEqual(wrong.map((message) => /Property 'text' does not exist/.test(message)), [true], `a chapter has no text: the check can fail (${wrong.join('; ')})`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
