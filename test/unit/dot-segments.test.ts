import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hasDotSegment } from '../../packages/server/src/http/steps/dot-segments.ts';

describe('dot segments in a raw request target', () => {
  it('finds . and .. segments, raw or percent-encoded, split on / or \\, and only in the path', () => {
    const cases: Array<[target: string, expected: boolean]> = [
      ['/api/v1/entity/%2e%2e', true],
      ['/api/v1/entity/people/%2E%2e/places/jerusalem', true],
      ['/api/v1/entity/people/../places/jerusalem', true],
      ['/api/v1/entity/people/./isaac', true],
      ['/api/v1/entity/people/.%2e/x', true],
      ['/api/v1/entity/people\\..\\places\\jerusalem', true],
      ['/api/v1/entity/..?body=true', true],
      ['http://localhost/api/v1/entity/%2e%2e', true],
      ['/api/v1/passage/John.3.16', false],
      ['/api/v1/entity/people/...', false],
      ['/api/v1/entity/people/..isaac', false],
      ['/api/v1/reference/assets/..%2Fpackage.json', false],
      ['/api/v1/nearby?place=places/../places/jerusalem', false],
      ['/api/v1/', false],
    ];
    for (const [target, expected] of cases) assert.equal(hasDotSegment(target), expected, target);
  });
});
