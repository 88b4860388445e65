import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findReferences, type ReferenceLanguage } from '../../packages/server/src/free-text/parse-text.ts';
import { createKjvCanon } from '../helpers/kjv-canon.ts';
import { WRITTEN_FORMS } from './written-references.table.ts';

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
