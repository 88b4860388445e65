// Docs that run: every command in README.md and the package READMEs that talks to the server (a fenced
// shell line calling `localhost:3000`, a fenced TypeScript example connecting to it) is run, as written,
// against `skg serve` on the full data, on a free port: only `localhost:3000` is replaced by its address.
// A curl line runs with `-fsS` added, so an HTTP error or a malformed URL (curl error 3) fails it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type CliServer, startCliServer } from '../helpers/cli-server.ts';
import { FULL_DIST, skipWithoutFullData } from './full-data.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER = 'localhost:3000';
const run = promisify(execFile);

interface FencedBlock {
  readonly file: string;
  readonly lang: string;
  readonly text: string;
}

/** The fenced code blocks of README.md and packages/<name>/README.md. */
async function readFencedBlocks(): Promise<FencedBlock[]> {
  const files = ['README.md', ...(await readdir(path.join(ROOT, 'packages'))).map((name) => path.join('packages', name, 'README.md'))];
  const blocks: FencedBlock[] = [];
  for (const file of files) {
    const text = await readFile(path.join(ROOT, file), 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    for (const match of text.matchAll(/^( *)```(\w*)\n([\s\S]*?)^\1```$/gm)) {
      const indent = match[1]!.length;
      blocks.push({ file, lang: match[2]!, text: match[3]!.split('\n').map((line) => line.slice(indent)).join('\n') });
    }
  }
  return blocks;
}

/** The shell lines that talk to the server, their trailing `# comment` removed. */
function listServerCommands(blocks: readonly FencedBlock[]): Array<{ file: string; line: string }> {
  return blocks
    .filter((block) => ['sh', 'bash', 'shell', ''].includes(block.lang))
    .flatMap((block) => block.text.split('\n').map((line) => ({ file: block.file, line: line.replace(/\s+#\s.*$/, '').trim() })))
    .filter(({ line }) => line.includes(SERVER));
}

const skip = skipWithoutFullData();
const blocks = await readFencedBlocks();

describe('the READMEs’ commands against a running server', { skip }, () => {
  let server: CliServer;
  let address: string;
  before(async () => {
    server = await startCliServer(['--dist', FULL_DIST, '--port', '0', '--host', '127.0.0.1', '--workers', '1', '--store', 'memory', '--no-access-log', '--no-watch']);
    address = new URL(server.url).host;
  });
  after(async () => {
    server.child.kill('SIGTERM');
    await server.exited();
  });

  it('runs every shell line that calls the server, each answered 2xx with JSON', async () => {
    const commands = listServerCommands(blocks);
    assert.ok(commands.length >= 2, `found only ${commands.length} commands calling ${SERVER}: the extraction is wrong`);
    for (const { file, line } of commands) {
      assert.match(line, /^curl /, `${file}: a command calling the server that this test cannot run: ${line}`);
      const command = line.replace(/^curl /, 'curl -fsS ').replaceAll(SERVER, address);
      const { stdout } = await run('sh', ['-c', command], { timeout: 30_000 }).catch((error: { code: number; stderr: string }) => {
        throw new Error(`${file}: \`${line}\` failed (exit ${error.code}): ${error.stderr}`);
      });
      assert.doesNotThrow(() => JSON.parse(stdout), `${file}: \`${line}\` did not answer JSON: ${stdout.slice(0, 200)}`);
    }
  });

  it('runs every TypeScript example that connects to the server, to its end without an error', { timeout: 120_000 }, async () => {
    const examples = blocks.filter((block) => block.lang === 'ts' && block.text.includes(SERVER));
    assert.ok(examples.length >= 1, `found no TypeScript example calling ${SERVER}`);
    // Inside the checkout, so the example's imports resolve as they would in a project depending on the packages.
    await mkdir(path.join(ROOT, '.scratch'), { recursive: true });
    const dir = await mkdtemp(path.join(ROOT, '.scratch', 'readme-example-'));
    try {
      for (const [index, example] of examples.entries()) {
        const file = path.join(dir, `example-${index}.mts`);
        await writeFile(file, `${example.text.replaceAll(SERVER, address)}\nexport {};\n`);
        await run(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, timeout: 60_000 }).catch((error: { code: number; stderr: string }) => {
          throw new Error(`${example.file}: the example beginning \`${example.text.split('\n')[0]}\` failed (exit ${error.code}): ${error.stderr}`);
        });
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
