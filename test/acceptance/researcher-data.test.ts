// Issue 12's acceptance criteria (the text half: headings, definitions, backlinks, connections and the
// smaller fixes), asked of the API and the data set over the full data.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BOOKS } from '@skg/core';
import { type DataSet, loadDataSet } from '@skg/server';
import { createTestApp, get as getRoute } from '../helpers/app.ts';
import { FULL_DIST, skipWithoutFullData } from './full-data.ts';

const skip = skipWithoutFullData();

/**
 * A description that begins mid-sentence (the rule of docs/bundle-format.md, "Lexeme"): punctuation
 * that continues a sentence, `i.e.`/`e.g.`, the tail of a derivation (`and G1160`, `akin to …`,
 * `compare …`, `or from …`, `from G…`, `of uncertain derivation`), or a `)` closing nothing within the
 * first three words (`into Chaldea), …`).
 */
function startsMidSentence(text: string): boolean {
  if (
    /^(?:[,;:.)\]}]|i\.e\.|e\.g\.|(?:and|or) (?:from\b|[GH]\d|the base|a derivative|\p{Script=Greek})|akin to\b|compare\b|which (?:uses|is used)\b|from (?:[GH]\d|the base\b|an? (?:obsolete|derivative)\b)|of (?:uncertain|doubtful) (?:derivation|affinity|origin)\b)/u.test(text)
  ) {
    return true;
  }
  const head = text.split(' ').slice(0, 3).join(' ');
  const close = head.indexOf(')');
  return close >= 0 && !head.slice(0, close).includes('(');
}

/** Every `(` closed after it, no `)` without one. */
function isBalanced(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === '(') depth++;
    else if (char === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

describe('researcher-grade data on the full data', { skip }, () => {
  let app: ReturnType<typeof createTestApp>;
  let dataSet: DataSet;

  before(async () => {
    dataSet = await loadDataSet(FULL_DIST);
    app = createTestApp(dataSet);
  });

  const get = (route: string) => getRoute(app, route);

  describe('headings', () => {
    it('gives /passage/Ps.23 the title "A Psalm of David." before verse 1', async () => {
      const { status, body } = await get('/passage/Ps.23');
      assert.equal(status, 200);
      assert.ok(
        body.headings.some((h: { text: string; before: string; level: string }) => h.text === 'A Psalm of David.' && h.before === 'Ps.23.1' && h.level === 'd'),
        JSON.stringify(body.headings),
      );
      const verse = await get('/passage/Ps.23.1');
      assert.deepEqual(verse.body.headings, body.headings, 'verse 1 carries every heading printed before it');
    });

    it('serves all 4,569 BSB headings, 116 Psalm titles among them, each anchored to a verse of its chapter', () => {
      let total = 0;
      let titles = 0;
      for (const book of BOOKS) {
        for (let chapter = 1; chapter <= book.chapters; chapter++) {
          const verseCount = dataSet.scripture.canon.verseCount(book, chapter);
          for (const heading of dataSet.scripture.getHeadings(book, chapter)) {
            total++;
            if (heading.level === 'd') titles++;
            assert.ok(heading.before >= 1 && heading.before <= verseCount, `${book.osis}.${chapter}: ${heading.text}`);
          }
        }
      }
      assert.equal(total, 4569);
      assert.equal(titles, 116);
    });

    it('flags the six speaker labels inside Song of Solomon verses as midVerse', async () => {
      let flagged = 0;
      for (let chapter = 1; chapter <= 8; chapter++) {
        const { body } = await get(`/passage/Song.${chapter}`);
        flagged += body.headings.filter((h: { midVerse?: true }) => h.midVerse).length;
      }
      assert.equal(flagged, 6);
      const { body } = await get('/passage/Song.6.13');
      assert.deepEqual(body.headings, [
        { text: 'The Friends', before: 'Song.6.13', level: 's2' },
        { text: 'The Bridegroom', before: 'Song.6.13', level: 's2', midVerse: true },
      ]);
    });
  });

  describe('lexeme definitions', () => {
    it('describes θεός (g2316) by its meaning, "a deity", not the tail of the definition', async () => {
      const { status, body } = await get('/entity/lexemes/g2316?body=true');
      assert.equal(status, 200);
      assert.match(body.description, /^a deity\b/);
      assert.match(body.body, /\n\na deity, especially \(with \[G3588\]\(\/lexemes\/g3588\)\) the supreme Divinity; figuratively, a magistrate/);
      assert.ok(!body.relations.outbound.some((r: { target: string }) => r.target === '/lexemes/g3588'), 'the article named in the meaning is no root');
    });

    it('gives every lexeme a description with balanced brackets that does not begin mid-sentence', () => {
      const lexemes = dataSet.graph.list({ type: 'Lexeme', sort: 'title', limit: 100_000, offset: 0 });
      assert.ok(lexemes.total > 14_000, `${lexemes.total} lexemes`);
      assert.equal(lexemes.items.length, lexemes.total);
      const unbalanced = lexemes.items.filter((lexeme) => lexeme.description !== undefined && !isBalanced(lexeme.description));
      const midSentence = lexemes.items.filter((lexeme) => lexeme.description !== undefined && startsMidSentence(lexeme.description));
      assert.deepEqual(unbalanced.map((lexeme) => `${lexeme.path}: ${lexeme.description}`), []);
      assert.deepEqual(midSentence.map((lexeme) => `${lexeme.path}: ${lexeme.description}`), []);
      const described = lexemes.items.filter((lexeme) => lexeme.description !== undefined).length;
      assert.ok(described > lexemes.total - 100, `${described} of ${lexemes.total} described`);
    });

    it('balances the brackets of every Greek definition in the body', () => {
      const greek = dataSet.graph.list({ type: 'Lexeme', tag: 'greek', sort: 'title', limit: 100_000, offset: 0 });
      assert.ok(greek.total > 5_000);
      const unbalanced: string[] = [];
      for (const lexeme of greek.items) {
        // The definition is the paragraph after the "Strong's G… · Greek" line (and the spellings, when given).
        const blocks = (dataSet.graph.getBody(lexeme.path) ?? '').split('\n\n');
        const definition = blocks.slice(2).find((block) => !block.startsWith('Also spelled') && !/^(?:Derivation|KJV):/.test(block));
        if (definition !== undefined && !isBalanced(definition.replace(/\[[GH]\d+\]\(\/lexemes\/[gh]\d+\)/g, ''))) unbalanced.push(`${lexeme.path}: ${definition}`);
      }
      assert.deepEqual(unbalanced, []);
    });
  });

  describe('backlinks', () => {
    /** The documents pointing at `path` by a body link or a typed relation, from the graph's edges. */
    function pointingAt(path: string): Set<string> {
      const edges = dataSet.graph.getEdges(path).filter((edge) => edge.target === path && edge.source !== path && edge.kind !== 'source');
      return new Set(edges.map((edge) => edge.source));
    }

    it('gives /entity/people/jacob the distinct documents pointing at him, with the true count', async () => {
      const { status, body } = await get('/entity/people/jacob?backlinks=500');
      assert.equal(status, 200);
      const expected = pointingAt('people/jacob');
      assert.ok(body.relations.inboundCount > 1000, `${body.relations.inboundCount} inbound relations`);
      assert.ok(body.backlinkCount > 0);
      assert.equal(body.backlinkCount, expected.size, 'one per document, however many relations it states');
      assert.equal(body.backlinks.length, Math.min(500, expected.size));
      assert.deepEqual(body.backlinks.map((node: { id: string }) => node.id.slice(1)).filter((id: string) => !expected.has(id)), []);
    });

    it('keeps the chapter ordering: non-chapter documents first, so a capped chapter list keeps them', async () => {
      const { body } = await get('/passage/Gen.1');
      const expected = pointingAt('bible/genesis/1');
      assert.equal(body.backlinkCount, expected.size);
      assert.equal(body.backlinks.length, Math.min(100, expected.size));
      const types = body.backlinks.map((node: { type: string }) => node.type);
      const firstChapter = types.indexOf('Chapter');
      assert.ok(firstChapter === -1 || types.slice(firstChapter).every((type: string) => type === 'Chapter'), 'chapters come last');
      const nonChapters = [...expected].filter((path) => !path.startsWith('bible/') || path.split('/').length !== 3).length;
      assert.equal(body.backlinks.filter((node: { type: string }) => node.type !== 'Chapter').length, Math.min(100, nonChapters));
    });
  });

  describe('smaller fixes', () => {
    it('starts no commandment\'s Hebrew text with a verse numeral', () => {
      const commandments = dataSet.graph.list({ type: 'Commandment', sort: 'title', limit: 1000, offset: 0 });
      assert.equal(commandments.total, 613);
      const numbered = commandments.items.filter((item) => {
        const hebrew = /## Hebrew\n\n(\S+) /.exec(dataSet.graph.getBody(item.path) ?? '')?.[1];
        return hebrew !== undefined && /^[\u05D0-\u05EA]{1,3}$/.test(hebrew);
      });
      assert.deepEqual(numbered.map((item) => item.path), []);
    });

    it('writes God, not G-d, in commandment, epoch and person titles, slugs, descriptions and label meanings, and in every title', () => {
      const all = dataSet.graph.list({ sort: 'title', limit: 100_000, offset: 0 });
      assert.deepEqual(all.items.filter((item) => /G-d/i.test(item.title)).map((item) => item.path), []);
      const texts = all.items
        .filter((item) => item.type === 'Commandment' || item.type === 'Epoch' || item.type === 'Person')
        .filter((item) => /g-d/i.test(`${item.path} ${item.description ?? ''} ${dataSet.graph.getBody(item.path) ?? ''}`));
      assert.deepEqual(texts.map((item) => item.path), []);
      assert.equal(dataSet.graph.getSummary('commandments/001-know-there-is-a-god')?.title, 'Know there is a God');
    });

    it('gives each king named Ahaziah his own reign, and states no narrated-in twice', async () => {
      const israel = await get('/entity/epochs/reign-of-ahaziah');
      const judah = await get('/entity/epochs/reign-of-ahaziah-of-judah');
      assert.equal(judah.status, 200);
      const king = (body: { relations: { outbound: Array<{ predicate: string; target: string }> } }) =>
        body.relations.outbound.find((relation) => relation.predicate === 'involves')?.target;
      assert.ok(king(israel.body) && king(judah.body) && king(israel.body) !== king(judah.body), `${king(israel.body)} / ${king(judah.body)}`);
      assert.deepEqual([judah.body.extension.start_year_ah, judah.body.extension.end_year_ah], [3121, 3121]);
      const stated = new Map<string, number>();
      for (const type of ['Epoch', 'Event', 'Commandment'] as const) {
        for (const item of dataSet.graph.list({ type, sort: 'title', limit: 100_000, offset: 0 }).items) {
          for (const relation of dataSet.graph.getOutbound(item.path)) {
            const key = `${relation.predicate} ${relation.target} ${relation.from ?? ''} ${item.title}`;
            stated.set(key, (stated.get(key) ?? 0) + 1);
          }
        }
      }
      assert.deepEqual([...stated].filter(([, count]) => count > 1).map(([key]) => key), [], 'no document title states the same relation twice');
    });

    it("finds lexemes by Strong's numbers with leading zeros, by transliteration and YHWH by its name forms", async () => {
      const first = async (q: string) => (await get(`/search?q=${encodeURIComponent(q)}`)).body;
      assert.equal((await first('H0430')).results[0]?.id, '/lexemes/h430');
      assert.equal((await first('G0026')).results[0]?.id, '/lexemes/g26');
      assert.equal((await first('reshith')).results[0]?.id, '/lexemes/h7225');
      const yhwh = await first('YHWH');
      assert.ok(yhwh.total > 0);
      assert.ok(yhwh.results.slice(0, 5).some((node: { id: string }) => node.id === '/lexemes/h3068'), JSON.stringify(yhwh.results.slice(0, 5).map((n: { id: string }) => n.id)));
      assert.ok((await first('Yahweh')).results.some((node: { id: string }) => node.id === '/lexemes/h3068'));
    });
  });
});
