import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkFamilies, type FamilyRelation, resolveParents } from '../../packages/ingest/src/bibledata/family-check.ts';

const BIBLEDATA = 'sources/bibledata';
const THEOGRAPHIC = 'sources/theographic';

const SEXES: Record<string, string> = {
  'people/jacob-2': 'male',
  'people/heli': 'male',
  'people/joseph': 'male',
  'people/mary': 'female',
  'people/jesus': 'male',
  'people/maacah': 'female',
  'people/abijam': 'male',
  'people/asa': 'male',
  'people/lot': 'male',
  'people/elder': 'female',
  'people/moab': 'male',
  'people/abraham': 'male',
  'people/sarah': 'female',
  'people/terah': 'male',
  'people/mordecai': 'male',
  'people/abihail': 'male',
  'people/esther': 'female',
};
const sexOf = (id: string) => SEXES[id] ?? '';
const parent = (target: string, from: string | undefined, source = BIBLEDATA, note = 'father'): FamilyRelation => ({
  predicate: 'parent-of',
  target,
  ...(from ? { from } : {}),
  note,
  source,
});

/** The families the rules are about (Matthew 1:16 and Luke 3:23, 1 Kings 15:10, Genesis 19:37, 20:12, Esther 2:7). */
function families(): Map<string, FamilyRelation[]> {
  return new Map<string, FamilyRelation[]>([
    ['people/heli', [parent('people/joseph', 'Luke.3.23'), parent('people/mary', undefined, THEOGRAPHIC)]],
    ['people/jacob-2', [parent('people/joseph', 'Matt.1.16')]],
    ['people/joseph', [{ predicate: 'spouse-of', target: 'people/mary', from: 'Matt.1.16', source: BIBLEDATA }]],
    ['people/maacah', [parent('people/abijam', '1Kgs.15.2', BIBLEDATA, 'mother'), parent('people/asa', '1Kgs.15.10', BIBLEDATA, 'mother')]],
    ['people/abijam', [parent('people/asa', '1Kgs.15.8')]],
    ['people/lot', [parent('people/elder', 'Gen.19.15'), parent('people/moab', 'Gen.19.37')]],
    ['people/elder', [parent('people/moab', 'Gen.19.37', BIBLEDATA, 'mother')]],
    ['people/terah', [parent('people/abraham', 'Gen.11.27'), parent('people/sarah', 'Gen.20.12')]],
    ['people/abraham', [{ predicate: 'spouse-of', target: 'people/sarah', from: 'Gen.11.29', source: BIBLEDATA }, { predicate: 'sibling-of', target: 'people/sarah', from: 'Gen.20.12', source: BIBLEDATA }]],
    ['people/mordecai', [parent('people/esther', 'Esth.2.7', BIBLEDATA, 'daughter; adopted daughter (EST 2:7)')]],
    ['people/abihail', [parent('people/esther', 'Esth.2.15')]],
  ]);
}
const VERSES: Record<string, string> = {
  '1Kgs.15.10': "and he reigned in Jerusalem forty-one years. His grandmother's name was Maacah daughter of Abishalom.",
  'Gen.19.37': 'The older daughter gave birth to a son and named him Moab.',
};

describe('resolveParents', () => {
  const relations = families();
  const alternatives = resolveParents(relations, sexOf, (osis) => VERSES[osis]);
  const targets = (id: string) => (relations.get(id) ?? []).filter((relation) => relation.predicate === 'parent-of').map((relation) => relation.target);

  it("keeps the father of the earlier verse and notes the other with its verse and source (Joseph: Matthew's Jacob, Luke's Heli)", () => {
    assert.deepEqual(targets('people/heli'), ['people/mary'], "Heli stays Mary's father (Theographic), not Joseph's");
    assert.deepEqual(targets('people/jacob-2'), ['people/joseph']);
    assert.deepEqual(alternatives.get('people/joseph'), [
      { parent: 'people/heli', kept: 'people/jacob-2', rule: 'one-father-one-mother', from: 'Luke.3.23', note: 'father', source: BIBLEDATA },
    ]);
  });

  it('keeps a grandparent stated as parent as the grandparent only where the verse says grandmother', () => {
    assert.deepEqual(targets('people/maacah'), ['people/abijam']);
    assert.equal(alternatives.get('people/asa')?.[0]?.rule, 'grandparent');
    assert.deepEqual(targets('people/lot'), ['people/elder', 'people/moab'], 'Genesis 19:37 says no such thing');
  });

  it('counts an adoptive parent neither father nor mother', () => {
    assert.deepEqual(targets('people/mordecai'), ['people/esther']);
    assert.deepEqual(targets('people/abihail'), ['people/esther']);
    assert.equal(alternatives.get('people/esther'), undefined);
  });

  it('leaves no contradiction but the ones a verse states', () => {
    assert.deepEqual(checkFamilies(relations, sexOf), [{ person: 'people/moab', kind: 'parent also a sibling', others: ['people/elder'] }]);
  });
});

describe('checkFamilies', () => {
  it("lists two fathers, a parent who is a sibling, and a spouse who is a sibling with no verse saying so", () => {
    const found = checkFamilies(families(), sexOf);
    assert.deepEqual(
      found.map(({ person, kind }) => `${person}: ${kind}`),
      [
        'people/asa: parent also a sibling',
        'people/joseph: two fathers',
        'people/joseph: spouse also a sibling',
        'people/mary: spouse also a sibling',
        'people/moab: parent also a sibling',
      ],
    );
  });
});
