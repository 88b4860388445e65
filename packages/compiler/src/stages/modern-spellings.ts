// Old spellings searchable by their modern spelling: per translation, the archaic forms of its text and
// the form a reader types today (`/scripture?q=principio creo&translation=RV1909` finds Gen 1:1, which the
// Reina-Valera of 1909 spells "crió"). The shard stage indexes a verse holding an archaic form under
// the modern form too (its own spelling stays searchable), and writes the pairs that occur into
// translations.bin, where the search confirms a quoted phrase with them (`"principio creo"`).
//
// Origin: the RV1909 text of the eBible.org SWORD export (spaRV1909eb, ../shared/upstream/SOURCES.md §10),
// whose orthography is mostly modernised (á, fué, vió are accent marks the tokeniser already folds; vido,
// trujo, substancia, agora do not occur in it). The forms below were read off its word list and kept only
// where the modern word is the same word: a spelling variant, not a different word with a related sense.
// Counts are verses of the RV1909: `node --import tsx tools/check-spellings.ts` prints them and fails
// on a form its text does not hold (test/acceptance/modern-spellings.test.ts runs it on the full bundle);
// the build writes into translations.bin only the pairs the text holds.
//
// - criar → crear: the 1909 text writes "create" with the verb that today means "raise, nurture", and
//   uses it in that sense too. A form is kept when "create" is its sense in most of its verses (read
//   against the KJV's parallel verse): crió/crío 22 of 29 (Gen 1:1, 1:27, Isa 45:7; "raised" in Acts
//   7:21, 1 Tim 5:10), criaste 3 of 3, criará 3 of 4, Criador 7 of 7. Left out: crié/críe (5 of 11:
//   Isa 45:12 "created", Isa 1:2 "nourished"), criado/criados/criada/criadas ("servant" in most of 183
//   verses), cría/crían/criar/criaron (the living verb), criatura (the modern word too).
// - obscuro → oscuro: the Latinate spelling, still accepted beside the modern one (7 forms, 10 verses).
// - aqueste → este: the old demonstrative (51 verses); "estotro" (este otro) is two words and left out.
// - priesa → prisa (30 verses).
//
// Spellings are written as printed; the stage tokenises both sides with tokenizeScripture (lowercase,
// accents removed), so `crió` stands for crió and crío alike.

import { tokenizeScripture } from '@skg/core';

/** Per translation id: [archaic, modern] spellings of one word. */
export const MODERN_SPELLINGS: Readonly<Record<string, ReadonlyArray<readonly [archaic: string, modern: string]>>> = Object.freeze({
  RV1909: [
    ['crió', 'creó'],
    ['criaste', 'creaste'],
    ['criará', 'creará'],
    ['Criador', 'Creador'],
    ['obscuro', 'oscuro'],
    ['obscura', 'oscura'],
    ['obscuridad', 'oscuridad'],
    ['obscureció', 'oscureció'],
    ['obscurecerá', 'oscurecerá'],
    ['obscurecido', 'oscurecido'],
    ['obscurecidos', 'oscurecidos'],
    ['aqueste', 'este'],
    ['aquesta', 'esta'],
    ['aquestos', 'estos'],
    ['aquestas', 'estas'],
    ['priesa', 'prisa'],
  ],
});

/** A translation's spellings as search words (archaic token → modern token); empty for one without a table. */
export function createSpellingFolds(id: string): Map<string, string> {
  const folds = new Map<string, string>();
  for (const [archaic, modern] of MODERN_SPELLINGS[id] ?? []) {
    const [from, ...restFrom] = tokenizeScripture(archaic);
    const [to, ...restTo] = tokenizeScripture(modern);
    if (!from || !to || restFrom.length > 0 || restTo.length > 0) throw new Error(`${id} spelling ${archaic} → ${modern} is not one word each`);
    if (from !== to) folds.set(from, to);
  }
  return folds;
}
