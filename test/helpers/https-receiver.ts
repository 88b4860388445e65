// A local HTTPS webhook receiver for delivery tests: a throwaway certificate authority and a server
// certificate for 127.0.0.1 / localhost, made with the `openssl` command, and a server on port 0 that
// records every request's headers and raw body bytes and answers with a status the test chooses.

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TestCertificates {
  /** PEM of the authority: what a client trusts. */
  readonly ca: string;
  readonly key: string;
  readonly cert: string;
}

export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  /** The raw body bytes as they arrived. */
  readonly body: Buffer;
}

export interface HttpsReceiver {
  /** `https://127.0.0.1:<port>` */
  readonly origin: string;
  readonly ca: string;
  readonly received: ReceivedRequest[];
  /** The status every later request is answered with (default 200); a function may decide per request. */
  respondWith(answer: number | ((request: ReceivedRequest) => { status: number; headers?: Record<string, string>; delayMs?: number })): void;
  /** Resolves once `count` requests have arrived in total; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

let certificates: Promise<TestCertificates | null> | undefined;

/** Whether the openssl command can run here. */
export async function hasOpenssl(): Promise<boolean> {
  try {
    await run('openssl', ['version']);
    return true;
  } catch {
    return false;
  }
}

/** A CA and a server certificate (127.0.0.1, ::1, localhost), made once per test process; null without openssl. */
export function getTestCertificates(): Promise<TestCertificates | null> {
  certificates ??= makeCertificates();
  return certificates;
}

async function makeCertificates(): Promise<TestCertificates | null> {
  if (!(await hasOpenssl())) return null;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'skg-tls-'));
  const file = (name: string) => path.join(dir, name);
  try {
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    await run('openssl', ['req', '-x509', ...ec, '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '2', '-subj', '/CN=skg test authority',
      '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
    await run('openssl', ['req', ...ec, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', '/CN=localhost']);
    await writeFile(
      file('server.ext'),
      'subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n',
    );
    await run('openssl', ['x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial',
      '-out', file('server.pem'), '-days', '2', '-extfile', file('server.ext')]);
    const [ca, key, cert] = await Promise.all(['ca.pem', 'server.key', 'server.pem'].map((name) => readFile(file(name), 'utf8')));
    return { ca: ca!, key: key!, cert: cert! };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function startHttpsReceiver(certs: TestCertificates): Promise<HttpsReceiver> {
  const received: ReceivedRequest[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let answer: Parameters<HttpsReceiver['respondWith']>[0] = 200;
  const server = https.createServer({ key: certs.key, cert: certs.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: ReceivedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(request);
      for (const waiter of waiters.splice(0)) {
        if (received.length >= waiter.count) waiter.resolve();
        else waiters.push(waiter);
      }
      const decided = typeof answer === 'number' ? { status: answer } : answer(request);
      const send = () => {
        res.writeHead(decided.status, decided.headers ?? {});
        res.end('ok');
      };
      if (decided.delayMs) setTimeout(send, decided.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    ca: certs.ca,
    received,
    respondWith(next) {
      answer = next;
    },
    waitFor(count, timeoutMs = 5000) {
      if (received.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the receiver got ${received.length} of ${count} requests within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
