// The Node listener's write: a body queued behind bytes a slow reader has not taken is copied, so the
// connection holds its own bytes and not the shared slab a stored body is carved from.

import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { describe, it } from 'node:test';
import { ownBytesIfQueued } from '../../packages/server/src/http/node/listener.ts';

function responseWithQueued(bytes: number): ServerResponse {
  return { socket: { writableLength: bytes } } as unknown as ServerResponse;
}

describe('ownBytesIfQueued', () => {
  const slab = Buffer.allocUnsafeSlow(16).fill('0123456789abcdef');
  const body = slab.subarray(4, 10);

  it('writes the body itself when nothing is queued on the connection', () => {
    assert.equal(ownBytesIfQueued(responseWithQueued(0), body), body);
  });

  it('copies a body that would wait behind queued bytes, into a buffer of its own', () => {
    const written = ownBytesIfQueued(responseWithQueued(65_536), body) as Buffer;
    assert.notEqual(written, body);
    assert.ok(written.equals(body));
    assert.notEqual(written.buffer, slab.buffer, 'not a view of the slab');
  });

  it('leaves a string as it is', () => {
    assert.equal(ownBytesIfQueued(responseWithQueued(10), '{"a":1}'), '{"a":1}');
  });
});
