// A parallel answer (`/passage/{osis}?translation=BSB,KJV,…`) held to each translation's own answers,
// verse by verse: every verse slot's `parallel` entry is that translation's single-verse answer (its
// text, marks and headings, byte for byte in this order), or `absent` where that translation has no
// such verse; the verse itself is the first translation's single-verse answer.

import assert from 'node:assert/strict';
import type { TestResponse } from './app.ts';

type Answer = Pick<TestResponse, 'status' | 'body'>;

/** What a parallel entry must be, from the translation's single-verse answer. */
function expectedEntry(translation: string, single: Answer): unknown {
  if (single.status !== 200) return { translation, text: '', absent: true };
  const [verse] = single.body.verses;
  return {
    translation,
    text: verse.text,
    ...(verse.omitted ? { omitted: true } : {}),
    ...(verse.footnotes ? { footnotes: verse.footnotes } : {}),
    ...(verse.added ? { added: verse.added } : {}),
    ...(verse.wordsOfJesus ? { wordsOfJesus: verse.wordsOfJesus } : {}),
    ...(single.body.headings.length > 0 ? { headings: single.body.headings } : {}),
  };
}

/**
 * Asks `osis` in parallel in `translations` (in that order), then each translation for each of its
 * verses alone, and compares. Returns the parallel entries compared (and of them, how many absent).
 */
export async function assertParallelMatchesSingles(
  get: (route: string) => Promise<Answer>,
  osis: string,
  translations: readonly string[],
): Promise<{ entries: number; absent: number }> {
  const route = `/passage/${osis}?translation=${translations.join(',')}`;
  const { status, body } = await get(route);
  assert.equal(status, 200, route);
  assert.deepEqual(body.translations, translations, route);
  assert.ok(body.verses.length > 0, route);
  let entries = 0;
  let absent = 0;
  for (const { parallel, chapter: _chapter, ...verse } of body.verses) {
    assert.equal(parallel.length, translations.length, `${route} ${verse.osis}`);
    for (const [index, translation] of translations.entries()) {
      const single = await get(`/passage/${verse.osis}?translation=${translation}`);
      if (index === 0) assert.deepEqual(verse, single.body.verses[0], `${route}: ${verse.osis} is the ${translation}'s own`);
      if (single.status !== 200) assert.ok([400, 404].includes(single.status), `${verse.osis} in the ${translation}: ${single.status}`);
      assert.equal(JSON.stringify(parallel[index]), JSON.stringify(expectedEntry(translation, single)), `${route}: ${verse.osis} in the ${translation}`);
      entries++;
      if (parallel[index].absent) absent++;
    }
  }
  return { entries, absent };
}
