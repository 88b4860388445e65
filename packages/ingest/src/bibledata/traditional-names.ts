// Names readers search for that no source gives: the tradition's, not the verses'. BibleData's labels
// are the Bible's words; "Virgin Mary" and "Herod the Great" are in none of them (BibleData's notes say
// "Herod I", "Herod Antipas"). A short table, added to the person's aliases so search finds them
// (docs/bundle-format.md, "People"); the title stays the rule's (reader-names.ts).

/** BibleData person id → names the tradition gives the person. */
export const TRADITIONAL_NAMES: ReadonlyMap<string, readonly string[]> = new Map([
  ['Mary_1', ['Virgin Mary', 'Mary the mother of Jesus']],
  ['Herod_1', ['Herod the Great']],
  ['Herod_2', ['Herod Antipas']],
  ['Herod_3', ['Herod Agrippa I', 'Herod Agrippa']],
  ['Agrippa_1', ['Herod Agrippa II']],
]);
