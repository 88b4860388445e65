import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as en from 'bible-passage-reference-parser/esm/lang/en.js';
import { createCanon, getBook } from '@skg/core';
import { findReferences, type ReferenceLanguage } from '../../packages/server/src/free-text/parse-text.ts';
import { WRITTEN_FORMS } from './written-references.table.ts';

/** The KJV verse counts as the parser holds them: equal to our data's, chapter for chapter (checked on the full data). */
function createKjvCanon() {
  const { chapters } = new bcv_parser(en).translation_info('kjv');
  const counts: Record<string, number[]> = {};
  for (const [osis, verses] of Object.entries(chapters)) if (getBook(osis)?.osis === osis) counts[osis] = verses as number[];
  return createCanon(counts);
}

describe('findReferences', () => {
  it(`reads each of ${WRITTEN_FORMS.length} written forms as the expected KJV-versification OSIS`, async () => {
    assert.ok(WRITTEN_FORMS.length >= 200, 'the table holds at least 200 forms');
    const canon = createKjvCanon();
    const wrong: string[] = [];
    for (const [text, lang, expected] of WRITTEN_FORMS) {
      const found = await findReferences(text, lang as ReferenceLanguage, canon);
      const actual = found.map((entry) => `${entry.exists ? '' : '!'}${entry.osis}`).join(', ');
      if (actual !== expected) wrong.push(`${lang} '${text}': expected '${expected}', got '${actual}'`);
    }
    assert.deepEqual(wrong, []);
  });
});
