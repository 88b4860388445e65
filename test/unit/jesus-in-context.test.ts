import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseKjvSlots } from '@skg/ingest';
import { GOD_ID, JESUS_ID } from '../../packages/ingest/src/bibledata/divine-persons.ts';
import { attributeJesusInContext } from '../../packages/ingest/src/bibledata/jesus-in-context.ts';
import type { PersonMention } from '../../packages/ingest/src/bibledata/people.ts';
import { parseOsisVerse } from '../../packages/ingest/src/bibledata/reference.ts';

// Thirty verses to each chapter of the books cited.
const slots = parseKjvSlots(
  'reference_id,book_id,usx_code,chapter,verse,verse_sequence\n' +
    ([['PSA', 19, 23], ['LUK', 42, 2], ['JHN', 43, 20], ['ACT', 44, 9], ['PHP', 50, 4]] as const)
      .flatMap(([code, order, chapters]) =>
        Array.from({ length: chapters * 30 }, (_, index) => {
          const [chapter, verse] = [Math.floor(index / 30) + 1, (index % 30) + 1];
          return `${code} ${chapter}:${verse},${order},${code},${chapter},${verse},0`;
        }),
      )
      .join('\n'),
);

/** God named "Lord" by BibleData in the verse. */
function lordOfGod(osis: string): PersonMention {
  const ref = parseOsisVerse(osis);
  if (!ref) throw new Error(osis);
  return { personId: GOD_ID, label: 'Lord', surface: 'Lord', ref, psalmTitle: false, source: 'sources/bibledata' };
}

describe('attributeJesusInContext', () => {
  it('gives "Lord" to Jesus where the verse makes it certain, and leaves it with God elsewhere', () => {
    const cases: Array<[osis: string, text: string, previous: string, expected: string]> = [
      ['Luke.2.11', 'Today in the City of David a Savior has been born to you. He is Christ the Lord!', '', JESUS_ID],
      ['Acts.9.5', '“Who are You, Lord?” Saul asked. “I am Jesus, whom you are persecuting,” He replied.', '', JESUS_ID],
      ['John.20.28', 'Thomas replied, “My Lord and my God!”', 'Then Jesus said to Thomas, “Put your finger here.”', JESUS_ID],
      ['Luke.5.8', 'When Simon Peter saw this, he fell at the knees of Jesus. “Go away from me, Lord,” he said.', '', GOD_ID],
      ['John.6.68', 'Simon Peter replied, “Lord, to whom would we go?”', 'So Jesus asked the Twelve, “Do you want to leave too?”', JESUS_ID],
      ['John.11.3', 'So the sisters sent word to Jesus, “Lord, the one You love is sick.”', '', JESUS_ID],
      ['Acts.1.24', 'And they prayed, “Lord, You know everyone’s heart.”', '', GOD_ID],
      ['Acts.2.39', 'as many as the Lord our God will call to Himself.', '', GOD_ID],
      ['Phil.3.8', 'compared to the surpassing excellence of knowing Christ Jesus my Lord', '', JESUS_ID],
      ['Acts.9.1', 'breathing threats against the disciples of the Lord, and the Lord Jesus', '', GOD_ID],
      ['Luke.17.17', '“Where, Lord?” they asked. Jesus answered, “Wherever there is a carcass, there the vultures will gather.”', '', JESUS_ID],
      ['Luke.2.29', '“Now, Sovereign Lord, as You have promised, You dismiss Your servant in peace.', '', GOD_ID],
      ['John.13.17', '“Lord, if it is You,” Peter replied, “command me to come to You on the water.”', '', JESUS_ID],
      ['John.13.19', '“Then the righteous will answer Him, ‘Lord, when did we see You hungry?’', '', GOD_ID], // a parable's King: left as labelled
    ];
    // The verse after, where Jesus answers (or does not).
    const next: Record<string, string> = {
      'John.13.17': '“Come,” said Jesus. Then Peter got down out of the boat.',
      'Luke.2.29': 'For my eyes have seen Your salvation,',
    };
    for (const [osis, text, previous, expected] of cases) {
      const ref = parseOsisVerse(osis);
      const verses = new Map([[osis, text]]);
      if (previous && ref) verses.set(`${ref.book.osis}.${ref.chapter}.${ref.verse - 1}`, previous);
      if (next[osis] && ref) verses.set(`${ref.book.osis}.${ref.chapter}.${ref.verse + 1}`, next[osis]);
      const { mentions } = attributeJesusInContext([lordOfGod(osis)], verses, slots);
      assert.equal(mentions.find((mention) => mention.surface === 'Lord')?.personId, expected, `${osis}: ${text}`);
    }
  });

  it('lists Jesus in a New Testament verse that names Christ or the Son with no row for him, with the verse’s words', () => {
    const verses = new Map([
      ['Phil.4.13', 'I can do all things through Christ who gives me strength.'],
      ['John.3.17', 'For God did not send His Son into the world to condemn the world.'],
      ['Luke.2.48', 'When His parents saw Him, they were astonished. “Son, why have You treated us like this?”'],
      ['Ps.2.12', 'Kiss the Son, lest He be angry'],
      ['John.20.2', 'there are false Christs and false prophets'],
    ]);
    const { mentions, counts } = attributeJesusInContext([], verses, slots);
    assert.deepEqual(
      mentions.map((mention) => [mention.ref.osis, mention.personId, mention.surface, mention.source]),
      [
        ['Phil.4.13', JESUS_ID, 'Christ', 'sources/bsb'],
        ['John.3.17', JESUS_ID, 'His Son', 'sources/bsb'],
      ],
      'not a bare vocative "Son", not the Old Testament, not "Christs"',
    );
    assert.equal(counts.named, 2);
  });

  it('adds nothing where Jesus is already listed', () => {
    const ref = parseOsisVerse('Phil.4.13');
    assert.ok(ref);
    const jesus: PersonMention = { personId: JESUS_ID, label: 'Christ', surface: 'Christ', ref, psalmTitle: false, source: 'sources/bibledata' };
    const { mentions, counts } = attributeJesusInContext([jesus], new Map([['Phil.4.13', 'I can do all things through Christ who gives me strength.']]), slots);
    assert.equal(mentions.length, 1);
    assert.deepEqual(counts, { lord: 0, named: 0 });
  });
});
