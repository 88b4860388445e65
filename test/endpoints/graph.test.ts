import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get } from '../helpers/app.ts';
import { ADAPTERS, fixtureAppThrough } from '../helpers/adapters.ts';

for (const adapter of ADAPTERS) {
  describe(`graph through ${adapter}`, () => {
    const app = fixtureAppThrough(adapter);

    interface Node {
      id: string;
      type: string;
      distance: number;
    }
    interface Edge {
      source: string;
      target: string;
      predicate?: string;
      kind: string;
    }

    describe('GET /graph/{path}', () => {
      it('returns the root at distance 0, its neighbours at distance 1 and only edges among the returned nodes', async () => {
        const { status, body } = await get(app, '/graph/people/isaac');
        assert.equal(status, 200);
        assert.equal(body.root, '/people/isaac');
        assert.equal(body.depth, 1);
        assert.equal(body.count, body.nodes.length);
        assert.deepEqual(body.nodes[0], { ...body.nodes[0], id: '/people/isaac', distance: 0 });
        for (const node of body.nodes.slice(1)) assert.equal(node.distance, 1);
        const ids = new Set(body.nodes.map((node: Node) => node.id));
        assert.ok(ids.has('/people/abram'), 'the parent stating parent-of is a neighbour');
        for (const edge of body.edges as Edge[]) {
          assert.ok(ids.has(edge.source) && ids.has(edge.target), `${edge.source} → ${edge.target}`);
          assert.ok(['relation', 'link', 'source'].includes(edge.kind));
          if (edge.kind !== 'relation') assert.equal(edge.predicate, undefined);
        }
        assert.equal(body.edgeCount, body.edges.length);
      });

      it('confines the whole walk to one type and to one predicate', async () => {
        const { body } = await get(app, '/graph/people/isaac?depth=3&type=people&predicate=parent-of');
        for (const node of body.nodes as Node[]) assert.equal(node.type, 'Person');
        for (const edge of body.edges as Edge[]) assert.equal(edge.predicate, 'parent-of');
        assert.ok(body.nodes.some((node: Node) => node.distance === 2), 'grandchildren reached at depth 2');
      });

      it('caps the nodes with limit and says so with truncated', async () => {
        const { body } = await get(app, '/graph/people/isaac?depth=3&limit=3');
        assert.equal(body.count, 3);
        assert.equal(body.truncated, true);
        const full = await get(app, '/graph/people/isaac?depth=1&limit=600');
        assert.equal(full.body.truncated, false);
      });

      it('answers unknown_value for an unknown predicate and 404 for an unknown root', async () => {
        const predicate = await get(app, '/graph/people/isaac?predicate=nope');
        assert.equal(predicate.status, 400);
        assert.equal(predicate.body.code, 'unknown_value');
        assert.ok(predicate.body.available.includes('parent-of'));
        const missing = await get(app, '/graph/people/nobody');
        assert.equal(missing.status, 404);
      });
    });

    describe('GET /graph/{path} with an inverse predicate', () => {
      it('refuses child-of, saying it is the inverse of parent-of and why, with the stored predicates as available', async () => {
        const { status, body } = await get(app, '/graph/people/isaac?predicate=child-of');
        assert.equal(status, 400);
        assert.equal(body.code, 'unknown_value');
        assert.equal(body.param, 'predicate');
        assert.match(body.error, /inverse of 'parent-of'/);
        assert.match(body.error, /predicate=parent-of/);
        assert.ok(body.available.includes('parent-of'));
        assert.ok(!body.available.includes('child-of'));
      });

      it('walks depth 1e309 as the maximum depth, 3', async () => {
        const { body } = await get(app, '/graph/people/isaac?depth=1e309');
        assert.equal(body.depth, 3);
      });
    });

    describe('document paths with dot segments', () => {
      it('answers 400 invalid_parameter (param path) on /entity, /family and /graph', async () => {
        for (const route of [
          '/entity/people%2F..%2Fisaac',
          '/entity/people%2F.%2Fisaac',
          '/entity/people%2F%2e%2e%2Fisaac',
          '/family/people%2F..%2Fisaac',
          '/graph/people%2F..%2Fisaac',
          '/entity/%2E%2E%2Fpeople%2Fisaac',
        ]) {
          const { status, body } = await get(app, route);
          assert.equal(status, 400, route);
          assert.equal(body.code, 'invalid_parameter', route);
          assert.equal(body.param, 'path', route);
        }
      });
    });
  });
}
