// Checks every stored answer of a data set against the one its route computes: what the response
// artefact promises (byte-equal bodies and ETags), for the fixture and the full-data tests.

import assert from 'node:assert/strict';
import { brotliDecompressSync } from 'node:zlib';
import type { DataSet } from '../../packages/server/src/artefacts/types.ts';
import { listRenderTargets, type RenderKind, type RenderTarget } from '../../packages/server/src/render/targets.ts';
import { createTestApp, get } from './app.ts';

/** The same data set without its stored answers: every answer computed by the routes. */
export function withoutStoredResponses(dataSet: DataSet): DataSet {
  const { responses: _stored, ...computed } = dataSet;
  return Object.freeze(computed);
}

/** The render targets, `every`-th of each kind (1: all), plus the first and last of each. */
export function sampleTargets(dataSet: DataSet, every: number): Array<RenderTarget & { kind: RenderKind }> {
  const byKind = new Map<RenderKind, Array<RenderTarget & { kind: RenderKind }>>();
  for (const target of listRenderTargets(dataSet)) {
    const list = byKind.get(target.kind) ?? [];
    list.push(target);
    byKind.set(target.kind, list);
  }
  return [...byKind.values()].flatMap((list) => list.filter((_, i) => i % every === 0 || i === list.length - 1));
}

/**
 * For each target: the stored answer to a client without Accept-Encoding is the computed answer byte
 * for byte, with the same ETag and Cache-Control; to a client accepting br it is those bytes compressed.
 * Returns how many targets had a stored answer.
 */
export async function assertStoredEqualsComputed(dataSet: DataSet, targets: readonly RenderTarget[]): Promise<number> {
  assert.ok(dataSet.responses, 'the data set has stored answers');
  const unlimited = { rateLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 } };
  const stored = createTestApp(dataSet, unlimited);
  const computed = createTestApp(withoutStoredResponses(dataSet), unlimited);
  let answered = 0;
  for (const target of targets) {
    const expected = await get(computed, target.path);
    const identity = await get(stored, target.path);
    assert.equal(identity.status, expected.status, target.path);
    if (expected.status !== 200) continue;
    assert.equal(identity.text, expected.text, `${target.path}: body`);
    assert.equal(identity.headers.get('etag'), expected.headers.get('etag'), `${target.path}: etag`);
    assert.equal(identity.headers.get('cache-control'), expected.headers.get('cache-control'), `${target.path}: cache-control`);
    assert.equal(identity.headers.get('content-length'), expected.headers.get('content-length'), `${target.path}: content-length`);
    const brotli = await stored.fetch(new Request(`http://localhost/api/v1${target.path}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } }));
    assert.equal(brotli.headers.get('content-encoding'), 'br', `${target.path}: stored answer`);
    assert.equal(brotli.headers.get('vary'), 'Accept-Encoding', target.path);
    assert.equal(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString('utf8'), expected.text, `${target.path}: br body`);
    answered++;
  }
  return answered;
}
