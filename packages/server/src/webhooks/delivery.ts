// One delivery attempt: an HTTPS POST of the signed JSON payload to the subscription url.
//
// - Certificates are checked against the platform's trusted store (`NODE_EXTRA_CA_CERTS` adds to it);
//   `ca` replaces it (tests pass the authority of their receiver).
// - The connection resolves its host through the guarded lookup and checks the peer it connected to
//   (guarded-lookup.ts), unless private targets are allowed (local testing).
// - Redirects are not followed: a 3xx answer is a failed attempt. Only 2xx succeeds.
// - One deadline covers connecting, the answer and its body; the body is read and thrown away.
// - A fresh connection per attempt (`agent: false`, `Connection: close`): nothing pooled is reused
//   past the address check.

import https from 'node:https';
import type { Socket } from 'node:net';
import { assertPublicSocket, createGuardedLookup } from './guarded-lookup.ts';
import { SIGNATURE_HEADER } from './signature.ts';

export interface DeliveryOptions {
  /** Deadline of one attempt, connection to the end of the answer; default 10,000 ms. */
  readonly timeoutMs: number;
  /** Let deliveries reach private and loopback addresses (local testing only). */
  readonly allowPrivate: boolean;
  /** Trusted authorities instead of the platform's store (tests). */
  readonly ca?: string | Buffer | ReadonlyArray<string | Buffer>;
  readonly userAgent: string;
}

export interface SignedRequest {
  readonly url: string;
  /** The exact bytes that were signed. */
  readonly body: string;
  readonly signature: string;
  readonly event: string;
  readonly deliveryId: string;
}

export interface AttemptOutcome {
  readonly ok: boolean;
  /** Null when no answer came. */
  readonly status: number | null;
  readonly error?: string;
  readonly durationMs: number;
}

const guardedLookup = createGuardedLookup();

export function sendAttempt(request: SignedRequest, options: DeliveryOptions): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, durationMs: elapsed() });
    };
    let req: ReturnType<typeof https.request>;
    try {
      req = https.request(request.url, {
        method: 'POST',
        agent: false,
        ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
        ...(options.ca !== undefined ? { ca: options.ca as string | Buffer | Array<string | Buffer> } : {}),
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(request.body)),
          'user-agent': options.userAgent,
          connection: 'close',
          [SIGNATURE_HEADER.toLowerCase()]: request.signature,
          'x-service-event': request.event,
          'x-service-delivery': request.deliveryId,
        },
      });
    } catch (error) {
      finish({ ok: false, status: null, error: describeError(error) });
      return;
    }
    const timer = setTimeout(() => {
      req.destroy(new Error(`no complete answer within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    if (!options.allowPrivate) req.on('socket', (socket: Socket) => assertPublicSocket(socket));
    req.on('error', (error) => {
      clearTimeout(timer);
      finish({ ok: false, status: null, error: describeError(error) });
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      res.resume();
      res.on('error', () => undefined);
      res.on('end', () => {
        clearTimeout(timer);
        if (status >= 200 && status < 300) finish({ ok: true, status });
        else if (status >= 300 && status < 400) {
          const location = res.headers.location;
          finish({ ok: false, status, error: `redirect not followed${location ? ` (to ${location})` : ''}` });
        } else finish({ ok: false, status, error: `answered ${status}` });
      });
    });
    req.end(request.body);
  });
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
}
