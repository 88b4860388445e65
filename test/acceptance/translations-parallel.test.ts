// Parallel passages on the full data (SKG_DIST, default dist/): each verse slot of a verse, a range, a
// chapter and a span across chapters, in four translations, is each translation's own answer for that
// verse; slots one translation numbers differently are absent in it, as it answers them alone.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadDataSet } from '../../packages/server/src/artefacts/index.ts';
import { createTestApp, get } from '../helpers/app.ts';
import { assertParallelMatchesSingles } from '../helpers/parallel.ts';
import { FULL_DIST, skipWithoutFullData } from './full-data.ts';

const skip = skipWithoutFullData();

describe('parallel passages verse by verse on the full data', { skip }, () => {
  let app: ReturnType<typeof createTestApp> | undefined;
  before(async () => {
    // Each verse asked alone in each translation: more requests than the default rate limit allows.
    app = createTestApp(await loadDataSet(FULL_DIST), { rateLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 } });
  });
  const ask = (route: string) => get(app ?? assert.fail('the full data is not loaded'), route);

  it('gives Romans 8:28, 8:26-30 and Romans 8 as each translation reads them, the BSB leading or last', async () => {
    for (const osis of ['Rom.8.28', 'Rom.8.26-30', 'Rom.8']) {
      for (const translations of [['BSB', 'KJV', 'WEB', 'RV1909'], ['RV1909', 'WEB', 'KJV', 'BSB']]) {
        assert.equal((await assertParallelMatchesSingles(ask, osis, translations)).absent, 0, `${osis} ${translations}`);
      }
    }
  });

  it('gives a span across chapters (Ps 22:31-23:2, with the Psalm titles) and slots one translation lacks', async () => {
    await assertParallelMatchesSingles(ask, 'Ps.22.31-Ps.23.2', ['BSB', 'KJV', 'WEB', 'RV1909']);
    // The WEB's 3 John 1:15 (an empty slot) has no KJV slot.
    const john = await assertParallelMatchesSingles(ask, '3John.1.13-15', ['WEB', 'KJV']);
    assert.ok(john.absent > 0, '3 John 1:15 is absent in the KJV');
    await assertParallelMatchesSingles(ask, 'Mal.4', ['KJV', 'BSB', 'RV1909']); // a chapter the KJV leads, the BSB beside it
    const tobit = await assertParallelMatchesSingles(ask, 'Tob.1.1-3', ['WEB', 'BSB', 'KJV', 'RV1909']);
    assert.equal(tobit.absent, 9, 'Tobit is the WEB alone');
  });
});
