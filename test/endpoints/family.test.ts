import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get } from '../helpers/app.ts';
import { ADAPTERS, fixtureAppThrough } from '../helpers/adapters.ts';

for (const adapter of ADAPTERS) {
  describe(`family through ${adapter}`, () => {
    const app = fixtureAppThrough(adapter);

    const ids = (nodes: Array<{ id: string }>) => nodes.map((node) => node.id).sort();

    describe('GET /family/{path}', () => {
      it("gives Jacob's parents from the parent-of relations Isaac and Rebekah state, his children and his sibling", async () => {
        const { status, body } = await get(app, '/family/people/jacob');
        assert.equal(status, 200);
        assert.equal(body.person.id, '/people/jacob');
        assert.deepEqual(ids(body.parents), ['/people/isaac', '/people/rebekah']);
        assert.ok(body.children.length >= 1);
        assert.ok(ids(body.siblings).includes('/people/esau'));
        assert.ok(!ids(body.siblings).includes('/people/jacob'), 'a person is not their own sibling');
        assert.equal(body.ancestors, undefined, 'one generation by default');
        assert.match(body.note, /ancestor-of/);
        assert.equal(body.licence.document, 'CC-BY-4.0');
      });

      it('finds spouses stated on either side', async () => {
        const isaac = await get(app, '/family/people/isaac');
        const rebekah = await get(app, '/family/people/rebekah');
        assert.ok(ids(isaac.body.spouses).includes('/people/rebekah'));
        assert.ok(ids(rebekah.body.spouses).includes('/people/isaac'));
      });

      it('lists a concubine apart from the spouses, from either side', async () => {
        const judah = await get(app, '/family/people/judah');
        assert.deepEqual(ids(judah.body.concubines), ['/people/tamar']);
        assert.deepEqual(ids(judah.body.spouses), []);
        const tamar = await get(app, '/family/people/tamar');
        assert.deepEqual(ids(tamar.body.concubines), ['/people/judah']);
      });

      it('never uses ancestor-of: David is not listed among the children or descendants of Abram', async () => {
        const { body } = await get(app, '/family/people/abram?generations=10');
        const descendants = body.descendants.flatMap((level: { people: Array<{ id: string }> }) => ids(level.people));
        assert.ok(!ids(body.children).includes('/people/david'));
        assert.ok(!descendants.includes('/people/david'));
      });

      it('adds ancestors and descendants by generation when generations > 1', async () => {
        const { body } = await get(app, '/family/people/jacob?generations=2');
        assert.deepEqual(body.ancestors.map((level: { generation: number }) => level.generation), [1, 2]);
        assert.deepEqual(ids(body.ancestors[0].people), ['/people/isaac', '/people/rebekah']);
        assert.deepEqual(ids(body.ancestors[1].people), ['/people/abram', '/people/sarai']);
        assert.equal(body.descendants[0].generation, 1);
        assert.deepEqual(ids(body.descendants[0].people), ids(body.children));
      });

      it('answers 400 for a document that is not a person and 404 for an unknown path', async () => {
        const place = await get(app, '/family/places/jerusalem');
        assert.equal(place.status, 400);
        assert.equal(place.body.code, 'invalid_parameter');
        const missing = await get(app, '/family/people/nobody');
        assert.equal(missing.status, 404);
        assert.equal(missing.body.code, 'not_found');
      });
    });
  });
}
