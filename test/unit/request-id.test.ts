import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { randomRequestId, resolveRequestId } from '../../packages/server/src/http/steps/request-id.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request id', () => {
  it('makes version-4 UUIDs, each one new, past a refill of its random bytes', () => {
    const ids = Array.from({ length: 1000 }, () => randomRequestId());
    for (const id of ids) assert.match(id, UUID_V4);
    assert.equal(new Set(ids).size, ids.length);
  });

  it('uses every hex digit in every free position (the digits are random, not fixed)', () => {
    const seen = Array.from({ length: 36 }, () => new Set<string>());
    for (let i = 0; i < 2000; i++) [...randomRequestId()].forEach((char, at) => seen[at]!.add(char));
    for (const [at, chars] of seen.entries()) {
      if ([8, 13, 18, 23].includes(at)) assert.deepEqual([...chars], ['-'], `position ${at}`);
      else if (at === 14) assert.deepEqual([...chars], ['4'], 'the version digit');
      else if (at === 19) assert.deepEqual([...chars].sort(), ['8', '9', 'a', 'b'], 'the variant digit');
      else assert.equal(chars.size, 16, `position ${at}: ${[...chars].sort().join('')}`);
    }
  });

  it('keeps a sane incoming id and replaces anything else', () => {
    assert.equal(resolveRequestId('edge-1'), 'edge-1');
    assert.match(resolveRequestId(null), UUID_V4);
    assert.match(resolveRequestId('has space'), UUID_V4);
    assert.match(resolveRequestId('x'.repeat(129)), UUID_V4);
  });
});
