// One record's OSIS XML fragment → plain text with its footnotes, headings and spans.
//
// Plain text (the spacing rules; `docs/ingest.md` § Translations repeats them):
// - the text of every element is kept, except `<note>` (its text becomes a footnote), `<title>` and
//   `<speaker>` (their text becomes a heading) and, inside a note, `<reference type="annotateRef">`
//   (the note's own verse label, `1.4 `);
// - line-level milestones and containers (`l`, `lg`, `lb`, `div`, `chapter`, `p`, `list`, `item`) count as
//   whitespace; inline elements (`w`, `transChange`, `divineName`, `q`, `seg`, `foreign`, `name` …) and notes
//   count as nothing, except that a note with no whitespace on either side followed by a letter, digit or
//   opening quote counts as a space (WEB writes `only born<note>…</note>Son`, `Christ,<note>…</note>the`),
//   and so does a `<transChange>` boundary with no whitespace (RV1909 writes `engendró</w><transChange
//   type="added">un hijo</transChange><w …>á`), except before supplied words that are an enclitic pronoun
//   joined to the word before (`sáca</w><transChange type="added">lo</transChange>`: `sácalo`);
// - every run of whitespace becomes one space; the text is trimmed; `&amp; &lt; &gt; &quot; &apos;` are decoded.
//
// Offsets and spans count UTF-16 code units of the plain text (JavaScript string indices); a span is
// `[start, end)` and never starts or ends on a space. A footnote's `offset` is where its `<note>` stood:
// the length of the plain text before it.
//
// Words of Jesus (`<q who="Jesus">`, as a container or as `sID`/`eID` milestones) may open in one record
// and close in a later one: the caller threads `OsisState` through the records in order.

export interface TextSpan {
  readonly start: number;
  readonly end: number;
}

export interface Footnote {
  readonly offset: number;
  readonly text: string;
  /** `crossReference` for `<note type="crossReference">` (WEB), otherwise `footnote`. */
  readonly type: 'footnote' | 'crossReference';
}

export interface Heading {
  readonly text: string;
  /** `psalm` for a Psalm title (`type="psalm"`), `speaker` for `<speaker>`, otherwise `section`. */
  readonly type: 'section' | 'psalm' | 'speaker';
  /** The heading stands inside the verse, between its words (the WEB's speaker labels in Song 1:4). */
  readonly midVerse?: true;
  /** Words tagged `<w lemma="strong:…">` in the heading (the KJV's Psalm titles), spans of its `text`; absent when none. */
  readonly strongs?: readonly StrongsWord[];
  /** Notes in the heading (the WEB's in Psalm titles), `offset` into its `text`; absent when none. */
  readonly footnotes?: readonly Footnote[];
}

export interface StrongsWord extends TextSpan {
  /** Normalised Strong's numbers (`H430`, `G2316`; leading zeros dropped). */
  readonly strongs: readonly string[];
}

export interface OsisVerse {
  readonly text: string;
  readonly footnotes: readonly Footnote[];
  /** Headings standing before any text of this record, then those between its words (`midVerse`). */
  readonly headings: readonly Heading[];
  /** Headings standing after all the text: they precede the next verse. */
  readonly trailingHeadings: readonly Heading[];
  /** `<title type="main">`: a book's own title (in the `0:0` record). */
  readonly bookTitles: readonly string[];
  /** `<transChange type="added">`: the supplied (italic) words. */
  readonly added: readonly TextSpan[];
  readonly wordsOfJesus: readonly TextSpan[];
  /** Words tagged `<w lemma="strong:…">` in the text (not in notes; a heading's are on the heading). */
  readonly strongs: readonly StrongsWord[];
  /** `<q who="Jesus">` elements or start milestones opened in this record. */
  readonly jesusQuotesOpened: number;
  /** Tags out of balance in the source: elements an outer end tag closed, end tags that closed nothing. */
  readonly unclosed: number;
}

export interface OsisState {
  /** A word of Jesus is open at the end of the previous record. */
  readonly jesusOpen: boolean;
}

export const INITIAL_OSIS_STATE: OsisState = { jesusOpen: false };

const TOKEN = /<(\/?)([A-Za-z][\w:]*)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>|([^<]+)/g;
const ATTRIBUTE = /([\w:-]+)="([^"]*)"/g;
const LINE_LEVEL = new Set(['l', 'lg', 'lb', 'div', 'chapter', 'p', 'list', 'item']);
/** The elements whose attributes the parser reads; the others' are not parsed. */
const WITH_ATTRIBUTES = new Set(['q', 'w', 'transChange', 'note', 'title', 'reference']);
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_match, name: string) => ENTITIES[name] ?? '');
}

function parseAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE)) attributes[match[1] ?? ''] = decodeEntities(match[2] ?? '');
  return attributes;
}

/** Builds whitespace-collapsed text incrementally, so offsets are known as elements open and close. */
class CollapsedText {
  text = '';
  private pendingSpace = false;

  private afterNote = false;

  append(chunk: string): void {
    // Most chunks are one word (a <w>'s content) or only whitespace (between two <w>).
    if (!HAS_SPACE.test(chunk)) return this.appendWord(chunk);
    if (ONLY_SPACE.test(chunk)) return this.space();
    for (const part of chunk.split(/(\s+)/)) {
      if (part === '') continue;
      if (/^\s/.test(part)) {
        this.space();
      } else {
        this.appendWord(part);
      }
    }
  }

  private appendWord(word: string): void {
    if (this.pendingSpace || (this.afterNote && WORD_START.test(word))) this.text += ' ';
    this.pendingSpace = false;
    this.afterNote = false;
    this.text += word;
  }

  space(): void {
    if (this.text !== '') this.pendingSpace = true;
    this.afterNote = false;
  }

  /** A note or a supplied-words boundary stood here: a word right after it is a new word (WEB `born<note>…</note>Son`). */
  wordBoundary(): void {
    if (this.text !== '' && !this.pendingSpace) this.afterNote = true;
  }
}

/** What makes a note, with no space on either side, count as a space: a letter, digit or opening quote after it. */
const WORD_START = /^[\p{L}\p{N}“‘]/u;
const HAS_SPACE = /\s/;
/** Supplied words that are a Spanish enclitic pronoun, written joined to the verb before them (RV1909 `sácalo`). */
const ENCLITIC = /^(?:lo|la|le|los|las|les|se|me|te|nos|os)<\/transChange>/;
/** Words before such a pronoun that are not verbs (RV1909: `y la`, `que la`, `Dios lo` …): the pronoun stands apart. */
const NOT_VERBS = new Set(['y', 'que', 'no', 'como', 'os', 'ellos', 'gentes', 'cuánto', 'dios', 'jehová', 'josué']);
const LAST_WORD = /[\p{L}\p{M}]+$/u;
const ONLY_SPACE = /^\s+$/;

/** `strong:H0430` → `H430`; other lemma values (`lemma.TR:…`) are not Strong's numbers. */
export function parseStrongsLemma(lemma: string): string[] {
  return lemma
    .split(/\s+/)
    .filter((value) => value.startsWith('strong:'))
    .map((value) => value.slice('strong:'.length).replace(/^([HG])0*(?=\d)/, '$1'));
}

function toSpan(text: string, start: number, end: number): TextSpan | undefined {
  let from = start;
  let to = end;
  while (from < to && text[from] === ' ') from += 1;
  while (to > from && text[to - 1] === ' ') to -= 1;
  return from < to ? { start: from, end: to } : undefined;
}

/** Adds a span, joining it to the previous one when only a space (or nothing) lies between them. */
function pushMerged(spans: TextSpan[], span: TextSpan | undefined): void {
  if (!span) return;
  const last = spans.at(-1);
  if (last && span.start <= last.end + 1) spans[spans.length - 1] = { start: last.start, end: Math.max(last.end, span.end) };
  else spans.push(span);
}

interface SideText {
  readonly kind: 'note' | 'title' | 'speaker';
  readonly attributes: Record<string, string>;
  readonly text: CollapsedText;
  readonly offset: number;
  /** Names of the elements open inside it, itself first. */
  readonly open: string[];
  /** The `<w lemma>` elements open inside it: their place in `open`, where their text starts, their numbers. */
  readonly words: Array<{ readonly depth: number; readonly start: number; readonly strongs: string[] }>;
  /** Its tagged words, closed. */
  readonly strongs: StrongsWord[];
  /** Notes inside a heading (the WEB's in Psalm titles), offsets into the heading's text. */
  readonly notes: Footnote[];
  /** The heading a note stands in. */
  readonly parent?: SideText;
}

interface OpenElement {
  readonly name: string;
  readonly attributes: Record<string, string>;
  readonly start: number;
}

/** Parses one record's fragment; `state` carries an open word of Jesus in from the previous record. */
export function parseOsisVerse(fragment: string, state: OsisState = INITIAL_OSIS_STATE): { verse: OsisVerse; state: OsisState } {
  const main = new CollapsedText();
  const footnotes: Footnote[] = [];
  const headings: Heading[] = [];
  /** Headings after some text, with the text's length where they stood: mid-verse when text follows. */
  const afterText: Array<{ readonly heading: Heading; readonly at: number }> = [];
  const bookTitles: string[] = [];
  const added: TextSpan[] = [];
  const wordsOfJesus: TextSpan[] = [];
  const strongs: StrongsWord[] = [];
  const stack: OpenElement[] = [];
  let jesusQuotesOpened = 0;
  /** Start of the open word of Jesus in `main`, or undefined. Containers and milestones share it. */
  let jesusStart: number | undefined = state.jesusOpen ? 0 : undefined;
  let jesusDepth = state.jesusOpen ? 1 : 0;
  /** The word of Jesus carried in from the previous record as an open `<q>` container, not yet closed here. */
  let carriedQuote = state.jesusOpen;
  /** A note or heading being collected, with its own text. */
  let side: SideText | undefined;
  let droppedDepth = 0;
  let unclosed = 0;

  const finishSide = ({ kind, attributes, text: { text }, offset, strongs: tagged, notes }: SideText): void => {
    if (kind === 'note') {
      main.wordBoundary();
      footnotes.push({ offset, text, type: attributes.type === 'crossReference' ? 'crossReference' : 'footnote' });
    } else if (kind === 'title' && attributes.type === 'main') {
      if (text !== '') bookTitles.push(text);
    } else if (text !== '') {
      const type = kind === 'speaker' ? 'speaker' : attributes.type === 'psalm' ? 'psalm' : 'section';
      const heading: Heading = { text, type, ...(tagged.length > 0 ? { strongs: tagged } : {}), ...(notes.length > 0 ? { footnotes: notes } : {}) };
      if (main.text === '') headings.push(heading);
      else afterText.push({ heading, at: main.text.length });
    }
  };

  const nextStart = (): number => main.text.length;
  const openJesus = (): void => {
    jesusQuotesOpened += 1;
    if (jesusDepth === 0) jesusStart = nextStart();
    jesusDepth += 1;
  };
  const closeJesus = (): void => {
    if (jesusDepth === 0) return;
    jesusDepth -= 1;
    if (jesusDepth === 0 && jesusStart !== undefined) {
      pushMerged(wordsOfJesus, toSpan(main.text, jesusStart, main.text.length));
      jesusStart = undefined;
    }
  };

  for (const token of fragment.matchAll(TOKEN)) {
    const [, closing, name = '', attributeSource = '', selfClosing, text] = token;
    if (text !== undefined) {
      if (droppedDepth > 0) continue;
      (side ? side.text : main).append(decodeEntities(text));
      continue;
    }
    const attributes = closing || !WITH_ATTRIBUTES.has(name) ? NO_ATTRIBUTES : parseAttributes(attributeSource);

    if (side) {
      // Inside a note or heading: only its text matters (and the note's own verse label is dropped).
      if (!closing && !selfClosing && name === 'note' && side.kind !== 'note') {
        // A note in a heading (WEB Ps 46 `According to Alamoth.<note>…</note></title>`) is the heading's footnote.
        side = { kind: 'note', attributes, text: new CollapsedText(), offset: side.text.text.length, open: [name], words: [], strongs: [], notes: [], parent: side };
        continue;
      }
      if (!closing && !selfClosing) {
        side.open.push(name);
        if (droppedDepth > 0 || (name === 'reference' && attributes.type === 'annotateRef' && side.kind === 'note')) droppedDepth += 1;
        // A heading's tagged words (KJV Psalm titles: `A <w lemma="strong:H4210">Psalm</w> of David`).
        if (name === 'w' && side.kind !== 'note' && attributes.lemma !== undefined) {
          side.words.push({ depth: side.open.length - 1, start: side.text.text.length, strongs: parseStrongsLemma(attributes.lemma) });
        }
      } else if (closing) {
        // A closing tag closes the innermost open element of that name (KJV Exod 6:2 leaves a
        // <divineName> open inside its note: the note's end closes it).
        const index = side.open.lastIndexOf(name);
        if (index < 0) {
          unclosed += 1;
          continue;
        }
        unclosed += side.open.length - index - 1;
        droppedDepth = Math.max(0, droppedDepth - (side.open.length - index));
        while ((side.words.at(-1)?.depth ?? -1) >= index) {
          const word = side.words.pop() as SideText['words'][number];
          const span = toSpan(side.text.text, word.start, side.text.text.length);
          if (span && word.strongs.length > 0) side.strongs.push({ ...span, strongs: word.strongs });
        }
        side.open.length = index;
        if (index === 0 && side.parent) {
          const { parent, attributes: noteAttributes, text: note, offset } = side;
          parent.notes.push({ offset, text: note.text, type: noteAttributes.type === 'crossReference' ? 'crossReference' : 'footnote' });
          parent.text.wordBoundary();
          side = parent;
        } else if (index === 0) {
          finishSide(side);
          side = undefined;
        }
      } else if (LINE_LEVEL.has(name)) {
        side.text.space();
      }
      continue;
    }

    if (!closing && !selfClosing && (name === 'note' || name === 'title' || name === 'speaker')) {
      side = { kind: name, attributes, text: new CollapsedText(), offset: main.text.length, open: [name], words: [], strongs: [], notes: [] };
      continue;
    }
    if (LINE_LEVEL.has(name)) main.space();
    if (name === 'transChange' && !selfClosing) {
      // A boundary of supplied words with no whitespace around it separates words (see the file's head).
      // Opening: only right after a word's letters; the supplied words then start a new word unless enclitic.
      const before = closing ? undefined : LAST_WORD.exec(main.text)?.[0];
      if (closing) main.wordBoundary();
      else if (before !== undefined && (NOT_VERBS.has(before.toLowerCase()) || !ENCLITIC.test(fragment.slice((token.index ?? 0) + token[0].length)))) main.wordBoundary();
    }

    if (name === 'q') {
      if (selfClosing) {
        if (attributes.sID !== undefined && attributes.who === 'Jesus') openJesus();
        else if (attributes.eID !== undefined && jesusDepth > 0 && !stack.some((open) => open.name === 'q' && open.attributes.who === 'Jesus')) closeJesus();
        continue;
      }
      if (!closing && attributes.who === 'Jesus') openJesus();
    }
    if (selfClosing) continue;
    if (!closing) {
      stack.push({ name, attributes, start: nextStart() });
      continue;
    }
    // A closing tag closes the innermost open element of that name; one that closes nothing is skipped
    // (KJV Exod 6:3 has a stray </divineName> after a leftover USFM `\nd`).
    let index = stack.length - 1;
    while (index >= 0 && stack[index]?.name !== name) index -= 1;
    if (index < 0) {
      // The end of a word of Jesus opened in an earlier record (carried in by `state`) closes it here.
      if (name === 'q' && carriedQuote && !stack.some((open) => open.name === 'q')) {
        carriedQuote = false;
        closeJesus();
      } else unclosed += 1;
      continue;
    }
    unclosed += stack.length - index - 1;
    const open = stack[index] as OpenElement;
    stack.length = index;
    if (name === 'q' && open.attributes.who === 'Jesus') closeJesus();
    else if (name === 'transChange' && open.attributes.type === 'added') {
      const span = toSpan(main.text, open.start, main.text.length);
      if (span) added.push(span);
    } else if (name === 'w' && open.attributes.lemma !== undefined) {
      const numbers = parseStrongsLemma(open.attributes.lemma);
      const span = toSpan(main.text, open.start, main.text.length);
      if (span && numbers.length > 0) strongs.push({ ...span, strongs: numbers });
    }
  }
  if (side) throw new Error(`OSIS: <${side.kind}> is not closed`);
  const trailingHeadings: Heading[] = [];
  for (const { heading, at } of afterText) {
    if (at < main.text.length) headings.push({ ...heading, midVerse: true });
    else trailingHeadings.push(heading);
  }

  // An element left open (a <q who="Jesus"> container split across records) continues in the next record.
  const stillOpen = jesusDepth > 0;
  if (stillOpen && jesusStart !== undefined) {
    pushMerged(wordsOfJesus, toSpan(main.text, jesusStart, main.text.length));
  }
  return {
    verse: { text: main.text, footnotes, headings, trailingHeadings, bookTitles, added, wordsOfJesus, strongs, jesusQuotesOpened, unclosed },
    state: { jesusOpen: stillOpen },
  };
}
