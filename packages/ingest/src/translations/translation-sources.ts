// The translations read from `translations/` (SOURCES.md §10): our identifier, the export, its
// versification, and whether its Strong's numbers are kept.

import path from 'node:path';
import { type ReadTranslationOptions, readTranslationFile, type TranslationText } from './read-translation.ts';

export interface TranslationSource extends ReadTranslationOptions {
  /** The export, relative to the sources directory. */
  readonly file: string;
  /** The module's `.conf` beside it. */
  readonly conf: string;
}

export const TRANSLATION_SOURCES: readonly TranslationSource[] = [
  { id: 'KJV', file: 'translations/engKJV2006eb.imp.gz', conf: 'translations/engKJV2006eb.conf', versification: 'KJV', keepStrongs: true },
  {
    id: 'WEB',
    file: 'translations/engWEB2015eb.imp.gz',
    conf: 'translations/engWEB2015eb.conf',
    versification: 'NRSVA',
    keepStrongs: false,
    strongsDropped: 'spread over words by machine ("In" tagged H0430): wrong too often to serve',
  },
  {
    id: 'RV1909',
    file: 'translations/spaRV1909eb.imp.gz',
    conf: 'translations/spaRV1909eb.conf',
    versification: 'KJV',
    keepStrongs: false,
    strongsDropped: 'phrase-level tagging under restrictive third-party terms',
  },
];

/** Reads one of TRANSLATION_SOURCES from a sources directory. */
export function readTranslationSource(sourcesDir: string, source: TranslationSource): Promise<TranslationText> {
  return readTranslationFile(path.join(sourcesDir, source.file), source);
}
