import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import https from 'node:https';
import { describeFailure, sendAttempt, type DeliveryOptions, type SignedRequest } from '../../packages/server/src/webhooks/delivery.ts';
import { signBody } from '../../packages/server/src/webhooks/signature.ts';
import { getTestCertificates, type HttpsReceiver, startHttpsReceiver, type TestCertificates } from '../helpers/https-receiver.ts';

const certs = await getTestCertificates();

function signed(url: string, secret = 'whsec_unit'): SignedRequest {
  const body = JSON.stringify({ id: 'evt_1', event: 'data.updated', time: '2026-01-01T00:00:00.000Z', test: true, subscription: 'wh_1', data: { ü: 1 } });
  return { url, body, signature: signBody(secret, body), event: 'data.updated', deliveryId: 'evt_1' };
}

describe('a delivery attempt over HTTPS', { skip: certs ? false : 'the openssl command is not available to make a test certificate' }, () => {
  let receiver: HttpsReceiver;
  const options = (overrides: Partial<DeliveryOptions> = {}): DeliveryOptions => ({
    timeoutMs: 2000,
    allowPrivate: true,
    ca: receiver.ca,
    userAgent: 'skg-test',
    ...overrides,
  });

  before(async () => {
    receiver = await startHttpsReceiver(certs as TestCertificates);
  });
  after(() => receiver.close());

  it('posts the signed body, which verifies with an independent HMAC of the raw bytes', async () => {
    receiver.respondWith(200);
    const outcome = await sendAttempt(signed(`${receiver.origin}/hook?x=1`), options());
    assert.deepEqual({ ok: outcome.ok, status: outcome.status }, { ok: true, status: 200 });
    const got = receiver.received.at(-1)!;
    assert.equal(got.method, 'POST');
    assert.equal(got.url, '/hook?x=1');
    assert.equal(got.headers['content-type'], 'application/json');
    assert.equal(got.headers['x-service-event'], 'data.updated');
    assert.equal(got.headers['x-service-delivery'], 'evt_1');
    const expected = `sha256=${createHmac('sha256', 'whsec_unit').update(got.body).digest('hex')}`;
    assert.equal(got.headers['x-service-signature'], expected);
  });

  it('reads at most a few KiB of an endless answer, then closes: the status decides, well within the deadline', async () => {
    const { key, cert } = certs as TestCertificates;
    let written = 0;
    let closed!: () => void;
    const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
    const endless = https.createServer({ key, cert }, (req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 120);
      const pump = () => {
        while (!res.destroyed && written < 1024 ** 3 && res.write(chunk)) written += chunk.length;
      };
      res.on('drain', pump);
      res.on('close', () => closed());
      pump();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    try {
      const started = performance.now();
      const outcome = await sendAttempt(signed(`https://localhost:${(endless.address() as { port: number }).port}/hook`), options({ timeoutMs: 10_000 }));
      assert.deepEqual({ ok: outcome.ok, status: outcome.status }, { ok: true, status: 200 });
      assert.ok(performance.now() - started < 2_000, `answered after ${Math.round(performance.now() - started)} ms`);
      await connectionClosed;
      // What the sender could push before the close: its socket buffers and the receiver's, never the gigabyte.
      assert.ok(written < 16 * 1024 ** 2, `${written} bytes written before the connection was closed`);
    } finally {
      endless.closeAllConnections();
      endless.close();
    }
  });

  it('does not follow a redirect: a 3xx is a failed attempt, and the new location is not asked', async () => {
    const before = receiver.received.length;
    receiver.respondWith(() => ({ status: 302, headers: { location: `${receiver.origin}/elsewhere` } }));
    const outcome = await sendAttempt(signed(`${receiver.origin}/hook`), options());
    assert.equal(outcome.ok, false);
    assert.equal(outcome.status, 302);
    assert.equal(outcome.error, 'HTTP 302: redirect not followed');
    assert.match(outcome.detail ?? '', /to https:\/\/127\.0\.0\.1:\d+\/elsewhere/, 'where it pointed is for the debug log');
    assert.equal(receiver.received.length, before + 1);
  });

  it('fails an answer other than 2xx, and one that takes longer than the deadline', async () => {
    receiver.respondWith(503);
    const unavailable = await sendAttempt(signed(`${receiver.origin}/`), options());
    assert.deepEqual({ status: unavailable.status, error: unavailable.error }, { status: 503, error: 'HTTP 503' });
    receiver.respondWith(() => ({ status: 200, delayMs: 1000 }));
    const slow = await sendAttempt(signed(`${receiver.origin}/`), options({ timeoutMs: 200 }));
    assert.equal(slow.ok, false);
    assert.equal(slow.status, null);
    assert.equal(slow.error, 'timed out: no complete answer within 200 ms');
  });

  it('checks the certificate against the trusted authorities: not trusted, not delivered', async () => {
    receiver.respondWith(200);
    const before = receiver.received.length;
    const outcome = await sendAttempt(signed(`${receiver.origin}/`), options({ ca: undefined }));
    assert.equal(outcome.ok, false);
    assert.match(outcome.error ?? '', /^TLS error: the certificate was not accepted \([A-Z_]+\)$/);
    assert.equal(receiver.received.length, before);
  });

  it('refuses to connect to a private address when private targets are not allowed, by name or by literal', async () => {
    receiver.respondWith(200);
    const before = receiver.received.length;
    const port = new URL(receiver.origin).port;
    const byName = await sendAttempt(signed(`https://localhost:${port}/`), options({ allowPrivate: false }));
    assert.equal(byName.ok, false);
    assert.equal(byName.error, 'the host reaches a non-public address', 'what the owner sees names no address');
    assert.match(byName.detail ?? '', /localhost resolves to .*loopback/);
    const byLiteral = await sendAttempt(signed(`${receiver.origin}/`), options({ allowPrivate: false }));
    assert.equal(byLiteral.ok, false);
    assert.equal(byLiteral.error, 'the host reaches a non-public address');
    assert.match(byLiteral.detail ?? '', /connected to 127\.0\.0\.1, a loopback address/);
    assert.equal(receiver.received.length, before, 'the receiver saw neither');
  });

  it('reports a refused connection coarsely, the address only in the detail', async () => {
    const outcome = await sendAttempt(signed('https://127.0.0.1:1/'), options());
    assert.equal(outcome.ok, false);
    assert.equal(outcome.error, 'connection refused');
    assert.match(outcome.detail ?? '', /ECONNREFUSED 127\.0\.0\.1:1/);
  });
});

describe('describeFailure: what the subscription owner is told', () => {
  it('says what kind of failure it was, never an address or a message of the network stack', () => {
    const error = (code: string, message: string) => Object.assign(new Error(message), { code });
    const table: Array<[Error, string]> = [
      [error('ECONNREFUSED', 'connect ECONNREFUSED 10.1.2.3:443'), 'connection refused'],
      [error('ECONNRESET', 'read ECONNRESET'), 'connection reset'],
      [error('ENOTFOUND', 'getaddrinfo ENOTFOUND hooks.internal.corp'), 'the host does not resolve'],
      [error('EHOSTUNREACH', 'connect EHOSTUNREACH 10.9.9.9:443'), 'host unreachable'],
      [error('ERR_WEBHOOK_NON_PUBLIC_ADDRESS', 'x.example resolves to 10.0.0.7, a private address'), 'the host reaches a non-public address'],
      [error('ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames: IP: 10.0.0.7 is not in the cert's list"), 'TLS error: the certificate does not name the host (ERR_TLS_CERT_ALTNAME_INVALID)'],
      [error('CERT_HAS_EXPIRED', 'certificate has expired'), 'TLS error: the certificate was not accepted (CERT_HAS_EXPIRED)'],
      [error('ERR_SSL_WRONG_VERSION_NUMBER', 'wrong version number at 10.0.0.7'), 'TLS error (ERR_SSL_WRONG_VERSION_NUMBER)'],
      [error('weird code 10.0.0.7', 'boom at 10.0.0.7'), 'delivery failed'],
      [new Error('something at 10.0.0.7'), 'delivery failed'],
    ];
    for (const [cause, expected] of table) {
      const described = describeFailure(cause);
      assert.equal(described.error, expected, cause.message);
      assert.ok(described.detail.includes(cause.message), 'the detail keeps everything, for the debug log');
    }
  });
});
