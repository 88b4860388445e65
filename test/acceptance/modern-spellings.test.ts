// The old spellings of the RV1909 searchable by their modern spelling (issue 18: "creo finds creó"), on
// the full data: every archaic form of the table occurs in the bundle's text, and the API finds them.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { countSpellings } from '../../tools/check-spellings.ts';
import { FULL_BUNDLE, skipWithoutFullBundle, skipWithoutFullData, useFullDataApp } from './full-data.ts';

describe('the RV1909 spelling table on the full bundle', { skip: skipWithoutFullBundle() }, () => {
  it('holds only archaic forms the RV1909 text has', () => {
    const rows = countSpellings(FULL_BUNDLE, 'RV1909');
    assert.ok(rows.length > 0);
    for (const row of rows) assert.ok(row.archaicVerses > 0, `${row.archaic} is not in the RV1909`);
    assert.equal(rows.find((row) => row.archaic === 'crió')?.archaicVerses, 29);
  });
});

describe('old spellings searched by their modern spelling on the full data', { skip: skipWithoutFullData() }, () => {
  const { dataSet, get } = useFullDataApp();
  const osis = async (route: string): Promise<string[]> => (await get(route)).body.hits.map((hit: { osis: string }) => hit.osis);

  it('finds Gen 1:1 ("En el principio crió Dios") first by principio creo, as words and as a phrase', async () => {
    assert.equal((await osis('/scripture?q=principio%20creo&translation=RV1909'))[0], 'Gen.1.1');
    assert.equal((await osis('/scripture?q=principio%20cre%C3%B3&translation=RV1909'))[0], 'Gen.1.1');
    assert.equal((await osis('/scripture?q=%22principio%20creo%22&translation=RV1909'))[0], 'Gen.1.1');
  });

  it('still finds the verses with the modern word: creo is Mark 9:24 ("Creo, ayuda mi incredulidad")', async () => {
    const { body } = await get('/scripture?q=creo&translation=RV1909&limit=100');
    assert.ok(body.hits.some((hit: { osis: string }) => hit.osis === 'Mark.9.24'));
    // The 4 verses with creo/creó and the 29 with crió/crío.
    assert.equal(body.total, 33);
  });

  it('finds an obscur-, aqueste- or priesa- verse by the modern word, and each by its own spelling too', async () => {
    // Job 10:21 "tierra de tinieblas y de sombra de muerte"; Joel 2:2 "día de tinieblas y de oscuridad" …
    const oscuridad = await get('/scripture?q=oscuridad&translation=RV1909&limit=100');
    const obscuridad = await osis('/scripture?q=obscuridad&translation=RV1909');
    assert.equal(obscuridad.length, 3);
    for (const verse of obscuridad) assert.ok(oscuridad.body.hits.some((hit: { osis: string }) => hit.osis === verse), verse);
    const prisa = await osis('/scripture?q=prisa&translation=RV1909&limit=100');
    assert.equal(prisa.length, 38);
  });

  it('folds the RV1909 alone: the KJV and the WEB have no spelling pairs', () => {
    const translations = dataSet().translations;
    assert.equal(translations?.get('RV1909')?.spellings.get('crio'), 'creo');
    for (const id of ['KJV', 'WEB']) assert.equal(translations?.get(id)?.spellings.size, 0, id);
  });
});
