// GET /nearby: places within a radius of a place or a coordinate, nearest first.

import { ApiError, LICENCE } from '@skg/core';
import { type IntegerParameter, type QueryValue, readInteger, readString, type StringParameter } from '../params.ts';
import { defineRoute } from './define.ts';
import { formatSummary, readDocumentPath } from './summary.ts';
import { Nearby } from '../openapi/schemas/index.ts';

const PLACE: StringParameter = {
  kind: 'string',
  name: 'place',
  in: 'query',
  required: false,
  description: 'Anchor place path (`places/jerusalem`); give this, or both lat and lon. A document of another type is invalid_parameter',
  example: 'places/jerusalem',
};
const LAT: StringParameter = {
  kind: 'string',
  name: 'lat',
  in: 'query',
  required: false,
  description: 'Latitude, -90 to 90; not a number or out of range is invalid_parameter',
  schema: { type: 'number', minimum: -90, maximum: 90, examples: [31.77] },
};
const LON: StringParameter = {
  kind: 'string',
  name: 'lon',
  in: 'query',
  required: false,
  description: 'Longitude, -180 to 180; not a number or out of range is invalid_parameter',
  schema: { type: 'number', minimum: -180, maximum: 180, examples: [35.23] },
};
const RADIUS: IntegerParameter = { kind: 'integer', name: 'radius', description: 'Kilometres', minimum: 1, maximum: 20_000, default: 50 };
const LIMIT: IntegerParameter = { kind: 'integer', name: 'limit', description: 'Places to return', minimum: 1, maximum: 200, default: 25 };

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** lat/lon are the spec's exception to clamping: not a number, or out of range, is invalid_parameter. */
function readCoordinate(value: QueryValue, name: 'lat' | 'lon', bound: number): number | undefined {
  const text = readString(value);
  if (text === undefined) return undefined;
  const number = NUMBER.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(number) || number < -bound || number > bound) {
    throw new ApiError('invalid_parameter', `${name} must be a number from -${bound} to ${bound}`, { param: name });
  }
  return number;
}

export const nearbyRoute = defineRoute({
  path: '/nearby',
  operationId: 'find_places_near',
  summary: 'Places within a radius of a place or a coordinate, nearest first, with great-circle distances',
  description:
    'Give `place`, or both `lat` and `lon`. The anchor place itself is not listed. 404 `not_found` for an unknown place ' +
    'and for a place without coordinates; 400 `invalid_parameter` for a `place` that is not a place (`people/abram`) and ' +
    'for a lat or lon that is not a number in range.',
  parameters: [PLACE, LAT, LON, RADIUS, LIMIT],
  responseSchema: Nearby,
  errorStatuses: [400, 404],
  cache: 'data',
  handle({ dataSet, query }) {
    const graph = dataSet.graph;
    const placeText = readString(query.place);
    const radiusKm = readInteger(query.radius, RADIUS);
    const limit = readInteger(query.limit, LIMIT);
    let lat: number;
    let lon: number;
    let anchor: string | undefined;
    let origin: ReturnType<typeof formatSummary> | undefined;
    if (placeText !== undefined) {
      anchor = readDocumentPath(placeText, 'place');
      const place = graph.getSummary(anchor);
      if (!place) throw new ApiError('not_found', `no document at ${anchor}`);
      if (place.type !== 'Place') {
        throw new ApiError('invalid_parameter', `${anchor} is a ${place.type}, not a place`, { param: 'place' });
      }
      if (place.lat === undefined || place.lon === undefined) {
        throw new ApiError('not_found', `${anchor} has no coordinates to search around`);
      }
      lat = place.lat;
      lon = place.lon;
      origin = formatSummary(place);
    } else {
      const givenLat = readCoordinate(query.lat, 'lat', 90);
      const givenLon = readCoordinate(query.lon, 'lon', 180);
      if (givenLat === undefined || givenLon === undefined) {
        const param = givenLat === undefined && givenLon !== undefined ? 'lat' : givenLon === undefined && givenLat !== undefined ? 'lon' : 'place';
        throw new ApiError('missing_parameter', 'give place, or both lat and lon', { param });
      }
      lat = givenLat;
      lon = givenLon;
    }
    const page = graph.nearby(lat, lon, radiusKm, anchor ? limit + 1 : limit);
    const items = page.items.filter((item) => item.path !== anchor).slice(0, limit);
    const total = anchor ? Math.max(0, page.total - 1) : page.total;
    return {
      ...(origin ? { origin } : {}),
      centre: { lat, lon },
      radiusKm,
      total,
      count: items.length,
      results: items.map((item) => ({ ...formatSummary(item), distanceKm: item.distanceKm })),
      note: 'Great-circle (haversine) kilometres. Many identifications are tentative: see contested and identifications on each place.',
      licence: LICENCE,
    };
  },
});
