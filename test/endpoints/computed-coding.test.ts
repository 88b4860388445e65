// Computed answers (no stored answer: non-default parameters, lists, search) in the coding the client
// takes: from COMPRESS_MIN_BYTES on, br or gzip, compressed once per cached answer; smaller ones as they are.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { COMPRESS_MIN_BYTES } from '../../packages/server/src/http/handlers/response-cache.ts';
import { countZlibCalls } from '../helpers/zlib-calls.ts';
import { ADAPTERS, fixtureAppThrough } from '../helpers/adapters.ts';

for (const adapter of ADAPTERS) {
  describe(`computed-coding through ${adapter}`, () => {
    const app = fixtureAppThrough(adapter);

    async function fetchRaw(path: string, headers: Record<string, string>): Promise<{ response: Response; bytes: Buffer }> {
      const response = await app.fetch(new Request(`http://localhost/api/v1${path}`, { headers }));
      return { response, bytes: Buffer.from(await response.arrayBuffer()) };
    }

    describe('computed answers and Accept-Encoding', () => {
      it('sends a large computed answer in br, gzip or as it is, by Accept-Encoding, under one ETag with Vary', async () => {
        const path = '/list?type=Person&limit=200';
        const plain = await fetchRaw(path, {});
        assert.ok(plain.bytes.length >= COMPRESS_MIN_BYTES, `${plain.bytes.length} bytes: large enough to compress`);
        assert.equal(plain.response.headers.get('content-encoding'), null);
        assert.equal(plain.response.headers.get('vary'), 'Accept-Encoding');
        const br = await fetchRaw(path, { 'accept-encoding': 'gzip, deflate, br' });
        assert.equal(br.response.headers.get('content-encoding'), 'br');
        assert.ok(brotliDecompressSync(br.bytes).equals(plain.bytes), 'br decodes to the body');
        assert.equal(br.response.headers.get('content-length'), String(br.bytes.length));
        const gzip = await fetchRaw(path, { 'accept-encoding': 'gzip, deflate' });
        assert.equal(gzip.response.headers.get('content-encoding'), 'gzip');
        assert.ok(gunzipSync(gzip.bytes).equals(plain.bytes), 'gzip decodes to the body');
        assert.equal(br.response.headers.get('etag'), plain.response.headers.get('etag'));
        assert.equal(gzip.response.headers.get('etag'), plain.response.headers.get('etag'));
        const notModified = await fetchRaw(path, { 'accept-encoding': 'br', 'if-none-match': plain.response.headers.get('etag') ?? '' });
        assert.equal(notModified.response.status, 304);
        assert.equal(notModified.response.headers.get('vary'), 'Accept-Encoding');
      });

      it('compresses a cached answer once per coding, not per request', async () => {
        const path = '/list?type=Person&limit=150';
        const calls = countZlibCalls();
        try {
          for (let i = 0; i < 3; i++) {
            assert.equal((await fetchRaw(path, { 'accept-encoding': 'br' })).response.headers.get('content-encoding'), 'br');
            assert.equal((await fetchRaw(path, { 'accept-encoding': 'gzip' })).response.headers.get('content-encoding'), 'gzip');
          }
        } finally {
          calls.restore();
        }
        assert.deepEqual(calls.counted, { brotliCompressSync: 1, gzipSync: 1 });
      });

      it('sends a small computed answer as it is, without Vary', async () => {
        const small = await fetchRaw('/list?type=Person&limit=1', { 'accept-encoding': 'br' });
        assert.ok(small.bytes.length < COMPRESS_MIN_BYTES, `${small.bytes.length} bytes`);
        assert.equal(small.response.headers.get('content-encoding'), null);
        assert.equal(small.response.headers.get('vary'), null);
      });
    });
  });
}
