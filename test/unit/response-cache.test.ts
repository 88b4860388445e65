import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type CachedResponse, codedBody, encodeBody } from '../../packages/server/src/http/handlers/response-cache.ts';

describe('the response cache', () => {
  it('keeps a compressed body in a buffer of its own size, not the compressor output chunk it came in', () => {
    const text = JSON.stringify({ verses: Array.from({ length: 40 }, (_, i) => ({ osis: `Rom.8.${i}`, text: `verse ${i} of a parallel answer` })) });
    const response: CachedResponse = { body: encodeBody(text), etag: '"x"' };
    for (const coding of ['br', 'gzip'] as const) {
      const body = codedBody(response, coding);
      assert.equal(body.buffer.byteLength, body.byteLength, `${coding}: the kept bytes are the whole of their buffer`);
      assert.ok(body.byteLength < response.body.byteLength / 2);
      const decoded = coding === 'br' ? brotliDecompressSync(body) : gunzipSync(body);
      assert.equal(decoded.toString(), text);
      assert.equal(codedBody(response, coding), body, `${coding}: compressed once, then kept`);
    }
  });
});
