import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BOOKS, getBook } from '@skg/core';

describe('book table', () => {
  it('holds the 66 books in canonical order', () => {
    assert.equal(BOOKS.length, 66);
    assert.equal(getBook('song-of-solomon')?.osis, 'Song');
  });
});
