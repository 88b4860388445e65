// The table of old spellings searchable by their modern spelling (compiler stages/modern-spellings.ts):
// its pairs as search words, the way the index and the phrase check read them.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { tokenizeScripture } from '@skg/core';
import { createSpellingFolds, MODERN_SPELLINGS } from '@skg/compiler';

describe('createSpellingFolds', () => {
  it('reads each pair as search words: lowercase, accents removed', () => {
    const folds = createSpellingFolds('RV1909');
    const cases: Array<[archaic: string, modern: string]> = [
      ['crio', 'creo'],
      ['criador', 'creador'],
      ['obscuridad', 'oscuridad'],
      ['obscurecio', 'oscurecio'],
      ['aquesta', 'esta'],
      ['priesa', 'prisa'],
    ];
    for (const [archaic, modern] of cases) assert.equal(folds.get(archaic), modern, archaic);
    // A printed form the tokeniser spells otherwise stands for it: crío (I create) and crió (created).
    assert.equal(folds.get(tokenizeScripture('crío')[0] ?? ''), 'creo');
  });

  it('has no table for a translation whose spelling is modern (the KJV, the WEB, the BSB)', () => {
    for (const id of ['KJV', 'WEB', 'BSB']) assert.equal(createSpellingFolds(id).size, 0, id);
  });

  it('maps one word to one word, never an archaic form to another archaic form', () => {
    for (const [id, pairs] of Object.entries(MODERN_SPELLINGS)) {
      const folds = createSpellingFolds(id);
      assert.equal(folds.size, pairs.length, `${id}: two pairs fold to one archaic word`);
      for (const modern of folds.values()) assert.equal(folds.has(modern), false, `${id}: ${modern} is archaic and modern`);
    }
  });

  it('leaves out the forms of criar whose sense is mostly "raise" or "servant" today', () => {
    const folds = createSpellingFolds('RV1909');
    for (const form of ['criado', 'criados', 'criada', 'cria', 'criar', 'crie', 'criatura']) assert.equal(folds.has(form), false, form);
  });
});
