// The Open Scriptures Hebrew Bible (OSHB, `oshb-morphhb/wlc/<Book>.xml`): the words of each verse with
// their Strong's lemma and morphology code, and `VerseMap.xml`, which maps the WLC's verse numbering to
// the KJV's.
//
// A word is `<w lemma="b/7225" morph="HR/Ncfsa" id="01xeN">בְּ/רֵאשִׁ֖ית</w>`: `/` separates morphemes in
// the lemma, the code and the text; the lemma's number (the part starting with a digit, an extended
// letter after a space dropped: `1254 a`) is the Strong's number. Where the text has a ketiv
// (`<w type="x-ketiv">`) the note after it gives the qere (`<rdg type="x-qere">`), which is what is read
// and what the English translates: the qere's words take the ketiv's place (an empty qere drops it).
// Other notes (alternative accents, exegesis) are not words of the verse, except `<note>KJV:Ps.3.1</note>`:
// where the KJV numbers a verse differently, the WLC says there which KJV verse begins. In the Psalms
// the words before it are the superscription, which the KJV leaves unnumbered (`Ps.23.1`: מִזְמוֹר לְדָוִד,
// then the note, then the KJV's verse 1); the words after it carry that KJV verse as `kjv`.

export interface OshbWord {
  /** The text as written, morpheme slashes included: `בְּ/רֵאשִׁ֖ית`. */
  readonly text: string;
  readonly lemma: string;
  /** `H7225`; null when the lemma has no number (a prefix with a suffix: `l`). */
  readonly strongs: string | null;
  readonly morph: string;
  readonly id: string;
  /**
   * The KJV verse (`Ps.3.1`) the WLC's own note says begins before the word in its WLC verse; absent
   * when no such note precedes it in its verse (see the module header).
   */
  readonly kjv?: string;
}

export interface OshbVerse {
  /** WLC numbering: `Ps.3.2`. */
  readonly osis: string;
  readonly words: readonly OshbWord[];
}

function readAttribute(attributes: string, name: string): string {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? '';
}

/** `b/7225` → `H7225`, `1254 a` → `H1254`, `c/d/776` → `H776`; null without a number. */
export function getLemmaStrongs(lemma: string): string | null {
  for (const part of lemma.split('/')) {
    const match = /^(\d+)/.exec(part.trim());
    if (match) return `H${Number(match[1])}`;
  }
  return null;
}

function readWord(attributes: string, content: string, kjv: string | undefined): OshbWord {
  const lemma = readAttribute(attributes, 'lemma');
  return {
    text: content.replace(/<[^>]+>/g, ''),
    lemma,
    strongs: getLemmaStrongs(lemma),
    morph: readAttribute(attributes, 'morph'),
    id: readAttribute(attributes, 'id'),
    ...(kjv === undefined ? {} : { kjv }),
  };
}

const KJV_NOTE = /^\s*KJV:(\S+)\s*$/;

const TOKEN = /<note\b[^>]*\/>|<note\b[^>]*>([\s\S]*?)<\/note>|<w\b([^>]*)>([\s\S]*?)<\/w>/g;
const QERE = /<rdg\b[^>]*type="x-qere"[^>]*\/>|<rdg\b[^>]*type="x-qere"[^>]*>([\s\S]*?)<\/rdg>/;

/** The verses of one book file, in order, with their words read as the module header says. */
export function parseOshbBook(xml: string): OshbVerse[] {
  const verses: OshbVerse[] = [];
  for (const verse of xml.matchAll(/<verse osisID="([^"]+)">([\s\S]*?)<\/verse>/g)) {
    const words: OshbWord[] = [];
    let ketiv: OshbWord[] = [];
    let kjv: string | undefined;
    for (const token of (verse[2] ?? '').matchAll(TOKEN)) {
      const [whole, note, attributes, content] = token;
      if (attributes !== undefined) {
        words.push(...ketiv);
        ketiv = [];
        const word = readWord(attributes, content ?? '', kjv);
        if (readAttribute(attributes, 'type') === 'x-ketiv') ketiv.push(word);
        else words.push(word);
        continue;
      }
      const kjvNote = KJV_NOTE.exec(note ?? '');
      if (kjvNote) {
        kjv = kjvNote[1];
        continue;
      }
      const qere = QERE.exec(note ?? whole);
      if (!qere) continue;
      ketiv = [];
      for (const word of (qere[1] ?? '').matchAll(/<w\b([^>]*)>([\s\S]*?)<\/w>/g)) words.push(readWord(word[1] ?? '', word[2] ?? '', kjv));
    }
    words.push(...ketiv);
    verses.push({ osis: verse[1] ?? '', words });
  }
  return verses;
}

/**
 * Reads `VerseMap.xml` into a function giving, for a WLC verse, the KJV verses its words belong to.
 * A verse the map does not name keeps its number. A verse the map splits (`Ps.13.6!a` → `Ps.13.5`,
 * `Ps.13.6!b` → `Ps.13.6`) belongs to every KJV verse a part maps to; when the map names only one part
 * (`1Kgs.18.34!a` → `1Kgs.18.33!b`), the other part keeps the verse's own number. KJV parts (`!b`) are
 * whole KJV verses here: the join picks the words a verse's English needs.
 */
export function parseVerseMap(xml: string): (wlcVerse: string) => readonly string[] {
  const parts = new Map<string, { part: string; kjv: string }[]>();
  for (const match of xml.matchAll(/<verse\b[^>]*\bwlc="([^"]+)"[^>]*\bkjv="([^"]+)"/g)) {
    const [wlc = '', part = ''] = (match[1] ?? '').split('!');
    const kjv = (match[2] ?? '').split('!')[0] ?? '';
    let list = parts.get(wlc);
    if (!list) parts.set(wlc, (list = []));
    list.push({ part, kjv });
  }
  return (wlcVerse) => {
    const list = parts.get(wlcVerse);
    if (!list) return [wlcVerse];
    const targets = list.map((entry) => entry.kjv);
    const named = new Set(list.map((entry) => entry.part));
    const whole = named.has('') || (named.has('a') && named.has('b'));
    if (!whole) targets.push(wlcVerse);
    return [...new Set(targets)];
  };
}

/**
 * The words of each KJV verse: every WLC verse's words added to each KJV verse it maps to, in the
 * book's order. Keys are OSIS verses in KJV numbering (`Ps.3.1`).
 */
export function mapOshbToKjv(books: readonly (readonly OshbVerse[])[], toKjv: (wlcVerse: string) => readonly string[]): Map<string, OshbWord[]> {
  const byVerse = new Map<string, OshbWord[]>();
  for (const verses of books) {
    for (const verse of verses) {
      for (const kjv of toKjv(verse.osis)) {
        let list = byVerse.get(kjv);
        if (!list) byVerse.set(kjv, (list = []));
        list.push(...verse.words);
      }
    }
  }
  return byVerse;
}

/**
 * The words of a KJV verse as the WLC's own notes delimit it: those after the note naming the verse
 * (`KJV:Ps.3.1`), which leaves out a Psalm's superscription, when some word carries it; otherwise all
 * of `words` (the verse's words from `mapOshbToKjv`).
 */
export function selectKjvVerseWords(osis: string, words: readonly OshbWord[]): readonly OshbWord[] {
  const marked = words.filter((word) => word.kjv === osis);
  return marked.length > 0 ? marked : words;
}
