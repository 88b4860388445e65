import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get } from '../helpers/app.ts';
import { ADAPTERS, fixtureAppThrough } from '../helpers/adapters.ts';

for (const adapter of ADAPTERS) {
  describe(`passage-headings through ${adapter}`, () => {
    const app = fixtureAppThrough(adapter);

    const PSALM_23_HEADINGS = [
      { text: 'The LORD Is My Shepherd', before: 'Ps.23.1', level: 's1' },
      { text: '(Ezekiel 34:11–24; John 10:1–21)', before: 'Ps.23.1', level: 'r' },
      { text: 'A Psalm of David.', before: 'Ps.23.1', level: 'd' },
    ];

    describe('headings on /passage/{osis}', () => {
      it('lists every heading of a chapter in text order, each anchored to the verse it precedes', async () => {
        const { status, body } = await get(app, '/passage/Ps.23');
        assert.equal(status, 200);
        assert.deepEqual(body.headings, PSALM_23_HEADINGS);
        const john = await get(app, '/passage/John.3');
        assert.deepEqual(
          john.body.headings.map((h: { before: string; text: string }) => [h.before, h.text]),
          [
            ['John.3.1', 'Jesus and Nicodemus'],
            ['John.3.1', '(Genesis 22:1–10; Romans 5:6–11)'],
            ['John.3.22', 'John’s Testimony about Jesus'],
          ],
        );
      });

      it('gives a verse the headings printed before it, the Psalm title included', async () => {
        const { body } = await get(app, '/passage/Ps.23.1');
        assert.deepEqual(body.headings, PSALM_23_HEADINGS);
      });

      it('gives a verse with no heading before it an empty list, not the section it falls under', async () => {
        const { body } = await get(app, '/passage/Ps.23.2');
        assert.deepEqual(body.headings, []);
      });

      it('gives a range the headings before any of its verses', async () => {
        const inside = await get(app, '/passage/John.3.16-22');
        assert.deepEqual(inside.body.headings, [{ text: 'John’s Testimony about Jesus', before: 'John.3.22', level: 's1' }]);
        const outside = await get(app, '/passage/John.3.16-21');
        assert.deepEqual(outside.body.headings, []);
      });

      it('serves the same headings on the chapter entity', async () => {
        const { body } = await get(app, '/entity/bible/psalms/23');
        assert.deepEqual(body.headings, PSALM_23_HEADINGS);
      });
    });
  });
}
