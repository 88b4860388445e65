import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BOOKS, COLLECTIONS, ERROR_CODES } from '@skg/core';
import { createTestApp, get, request } from '../helpers/app.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';
import { createMemoryDataSet } from '../helpers/memory-data-set.ts';
import { createStatusMonitor } from '../../packages/server/src/status/monitor.ts';
import { ADAPTERS, fixtureAppThrough } from '../helpers/adapters.ts';

for (const adapter of ADAPTERS) {
  describe(`index-status through ${adapter}`, () => {
    const app = fixtureAppThrough(adapter);

    describe('GET / (service index)', () => {
      it('names the service, version 1, and lists exactly the endpoints that exist', async () => {
        const { status, body } = await get(app, '/');
        assert.equal(status, 200);
        assert.equal(body.name, 'Scripture Graph');
        assert.equal(body.version, '1');
        assert.deepEqual(Object.keys(body.endpoints).sort(), [
          '/', '/changelog', '/connections', '/entity/{path}', '/family/{path}', '/graph/{path}', '/health', '/interlinear/{osis}', '/list', '/nearby', '/openapi.json', '/passage/{osis}', '/random', '/reference', '/reference/assets/{file}', '/references', '/scripture',
          '/search', '/stats', '/status', '/tags', '/translations', '/translations/{id}/download', '/vocabulary',
          '/webhooks', '/webhooks/{id}', '/xrefs/{osis}', 'DELETE /webhooks/{id}', 'POST /mcp', 'POST /webhooks', 'POST /webhooks/{id}/test',
        ]);
        for (const description of Object.values(body.endpoints)) assert.equal(typeof description, 'string');
        for (const route of ['/passage/John.3.16', '/scripture?q=light', '/status', '/vocabulary', '/openapi.json']) {
          assert.equal((await get(app, route)).status, 200, `${route} answers`);
        }
      });

      it('states the rules: no auth, free, rate limit, caching, errors, licence', async () => {
        const { body } = await get(app, '/');
        assert.deepEqual(Object.keys(body).sort(), [
          'auth', 'caching', 'clients', 'collections', 'data', 'description', 'endpoints', 'errors', 'licence', 'mcp', 'mcpNote', 'name',
          'openapi', 'pricing', 'rateLimit', 'reference', 'requestId', 'sandbox', 'status', 'tools', 'version',
        ]);
        assert.equal(body.auth.required, false);
        assert.equal(body.auth.scheme, null);
        assert.equal(body.mcp, '/api/v1/mcp', 'the MCP endpoint, relative to the host like every link here');
        assert.ok(body.mcpNote);
        const mcp = await request(app, body.mcp, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
        });
        assert.deepEqual([mcp.status, mcp.body], [200, { jsonrpc: '2.0', id: 1, result: {} }], 'the mcp URL answers MCP');
        assert.ok(body.clients.some((client: string) => client.includes('/api/v1/mcp')), 'clients name the MCP endpoint');
        assert.ok(body.clients.some((client: string) => client.includes('skg mcp')), 'clients name the stdio server');
        assert.ok(body.clients.some((client: string) => client.includes('@scripture-graph/client')), 'clients name the typed client');
        assert.equal(body.openapi, '/api/v1/openapi.json');
        assert.equal(body.status, '/api/v1/status');
        assert.deepEqual(body.errors.codes, ERROR_CODES);
        assert.deepEqual(body.errors.retryable, ['dataset_unavailable', 'rate_limited']);
        assert.ok(body.errors.docs);
        assert.deepEqual({ ...body.rateLimit, note: undefined }, { limit: 600, window: '1 minute', scope: 'per address', note: undefined });
        assert.equal(body.caching.etag, true);
        assert.ok(body.requestId.note);
        assert.deepEqual({ ...body.pricing, note: undefined }, {
          free: true, metered: false, minimumContract: null, creditCardRequired: false, publicPricing: true, note: undefined,
        });
        assert.deepEqual(
          body.collections.map((c: { type: string }) => c.type).sort(),
          COLLECTIONS.map((info) => info.type).sort(),
          'every collection, each with how to list it',
        );
        const people = body.collections.find((c: { type: string }) => c.type === 'Person');
        assert.equal(people.list, '/api/v1/list?type=Person');
        assert.match(people.example, /^\/people\//);
        assert.ok(body.licence.data);
        assert.ok(body.clients.length > 0);
      });
    });

    describe('GET /health', () => {
      it('answers 200 ok with the licence while /status is degraded: liveness runs no check', async () => {
        const dataSet = await getFixtureDataSet();
        const degraded = createTestApp(dataSet, { statusMonitor: createStatusMonitor({ getDataSet: () => dataSet, memoryBudgetBytes: 1 }) });
        assert.equal((await get(degraded, '/status')).status, 503);
        const { status, headers, body } = await get(degraded, '/health');
        assert.equal(status, 200);
        assert.equal(headers.get('cache-control'), 'no-store');
        assert.ok(headers.get('x-request-id'));
        assert.equal(body.status, 'ok');
        assert.ok(body.licence);
      });
    });

    describe('GET /status', () => {
      it('runs live checks of each component and reports ok, the data version and the datasets block', async () => {
        const dataSet = await getFixtureDataSet();
        const { status, headers, body } = await get(app, '/status');
        assert.equal(status, 200);
        assert.equal(body.status, 'ok');
        for (const name of ['dataset', 'verses', 'scriptureSearch', 'memory']) {
          assert.ok(['ok', 'warn'].includes(body.checks[name].status), `${name}: ${body.checks[name].detail}`);
          assert.equal(typeof body.checks[name].ms, 'number');
        }
        assert.deepEqual(body.datasets, {
          connections: dataSet.datasets.connections ? 'available' : 'unavailable',
          interlinear: dataSet.datasets.interlinear ? 'available' : 'unavailable',
          translations: dataSet.datasets.translations ? 'available' : 'unavailable',
        });
        assert.equal(body.dataVersion, dataSet.manifest.dataVersion);
        assert.equal(body.bundleGenerated, dataSet.manifest.bundleGenerated);
        assert.equal(body.availabilityTarget.ratio, 0.995);
        assert.equal(headers.get('cache-control'), 'no-store');
      });

      it('reports available for a built optional dataset', async () => {
        const withData = createTestApp(createMemoryDataSet({ datasets: { interlinear: true, connections: false } }));
        const { body } = await get(withData, '/status');
        assert.deepEqual(body.datasets, { connections: 'unavailable', interlinear: 'available', translations: 'unavailable' });
      });

      it('reports degraded when a component check fails', async () => {
        const dataSet = createMemoryDataSet();
        const broken = {
          ...dataSet,
          scripture: {
            ...dataSet.scripture,
            search: async () => {
              throw new Error('index gone');
            },
          },
        };
        const { status, headers, body } = await get(createTestApp(broken), '/status');
        assert.equal(status, 503, 'a load balancer reads degraded from the status alone');
        assert.equal(headers.get('cache-control'), 'no-store');
        assert.equal(body.status, 'degraded');
        assert.equal(body.checks.scriptureSearch.status, 'fail');
        assert.equal(body.checks.scriptureSearch.detail, 'index gone');
      });

      it('reports uptime only over the time it measured, from its periodic samples', async () => {
        const dataSet = createMemoryDataSet();
        let now = Date.parse('2026-03-01T00:00:00.000Z');
        const monitor = createStatusMonitor({ getDataSet: () => dataSet, now: () => now, intervalMs: 60_000 });
        const measured = createTestApp(dataSet, { statusMonitor: monitor, now: () => now });
        for (let i = 0; i <= 5; i += 1) {
          await monitor.sample();
          now += 60_000;
        }
        const { body } = await get(measured, '/status');
        for (const window of ['last24Hours', 'last30Days', 'last90Days']) {
          assert.equal(body.uptime[window].samples, 6, window);
          assert.equal(body.uptime[window].ratio, 1, window);
          assert.equal(body.uptime[window].measuredSeconds, 360, `${window} claims only the six minutes measured`);
          assert.equal(body.uptime[window].since, '2026-03-01T00:00:00.000Z', window);
        }
        assert.equal(body.uptime.last90Days.windowSeconds, 90 * 86400);
        assert.equal(body.process.uptimeSeconds, 360);
      });
    });

    describe('GET /vocabulary', () => {
      it('lists the 66 books in canonical order with their paths, and the predicates with inverses and edge counts', async () => {
        const { status, body } = await get(app, '/vocabulary');
        assert.equal(status, 200);
        assert.equal(body.books.length, 66);
        assert.deepEqual(body.books[0], { osisId: 'Gen', name: 'Genesis', slug: 'genesis', testament: 'OT', order: 1, chapters: 50, path: 'bible/genesis' });
        assert.deepEqual(body.books.map((b: { osisId: string }) => b.osisId), BOOKS.map((b) => b.osis));
        assert.equal(body.books.reduce((sum: number, b: { chapters: number }) => sum + b.chapters, 0), 1189);
        const parentOf = body.predicates.find((p: { id: string }) => p.id === 'parent-of');
        assert.equal(parentOf.inverse, 'child-of');
        assert.ok(parentOf.edges >= 1, 'the fixture stores parent-of edges');
        assert.ok(!body.predicates.some((p: { id: string }) => p.id === 'child-of'), 'child-of is an inverse, never a stored predicate');
        assert.ok(Array.isArray(body.undeclared));
        assert.match(body.note, /child-of/);
        assert.ok(body.licence.text);
      });
    });
  });
}
