import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_OPTIONS, type ConfigKey } from '../../packages/cli/src/config.ts';
import { formatAssistantToolList, readToolList } from '../../tools/generate-readme-tools.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** The rows of the README's Configuration table, cells trimmed (the header and rule rows left out). */
function configurationRows(): string[][] {
  const section = README.slice(README.indexOf('## Configuration'), README.indexOf('\n## ', README.indexOf('## Configuration') + 1));
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

/** The row CONFIG_OPTIONS says the README should hold for an option. */
function expectedRow(key: ConfigKey): string[] {
  const spec = CONFIG_OPTIONS[key];
  const shownDefault = 'shownDefault' in spec && spec.shownDefault !== undefined ? spec.shownDefault : `\`${spec.default}\``;
  return [spec.description, `\`${spec.flag.replace(/\|/g, '\\|')}\``, `\`${spec.env}\``, shownDefault];
}

describe('README.md', () => {
  it('lists every option in its Configuration table exactly as CONFIG_OPTIONS declares it, and no other', () => {
    const rows = configurationRows();
    const keys = Object.keys(CONFIG_OPTIONS) as ConfigKey[];
    for (const key of keys) {
      const expected = expectedRow(key);
      const row = rows.find((cells) => cells[1] === expected[1]);
      assert.ok(row, `the Configuration table has no row for ${expected[1]}`);
      assert.deepEqual(row, expected, `the README row of ${expected[1]} differs from CONFIG_OPTIONS.${key}`);
    }
    assert.equal(rows.length, keys.length, `the table has rows for options that do not exist: ${rows.map((r) => r[1]).join(', ')}`);
  });

  it('cites only files and directories that exist', () => {
    const cited = new Set<string>();
    // Repository paths anywhere (prose, tables, code blocks), and bare document names in backticks.
    for (const match of README.matchAll(/(?:\.\.\/shared\/|\.ci\/|packages\/|test\/|tools\/|docs\/|deploy\/)[\w.\/-]*[\w\/]/g)) cited.add(match[0]);
    for (const match of README.matchAll(/`([\w.-]+\.md)`/g)) if (match[1]) cited.add(match[1]);
    const missing = [...cited].filter((file) => {
      if (file.startsWith('../shared/') && !existsSync(path.join(ROOT, '../shared'))) return false;
      // What `npm run build` writes (packages/*/lib) is there only after a build.
      if (/^packages\/[\w-]+\/lib\//.test(file)) return false;
      const candidates = file.includes('/') ? [file] : [file, path.join('docs', file), path.join('packages/ingest', file)];
      return !candidates.some((candidate) => existsSync(path.join(ROOT, candidate)));
    });
    assert.ok(cited.size > 10, `found only ${cited.size} cited paths: the pattern is wrong`);
    assert.deepEqual(missing, [], 'paths the README cites that do not exist');
  });

  it('lists the assistant tools the server offers, as `npm run generate:readme` writes them from the routes', () => {
    const listed = readToolList(README);
    assert.ok(listed !== undefined, 'the README has no generated block of assistant tools');
    assert.equal(listed, formatAssistantToolList(), 'the README lists other assistant tools than the routes: run `npm run generate:readme`');
  });
});
