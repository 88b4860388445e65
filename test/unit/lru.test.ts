import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LruCache } from '../../packages/server/src/internal/lru.ts';

function keys(cache: LruCache<number>, candidates: string[]): string[] {
  return candidates.filter((key) => cache.get(key) !== undefined);
}

describe('LruCache', () => {
  it('evicts the least recently used entry when over the entry count', () => {
    const cache = new LruCache<number>(3, 100);
    cache.set('a', 1, 1);
    cache.set('b', 2, 1);
    cache.set('c', 3, 1);
    assert.equal(cache.get('a'), 1, 'a hit makes a the most recent');
    cache.set('d', 4, 1);
    assert.equal(cache.get('b'), undefined, 'b was the least recently used');
    assert.deepEqual(keys(cache, ['a', 'b', 'c', 'd']), ['a', 'c', 'd']);
    assert.equal(cache.size, 3);
  });

  it('evicts by total weight, oldest first, and keeps the weight it holds', () => {
    const cache = new LruCache<number>(10, 10);
    cache.set('a', 1, 4);
    cache.set('b', 2, 4);
    cache.get('a');
    cache.set('c', 3, 4);
    assert.deepEqual(keys(cache, ['a', 'b', 'c']), ['a', 'c']);
    assert.equal(cache.weight, 8);
  });

  it('replaces an existing key without counting it twice', () => {
    const cache = new LruCache<number>(2, 100);
    cache.set('a', 1, 5);
    cache.set('a', 2, 7);
    assert.equal(cache.get('a'), 2);
    assert.equal(cache.size, 1);
    assert.equal(cache.weight, 7);
  });

  it('does not store a value that alone outweighs the cache, and drops the old one under that key', () => {
    const cache = new LruCache<number>(2, 10);
    cache.set('a', 1, 3);
    cache.set('a', 2, 11);
    assert.equal(cache.get('a'), undefined);
    assert.equal(cache.size, 0);
    assert.equal(cache.weight, 0);
  });

  it('keeps recency right through many hits on the newest, the oldest and the middle entry', () => {
    const cache = new LruCache<number>(3, 100);
    for (const key of ['a', 'b', 'c']) cache.set(key, 0, 1);
    for (const key of ['c', 'c', 'a', 'b', 'a']) cache.get(key);
    cache.set('d', 0, 1);
    assert.equal(cache.get('c'), undefined, 'c is now the least recently used');
    cache.set('e', 0, 1);
    assert.equal(cache.get('b'), undefined, 'then b');
    assert.deepEqual(keys(cache, ['a', 'd', 'e']), ['a', 'd', 'e']);
  });
});
