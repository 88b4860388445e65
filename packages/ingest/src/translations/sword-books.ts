// The books of SWORD's KJV and NRSVA versifications, in SWORD's order: the English name `mod2imp`
// writes in each `$$$<name> <chapter>:<verse>` key, and the OSIS id SWORD's canon gives the book.
//
// `mod2imp` walks a module in its versification's book order, so the n-th book name of an export is the
// n-th book of its versification: the reader maps names by that order and checks each name against the
// table (and against the `osisID` of the book's `<div type="book">` where the export has one), so a
// module in another versification fails loudly instead of shifting every book by one.

export type Versification = 'KJV' | 'NRSVA';

export interface SwordBook {
  /** The name in the export's keys (`I Samuel`, `Revelation of John`). */
  readonly name: string;
  /** Standard OSIS book id (`1Sam`, `Rev`, `Tob`, `1Macc`). */
  readonly osis: string;
  /** A book of the deuterocanon / apocrypha (not in the 66-book slots). */
  readonly deuterocanonical: boolean;
}

const OLD_TESTAMENT: ReadonlyArray<readonly [string, string]> = [
  ['Genesis', 'Gen'], ['Exodus', 'Exod'], ['Leviticus', 'Lev'], ['Numbers', 'Num'], ['Deuteronomy', 'Deut'],
  ['Joshua', 'Josh'], ['Judges', 'Judg'], ['Ruth', 'Ruth'], ['I Samuel', '1Sam'], ['II Samuel', '2Sam'],
  ['I Kings', '1Kgs'], ['II Kings', '2Kgs'], ['I Chronicles', '1Chr'], ['II Chronicles', '2Chr'], ['Ezra', 'Ezra'],
  ['Nehemiah', 'Neh'], ['Esther', 'Esth'], ['Job', 'Job'], ['Psalms', 'Ps'], ['Proverbs', 'Prov'],
  ['Ecclesiastes', 'Eccl'], ['Song of Solomon', 'Song'], ['Isaiah', 'Isa'], ['Jeremiah', 'Jer'], ['Lamentations', 'Lam'],
  ['Ezekiel', 'Ezek'], ['Daniel', 'Dan'], ['Hosea', 'Hos'], ['Joel', 'Joel'], ['Amos', 'Amos'],
  ['Obadiah', 'Obad'], ['Jonah', 'Jonah'], ['Micah', 'Mic'], ['Nahum', 'Nah'], ['Habakkuk', 'Hab'],
  ['Zephaniah', 'Zeph'], ['Haggai', 'Hag'], ['Zechariah', 'Zech'], ['Malachi', 'Mal'],
];

/** NRSVA's deuterocanon, after Malachi (SWORD `canon_nrsva.h`). */
const DEUTEROCANON: ReadonlyArray<readonly [string, string]> = [
  ['Tobit', 'Tob'], ['Judith', 'Jdt'], ['Esther (Greek)', 'EsthGr'], ['Wisdom', 'Wis'], ['Sirach', 'Sir'],
  ['Baruch', 'Bar'], ['Prayer of Azariah', 'PrAzar'], ['Susanna', 'Sus'], ['Bel and the Dragon', 'Bel'],
  ['I Maccabees', '1Macc'], ['II Maccabees', '2Macc'], ['I Esdras', '1Esd'], ['Prayer of Manasses', 'PrMan'],
  ['Additional Psalm', 'AddPs'], ['III Maccabees', '3Macc'], ['II Esdras', '2Esd'], ['IV Maccabees', '4Macc'],
];

const NEW_TESTAMENT: ReadonlyArray<readonly [string, string]> = [
  ['Matthew', 'Matt'], ['Mark', 'Mark'], ['Luke', 'Luke'], ['John', 'John'], ['Acts', 'Acts'],
  ['Romans', 'Rom'], ['I Corinthians', '1Cor'], ['II Corinthians', '2Cor'], ['Galatians', 'Gal'], ['Ephesians', 'Eph'],
  ['Philippians', 'Phil'], ['Colossians', 'Col'], ['I Thessalonians', '1Thess'], ['II Thessalonians', '2Thess'],
  ['I Timothy', '1Tim'], ['II Timothy', '2Tim'], ['Titus', 'Titus'], ['Philemon', 'Phlm'], ['Hebrews', 'Heb'],
  ['James', 'Jas'], ['I Peter', '1Pet'], ['II Peter', '2Pet'], ['I John', '1John'], ['II John', '2John'],
  ['III John', '3John'], ['Jude', 'Jude'], ['Revelation of John', 'Rev'],
];

function toBooks(rows: ReadonlyArray<readonly [string, string]>, deuterocanonical: boolean): SwordBook[] {
  return rows.map(([name, osis]) => ({ name, osis, deuterocanonical }));
}

/** Each versification's books in SWORD's order. */
export const SWORD_BOOKS: Readonly<Record<Versification, readonly SwordBook[]>> = {
  KJV: [...toBooks(OLD_TESTAMENT, false), ...toBooks(NEW_TESTAMENT, false)],
  NRSVA: [...toBooks(OLD_TESTAMENT, false), ...toBooks(DEUTEROCANON, true), ...toBooks(NEW_TESTAMENT, false)],
};
