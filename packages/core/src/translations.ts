// The translations served: the BSB (the default, compiled from the bundle's `bible/` documents) and those
// beside it (`translations/<id>/`, docs/bundle-format.md § Translations), with the facts no data file
// holds: name, language, direction, licence and its notes. The counts and books of each come
// from its text (the compiler's translations stage, the server's /translations), its checksum from its download.

import { type Book, slugify } from './books.ts';

export type TranslationId = 'BSB' | 'KJV' | 'WEB' | 'RV1909';

/** Every translation id, the default (BSB) first: the order /translations lists them in. */
export const TRANSLATION_IDS: readonly TranslationId[] = Object.freeze(['BSB', 'KJV', 'WEB', 'RV1909']);

/** The translations beside the BSB, read from the bundle's `translations/` folder. */
export const EXTRA_TRANSLATION_IDS: readonly Exclude<TranslationId, 'BSB'>[] = Object.freeze(['KJV', 'WEB', 'RV1909']);

export interface TranslationFacts {
  readonly id: TranslationId;
  readonly name: string;
  /** BCP 47 language tag. */
  readonly language: string;
  readonly direction: 'ltr' | 'rtl';
  /** The versification of its verse slots, lowercase as Chapter.versification (`kjv`, `nrsva`). */
  readonly versification: 'kjv' | 'nrsva';
  readonly licence: {
    /** SPDX-style id. */
    readonly id: string;
    /** What `licence.text` says on an answer in this translation. */
    readonly text: string;
    /** What a reader should know before reusing the text. */
    readonly notes: readonly string[];
  };
  /** Where the text comes from. */
  readonly source: string;
  /**
   * Chapters whose text does not sit in the slots its versification names (served as the source has
   * them, slot by slot): `chapters` as `Book.chapter` OSIS ids, `note` one sentence of why.
   */
  readonly versificationNotes?: { readonly note: string; readonly chapters: readonly string[] };
}

/**
 * The RV1909's chapters off the KJV slots, found from the data (test/acceptance/translations-reader.test.ts:
 * an empty slot, or three or more slots whose Strong's numbers match a KJV slot up to three away better
 * than their own).
 */
export const RV1909_SHIFTED_CHAPTERS: readonly string[] = Object.freeze([
  'Num.12', 'Num.13', 'Num.29', 'Num.30', '1Sam.23', '1Sam.24', '2Sam.20', '1Kgs.22', '1Chr.21', '2Chr.33',
  'Job.35', 'Job.38', 'Job.39', 'Job.40', 'Hos.11', 'Hos.12', 'Jonah.1', 'Jonah.2', 'Acts.19', '2Cor.13',
]);

export const TRANSLATION_FACTS: Readonly<Record<TranslationId, TranslationFacts>> = Object.freeze({
  BSB: {
    id: 'BSB',
    name: 'Berean Standard Bible',
    language: 'en',
    direction: 'ltr',
    versification: 'kjv',
    licence: { id: 'public-domain', text: 'Scripture text: Berean Standard Bible (BSB), public domain (berean.bible).', notes: [] },
    source: 'berean.bible (USFM)',
  },
  KJV: {
    id: 'KJV',
    name: 'King James Version',
    language: 'en',
    direction: 'ltr',
    versification: 'kjv',
    licence: {
      id: 'public-domain',
      text: 'Scripture text: King James Version (KJV, 2006 edition of the SWORD module KJV), public domain outside the United Kingdom.',
      notes: ['In the United Kingdom the rights in the Authorized Version are vested in the Crown (letters patent, administered by Cambridge University Press).'],
    },
    source: 'CrossWire SWORD module KJV (engKJV2006eb), Debian sword-text-kjv',
  },
  WEB: {
    id: 'WEB',
    name: 'World English Bible',
    language: 'en',
    direction: 'ltr',
    versification: 'nrsva',
    licence: {
      id: 'public-domain',
      text: 'Scripture text: World English Bible (WEB, with Deuterocanon, 2015), public domain (ebible.org).',
      notes: ['"World English Bible" is a trademark: use the name only for the unmodified text.'],
    },
    source: 'SWORD module engWEB2015eb (eBible.org), Debian sword-text-web',
  },
  RV1909: {
    id: 'RV1909',
    name: 'Reina-Valera 1909',
    language: 'es',
    direction: 'ltr',
    versification: 'kjv',
    licence: { id: 'public-domain', text: 'Scripture text: Reina-Valera 1909 (RV1909), public domain.', notes: [] },
    source: 'SWORD module spaRV1909eb, Debian sword-text-sparv',
    versificationNotes: {
      note:
        'The source module forced the Spanish verse numbering into KJV slots, so in these chapters the text sits up to three slots off (Jonah 2:1 holds KJV 1:17, 1:17 is empty) or two verses share a slot with the next left empty (2 Cor 13:13 holds KJV 13:14, 13:14 is empty); it is served as the source has it.',
      chapters: RV1909_SHIFTED_CHAPTERS,
    },
  },
});

// OSIS id, USFM code and English name of the deuterocanonical books a translation may hold (the WEB's,
// in NRSVA order). They are no books of the 66-book canon: a reference names them only under a
// translation that has them.
const DEUTEROCANON: ReadonlyArray<readonly [string, string, string]> = [
  ['Tob', 'TOB', 'Tobit'], ['Jdt', 'JDT', 'Judith'], ['EsthGr', 'ESG', 'Esther (Greek)'], ['Wis', 'WIS', 'Wisdom of Solomon'],
  ['Sir', 'SIR', 'Sirach'], ['Bar', 'BAR', 'Baruch'], ['PrAzar', 'S3Y', 'Prayer of Azariah'], ['Sus', 'SUS', 'Susanna'],
  ['Bel', 'BEL', 'Bel and the Dragon'], ['1Macc', '1MA', '1 Maccabees'], ['2Macc', '2MA', '2 Maccabees'], ['1Esd', '1ES', '1 Esdras'],
  ['PrMan', 'MAN', 'Prayer of Manasseh'], ['AddPs', 'PS2', 'Psalm 151'], ['3Macc', '3MA', '3 Maccabees'], ['2Esd', '2ES', '2 Esdras'],
  ['4Macc', '4MA', '4 Maccabees'],
];

/** Order numbers of the deuterocanonical books start here (after the 66). */
export const DEUTEROCANON_ORDER = 67;

/** The deuterocanonical book `osis` (`Tob`), with `chapters` chapters, as a Book; undefined for another id. */
export function createDeuterocanonicalBook(osis: string, chapters: number): Book | undefined {
  const index = DEUTEROCANON.findIndex(([id]) => id === osis);
  const row = DEUTEROCANON[index];
  if (!row) return undefined;
  const [, usfm, name] = row;
  return Object.freeze({ osis, usfm, name, slug: slugify(name), testament: 'OT', order: DEUTEROCANON_ORDER + index, chapters });
}

/** The order of Strong's numbers in the translations artefact's concordance: letter, then number (`H2` before `H10`), then suffix. */
export function compareStrongs(a: string, b: string): number {
  const letter = a.charCodeAt(0) - b.charCodeAt(0);
  if (letter !== 0) return letter;
  const number = Number.parseInt(a.slice(1), 10) - Number.parseInt(b.slice(1), 10);
  return number !== 0 ? number : a < b ? -1 : a > b ? 1 : 0;
}
