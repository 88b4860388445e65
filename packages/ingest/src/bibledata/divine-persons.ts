// The persons of God. BibleData files God, Jesus Christ and (unnamed) the Holy Spirit under one person,
// YHVH_1, plus the Father as YHVH_2; its labels say which person a verse names ("Jesus", "Son of Man",
// "the Lamb" …). This module splits them into three people: God (YHVH_1's other mentions and YHVH_2),
// Jesus Christ (the New Testament mentions by a label of the table below) and the Holy Spirit (every
// verse where the BSB writes "Spirit" with a capital, its translators' mark for the Spirit of God).
// The table is documented in docs/bundle-format.md (People, "The persons of God").

import type { BibleDataPerson } from './people.ts';

/** God's person id: BibleData's YHVH_1, into which YHVH_2 (the Father) is folded. */
export const GOD_ID = 'YHVH_1';
/** BibleData's second YHVH, "Heavenly Father": the same person as God here. */
export const FATHER_ID = 'YHVH_2';
/** Jesus Christ: YHVH_1's New Testament mentions by one of `JESUS_LABELS`. Not a BibleData id. */
export const JESUS_ID = 'YHVH_1:Jesus';
/** The Holy Spirit: named by the BSB text, not by BibleData. Not a BibleData id. */
export const HOLY_SPIRIT_ID = 'Holy_Spirit';

/**
 * YHVH_1's labels (reverential spelling undone) that name Jesus Christ when they occur in a New
 * Testament verse. Every other label, and every Old Testament verse (the messianic titles of prophecy
 * included: "Wonderful Counselor", "Messiah the Prince"), stays with God. Left with God because the New
 * Testament uses them of the Father too: "Lord" (395 verses), "God", "LORD", "Savior", "King", "Holy
 * One", "Judge", "King of kings", "Lord of lords", "The Alpha and the Omega", "The Beginning and the End".
 */
export const JESUS_LABELS: ReadonlySet<string> = new Set([
  'Jesus', 'Christ', 'Christ Jesus', 'Jesus Christ', 'Lord Jesus Christ', 'Lord Jesus', 'the Lord Christ', "the Lord's Christ",
  'Your holy servant Jesus', 'Jesus of Nazareth', 'Jesus the Galilean', 'Nazarene', 'The Messiah', 'Immanuel', 'God With Us',
  'Son', 'My beloved Son', 'Son of Man', 'Son of God', 'Son of the Living God', 'Son of the Most High', 'Son of the Most High God',
  'Son of the Blessed One', 'Son of David', 'Son of Abraham', 'Teacher', 'Rabbi', 'Rabboni', 'Master', 'Leader', 'Lamb',
  'The Lamb of God', 'King of the Jews', 'King of Israel', 'The Light', 'The Word', 'Word of Life', 'Word of God', 'Bread of Life',
  'I AM', 'Righteous One', 'Holy One of God', 'Chosen One', 'Expected One', 'The Living One', 'My Servant', 'Lord of the Sabbath',
  'High Priest', 'the Apostle', 'Shepherd', 'Chief Shepherd', 'Guardian', 'Advocate', 'Prince', 'Prince of Life', 'the last Adam',
  'The Root of David', 'The Lion of the Tribe of Judah', 'Faithful witness', 'Faithful and True', 'Faithful and True Witness',
  'Firstborn of the dead', 'Ruler of the kings of the earth', 'The Amen', 'The Beginning of the Creation of God',
  'The First and the Last', 'The Bright Morning Star',
]);

/** The three persons, as the people table lists them in place of BibleData's YHVH_1 and YHVH_2. */
export const DIVINE_PERSONS: readonly BibleDataPerson[] = [
  {
    personId: GOD_ID,
    bibledataId: GOD_ID,
    name: 'God',
    surname: '',
    uniqueAttribute: 'the LORD, God the Father: YHVH of the Hebrew Bible, the Father of the New Testament (GEN 1:1)',
    sex: 'male',
    tribe: '',
    notes: 'BibleData files God under YHVH_1 (with Jesus Christ) and the Father under YHVH_2; both are this person, except the mentions of Jesus Christ.',
    nameInstance: 1,
    sequence: 1,
  },
  {
    personId: JESUS_ID,
    bibledataId: GOD_ID,
    name: 'Jesus',
    surname: 'Christ',
    uniqueAttribute: 'Jesus of Nazareth, the Christ, the Son of God, born of Mary (MAT 1:16)',
    sex: 'male',
    tribe: 'Judah',
    notes: 'BibleData files Jesus Christ under YHVH_1; his mentions are its New Testament verses that name him by one of his labels.',
    nameInstance: 1,
    sequence: 1,
  },
  {
    personId: HOLY_SPIRIT_ID,
    bibledataId: undefined,
    name: 'Holy Spirit',
    surname: '',
    uniqueAttribute: 'the Spirit of God (GEN 1:2)',
    sex: '',
    tribe: '',
    notes: 'BibleData names no Holy Spirit; the verses are those where the BSB writes Spirit with a capital S.',
    nameInstance: 1,
    sequence: 1,
  },
];

/** The person BibleData's id stands for after the split: YHVH_2 is God; any other id is itself. */
export function resolveDivineId(personId: string): string {
  return personId === FATHER_ID ? GOD_ID : personId;
}

/** Which person a mention of YHVH_1 by `label` (spelling undone) in a verse of `testament` names. */
export function attributeMention(label: string, testament: 'OT' | 'NT'): string {
  return testament === 'NT' && JESUS_LABELS.has(label) ? JESUS_ID : GOD_ID;
}

/** Which person a relationship row of YHVH_1 concerns: New Testament rows (his mother, brothers, disciples, apostles) are Jesus Christ's. */
export function attributeRelationship(testament: 'OT' | 'NT' | undefined): string {
  return testament === 'NT' ? JESUS_ID : GOD_ID;
}

/** `Spirit` with a capital, as a word: the BSB's mark for the Spirit of God. */
const SPIRIT = /(?:Holy )?\bSpirit\b(?!s)/;

/** The words naming the Holy Spirit in a verse (`Holy Spirit`, `Spirit`), or undefined. */
export function findHolySpirit(text: string): string | undefined {
  return SPIRIT.exec(text)?.[0];
}
