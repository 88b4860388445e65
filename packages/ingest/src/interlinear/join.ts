// The reverse-interlinear join of one verse: the BSB's English segments (English order, each with the
// Strong's number it renders) joined to the words of the original-language edition (OSHB or OpenGNT).
//
// 1. The English text is the segments run together, without the table's markers (`-` a word left
//    untranslated, `vvv` a word translated with a later one, `. . .` one translated elsewhere), and
//    with whitespace runs made one space; a segment's `words` are the indexes (0-based, first and
//    last, inclusive) of the space-separated words of that text it puts a letter or digit in. Where
//    the tables glue two segments' letters into one word (`not` `.”“` `Are`, `said` `:“` `May`, `do`
//    `to you`), a space is put between them, before the first opening quote or bracket of the
//    punctuation between (`not.” “Are`, `said: “May`), else after it (`You. Yours`, `do to`): no word
//    of the text then belongs to two segments.
// 2. When the BSB interlinear also gives the verse's original words (its `heb`/`grk`, in original
//    order), they are aligned with the edition's words first: the best-scoring order-preserving
//    pairing, a pair scoring 2 for the same letters (consonants; Greek letters without marks) plus 1
//    for the same Strong's number, pairs scoring 0 not allowed; once some pair is aligned, the words
//    left over between two aligned pairs (or before the first, or after the last) in equal numbers on
//    both sides are paired in order. This joins words whose Strong's numbers
//    the two editions give differently (ἰδεῖν is G3708 in one, G1492 in the other) or that one reads
//    as the qere and the other as the ketiv. The edition's words may include those of the verses before
//    and after (`neighbour`), for words the two editions put in different verses: BSB words left over
//    before the first aligned word are then aligned with the verse before, those after the last
//    aligned word with the verse after (scored pairs only).
// 3. Each segment with a Strong's number, in English order, takes the first unused BSB word with that
//    number, and through the alignment its edition word. Without a BSB word (or when that has no
//    aligned edition word) it takes the first unused word of the verse itself with that number that no
//    BSB word is aligned to. "First" is original order, except where the edition gives each word's
//    place in English (OpenGNT's Berean Study Bible order): then candidates are taken in that order, so
//    that repeated numbers (the article, καί, אֵת) go to the right words.

export interface EnglishSegment {
  readonly text: string;
  /** `H7225`, `G3056`; null for spaces, punctuation and words the tables tie to no original word. */
  readonly strongs: string | null;
}

/** A word to align: its letters (for comparing editions) and Strong's number. */
export interface AlignableWord {
  readonly letters: string;
  readonly strongs: string | null;
}

/** An edition word (OSHB, OpenGNT). */
export interface EditionWord extends AlignableWord {
  /** Its place in English order (OpenGNT's Berean Study Bible sort); absent in the OSHB. */
  readonly englishOrder?: number | undefined;
  /**
   * True for a word of the verse before or after (see the module header, step 2): the editions do not
   * always end a verse at the same word.
   */
  readonly neighbour?: boolean | undefined;
}

export interface JoinedSegment {
  /** Index of the segment in the verse's English segments. */
  readonly segment: number;
  readonly english: string;
  readonly strongs: string;
  /** First and last index of the English words it produced; absent for the markers (`-`, `vvv`, `. . .`). */
  readonly words?: readonly [number, number];
  /** Index of the BSB interlinear's original word it renders, when there is one. */
  readonly bsbWord?: number;
  /** Index of the edition word it renders, when one was found. */
  readonly editionWord?: number;
}

export interface JoinedVerse {
  /** The English text the word indexes refer to: `text.split(' ')[i]` is word i. */
  readonly text: string;
  /** One per segment with a Strong's number, in English order. */
  readonly segments: readonly JoinedSegment[];
  /** Segments carrying English words but no Strong's number (` to him by `): in `text`, in no entry. */
  readonly untiedSegments: number;
  /** Edition words of the verse itself (not its neighbours') no segment took. */
  readonly unusedEditionWords: number;
}

const MARKER = /^(?:-|vvv)$/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** Punctuation that opens: quotes, brackets. */
const OPENING = /[“‘«(\[{]/;

/** Index of the last character matching `pattern` (a one-character class), or -1. */
function lastIndexOf(text: string, pattern: RegExp): number {
  for (let index = text.length - 1; index >= 0; index--) if (pattern.test(text.charAt(index))) return index;
  return -1;
}

/** A segment that holds no English words of the verse: `-`, `vvv`, `. . .` (and other text without letters). */
export function isMarker(segment: EnglishSegment): boolean {
  const text = segment.text.trim();
  return segment.strongs !== null && (MARKER.test(text) || !LETTER_OR_DIGIT.test(text));
}

/**
 * The English text and, per segment, the range of its words (see the module header, step 1).
 * Markers get no range; so does a segment of only spaces or punctuation that shares no word.
 */
export function indexEnglishWords(segments: readonly EnglishSegment[]): { text: string; ranges: (readonly [number, number] | undefined)[] } {
  let raw = '';
  const spans: ([number, number] | undefined)[] = [];
  // The segment that put the last letter or digit into raw, when no whitespace has followed it; and where it ends.
  let open: { segment: number; end: number } | undefined;
  segments.forEach((segment, index) => {
    if (isMarker(segment)) {
      spans.push(undefined);
      return;
    }
    let text = segment.text;
    const firstLetter = text.search(LETTER_OR_DIGIT);
    const firstSpace = text.search(/\s/);
    if (open && open.segment !== index && firstLetter >= 0 && (firstSpace < 0 || firstLetter < firstSpace)) {
      // This segment's first word would continue another segment's word: break it (module header, step 1).
      const between = raw.slice(open.end) + text.slice(0, firstLetter);
      const opening = between.search(OPENING);
      const at = open.end + (opening >= 0 ? opening : between.length);
      if (at <= raw.length) {
        raw = `${raw.slice(0, at)} ${raw.slice(at)}`;
        for (const span of spans) if (span && span[1] >= at) span[1]++;
        for (const span of spans) if (span && span[0] > at) span[0]++;
      } else {
        const cut = at - raw.length;
        text = `${text.slice(0, cut)} ${text.slice(cut)}`;
      }
    }
    const start = raw.length;
    raw += text;
    spans.push([start, raw.length]);
    const lastLetter = lastIndexOf(text, LETTER_OR_DIGIT);
    if (lastLetter >= 0 && !/\s/.test(text.slice(lastLetter))) open = { segment: index, end: start + lastLetter + 1 };
    else if (/\s/.test(text)) open = undefined;
  });
  const tokens = [...raw.matchAll(/\S+/g)].map((match) => [match.index, match.index + match[0].length] as const);
  // Spans and tokens both run left to right: walk them together.
  let from = 0;
  const ranges = spans.map((span) => {
    if (!span) return undefined;
    while (from < tokens.length && (tokens[from]?.[1] ?? 0) <= span[0]) from++;
    let first = -1;
    let last = -1;
    for (let index = from; index < tokens.length; index++) {
      const [start, end] = tokens[index] as readonly [number, number];
      if (start >= span[1]) break;
      // The segment must put a letter or digit into the token (not only punctuation).
      if (!LETTER_OR_DIGIT.test(raw.slice(Math.max(start, span[0]), Math.min(end, span[1])))) continue;
      if (first < 0) first = index;
      last = index;
    }
    return first < 0 ? undefined : ([first, last] as const);
  });
  return { text: tokens.map(([start, end]) => raw.slice(start, end)).join(' '), ranges };
}

function pairScore(a: AlignableWord, b: AlignableWord): number {
  return (a.letters !== '' && a.letters === b.letters ? 2 : 0) + (a.strongs !== null && a.strongs === b.strongs ? 1 : 0);
}

/**
 * Aligns two editions of a verse's words, both in original order (see the module header, step 2):
 * for each word of `a`, the index of its word in `b`, or undefined.
 */
export function alignWords(a: readonly AlignableWord[], b: readonly AlignableWord[], fillGaps = true): (number | undefined)[] {
  const rows = a.length + 1;
  const columns = b.length + 1;
  const score = new Float64Array(rows * columns);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const pair = pairScore(a[i] as AlignableWord, b[j] as AlignableWord);
      const take = pair > 0 ? pair + (score[(i + 1) * columns + j + 1] ?? 0) : 0;
      score[i * columns + j] = Math.max(take, score[(i + 1) * columns + j] ?? 0, score[i * columns + j + 1] ?? 0);
    }
  }
  const aligned: (number | undefined)[] = new Array<number | undefined>(a.length).fill(undefined);
  const anchors: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const here = score[i * columns + j] ?? 0;
    const pair = pairScore(a[i] as AlignableWord, b[j] as AlignableWord);
    if (pair > 0 && here === pair + (score[(i + 1) * columns + j + 1] ?? 0)) {
      aligned[i] = j;
      anchors.push([i, j]);
      i++;
      j++;
    } else if (here === (score[(i + 1) * columns + j] ?? 0)) i++;
    else j++;
  }
  if (!fillGaps || anchors.length === 0) return aligned;
  // Gaps between anchors, and before the first and after the last, with as many words on each side are paired in order.
  const bounds: [number, number][] = [[-1, -1], ...anchors, [a.length, b.length]];
  for (let k = 1; k < bounds.length; k++) {
    const [startA, startB] = bounds[k - 1] as [number, number];
    const [endA, endB] = bounds[k] as [number, number];
    const gap = endA - startA - 1;
    if (gap > 0 && gap === endB - startB - 1) for (let step = 1; step <= gap; step++) aligned[startA + step] = startB + step;
  }
  return aligned;
}

/**
 * Aligns the BSB's words with the edition's (see the module header, step 2): with the verse's own
 * words first; then the BSB words left before the first aligned one with the verse before, and those
 * after the last with the verse after (scored pairs only). Returns edition indexes.
 */
export function alignWithNeighbours(bsbWords: readonly AlignableWord[], edition: readonly EditionWord[]): (number | undefined)[] {
  const own = edition.flatMap((word, index) => (word.neighbour === true ? [] : [index]));
  const firstOwn = own[0] ?? edition.length;
  const lastOwn = own.at(-1) ?? -1;
  const aligned = alignWords(bsbWords, own.map((index) => edition[index] as EditionWord)).map((at) => (at === undefined ? undefined : own[at]));
  const head = aligned.findIndex((at) => at !== undefined);
  // A verse none of whose words align is not a boundary question: its neighbours are left out.
  if (head < 0) return aligned;
  const tail = aligned.findLastIndex((at) => at !== undefined) + 1;
  if (head > 0 && firstOwn > 0) {
    // Aligned from the boundary backwards, so that ties go to the words nearest the verse.
    const before = bsbWords.slice(0, head).reverse();
    alignWords(before, edition.slice(0, firstOwn).reverse(), false).forEach((at, index) => {
      if (at !== undefined) aligned[head - 1 - index] = firstOwn - 1 - at;
    });
  }
  if (tail < bsbWords.length && lastOwn + 1 < edition.length) {
    alignWords(bsbWords.slice(tail), edition.slice(lastOwn + 1), false).forEach((at, index) => {
      if (at !== undefined) aligned[tail + index] = lastOwn + 1 + at;
    });
  }
  return aligned;
}

/** Joins one verse (see the module header). `bsbWords` is the BSB interlinear's `heb`/`grk` for the verse, when it has one. */
export function joinVerse(
  segments: readonly EnglishSegment[],
  edition: readonly EditionWord[],
  bsbWords?: readonly AlignableWord[],
): JoinedVerse {
  const { text, ranges } = indexEnglishWords(segments);
  const alignment = bsbWords ? alignWithNeighbours(bsbWords, edition) : [];
  const alignedEdition = new Set(alignment.filter((index): index is number => index !== undefined));
  const usedBsb = new Set<number>();
  const usedEdition = new Set<number>();
  const order = (index: number) => edition[index]?.englishOrder ?? index;

  const bsbByStrongs = new Map<string, number[]>();
  if (bsbWords) {
    bsbWords.forEach((word, index) => {
      if (word.strongs === null) return;
      let list = bsbByStrongs.get(word.strongs);
      if (!list) bsbByStrongs.set(word.strongs, (list = []));
      list.push(index);
    });
    // Aligned words in English order (when the edition knows it), then unaligned ones in original order.
    for (const list of bsbByStrongs.values()) {
      list.sort((x, y) => {
        const ax = alignment[x];
        const ay = alignment[y];
        if (ax !== undefined && ay !== undefined) return order(ax) - order(ay) || x - y;
        return ax !== undefined ? -1 : ay !== undefined ? 1 : x - y;
      });
    }
  }
  const editionByStrongs = new Map<string, number[]>();
  edition.forEach((word, index) => {
    if (word.strongs === null || word.neighbour === true) return;
    let list = editionByStrongs.get(word.strongs);
    if (!list) editionByStrongs.set(word.strongs, (list = []));
    list.push(index);
  });
  for (const list of editionByStrongs.values()) list.sort((x, y) => order(x) - order(y) || x - y);

  const joined: JoinedSegment[] = [];
  let untiedSegments = 0;
  segments.forEach((segment, index) => {
    const range = ranges[index];
    if (segment.strongs === null) {
      if (range) untiedSegments++;
      return;
    }
    let bsbWord: number | undefined;
    let editionWord: number | undefined;
    bsbWord = bsbByStrongs.get(segment.strongs)?.find((candidate) => !usedBsb.has(candidate));
    if (bsbWord !== undefined) {
      usedBsb.add(bsbWord);
      const aligned = alignment[bsbWord];
      if (aligned !== undefined && !usedEdition.has(aligned)) editionWord = aligned;
    }
    if (editionWord === undefined) {
      editionWord = editionByStrongs.get(segment.strongs)?.find((candidate) => !usedEdition.has(candidate) && !alignedEdition.has(candidate));
    }
    if (editionWord !== undefined) usedEdition.add(editionWord);
    joined.push({
      segment: index,
      english: segment.text.trim(),
      strongs: segment.strongs,
      ...(range ? { words: range } : {}),
      ...(bsbWord === undefined ? {} : { bsbWord }),
      ...(editionWord === undefined ? {} : { editionWord }),
    });
  });
  const own = edition.filter((word, index) => word.neighbour !== true && !usedEdition.has(index)).length;
  return { text, segments: joined, untiedSegments, unusedEditionWords: own };
}
