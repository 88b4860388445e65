// `skg serve` as a child process (through tsx, as `npm run skg` runs it): start it, wait for its
// address in its output, send it signals, wait for its exit.

import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface CliServer {
  readonly child: ChildProcess;
  /** The API base, `http://127.0.0.1:<port>/api/v1`. */
  readonly url: string;
  output(): string;
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited(): Promise<number | string>;
}

/** Starts `skg serve <args>` and waits until `ready` appears in its output (its API base in group 1). */
export async function startCliServer(args: readonly string[], ready = /serving (?:.* )?at (http:\/\/\S+\/api\/v1)/, env: NodeJS.ProcessEnv = {}): Promise<CliServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/cli/src/main.ts', 'serve', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const started = performance.now();
  for (;;) {
    const match = ready.exec(output);
    if (match) return { child, url: match[1] as string, output: () => output, exited: () => exit };
    if (child.exitCode !== null || performance.now() - started > 60_000) {
      child.kill('SIGKILL');
      throw new Error(`skg serve did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

/** One GET on a new connection (so that node:cluster may give it to any worker). */
export function getFresh(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      })
      .on('error', reject);
  });
}

/** A TCP port nothing listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resolves once something accepts connections on `port` (a child process started listening). */
export async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`nothing listens on ${port}`);
}

export interface CliRun {
  readonly code: number | string;
  readonly output: string;
  readonly elapsedMs: number;
}

/** Runs `skg serve <args>` to its exit (killed after `timeoutMs`, which the result then shows). */
export function runCliServe(args: readonly string[], timeoutMs: number): Promise<CliRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/cli/src/main.ts', 'serve', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = performance.now();
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? signal ?? -1, output, elapsedMs: performance.now() - started });
    }),
  );
}
