// One delivery attempt: an HTTPS POST of the signed JSON payload to the subscription url.
//
// - Certificates are checked against the platform's trusted store (`NODE_EXTRA_CA_CERTS` adds to it);
//   `ca` replaces it (tests pass the authority of their receiver).
// - The connection resolves its host through the guarded lookup and checks the peer it connected to
//   (guarded-lookup.ts), unless private targets are allowed (local testing).
// - Redirects are not followed: a 3xx answer is a failed attempt. Only 2xx succeeds.
// - One deadline covers connecting, the answer and its body; the body is thrown away, and at most
//   MAX_ANSWER_BODY_BYTES of it are read: past them the connection is closed and the status decides
//   (a 1 GiB answer cost 2.8 s of CPU per attempt when it was read to the end).
// - A fresh connection per attempt (`agent: false`, `Connection: close`): nothing pooled is reused
//   past the address check.
// - A failure is reported coarsely (`error`: "connection refused", "TLS error: …", "HTTP 500", "the
//   host reaches a non-public address"): it is shown to whoever holds the subscription's secret, and
//   must not tell them what this server's network looks like. The full cause, addresses included, is
//   in `detail`, for the server's debug log only.

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
  /** Why it failed, coarsely: what the subscription's owner is shown. */
  readonly error?: string;
  /** Why it failed, in full (addresses, messages): for the server's debug log, never an answer. */
  readonly detail?: string;
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
      finish({ ok: false, status: null, ...describeFailure(error) });
      return;
    }
    const timer = setTimeout(() => {
      req.destroy(Object.assign(new Error(`timed out: no complete answer within ${options.timeoutMs} ms`), { code: DEADLINE }));
    }, options.timeoutMs);
    if (!options.allowPrivate) req.on('socket', (socket: Socket) => assertPublicSocket(socket));
    req.on('error', (error) => {
      clearTimeout(timer);
      finish({ ok: false, status: null, ...describeFailure(error) });
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const answered = () => {
        clearTimeout(timer);
        if (status >= 200 && status < 300) finish({ ok: true, status });
        else if (status >= 300 && status < 400) {
          const location = res.headers.location;
          finish({ ok: false, status, error: `HTTP ${status}: redirect not followed`, detail: `answered ${status}${location ? `, to ${location}` : ''}` });
        } else finish({ ok: false, status, error: `HTTP ${status}` });
      };
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read <= MAX_ANSWER_BODY_BYTES) return;
        answered();
        req.destroy();
      });
      res.on('error', () => undefined);
      res.on('end', answered);
    });
    req.end(request.body);
  });
}

const DEADLINE = 'ERR_WEBHOOK_DEADLINE';
/** The most of a receiver's answer body an attempt reads before it closes the connection. */
export const MAX_ANSWER_BODY_BYTES = 4 * 1024;

const NETWORK_ERRORS: ReadonlyMap<string, string> = new Map(Object.entries({
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  ENOTFOUND: 'the host does not resolve',
  EAI_AGAIN: 'the host could not be resolved',
  EAI_NONAME: 'the host does not resolve',
  ENODATA: 'the host does not resolve',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ERR_WEBHOOK_NON_PUBLIC_ADDRESS: 'the host reaches a non-public address',
}));

/** The owner's view of a failed attempt (coarse) and the server's (everything). */
export function describeFailure(error: unknown): { readonly error: string; readonly detail: string } {
  if (!(error instanceof Error)) return { error: 'delivery failed', detail: String(error) };
  const code = (error as NodeJS.ErrnoException).code;
  const detail = code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  if (code === DEADLINE) return { error: error.message, detail };
  const known = code === undefined ? undefined : NETWORK_ERRORS.get(code);
  if (known !== undefined) return { error: known, detail };
  // Codes are fixed tokens: safe to show. Messages are not (they can name addresses).
  const token = code !== undefined && /^[A-Z][A-Z0-9_]{1,60}$/.test(code) ? code : undefined;
  if (token !== undefined && /ALTNAME|HOSTNAME_MISMATCH/.test(token)) return { error: `TLS error: the certificate does not name the host (${token})`, detail };
  if (token !== undefined && /CERT|^UNABLE_TO_|^DEPTH_ZERO/.test(token)) return { error: `TLS error: the certificate was not accepted (${token})`, detail };
  if (token !== undefined && /^ERR_(TLS|SSL)_|^ERR_OSSL|^EPROTO$/.test(token)) return { error: `TLS error (${token})`, detail };
  return { error: token !== undefined ? `delivery failed (${token})` : 'delivery failed', detail };
}
