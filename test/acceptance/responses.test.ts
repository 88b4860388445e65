// The response artefact on the full data: `skg build` rendered it (the translations' chapters and verses
// too), and a sample of every kind answers
// byte for byte what its route computes (identity), and the same bytes brotli-compressed (br); the
// engine's stored lookup answers them as the route table does.

import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { loadDataSet } from '../../packages/server/src/artefacts/dataset.ts';
import type { DataSet } from '../../packages/server/src/artefacts/types.ts';
import { listRenderTargets } from '../../packages/server/src/render/targets.ts';
import { assertLaneEqualsRouted, assertStoredEqualsComputed, sampleTargets } from '../helpers/stored-responses.ts';
import { FULL_DIST, skipWithoutFullData } from './full-data.ts';

describe('stored answers on the full data', { skip: skipWithoutFullData() }, () => {
  let dataSet: DataSet;
  before(async () => {
    dataSet = await loadDataSet(FULL_DIST);
  });

  it('holds every verse and chapter of /passage, /xrefs and /interlinear, every document of /entity and every person of /family', () => {
    const stored = dataSet.responses;
    assert.ok(stored, 'skg build rendered the response artefact');
    for (const path of ['/passage/Gen.1.1', '/passage/Ps.119', '/xrefs/Rev.22.21', '/xrefs/Rom.8', '/interlinear/Ps.119', '/entity/people/david', '/family/people/david']) {
      assert.ok(stored.find(`GET /api/v1${path}`) >= 0, path);
    }
    assert.equal(stored.find('GET /api/v1/xrefs/Rom.8?limit=5'), -1);
    assert.ok(stored.count > 120_000, `${stored.count} answers`);
  });

  it('holds every chapter and verse slot of each translation under ?translation=<id>, the WEB\'s deuterocanon included', () => {
    const stored = dataSet.responses!;
    for (const path of ['/passage/John.3.16?translation=KJV', '/passage/Matt.17.21?translation=KJV', '/passage/Tob.1.1?translation=WEB', '/passage/3John.1.15?translation=WEB', '/passage/Sir.51?translation=WEB', '/passage/Gen.1?translation=RV1909']) {
      assert.ok(stored.find(`GET /api/v1${path}`) >= 0, path);
    }
    assert.equal(stored.find('GET /api/v1/passage/3John.1.15?translation=KJV'), -1, 'a slot the KJV does not have');
    const slots = dataSet.translations!.translations.reduce((sum, translation) => sum + translation.slotCount + translation.chapterCount, 0);
    const targets = [...listRenderTargets(dataSet)].filter((target) => target.kind === 'translation');
    assert.equal(targets.length, slots);
    assert.ok(targets.every((target) => stored.find(`GET /api/v1${target.path}`) >= 0), 'every translation target stored');
  });

  it('answers a sample of every kind byte for byte as the route computes it', async () => {
    const answered = await assertStoredEqualsComputed(dataSet, sampleTargets(dataSet, 97));
    assert.ok(answered > 1000, `${answered} answers compared`);
  });

  it('answers a sample of every kind from the store, without routing, as the route table answers it (headers and bytes)', async () => {
    const compared = await assertLaneEqualsRouted(dataSet, sampleTargets(dataSet, 997));
    assert.ok(compared > 400, `${compared} answers compared`);
  });
});
