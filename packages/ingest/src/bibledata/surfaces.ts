// The words of a BSB verse that name a person. BibleData's labels are the KJV's spellings
// ("Zacharias" where the BSB reads "Zechariah"), so a mention's `surface` is looked up in the verse:
// the label itself, then the person's other names, then the verse's most similar run of capitalised
// words. What cannot be found is left out (the relation keeps BibleData's word as `label`).

import { editDistance } from '../internal/edit-distance.ts';

const LETTER = /[\p{L}\p{N}]/u;

/** Edits, as a share of the longer word, below which a spelling counts as the same name (Zacharias/Zechariah: 2 of 9; not Jesus/Jews, 2 of 5). */
export const MAX_SPELLING_DISTANCE = 0.4;

export interface SurfaceFinder {
  /**
   * The words of `text` naming the person as written, as whole words: `label` first, in its case or any
   * case (`king of Judea` for `King of Judea`), then `others` in the order given (callers pass them
   * longest first, see `orderNames`), in their own case only (the title "Light" must not find "light").
   */
  findWritten(text: string, label: string, others?: readonly string[]): string | undefined;
  /**
   * For a label of five letters or more, the run of as many capitalised words of `text` most like it
   * (an edit distance under `MAX_SPELLING_DISTANCE` of the longer) that is not in `taken` (words naming somebody else in the verse).
   */
  findSpelling(text: string, label: string, taken: ReadonlySet<string>): string | undefined;
}

/** Names to try after the label: distinct, longest first (the fullest words naming the person win). */
export function orderNames(names: Iterable<string>): string[] {
  return [...new Set(names)].filter((name) => name !== '').sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
}

export function createSurfaceFinder(): SurfaceFinder {
  // The lowercased text of the verse last searched: every mention of a verse searches the same text.
  let lastText = '';
  let lastLower = '';
  const lower = (text: string) => {
    if (text !== lastText) [lastText, lastLower] = [text, text.toLowerCase()];
    return lastLower;
  };
  /** Index of `name` in `haystack` as a whole word, or -1. */
  const wholeWord = (haystack: string, name: string): number => {
    let index = haystack.indexOf(name);
    while (index >= 0) {
      const before = haystack[index - 1];
      const after = haystack[index + name.length];
      if ((before === undefined || !LETTER.test(before)) && (after === undefined || !LETTER.test(after))) return index;
      index = haystack.indexOf(name, index + 1);
    }
    return -1;
  };
  const exact = (text: string, name: string, anyCase: boolean): string | undefined => {
    if (name === '') return undefined;
    if (wholeWord(text, name) >= 0) return name;
    if (!anyCase) return undefined;
    const folded = lower(text);
    // Lowercasing keeps the length of the Latin letters names are written in; check, to be sure.
    if (folded.length !== text.length) return undefined;
    const index = wholeWord(folded, name.toLowerCase());
    return index >= 0 ? text.slice(index, index + name.length) : undefined;
  };
  return {
    findWritten(text, label, others = []) {
      const direct = exact(text, label, true);
      if (direct !== undefined) return direct;
      for (const name of others) {
        const found = exact(text, name, false);
        if (found !== undefined) return found;
      }
      return undefined;
    },
    findSpelling(text, label, taken) {
      const wanted = label.toLowerCase();
      if (wanted.replace(/[^a-z]/g, '').length < 5) return undefined;
      const size = label.split(/\s+/).length;
      const words = [...text.matchAll(/\p{L}[\p{L}'’-]*/gu)];
      let best: { text: string; distance: number } | undefined;
      for (let i = 0; i + size <= words.length; i++) {
        const run = words.slice(i, i + size);
        if (!run.every((word) => /^\p{Lu}/u.test(word[0]))) continue;
        const first = run[0] as RegExpMatchArray;
        const last = run[run.length - 1] as RegExpMatchArray;
        const surface = text.slice(first.index, (last.index ?? 0) + last[0].length).replace(/['’]s$/, '');
        const limit = Math.max(surface.length, wanted.length) * MAX_SPELLING_DISTANCE;
        // The length difference alone is that many edits.
        if (Math.abs(surface.length - wanted.length) >= limit || taken.has(surface)) continue;
        const distance = editDistance(surface.toLowerCase(), wanted);
        if (distance >= limit) continue;
        if (!best || distance < best.distance) best = { text: surface, distance };
      }
      return best?.text;
    },
  };
}
