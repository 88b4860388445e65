import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseKjvSlots } from '@skg/ingest';
import { createBibleDataPlaces } from '../../packages/ingest/src/bibledata/places.ts';
import { createPlaceDocuments } from '../../packages/ingest/src/collections/places.ts';
import { type AncientPlace, createPlaceTable, type ModernPlace, splitPlaceNumber } from '../../packages/ingest/src/geocoding/places.ts';

const generated = { by: 'skg-ingest test', at: '2026-01-01T00:00:00.000Z' };

const slots = parseKjvSlots(
  'reference_id,book_id,usx_code,chapter,verse,verse_sequence\n' + Array.from({ length: 5 }, (_, verse) => `GEN 1:${verse + 1},1,GEN,1,${verse + 1},0`).join('\n'),
);

const ancient: AncientPlace[] = [
  { id: 'a000001', name: 'Bethel 1', lat: 31.93, lon: 35.22, modernId: 'm000001', verses: [{ osis: 'Gen.1.1' }, { osis: 'Gen.1.2' }], translationNames: { Bethel: 10, 'Beth-el': 2 } },
  { id: 'a000002', name: 'Bethel 2', lat: 31.2, lon: 34.9, modernId: 'm000003', verses: [{ osis: 'Gen.1.3' }] },
  { id: 'a000003', name: 'Nod', lat: null, lon: null, modernId: null, verses: [{ osis: 'Gen.1.4' }, { osis: 'Gen.9.99' }] },
  { id: 'a000004', name: 'Jordan', lat: 32, lon: 35.5, modernId: 'm000004', verses: [] },
];

const modern: ModernPlace[] = [
  { id: 'm000001', friendly_id: 'Beitin', type: 'settlement', lonlat: '35.22,31.93', ancient_associations: { a000001: { name: 'Bethel 1', score: 500 } } },
  { id: 'm000002', friendly_id: 'Burj Beitin', type: 'settlement', lonlat: '35.23,31.94', ancient_associations: { a000001: { name: 'Bethel 1', score: 120 } } },
  { id: 'm000003', friendly_id: 'Khirbet el-Qaryatein', type: 'probability center radial', lonlat: '34.9,31.2', ancient_associations: { a000002: { name: 'Bethel 2', score: 499 } } },
  { id: 'm000004', friendly_id: 'Jordan River', type: 'river', lonlat: '35.5,32', ancient_associations: { a000004: { name: 'Jordan', score: 1000 } } },
];

function csvRows(header: string, lines: string[]) {
  const columns = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split('|').map((value, index) => [columns[index] as string, value])));
}

const bibledata = createBibleDataPlaces({
  places: csvRows('place_id,place_name,place_type,modern_equivalent,place_notes,openbible_id,openbible_url,name_instance,place_sequence', [
    'heaven_1|heaven|astronomical|the universe|the abode of stars|none||1|1',
    'Bethel_1|Bethel|settlement|Beitin||a000001||1|44',
  ]),
  labels: csvRows(
    'place_label_id,place_id,english_label,hebrew_label,hebrew_label_transliterated,hebrew_label_meaning,hebrew_strongs_number,greek_label,greek_label_transliterated,greek_label_meaning,greek_strongs_number,label_reference_id,label_type,open_bible_id,label-given_by_god,label_notes,place_label_count,label_sequence',
    [
      'heaven_1_1|heaven_1|heaven|שָׁמַיִם|shamayim||H8064|οὐρανός|ouranos||G3772|GEN 1:1|name|none||||1',
      'Bethel_1_1|Bethel_1|Bethel|בֵּית־אֵל|beyt-el|house of God|H1008|Βαιθηλ|Baithel||none|GEN 1:1|proper name|a000001||||2',
    ],
  ),
  verses: csvRows('place_verse_id,reference_id,place_label_id,place_id,place_label,place_label_count,place_verse_sequence,place_verse_notes', [
    'v1|GEN 1:1|heaven_1_1|heaven_1|heaven|1|1|',
    'v2|GEN 1:2|Bethel_1_1|Bethel_1|Bethel|1|2|',
    'v3|GEN 1:3|NA|NA||0|3|',
  ]),
  slots,
});

describe('splitPlaceNumber', () => {
  it('splits the number OpenBible gives same-named places', () => {
    assert.deepEqual(splitPlaceNumber('Bethlehem 2'), { name: 'Bethlehem', number: 2 });
    assert.deepEqual(splitPlaceNumber('Most Holy Place 1'), { name: 'Most Holy Place', number: 1 });
    assert.deepEqual(splitPlaceNumber('Jerusalem'), { name: 'Jerusalem', number: 0 });
  });
});

describe('createPlaceTable', () => {
  const table = createPlaceTable({ ancient, modern, bibledata, slots });
  const place = (id: string) => table.places.find((record) => record.id === id);

  it("slugs OpenBible's numbered places in number order, BibleData's extra places after them", () => {
    assert.deepEqual(table.places.map((record) => record.id), ['places/bethel', 'places/bethel-2', 'places/heaven', 'places/jordan', 'places/nod']);
  });

  it('keeps every modern candidate, best score first, and calls a best score under 500 contested', () => {
    assert.deepEqual(place('places/bethel')?.identifications.map((candidate) => [candidate.name, candidate.score]), [['Beitin', 500], ['Burj Beitin', 120]]);
    assert.equal(place('places/bethel')?.contested, false, '500 is confident');
    assert.equal(place('places/bethel-2')?.contested, true, '499 is tentative');
  });

  it('gives no coordinates and no contested flag to a place without a location', () => {
    const nod = place('places/nod');
    assert.equal(nod?.lat, undefined);
    assert.equal(nod?.contested, undefined);
    assert.deepEqual(nod?.identifications, []);
    assert.equal(place('places/heaven')?.lat, undefined);
  });

  it('tags the feature type, but not a probability centre, falling back to BibleData', () => {
    assert.equal(place('places/jordan')?.featureType, 'river');
    assert.equal(place('places/bethel-2')?.featureType, undefined);
    assert.equal(place('places/heaven')?.featureType, 'astronomical');
  });

  it('merges the BibleData place into the OpenBible place it names', () => {
    assert.equal(place('places/bethel')?.bibledata?.placeId, 'Bethel_1');
    assert.deepEqual(place('places/bethel')?.spellings, ['Beth-el']);
  });

  it('keeps a verse both sources give once, as BibleData states it, and counts the rest', () => {
    assert.deepEqual(
      table.mentions.map((mention) => [mention.ref.osis, mention.placeId, mention.surface, mention.source]),
      [
        ['Gen.1.1', 'places/bethel', undefined, 'sources/openbible-geocoding-ancient-derived'],
        ['Gen.1.1', 'places/heaven', 'heaven', 'sources/bibledata'],
        ['Gen.1.2', 'places/bethel', 'Bethel', 'sources/bibledata'],
        ['Gen.1.3', 'places/bethel-2', undefined, 'sources/openbible-geocoding-ancient-derived'],
        ['Gen.1.4', 'places/nod', undefined, 'sources/openbible-geocoding-ancient-derived'],
      ],
    );
    assert.equal(table.counts.duplicateMentions, 1);
    assert.equal(table.counts.openbibleVersesOutsideSlots, 1);
    assert.equal(table.counts.bibledataPlaceholderRows, 1);
  });
});

describe('createPlaceDocuments', () => {
  const table = createPlaceTable({ ancient, modern, bibledata, slots });
  const result = createPlaceDocuments(table, new Set(['lexemes/h1008', 'lexemes/h8064', 'lexemes/g3772']), generated);
  const doc = (id: string) => result.documents.find((document) => document.id === id)?.frontmatter;

  it('writes lat, lon, contested and the identifications with their scores', () => {
    const bethel = doc('places/bethel');
    assert.equal(bethel?.type, 'Place');
    assert.equal(bethel?.lat, 31.93);
    assert.equal(bethel?.lon, 35.22);
    assert.equal(bethel?.contested, false);
    assert.deepEqual(bethel?.identifications, [
      { name: 'Beitin', modern_id: 'm000001', lat: 31.93, lon: 35.22, score: 500, type: 'settlement' },
      { name: 'Burj Beitin', modern_id: 'm000002', lat: 31.94, lon: 35.23, score: 120, type: 'settlement' },
    ]);
    assert.deepEqual(bethel?.tags, ['settlement']);
    assert.deepEqual(bethel?.relations, [{ predicate: 'named-by', target: 'lexemes/h1008', from: 'Gen.1.1', note: 'Bethel', source: 'sources/bibledata' }]);
  });

  it('leaves lat and lon out where there is no location, and marks BibleData-only places draft', () => {
    const heaven = doc('places/heaven');
    assert.equal('lat' in (heaven ?? {}) && heaven?.lat !== undefined, false);
    assert.equal(heaven?.status, 'draft');
    assert.equal(doc('places/nod')?.description, 'Location unknown');
  });

  it('puts a mentions relation on the chapter for each verse', () => {
    assert.equal(result.chapterRelations?.length, 5);
    assert.ok(result.chapterRelations?.every((relation) => relation.chapter === 'bible/genesis/1' && relation.relation.predicate === 'mentions'));
  });
});
