// The knowledge-graph ingest's acceptance criteria (people, places, events, epochs, the relation
// vocabulary), asked of a bundle built from the full upstream data.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import matter from 'gray-matter';
import { PREDICATES } from '@skg/core';
import { ingest, type IngestReport } from '@skg/ingest';
import { FULL_SOURCES, skipWithoutFullSources } from './full-sources.ts';

const skip = await skipWithoutFullSources();

interface Relation {
  predicate: string;
  target: string;
  from?: string;
  surface?: string;
  note?: string;
  source?: string;
}

describe('the knowledge-graph ingest on the full data', { skip }, () => {
  let work: string;
  let bundle: string;
  let report: IngestReport;
  const data = (id: string) => matter(readFileSync(path.join(bundle, `${id}.md`), 'utf8')).data;
  const relations = (id: string) => (data(id).relations ?? []) as Relation[];
  const ids = (folder: string) =>
    readdirSync(path.join(bundle, folder))
      .filter((name) => name.endsWith('.md') && name !== 'index.md')
      .map((name) => `${folder}/${name.slice(0, -3)}`);
  /** The people storing `parent-of` → `child`: the child's parents, read from the other side. */
  const parentsOf = (child: string) => ids('people').filter((id) => relations(id).some((r) => r.predicate === 'parent-of' && r.target === child));
  const childrenOf = (parent: string) => relations(parent).filter((r) => r.predicate === 'parent-of').map((r) => r.target);

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'skg-kg-ingest-'));
    bundle = path.join(work, 'bundle');
    report = await ingest({ sourcesDir: FULL_SOURCES, bundleDir: bundle });
  });

  after(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it("writes BibleData's 3,009 people (its two YHVH as God, Jesus Christ and the Holy Spirit), 402 events, 165 epochs and the relation vocabulary", () => {
    const written = Object.fromEntries(report.collections.map((collection) => [collection.collection, collection.written]));
    assert.deepEqual(written.people, { Person: 3010 });
    assert.deepEqual(written.events, { Event: 402 });
    assert.deepEqual(written.epochs, { Epoch: 165 });
    assert.deepEqual(written.schema, { 'Relation Vocabulary': 1 });
    for (const name of ['people', 'places', 'events', 'epochs', 'schema']) {
      assert.deepEqual(report.collections.find((collection) => collection.collection === name)?.errors, [], name);
    }
  });

  it("stores Jacob's 13 children as parent-of on Jacob", () => {
    assert.deepEqual(childrenOf('people/jacob').sort(), [
      'people/asher', 'people/benjamin', 'people/dan', 'people/dinah', 'people/gad', 'people/issachar', 'people/joseph',
      'people/judah', 'people/levi', 'people/naphtali', 'people/reuben', 'people/simeon', 'people/zebulun',
    ]);
  });

  it('gives Isaac his parents Abraham and Sarah from their side only', () => {
    assert.ok(!relations('people/isaac').some((r) => r.predicate === 'child-of'), 'Isaac stores no child-of');
    assert.ok(!relations('people/isaac').some((r) => r.target === 'people/abraham' || r.target === 'people/sarah'), 'Isaac stores nothing about his parents');
    assert.deepEqual(parentsOf('people/isaac').sort(), ['people/abraham', 'people/sarah']);
    assert.deepEqual(
      relations('people/abraham').find((r) => r.predicate === 'parent-of' && r.target === 'people/isaac'),
      { predicate: 'parent-of', target: 'people/isaac', from: 'Gen.17.19', note: 'father', source: 'sources/bibledata' },
    );
    assert.ok((data('people/abraham').aliases as string[]).includes('Abram'), 'Abraham is found as Abram too');
    assert.deepEqual(data('people/abraham').alias_ids, ['people/abram'], 'the id served before answers Abraham');
  });

  it("traces David's line: Jesse, Obed, Boaz", () => {
    assert.ok(parentsOf('people/david').includes('people/jesse'));
    assert.ok(parentsOf('people/jesse').includes('people/obed'));
    assert.ok(parentsOf('people/obed').includes('people/boaz'));
  });

  it('stores the 680 ancestor-of edges of the spec, and no child-of anywhere in the bundle', () => {
    let ancestors = 0;
    for (const id of ids('people')) ancestors += relations(id).filter((r) => r.predicate === 'ancestor-of').length;
    assert.equal(ancestors, 680);
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
    const offenders = walk(bundle).filter((file) => file.endsWith('.md') && /predicate: child-of\b/.test(readFileSync(file, 'utf8')));
    assert.deepEqual(offenders, []);
  });

  it('fills the Person extension fields from the verse mentions', () => {
    const david = data('people/david');
    assert.equal(david.sex, 'male');
    assert.equal(david.tribe, 'Judah');
    assert.ok(david.verse_count > 900, `David is named in ${david.verse_count} verses`);
    assert.equal(david.first_reference, 'Ruth.4.17');
    assert.match(String(david.last_reference), /^Rev\./);
    const ruth4 = relations('bible/ruth/4');
    assert.ok(ruth4.some((r) => r.predicate === 'mentions' && r.target === 'people/david' && r.from === 'Ruth.4.17' && r.surface === 'David'));
  });

  it('writes about 1,300 places with coordinates, and qualifies tentative ones', () => {
    const places = ids('places').map((id) => data(id));
    const located = places.filter((place) => typeof place.lat === 'number' && typeof place.lon === 'number');
    assert.ok(located.length >= 1300 && located.length <= 1400, `${located.length} places with coordinates`);
    assert.ok(located.every((place) => typeof place.contested === 'boolean' && place.identifications.length > 0));
    assert.ok(places.filter((place) => place.lat === undefined).every((place) => place.lon === undefined));
    const jerusalem = data('places/jerusalem');
    assert.equal(jerusalem.contested, false);
    assert.ok(Math.abs(jerusalem.lat - 31.78) < 0.01 && Math.abs(jerusalem.lon - 35.23) < 0.01);
    assert.ok(places.some((place) => place.contested === true));
    assert.deepEqual(data('places/heaven').identifications, [], 'BibleData adds the places without a location');
  });

  it('writes every event share-alike, with its participants, places and chapters', () => {
    const events = ids('sa/events').map((id) => ({ id, data: data(id), relations: relations(id) }));
    assert.equal(events.length, 402);
    for (const event of events) {
      assert.equal(event.data.share_alike, true, event.id);
      assert.ok(event.data.tags.includes('share-alike'), event.id);
      assert.equal(typeof event.data.sort_key, 'number', event.id);
    }
    assert.ok(events.every((event) => event.relations.some((r) => r.predicate === 'narrated-in')));
    const involved = events.flatMap((event) => event.relations.filter((r) => r.predicate === 'involves'));
    assert.ok(involved.length > 700, `${involved.length} involves relations`);
    assert.ok(involved.every((r) => r.target.startsWith('people/')));
    assert.equal(data('sources/theographic').share_alike, true, 'the Theographic source record is share-alike too');
  });

  it('tags every share-alike document share-alike, the source records included', () => {
    const untagged: string[] = [];
    const walk = (folder: string): void => {
      for (const entry of readdirSync(path.join(bundle, folder), { withFileTypes: true })) {
        const file = path.posix.join(folder, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (entry.name.endsWith('.md') && entry.name !== 'index.md' && file !== 'log.md') {
          const front = data(file.slice(0, -3));
          if (front.share_alike === true && !(front.tags ?? []).includes('share-alike')) untagged.push(file);
        }
      }
    };
    walk('.');
    assert.deepEqual(untagged, []);
    assert.ok(data('sources/theographic').tags.includes('share-alike'));
  });

  it('links no person to a chapter that does not exist (BibleData cites EZR 13:6 for Artaxerxes)', () => {
    const body = readFileSync(path.join(bundle, 'people/artaxerxes.md'), 'utf8');
    assert.doesNotMatch(body, /\/bible\/ezra\/13\b/);
    assert.ok(!relations('people/artaxerxes').some((r) => r.from === 'Ezra.13.6'));
    const people = report.collections.find((collection) => collection.collection === 'people');
    assert.ok(people?.warnings.some((warning) => warning.includes('EZR 13:6')));
  });

  it('gives no theme a reserved file name: the measure LOG is themes/log-measure, and Leviticus 14 develops it', () => {
    assert.ok(!readdirSync(path.join(bundle, 'themes')).includes('log.md'));
    assert.equal(data('themes/log-measure').title, 'Log');
    const leviticus = relations('bible/leviticus/14').filter((r) => r.predicate === 'develops' && r.target.startsWith('themes/log'));
    assert.ok(leviticus.length > 0);
    assert.ok(leviticus.every((r) => r.target === 'themes/log-measure'));
  });

  it('writes the epochs with their years, type tag and person', () => {
    const adam = data('epochs/life-of-adam');
    assert.deepEqual([adam.start_year_ah, adam.end_year_ah, adam.length_years, adam.epoch_type], [1, 931, 930, 'life']);
    assert.ok(adam.tags.includes('epoch-life'));
    assert.ok(relations('epochs/life-of-adam').some((r) => r.predicate === 'involves' && r.target === 'people/adam'));
  });

  it('publishes the closed vocabulary, and uses no predicate outside it', () => {
    const vocabulary = data('schema/relations');
    assert.equal(vocabulary.type, 'Relation Vocabulary');
    assert.deepEqual(vocabulary.predicates.map((predicate: { id: string }) => predicate.id), PREDICATES.map((predicate) => predicate.id));
    const known = new Set(PREDICATES.map((predicate) => predicate.id));
    for (const folder of ['people', 'places', 'sa/events', 'epochs']) {
      for (const id of ids(folder)) for (const relation of relations(id)) assert.ok(known.has(relation.predicate), `${id}: ${relation.predicate}`);
    }
  });
});
