import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatCanonicalRequest, matchesIfNoneMatch, type QueryName } from '../../packages/server/src/http/steps/etag.ts';
import { TRANSLATION_PARAMETER } from '../../packages/server/src/routes/translation.ts';

describe('If-None-Match comparison', () => {
  it('matches by weak comparison, in lists and for *', () => {
    const cases: Array<[header: string, etag: string, expected: boolean]> = [
      ['"a-1"', '"a-1"', true],
      ['W/"a-1"', '"a-1"', true],
      ['"a-1"', 'W/"a-1"', true],
      ['"x", "a-1"', '"a-1"', true],
      ['"x",W/"a-1"', '"a-1"', true],
      ['*', '"a-1"', true],
      ['"a-2"', '"a-1"', false],
      ['a-1', '"a-1"', false],
      ['', '"a-1"', false],
    ];
    for (const [header, etag, expected] of cases) assert.equal(matchesIfNoneMatch(header, etag), expected, `${header} vs ${etag}`);
  });
});

describe('canonical request', () => {
  it('keeps the declared parameters, first value each, sorted; HEAD counts as GET', () => {
    const url = (text: string) => new URL(text, 'http://localhost');
    const names = [{ name: 'limit' }, { name: 'q' }];
    const translation = [{ name: 'translation', canonical: TRANSLATION_PARAMETER.canonical }];
    const cases: Array<[method: string, url: string, names: readonly QueryName[] | undefined, expected: string]> = [
      ['GET', '/api/v1/passage/John.3.16', [], 'GET /api/v1/passage/John.3.16'],
      ['GET', '/api/v1/passage/John.3.16?junk=1', [], 'GET /api/v1/passage/John.3.16'],
      ['GET', '/api/v1/scripture?q=love&limit=5', names, 'GET /api/v1/scripture?limit=5&q=love'],
      ['HEAD', '/api/v1/scripture?limit=5&q=love&x=1', names, 'GET /api/v1/scripture?limit=5&q=love'],
      ['GET', '/api/v1/scripture?q=a&q=b', names, 'GET /api/v1/scripture?q=a'],
      ['GET', '/api/v1/scripture?q=only%20son', names, 'GET /api/v1/scripture?q=only%20son'],
      ['GET', '/x?b=2&a=1', undefined, 'GET /x?a=1&b=2'],
      // Spellings of one value are one request: letter case and spaces of a translation id, and the default.
      ['GET', '/api/v1/passage/John.3.16?translation=%20kjv', translation, 'GET /api/v1/passage/John.3.16?translation=KJV'],
      ['GET', '/api/v1/passage/John.3.16?translation=bsb,kjv', translation, 'GET /api/v1/passage/John.3.16?translation=BSB%2CKJV'],
      ['GET', '/api/v1/passage/John.3.16?translation=bsb', translation, 'GET /api/v1/passage/John.3.16'],
      ['GET', '/api/v1/passage/John.3.16?translation=', translation, 'GET /api/v1/passage/John.3.16'],
    ];
    for (const [method, text, keep, expected] of cases) assert.equal(formatCanonicalRequest(method, url(text), keep), expected, text);
  });
});
