import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { get } from '../helpers/app.ts';
import { ADAPTERS, fixtureAppThrough } from '../helpers/adapters.ts';

for (const adapter of ADAPTERS) {
  describe(`nearby through ${adapter}`, () => {
    const app = fixtureAppThrough(adapter);

    function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
      const rad = Math.PI / 180;
      const a =
        Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
      return 2 * 6371 * Math.asin(Math.sqrt(a));
    }

    describe('GET /nearby', () => {
      it('lists places near Jerusalem nearest first with great-circle distances, not Jerusalem itself', async () => {
        const { status, body } = await get(app, '/nearby?place=places/jerusalem&radius=100');
        assert.equal(status, 200);
        assert.equal(body.origin.id, '/places/jerusalem');
        assert.equal(body.radiusKm, 100);
        assert.ok(body.results.length >= 1);
        assert.equal(body.count, body.results.length);
        assert.ok(!body.results.some((r: { id: string }) => r.id === '/places/jerusalem'));
        let previous = 0;
        for (const result of body.results) {
          assert.ok(result.distanceKm >= previous);
          previous = result.distanceKm;
          assert.ok(result.distanceKm <= 100);
          const expected = haversineKm(body.centre.lat, body.centre.lon, result.lat, result.lon);
          assert.ok(Math.abs(expected - result.distanceKm) < 0.5, `${result.id}: ${result.distanceKm} vs ${expected}`);
        }
      });

      it('searches around a coordinate and honours the radius', async () => {
        const wide = await get(app, '/nearby?lat=31.7767&lon=35.2342&radius=100');
        assert.deepEqual(wide.body.centre, { lat: 31.7767, lon: 35.2342 });
        assert.ok(wide.body.results.some((r: { id: string }) => r.id === '/places/jerusalem'));
        const narrow = await get(app, '/nearby?lat=31.7767&lon=35.2342&radius=1');
        assert.ok(narrow.body.total < wide.body.total);
      });

      it('answers invalid_parameter naming lat or lon when not a number in range', async () => {
        for (const [query, param] of [['lat=91&lon=35', 'lat'], ['lat=31&lon=abc', 'lon'], ['lat=31&lon=-181', 'lon']]) {
          const { status, body } = await get(app, `/nearby?${query}`);
          assert.equal(status, 400, query);
          assert.equal(body.code, 'invalid_parameter', query);
          assert.equal(body.param, param, query);
        }
      });

      it('answers missing_parameter without place or lat+lon, and 404 for an unknown or coordinate-less place', async () => {
        const none = await get(app, '/nearby');
        assert.equal(none.status, 400);
        assert.equal(none.body.code, 'missing_parameter');
        const half = await get(app, '/nearby?lat=31');
        assert.equal(half.body.param, 'lon');
        const unknown = await get(app, '/nearby?place=places/atlantis');
        assert.equal(unknown.status, 404);
        const heaven = await get(app, '/nearby?place=places/heaven');
        assert.equal(heaven.status, 404, 'heaven has no coordinates');
        assert.equal(heaven.body.code, 'not_found');
      });
    });

    describe('GET /nearby anchored on something that is not a place', () => {
      it('answers 400 invalid_parameter naming place, as /family does for a non-person', async () => {
        const person = await get(app, '/nearby?place=people/abram');
        assert.equal(person.status, 400);
        assert.equal(person.body.code, 'invalid_parameter');
        assert.equal(person.body.param, 'place');
        assert.match(person.body.error, /not a place/);
        assert.equal((await get(app, '/nearby?place=places/heaven')).status, 404, 'a place without coordinates stays 404');
        assert.equal((await get(app, '/nearby?place=people/nobody')).status, 404, 'an unknown document stays 404');
      });

      it('clamps a radius too large to represent to the maximum instead of ignoring it', async () => {
        const { body } = await get(app, '/nearby?lat=31.7&lon=35.2&radius=1e309');
        assert.equal(body.radiusKm, 20_000);
      });

      it('refuses a dot segment in place', async () => {
        for (const place of ['places/../places/jerusalem', 'people/./abram', 'places/%2E%2E/places/jerusalem']) {
          const { status, body } = await get(app, `/nearby?place=${place}`);
          assert.equal(status, 400, place);
          assert.equal(body.code, 'invalid_parameter', place);
          assert.equal(body.param, 'place', place);
        }
      });
    });
  });
}
