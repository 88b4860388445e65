// Jesus where the verse's own words make it certain. BibleData files "Lord" under God everywhere
// (the New Testament uses it of the Father too) and has no row for some verses that name Christ
// ("through Christ", Philippians 4:13). Three rules over the BSB's New Testament text, documented in
// docs/bundle-format.md ("The persons of God", "In the verse's own words"):
//  1. "Lord" joined to a name of Jesus ("Christ the Lord", "Jesus Christ our Lord", "Jesus is Lord",
//     "Lord and Savior Jesus Christ") is his;
//  2. "Lord" spoken to a speaker who answers "I am Jesus" (Acts 9:5) is his;
//  3. in the Gospels, "Lord" called out to Him or to Jesus ("Peter said to Jesus, 'Lord, …'", "knelt
//     before Him. 'Lord,' he said", the BSB capitalising the pronoun of the divine), or in a reply to what
//     Jesus said in the verse before ("Then Jesus said to Thomas …" / "Thomas replied, 'My Lord and my
//     God!'", John 20:28), or answered by Jesus ("Jesus said/told/answered/replied") after it in the verse
//     or at the start of the next ("'Where, Lord?' they asked. Jesus answered", Luke 17:37), is his;
//     so is "Lord, Son of David" (Matthew 20:30) anywhere.
// A "Lord" mention is given to Jesus only when every "Lord" of the verse is his by one of these rules.
// Then a verse that names Christ ("Christ", "Christ Jesus", "Jesus Christ") or the Son (a capital S
// after "the", "His", "My", "Your") and lists no Jesus gets a mention of him, `source: sources/bsb`.

import { isKjvSlot, parseOsisVerse } from './reference.ts';
import type { KjvSlots } from '../kjv-slots.ts';
import { GOD_ID, JESUS_ID } from './divine-persons.ts';
import { BSB_SOURCE, type PersonMention } from './people.ts';

/** How many mentions each rule changed (the ingest report's upstream section). */
export interface JesusInContextCounts {
  /** "Lord" mentions moved from God to Jesus. */
  readonly lord: number;
  /** Verses that name Christ or the Son in their words and had no mention of Jesus. */
  readonly named: number;
}

const GOSPELS = new Set(['Matt', 'Mark', 'Luke', 'John']);
const LORD = /\bLord\b/g;
/** A name of Jesus right before "Lord", with at most "is", "as" and an article or possessive between. */
const NAME_BEFORE = /\b(?:Jesus|Christ),? (?:(?:is|as) )?(?:(?:the|our|my|your|their) )?$/;
/** "Lord Jesus", "Lord Christ", "Lord and Savior Jesus Christ", "Lord, Son of David". */
const NAME_AFTER = /^(?:(?: and Savior)? (?:Jesus|Christ)\b|, Son of David\b)/;
/** A "Lord" called out: followed by a comma, question or exclamation mark or a closing quote, or "My Lord"/"O Lord". */
const CALLED_AFTER = /^[,?!’”]/;
const CALLED_BEFORE = /(?:^|[“‘ ])(?:My|O) $/;
/** The words the verse is said to Jesus with: "said to Him", "answered Jesus", "knelt before Him". */
const SPOKEN_TO_JESUS = /\b(?:to|before|asked|answered|told|begged|urged|called) (?:Him|Jesus)\b/;
const SELF_NAMED = /\bI am Jesus\b/;
/** The verse replies … */
const REPLY = /\b(?:replied|answered|responded)\b/;
/** … to the verse before, in which Jesus speaks. */
const JESUS_SPEAKS = /\bJesus (?:said|told|asked|answered|replied|declared)\b|\b(?:said|asked|answered|replied) Jesus\b/;
/** Jesus answering what was called out, after it in the verse or opening the next. */
const JESUS_ANSWERS = /\bJesus (?:said|told|answered|replied)\b|\b(?:said|answered|replied) Jesus\b/;
const OPENS_WITH_JESUS_ANSWERING = /^\W*(?:(?:But|Then|And|So) )?(?:Jesus (?:said|told|answered|replied)\b|[^”]*” (?:said|answered|replied) Jesus\b)/;
/** The words naming Christ, fullest first; "Christs" (false Christs) and "Christian" are other words. */
const CHRIST = /\b(?:Christ Jesus|Jesus Christ|Christ)\b/;
const SON = /\b(?:the|The|His|My|Your) Son\b/;

/** Whether the "Lord" at `index` of `text` is Jesus by rule 1, 2 or 3 (see the module header). */
function isLordJesus(text: string, index: number, inGospel: boolean, around: { previous: string; next: string }): boolean {
  const before = text.slice(Math.max(0, index - 40), index);
  const after = text.slice(index + 4, index + 40);
  if (NAME_BEFORE.test(before) || NAME_AFTER.test(after)) return true;
  const called = CALLED_AFTER.test(after) || CALLED_BEFORE.test(before);
  if (!called) return false;
  if (SELF_NAMED.test(text)) return true;
  if (!inGospel) return false;
  if (SPOKEN_TO_JESUS.test(text) || (REPLY.test(text) && JESUS_SPEAKS.test(around.previous))) return true;
  return JESUS_ANSWERS.test(text.slice(index)) || OPENS_WITH_JESUS_ANSWERING.test(around.next);
}

/**
 * The mentions with the rules of the module header applied: "Lord" mentions of God that are Jesus
 * given to him, and a Jesus mention added to a New Testament verse that names Christ or the Son and
 * had none. `mentions` is in canonical verse order; the added mentions are returned after it (the
 * caller sorts). Pure.
 */
export function attributeJesusInContext(
  mentions: readonly PersonMention[],
  verses: ReadonlyMap<string, string>,
  slots: KjvSlots,
): { mentions: PersonMention[]; counts: JesusInContextCounts } {
  let lord = 0;
  let named = 0;
  const withJesus = new Set<string>();
  const out = mentions.map((mention) => {
    if (mention.personId === JESUS_ID) withJesus.add(mention.ref.osis);
    if (mention.personId !== GOD_ID || mention.surface !== 'Lord' || mention.psalmTitle || mention.ref.book.testament !== 'NT') return mention;
    const text = verses.get(mention.ref.osis) ?? '';
    const inGospel = GOSPELS.has(mention.ref.book.osis);
    const verseOf = (offset: number) => verses.get(`${mention.ref.book.osis}.${mention.ref.chapter}.${mention.ref.verse + offset}`) ?? '';
    const around = { previous: verseOf(-1), next: verseOf(1) };
    const all = [...text.matchAll(LORD)];
    if (all.length === 0 || !all.every((match) => isLordJesus(text, match.index, inGospel, around))) return mention;
    lord++;
    withJesus.add(mention.ref.osis);
    return { ...mention, personId: JESUS_ID };
  });
  for (const [osis, text] of verses) {
    if (withJesus.has(osis)) continue;
    const words = CHRIST.exec(text)?.[0] ?? SON.exec(text)?.[0];
    if (words === undefined) continue;
    const ref = parseOsisVerse(osis);
    if (!ref || ref.book.testament !== 'NT' || !isKjvSlot(slots, ref)) continue;
    out.push({ personId: JESUS_ID, label: words, surface: words, ref, psalmTitle: false, source: BSB_SOURCE });
    named++;
  }
  return { mentions: out, counts: { lord, named } };
}
