// The KJV verse counts as the OpenBible.info reference parser holds them, as a Canon: equal to our
// data's chapter for chapter (checked on the full data), for tests of the free-text parser without a dist.

import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as en from 'bible-passage-reference-parser/esm/lang/en.js';
import { type Canon, createCanon, getBook } from '@skg/core';

export function createKjvCanon(): Canon {
  const { chapters } = new bcv_parser(en).translation_info('kjv');
  const counts: Record<string, number[]> = {};
  for (const [osis, verses] of Object.entries(chapters)) if (getBook(osis)?.osis === osis) counts[osis] = verses as number[];
  return createCanon(counts);
}
