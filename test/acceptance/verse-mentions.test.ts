// Every mention marked in the verse, on the full data: places carry the verse's words like people, a
// mention from a Psalm's superscription says so, and Jesus is listed where the verse's words make it
// certain (docs/bundle-format.md, "In the verse's own words").

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { H3 } from 'h3';
import { loadDataSet } from '../../packages/server/src/artefacts/index.ts';
import { createTestApp, get } from '../helpers/app.ts';
import { FULL_DIST, skipWithoutFullData } from './full-data.ts';

const skip = skipWithoutFullData();

interface Mention {
  id: string;
  surface?: string;
  inHeading?: boolean;
}

describe('mentions in the verse on the full data', { skip }, () => {
  let app: H3;
  before(async () => {
    app = createTestApp(await loadDataSet(FULL_DIST));
  });
  const context = async (osis: string): Promise<{ people: Mention[]; places: Mention[] }> => {
    const { status, body } = await get(app, `/passage/${osis}`);
    assert.equal(status, 200, osis);
    return body.context;
  };
  const words = (mentions: Mention[]) => Object.fromEntries(mentions.map((entry) => [entry.id, entry.surface]));

  it("gives Acts 1:8's places the verse's words", async () => {
    const { places } = await context('Acts.1.8');
    assert.deepEqual(words(places), { '/places/jerusalem': 'Jerusalem', '/places/judea': 'Judea', '/places/samaria-2': 'Samaria' });
  });

  it("marks Ps 23:1's David as the superscription's words, and the LORD of the verse as not", async () => {
    const { people } = await context('Ps.23.1');
    const david = people.find((entry) => entry.id === '/people/david');
    assert.deepEqual(david && { surface: david.surface, inHeading: david.inHeading }, { surface: 'David', inHeading: true });
    assert.equal(people.find((entry) => entry.id === '/people/god')?.inHeading, undefined);
  });

  it("marks the places of Psalm 60's superscription as in the heading", async () => {
    const { places } = await context('Ps.60.1');
    const edom = places.find((entry) => entry.id === '/places/valley-of-salt');
    assert.deepEqual(edom && { surface: edom.surface, inHeading: edom.inHeading }, { surface: 'Valley of Salt', inHeading: true });
  });

  it('lists Jesus where the verse names him as Lord or Christ', async () => {
    const cases: Array<[osis: string, surface: string]> = [
      ['Luke.2.11', 'Christ'],
      ['Acts.9.5', 'Jesus'],
      ['John.20.28', 'Lord'],
      ['Phil.4.13', 'Christ'],
    ];
    for (const [osis, surface] of cases) {
      const { people } = await context(osis);
      assert.equal(words(people)['/people/jesus'], surface, osis);
    }
  });

  it('leaves "Lord" with God where nothing in the verse says it is Jesus', async () => {
    const { people } = await context('Acts.4.24');
    assert.ok(people.some((entry) => entry.id === '/people/god'), 'Acts 4:24, a prayer to the Sovereign Lord');
    assert.ok(!people.some((entry) => entry.id === '/people/jesus'));
  });

  it('finds nothing in "That is, 60 shekels"', async () => {
    const { status, body } = await get(app, `/references?q=${encodeURIComponent('That is, 60 shekels')}`);
    assert.equal(status, 200);
    assert.deepEqual(body.references, []);
  });
});
