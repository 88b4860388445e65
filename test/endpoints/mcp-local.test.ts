// `skg mcp` as a local assistant starts it: the README's configurations (Claude Desktop, VS Code) and an
// `npm link`ed `skg`, each started from a temporary working directory by the MCP SDK client. They run the
// compiled CLI (`npm run build`); without it the process tests skip, except under CI (which builds first).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { findCheckout, findDefaultDist } from '../../packages/cli/src/commands/mcp.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const README_ROOT = '/path/to/scripture-graph';

function skipWithoutCompiledCli(): string | false {
  if (existsSync(path.join(ROOT, 'packages/cli/lib/bundle/main.js'))) return false;
  if (process.env.CI) throw new Error('CI: the compiled CLI is missing; .ci/run runs `npm run build` first');
  return 'the compiled CLI is missing (run `npm run build`)';
}

interface ServerConfig {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd?: string;
  readonly type?: string;
}

/** The MCP server entries of the README's JSON blocks: Claude Desktop's `mcpServers` and VS Code's `servers`. */
function readReadmeConfigurations(): Array<{ name: string; server: ServerConfig }> {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/^( *)```json\n([\s\S]*?)^\1```$/gm)].map((match) => JSON.parse(match[2] ?? ''));
  return blocks.flatMap((block) =>
    Object.entries({ ...block.mcpServers, ...block.servers } as Record<string, ServerConfig>).map(([, server]) => ({
      name: block.mcpServers ? 'Claude Desktop (mcpServers)' : 'VS Code (servers)',
      server,
    })),
  );
}

/** Connects the SDK client to `command args` started in `cwd`; answers the client and what it wrote on stderr. */
async function connect(command: string, args: readonly string[], cwd: string): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command, args: [...args], cwd, stderr: 'pipe', env: { PATH: process.env.PATH ?? '' } });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'skg-local-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

/** Lists the tools and draws a random verse through `client`, then closes it. */
async function assertServesTools(client: Client, label: string): Promise<void> {
  try {
    const { tools } = await client.listTools();
    assert.ok(tools.some((tool) => tool.name === 'get_passage') && tools.some((tool) => tool.name === 'random_verse'), `${label}: the tools`);
    const verse = (await client.callTool({ name: 'random_verse', arguments: { book: 'John' } })) as CallToolResult;
    assert.equal((verse.structuredContent as { book?: { id?: string } }).book?.id, 'John', label);
  } finally {
    await client.close();
  }
}

describe('skg mcp for a local assistant', () => {
  let distDir: string;
  let cwd: string;

  before(async () => {
    distDir = (await getFixtureDataSet()).dir;
    cwd = mkdtempSync(path.join(os.tmpdir(), 'skg-assistant-cwd-'));
  });

  after(() => rmSync(cwd, { recursive: true, force: true }));

  it('shows configurations that need no cwd and no registry lookup', () => {
    const configurations = readReadmeConfigurations();
    assert.deepEqual(configurations.map((entry) => entry.name).sort(), ['Claude Desktop (mcpServers)', 'VS Code (servers)']);
    for (const { name, server } of configurations) {
      assert.equal(server.cwd, undefined, `${name}: no cwd`);
      assert.equal(server.command, 'node', `${name}: node runs the checkout's CLI, not npx`);
      assert.ok(server.args[0]?.startsWith(`${README_ROOT}/`), `${name}: the CLI by absolute path`);
      const dist = server.args[server.args.indexOf('--dist') + 1];
      assert.ok(dist?.startsWith('/'), `${name}: --dist by absolute path`);
    }
  });

  it("starts each of the README's configurations from another directory and lists the tools", { skip: skipWithoutCompiledCli() }, async () => {
    for (const { name, server } of readReadmeConfigurations()) {
      const args = server.args.map((arg) => (arg === `${README_ROOT}/dist` ? distDir : arg.replace(README_ROOT, ROOT.replace(/\/$/, ''))));
      const { client, stderr } = await connect(process.execPath, [...args, '--no-watch'], cwd);
      await assertServesTools(client, name);
      assert.match(stderr(), /MCP server on stdio/, `${name}: logs on stderr`);
    }
  });

  it('runs as `skg mcp` through a bin that `npm link -w @skg/cli` installs, without the registry', { skip: skipWithoutCompiledCli() }, async () => {
    const prefix = path.join(cwd, 'npm-prefix');
    mkdirSync(prefix);
    execFileSync('npm', ['link', '-w', '@skg/cli', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: ROOT,
      env: { ...process.env, npm_config_prefix: prefix },
      stdio: 'pipe',
    });
    const bin = path.join(prefix, 'bin', 'skg');
    assert.ok(existsSync(bin), 'npm link put skg in the prefix');
    const { client } = await connect(bin, ['mcp', '--dist', distDir, '--no-watch'], cwd);
    await assertServesTools(client, 'the linked skg');
  });

  it('finds dist/ without --dist: the working directory when built, else the checkout of the CLI', () => {
    const checkout = findCheckout();
    assert.equal(checkout && path.resolve(checkout), path.resolve(ROOT), 'the checkout, found from the CLI source');
    const here = path.join(cwd, 'here');
    const elsewhere = path.join(cwd, 'elsewhere');
    mkdirSync(path.join(here, 'dist'), { recursive: true });
    mkdirSync(path.join(elsewhere, 'dist'), { recursive: true });
    writeFileSync(path.join(elsewhere, 'dist/manifest.json'), '{}');
    assert.equal(findDefaultDist(here, elsewhere), path.join(elsewhere, 'dist'), 'an unbuilt ./dist is passed over');
    writeFileSync(path.join(here, 'dist/manifest.json'), '{}');
    assert.equal(findDefaultDist(here, elsewhere), path.join(here, 'dist'), 'a built ./dist comes first');
    assert.throws(() => findDefaultDist(cwd, undefined), /pass --dist/);
  });
});
