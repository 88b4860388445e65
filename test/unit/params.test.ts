import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isApiError } from '@skg/core';
import {
  type IntegerParameter,
  type QueryValue,
  readEnum,
  readInteger,
  readString,
  requireString,
} from '../../packages/server/src/params.ts';

const LIMIT: IntegerParameter = { kind: 'integer', name: 'limit', description: '', minimum: 1, maximum: 100, default: 25 };
const OFFSET: IntegerParameter = { kind: 'integer', name: 'offset', description: '', minimum: 0, default: 0 };

describe('integer parameters', () => {
  it('treats a value that is not a number as absent, clamps the rest into range', () => {
    const cases: Array<[input: QueryValue, expected: number, why: string]> = [
      [undefined, 25, 'absent → default'],
      ['', 25, 'empty → default'],
      ['   ', 25, 'blank → default'],
      ['abc', 25, 'not a number → default'],
      ['12abc', 25, 'trailing junk → default'],
      ['0x10', 25, 'hex is not accepted → default'],
      ['Infinity', 100, 'infinity is above the maximum → maximum'],
      ['-Infinity', 1, 'minus infinity is below the minimum → minimum'],
      ['1e309', 100, 'too large for a double, still above the maximum → maximum'],
      ['-1e309', 1, 'too large a negative number → minimum'],
      ['infinite', 25, 'not a number → default'],
      ['NaN', 25, 'NaN → default'],
      ['50', 50, 'in range'],
      [' 7 ', 7, 'surrounding space is trimmed'],
      ['+7', 7, 'explicit plus sign'],
      ['2.9', 2, 'fraction truncated toward zero'],
      ['1e2', 100, 'exponent notation is a number'],
      ['100', 100, 'the maximum itself'],
      ['101', 100, 'above the maximum → maximum'],
      ['1000000000000', 100, 'far above → maximum'],
      ['1', 1, 'the minimum itself'],
      ['0', 1, 'below the minimum → minimum'],
      ['-5', 1, 'negative → minimum'],
      ['0.5', 1, 'truncates to 0, below the minimum → minimum'],
      [['3', '9'], 3, 'repeated → first value'],
      [[], 25, 'empty list → default'],
    ];
    for (const [input, expected, why] of cases) {
      assert.equal(readInteger(input, LIMIT), expected, `${JSON.stringify(input)}: ${why}`);
    }
  });

  it('has no upper bound when the parameter has no maximum', () => {
    assert.equal(readInteger('123456789', OFFSET), 123456789);
    assert.equal(readInteger('-1', OFFSET), 0);
    assert.equal(readInteger('abc', OFFSET), 0);
    assert.equal(readInteger('1e309', OFFSET), Number.MAX_SAFE_INTEGER, 'infinity without a maximum → the largest safe integer');
  });
});

describe('string parameters', () => {
  it('reads the first value, trimmed, and treats blank as absent', () => {
    const cases: Array<[QueryValue, string | undefined]> = [
      [undefined, undefined], ['', undefined], ['  ', undefined], [' light ', 'light'], [['a', 'b'], 'a'],
    ];
    for (const [input, expected] of cases) assert.equal(readString(input), expected, JSON.stringify(input));
  });

  it('answers missing_parameter naming the parameter when a required one is absent or blank', () => {
    for (const input of [undefined, '', '   ']) {
      assert.throws(
        () => requireString(input, 'q'),
        (error: unknown) => isApiError(error) && error.code === 'missing_parameter' && error.param === 'q' && error.status === 400,
        JSON.stringify(input),
      );
    }
    assert.equal(requireString('love', 'q'), 'love');
  });

  it('answers unknown_value listing the legal values for an enum value outside them', () => {
    const upper = (text: string) => text.toUpperCase();
    assert.equal(readEnum('nt', 'testament', ['OT', 'NT'], upper), 'NT');
    assert.equal(readEnum(undefined, 'testament', ['OT', 'NT'], upper), undefined);
    assert.throws(
      () => readEnum('apocrypha', 'testament', ['OT', 'NT'], upper),
      (error: unknown) =>
        isApiError(error) && error.code === 'unknown_value' && error.param === 'testament' && error.available?.join() === 'OT,NT',
    );
  });
});
