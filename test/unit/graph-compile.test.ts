// The compiler's knowledge-graph half over the fixture bundle: every collection parsed, relations read
// from both sides, body links and backlinks, degrees, tags, totals, verse context, and stable output.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { NONE } from '@skg/core';
import { type BuildReport, runStages, type StageResults } from '@skg/compiler';
import { extractLinks, resolveLinkTarget } from '../../packages/compiler/src/internal/markdown.ts';
import { buildDist, copyFixtureBundle, FIXTURE_BUNDLE, removeTempDirs } from '../helpers/fixture-dist.ts';

after(removeTempDirs);

const GRAPH_ARTEFACTS = ['bodies', 'concept-index', 'documents', 'graph'] as const;

describe('compiling the knowledge graph', () => {
  let results: StageResults;
  let report: BuildReport;
  let distDir: string;

  before(async () => {
    results = (await runStages({ bundleDir: FIXTURE_BUNDLE, until: 'index' })).results;
    ({ report, distDir } = await buildDist());
  });

  const graph = () => {
    const linked = results.link?.graph;
    if (!linked) throw new Error('the fixture did not link');
    return linked;
  };
  const index = (id: string) => {
    const found = graph().indexOf.get(id);
    if (found === undefined) throw new Error(`no document ${id}`);
    return found;
  };
  const ids = (list: readonly number[] | undefined) => (list ?? []).map((i) => graph().documents[i]?.id);

  it('reads a document of every one of the twelve types, with type-specific fields as extension', () => {
    const collections = results.graphIndex?.stats.collections ?? [];
    assert.equal(collections.length, 12);
    for (const collection of collections) assert.ok(collection.count > 0, `${collection.type} has a document in the fixture`);
    const jerusalem = graph().documents[index('places/jerusalem')];
    assert.equal(jerusalem?.lat, 31.776667);
    assert.equal((jerusalem?.extension.identifications as unknown[]).length, 1);
    assert.equal(jerusalem?.extension.contested, false);
    const commandment = graph().documents[index('commandments/125-have-children-with-one-s-wife')];
    assert.deepEqual(commandment?.sortFields, { number: 125, polarity: 'positive' });
    assert.equal(commandment?.osis, 'Gen.1.28');
    const chapter = graph().documents[index('bible/john/3')];
    assert.equal(chapter?.extension.verses, undefined, "a chapter's verses live in the verse store, not its extension");
  });

  it('keeps names, aliases and variants for search, and the Strong number of a lexeme', () => {
    const abram = graph().documents[index('people/abram')];
    assert.ok(abram?.names.aliases.includes('Abraham'));
    assert.ok(abram?.names.variants.includes('H87'));
    const lexeme = graph().documents[index('lexemes/h430')];
    assert.equal(lexeme?.strongs, 'H430');
    assert.deepEqual(lexeme?.names.titles, ['אֱלוֹהִים (elohiym)', 'H430']);
  });

  it('stores no child-of: a parent is recovered from the parent-of relations that point at the child', () => {
    const { relations, inbound } = graph();
    assert.ok(relations.every((r) => r.relation.predicate !== 'child-of'));
    const parents = (inbound[index('people/isaac')] ?? [])
      .map((id) => relations[id])
      .filter((r) => r?.relation.predicate === 'parent-of')
      .map((r) => graph().documents[r?.source ?? 0]?.id);
    assert.deepEqual(parents, ['people/abram', 'people/sarai']);
  });

  it('counts a predicate outside the vocabulary as undeclared, with a warning and no error', () => {
    assert.equal(report.ok, true);
    assert.deepEqual(results.graphIndex?.predicates.undeclared, [{ id: 'blessed', edges: 1 }]);
    assert.ok(report.diagnostics.some((d) => d.severity === 'warning' && d.file === 'people/isaac.md' && /'blessed'/.test(d.message)));
    const parentOf = results.graphIndex?.predicates.declared.find((p) => p.id === 'parent-of');
    assert.equal(parentOf?.edges, 11);
  });

  it('reports a link to a missing document as a warning on its file and line, and counts it as broken', async () => {
    const warning = report.diagnostics.find((d) => /themes\/unbelief/.test(d.message));
    assert.equal(warning?.severity, 'warning');
    assert.equal(warning?.file, 'themes/faith.md');
    const lines = (await readFile(path.join(FIXTURE_BUNDLE, 'themes/faith.md'), 'utf8')).split('\n');
    assert.match(lines[(warning?.line ?? 0) - 1] ?? '', /\/themes\/unbelief/, 'the line number points at the link');
    assert.equal(report.counts.brokenLinks, 1);
  });

  it('reads body links relative to the bundle or the document, .md optional, and skips external and index.md links', () => {
    assert.deepEqual(ids(graph().links[index('themes/faith')]), ['bible/genesis/24', 'bible/john/3', 'bible/john/11', 'themes/love']);
    assert.deepEqual(ids(graph().links[index('themes/love')]), ['bible/john/3', 'themes/faith']);
    assert.equal(resolveLinkTarget('https://example.org/x', 'themes/faith'), null);
    assert.equal(resolveLinkTarget('index.md', 'themes/faith'), null);
    assert.equal(resolveLinkTarget('/bible/log.md', 'themes/faith'), null);
    assert.equal(resolveLinkTarget('../bible/john/3.md#v16', 'themes/love'), 'bible/john/3');
    assert.deepEqual(
      extractLinks('[a](/x/y) ![img](/x/z)\n```\n[code](/x/w)\n```\n[b](c "title")', 'd/e').map((l) => l.id),
      ['x/y', 'd/c'],
      'images and fenced code are not links',
    );
  });

  it('orders backlinks non-chapter documents first by title, then chapters, with true totals', () => {
    assert.deepEqual(ids(graph().backlinks[index('bible/john/3')]), ['themes/faith', 'sa/events/jesus-and-nicodemus', 'bible/john', 'themes/love', 'bible/genesis/24']);
    assert.deepEqual(ids(graph().backlinks[index('bible/genesis/24')]), ['people/abram', 'themes/faith', 'bible/genesis', 'people/isaac']);
  });

  it('counts as degree every edge touching a document: typed both ways, links both ways, sources', () => {
    const degree = (id: string) => graph().degree[index(id)];
    // Isaac: 4 relations out (3 declared + 1 undeclared), 4 in (2 parents, a mention, an epoch), 1 link, 1 source.
    assert.equal(degree('people/isaac'), 10);
    // A source: cited by 22 documents.
    assert.equal(degree('sources/bibledata'), 22);
    assert.equal(report.counts.edges, results.graphIndex?.stats.edges);
    const total = Array.from(graph().degree).reduce((a, b) => a + b, 0);
    assert.equal(total, 2 * graph().edgeCount, 'every edge touches two documents');
  });

  it('leaves a relation to a missing document unresolved and out of the degree', async () => {
    const bundle = await copyFixtureBundle();
    await rm(path.join(bundle, 'people/dinah.md'));
    const { results: changed, diagnostics } = await runStages({ bundleDir: bundle, until: 'link' });
    const linked = changed.link?.graph;
    const missing = linked?.relations.find((r) => r.relation.target === 'people/dinah');
    assert.equal(missing?.target, NONE);
    assert.ok(diagnostics.list.some((d) => d.file === 'people/jacob.md' && /parent-of → 'people\/dinah' points at no document/.test(d.message)));
    // Jacob: three children left (Dinah is gone), two parents, a sibling, Isaac's blessing, one source.
    assert.equal(linked?.degree[linked.indexOf.get('people/jacob') ?? -1], 8);
  });

  it('counts tags, most common first, and the graph totals of /stats', () => {
    const tags = results.graphIndex?.tags ?? [];
    assert.deepEqual(tags.slice(0, 2).map((t) => [t.name, t.documents.length]), [['male', 10], ['new-testament', 7]]);
    assert.ok(tags.some((t) => t.name === 'epoch-unique'));
    assert.ok(tags.some((t) => t.name === 'positive-commandment'));
    const stats = results.graphIndex?.stats;
    assert.deepEqual(
      { notes: stats?.notes, edges: stats?.edges, tags: stats?.tags, orphans: stats?.orphans, brokenLinks: stats?.brokenLinks },
      { notes: 46, edges: 116, tags: 21, orphans: 1, brokenLinks: 1 },
    );
    assert.ok((stats?.words ?? 0) > 4000, 'words of every body');
  });

  it('indexes verse context per chapter: mentions, themes and the documents pointing at its verses', () => {
    const context = results.graphIndex?.context[index('bible/genesis/1')] ?? [];
    const relations = graph().relations;
    const described = context.map(([verse, kind, id]) => {
      const relation = relations[id];
      const other = kind === 3 ? relation?.source : relation?.target;
      return `${verse} ${kind} ${graph().documents[other ?? 0]?.id}`;
    });
    assert.deepEqual(described, ['1 1 places/heaven', '1 3 epochs/creation', '1 3 lexemes/h430', '28 3 commandments/125-have-children-with-one-s-wife']);
  });

  it('indexes places with coordinates for /nearby, by latitude, and leaves out a place without', () => {
    assert.deepEqual(ids(Array.from(results.graphIndex?.geo ?? [])), ['places/hebron', 'places/bethlehem', 'places/jerusalem']);
  });

  it('writes the graph artefacts as required artefacts, byte-identical on a rebuild', async () => {
    const again = await buildDist();
    for (const name of GRAPH_ARTEFACTS) {
      const entry = report.manifest?.artefacts[name];
      assert.equal(entry?.optional, false, name);
      assert.equal(entry?.sha256, again.report.manifest?.artefacts[name]?.sha256, `${name} is the same on a rebuild`);
      const bytes = await readFile(path.join(distDir, entry?.file ?? ''));
      assert.equal(bytes.length, entry?.bytes);
    }
    assert.equal(report.manifest?.artefacts.documents?.records, 46);
    assert.equal(report.manifest?.artefacts.graph?.records, 116);
  });

  it('writes the graph artefacts even for a bundle holding only scripture', async () => {
    const bundle = await copyFixtureBundle();
    for (const folder of ['people', 'places', 'themes', 'lexemes', 'commandments', 'epochs', 'sa', 'references', 'schema']) {
      await rm(path.join(bundle, folder), { recursive: true });
    }
    const { report: scriptureOnly } = await buildDist(bundle);
    for (const name of GRAPH_ARTEFACTS) assert.ok(scriptureOnly.manifest?.artefacts[name], name);
  });
});
