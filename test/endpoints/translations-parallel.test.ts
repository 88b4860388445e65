// Parallel passages on the fixture (translations: KJV Gen 1, John 3, Matt 17, Ps 23; WEB Gen 1, John 3,
// Matt 17, Tob 1; RV1909 Gen 1, John 3): a verse, a range and a chapter in several translations, each
// verse slot the same as each translation's own answer for that verse, whichever translation leads.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, get } from '../helpers/app.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';
import { assertParallelMatchesSingles } from '../helpers/parallel.ts';

const FOUR = ['BSB', 'KJV', 'WEB', 'RV1909'];
const BSB_LAST = ['KJV', 'WEB', 'RV1909', 'BSB'];

// Each verse asked alone in each translation: more requests than the default rate limit allows.
const app = createTestApp(await getFixtureDataSet(), { rateLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 } });
const ask = (route: string) => get(app, route);

describe('parallel passages, verse by verse', () => {
  it("gives each verse slot each translation's own reading (verse, range and chapter; the BSB leading or last)", async () => {
    let entries = 0;
    let absent = 0;
    for (const osis of ['Gen.1.1', 'Gen.1.2-5', 'Gen.1', 'John.3.16', 'John.3.14-18', 'John.3', 'Ps.23.1', 'Ps.23.1-3', 'Ps.23', 'Matt.17.20-22', 'Matt.17']) {
      for (const translations of [FOUR, BSB_LAST]) {
        const counted = await assertParallelMatchesSingles(ask, osis, translations);
        entries += counted.entries;
        absent += counted.absent;
      }
    }
    // The RV1909 lacks Psalms and Matthew here: their slots are absent, the others read.
    assert.ok(absent > 0 && entries > 4 * absent, `${entries} entries, ${absent} absent`);
  });

  it('reads a deuterocanonical book in the WEB beside translations without it, and a translation leading with another versification', async () => {
    for (const osis of ['Tob.1.1', 'Tob.1.2-4', 'Tob.1']) {
      const { entries, absent } = await assertParallelMatchesSingles(ask, osis, ['WEB', 'BSB', 'KJV']);
      assert.equal(absent, (2 * entries) / 3, osis);
    }
    for (const osis of ['Gen.1.26-28', 'John.3']) await assertParallelMatchesSingles(ask, osis, ['RV1909', 'BSB']);
  });
});
