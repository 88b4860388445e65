import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get } from '../helpers/app.ts';
import { ADAPTERS, fixtureAppThrough } from '../helpers/adapters.ts';

for (const adapter of ADAPTERS) {
  describe(`entity through ${adapter}`, () => {
    const app = fixtureAppThrough(adapter);

    describe('GET /entity/{path}', () => {
      it("shows Isaac's parents as inbound child-of stated as parent-of, though no child-of is stored", async () => {
        const { status, body } = await get(app, '/entity/people/isaac');
        assert.equal(status, 200);
        assert.equal(body.id, '/people/isaac');
        assert.deepEqual(body.collection, { type: 'Person', label: 'People', route: '/people' });
        assert.ok(!body.relations.outbound.some((r: { predicate: string }) => r.predicate === 'child-of'));
        const parents = body.relations.inbound.filter((r: { predicate: string }) => r.predicate === 'child-of');
        assert.ok(parents.some((r: { source: string; statedAs: string }) => r.source === '/people/abram' && r.statedAs === 'parent-of'));
        assert.equal(body.relations.inboundCount, body.relations.inbound.length);
        assert.equal(body.relations.inboundTruncated, false);
        assert.equal(body.licence.document, 'CC-BY-4.0');
        assert.equal(body.body, undefined, 'no body unless asked');
      });

      it('names outbound targets as site routes', async () => {
        const { body } = await get(app, '/entity/people/isaac');
        const children = body.relations.outbound.filter((r: { predicate: string }) => r.predicate === 'parent-of');
        assert.deepEqual(children.map((r: { target: string }) => r.target).sort(), ['/people/esau', '/people/jacob']);
      });

      it('accepts the path with raw or percent-encoded slashes and a leading slash', async () => {
        const raw = await get(app, '/entity/people/isaac');
        const encoded = await get(app, '/entity/people%2Fisaac');
        const slashed = await get(app, '/entity/%2Fpeople%2Fisaac');
        assert.equal(encoded.status, 200);
        assert.deepEqual(encoded.body, raw.body);
        assert.deepEqual(slashed.body, raw.body);
      });

      it('includes the markdown body only with body=true and limits backlinks with the backlinks parameter', async () => {
        const { body } = await get(app, '/entity/people/isaac?body=true&backlinks=0');
        assert.equal(typeof body.body, 'string');
        assert.ok(body.body.length > 0);
        assert.deepEqual(body.backlinks, []);
        assert.equal(body.backlinksTruncated, body.backlinkCount > 0);
        const bad = await get(app, '/entity/people/isaac?body=maybe');
        assert.equal(bad.status, 400);
        assert.equal(bad.body.code, 'invalid_parameter');
        assert.equal(bad.body.param, 'body');
      });

      it('gives an event under sa/ the CC-BY-SA-4.0 document licence and the shareAlike flag', async () => {
        const { status, body } = await get(app, '/entity/sa/events/jesus-and-nicodemus');
        assert.equal(status, 200);
        assert.equal(body.type, 'Event');
        assert.equal(body.shareAlike, true);
        assert.equal(body.licence.document, 'CC-BY-SA-4.0');
        assert.match(body.licence.reason, /Theographic.*sources\/theographic/, 'the reason names the source that makes it share-alike');
      });

      it('answers an alias id (an id the document had before, another name) with the document under its own id', async () => {
        const alias = await get(app, '/entity/people/israel');
        assert.equal(alias.status, 200);
        assert.equal(alias.body.id, '/people/jacob');
        const own = await get(app, '/entity/people/jacob');
        assert.deepEqual(alias.body, own.body);
        const family = await get(app, '/family/people/israel');
        assert.equal(family.status, 200);
        assert.equal(family.body.person.id, '/people/jacob');
      });

      it('gives a CC BY 4.0 document no licence reason', async () => {
        const { body } = await get(app, '/entity/people/jacob');
        assert.equal(body.licence.document, 'CC-BY-4.0');
        assert.equal(body.licence.reason, undefined);
      });

      it('answers a collection folder with its size and a sample', async () => {
        for (const folder of ['themes', 'sources', 'sa/events', 'people']) {
          const { status, body } = await get(app, `/entity/${folder}`);
          assert.equal(status, 200, folder);
          assert.equal(body.collection.route, `/${folder}`);
          assert.ok(body.count >= 1, folder);
          assert.ok(body.sample.length >= 1 && body.sample.length <= 10, folder);
        }
      });

      it('answers a chapter path with the Chapter shape', async () => {
        const entity = await get(app, '/entity/bible/john/3');
        const passage = await get(app, '/passage/John.3');
        assert.equal(entity.status, 200);
        assert.equal(entity.body.osis, 'John.3');
        assert.deepEqual(entity.body.verses, passage.body.verses);
      });

      it('answers 404 not_found for an unknown path and 400 for more than three segments', async () => {
        const missing = await get(app, '/entity/people/nobody');
        assert.equal(missing.status, 404);
        assert.equal(missing.body.code, 'not_found');
        const deep = await get(app, '/entity/a/b/c/d');
        assert.equal(deep.status, 400);
        assert.equal(deep.body.code, 'invalid_parameter');
      });
    });

    describe('GET /entity/{path} for a chapter', () => {
      it("carries the chapter's own relations, anchored to verses, and its backlinks", async () => {
        const { body } = await get(app, '/entity/bible/john/3');
        const nicodemus = body.relations.filter((r: { target: string }) => r.target === '/people/nicodemus');
        assert.ok(nicodemus.length >= 1);
        assert.equal(nicodemus[0].predicate, 'mentions');
        assert.equal(nicodemus[0].from, 'John.3.1');
        assert.equal(body.backlinksTruncated, body.backlinkCount > body.backlinks.length);
      });
    });
  });
}
