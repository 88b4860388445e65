// `skg inspect`: look inside a build. No argument: the manifest. An OSIS reference: that chapter,
// verse or range as the server reads it. A document path (`people/isaac`): its record, relations both
// ways, links and backlinks. An artefact name: its manifest entry. `--search`: a scripture query;
// `--concept`: a concept search. `--stage <name>`: run the compiler up to that stage over the bundle
// and show its result (or one document's, given its id).

import type { Command } from 'commander';
import { formatOsis, getBook, NONE, parseDocumentType, parseReference } from '@skg/core';
import type { StageResults } from '@skg/compiler';
// The stage names and the diagnostic format without loading the compiler; it and the server are
// loaded by the action, only the one it needs.
import { formatDiagnostic, STAGES, type StageName } from '@skg/compiler/diagnostics';
import type { DataSet } from '@skg/server';
import { addConfigOptions, readConfigFlags, resolveConfig } from '../config.ts';

const KEYS = ['dist', 'bundle'] as const;

interface InspectFlags {
  stage?: string;
  search?: string;
  concept?: string;
  type?: string;
  tag?: string;
  book?: string;
  limit?: string;
  body?: boolean;
}

function print(value: unknown): void {
  console.log(JSON.stringify(value, (_key, v: unknown) => (ArrayBuffer.isView(v) ? `<${(v as Uint8Array).length} items>` : v), 2));
}

function summariseStage(stage: StageName, results: StageResults, what: string | undefined): unknown {
  switch (stage) {
    case 'discover': {
      const r = results.discover;
      if (!r) return null;
      if (what) return r.documents.find((d) => d.id === what) ?? `no document ${what}`;
      return { rootIndex: r.rootIndex, log: r.log, reserved: r.reserved, documents: r.documents.length, first: r.documents.slice(0, 10) };
    }
    case 'parse': {
      const r = results.parse;
      if (!r) return null;
      if (what) {
        const d = r.documents.find((doc) => doc.id === what);
        return d ? { id: d.id, file: d.file, data: d.data, body: d.body } : `no document ${what}`;
      }
      return { root: r.root?.data ?? null, log: r.log !== null, documents: r.documents.length };
    }
    case 'validate': {
      const r = results.validate;
      if (!r) return null;
      if (what) {
        return (
          r.chapters.find((c) => c.id === what || c.osis === what) ??
          r.books.find((b) => b.id === what) ??
          r.documents.find((d) => d.id === what) ??
          `no valid document ${what}`
        );
      }
      return { info: r.info, documents: r.documents.length, books: r.books.length, chapters: r.chapters.length };
    }
    case 'link': {
      const r = results.link;
      if (!r) return null;
      if (what) {
        const chapter = r.chapters.find((c) => c.id === what || c.osis === what);
        const index = r.graph.indexOf.get(what);
        if (index === undefined) return chapter ?? `no document ${what}`;
        const ids = (list: readonly number[] | undefined) => (list ?? []).map((i) => r.graph.documents[i]?.id);
        return {
          ...(chapter ? { chapter: { osis: chapter.osis, ordinal: chapter.ordinal, firstVerse: chapter.firstVerse } } : {}),
          id: what,
          degree: r.graph.degree[index],
          words: r.graph.words[index],
          relations: r.graph.relations.slice(r.graph.relationStart[index], r.graph.relationStart[index + 1]).map((x) => ({
            ...x.relation,
            resolved: x.target !== NONE,
          })),
          inbound: (r.graph.inbound[index] ?? []).map((id) => {
            const x = r.graph.relations[id];
            return { predicate: x?.relation.predicate, source: r.graph.documents[x?.source ?? 0]?.id };
          }),
          links: ids(r.graph.links[index]),
          backlinks: ids(r.graph.backlinks[index]),
          sources: ids(r.graph.sources[index]),
          citedBy: (r.graph.citedBy[index] ?? []).length,
        };
      }
      return {
        info: r.info,
        books: r.books.map((b) => b.osis),
        chapters: r.chapters.length,
        verses: r.verseCount,
        omitted: r.omittedCount,
        documents: r.graph.documents.length,
        relations: r.graph.relations.length,
        edges: r.graph.edgeCount,
        brokenLinks: r.graph.brokenLinks,
      };
    }
    case 'shard': {
      const r = results.interlinear;
      if (r === undefined) return null;
      if (r === null) return { interlinear: 'the bundle holds no references/interlinear/*.jsonl data files' };
      if (what) return r.verses.find((v) => v.osis === what) ?? `no interlinear data for ${what}`;
      return { interlinear: { files: r.files, verses: r.verses.length, entries: r.entries, first: r.verses[0] ?? null } };
    }
    case 'index':
    case 'write': {
      const r = results.index;
      const g = results.graphIndex;
      if (!r || !g) return null;
      if (what) {
        const id = r.vocabulary.indexOf(what.toLowerCase());
        const names = g.exactNames.filter((n) => n.name === what.toLowerCase()).map((n) => ({ document: results.link?.graph.documents[n.document]?.id, tier: n.tier }));
        return { scriptureWord: id < 0 ? null : { word: what.toLowerCase(), id }, exactNames: names };
      }
      return {
        indexedVerses: r.indexed,
        distinctWords: r.vocabulary.length,
        words: r.wordIds.length,
        flexsearchChunks: r.chunks.map(([key]) => key),
        concepts: { exactNames: g.exactNames.length, nameWords: g.nameWords.length, textChunks: g.textChunks.map(([key]) => key) },
        tags: g.tags.length,
        places: g.geo.length,
        stats: g.stats,
        undeclared: g.predicates.undeclared,
      };
    }
  }
}

/** A document as the server reads it: its record, relations both ways, links and backlinks (first 20 of each list). */
function describeDocument(dataSet: DataSet, path: string, body: boolean): unknown {
  const { graph } = dataSet;
  const id = path.replace(/^\/+/, '').replace(/\.md$/, '');
  const document = graph.getDocument(id);
  if (!document) throw new Error(`${id}: this build has no such document`);
  const outbound = graph.getOutbound(id);
  const inbound = graph.getInbound(id);
  const links = graph.getLinks(id, 20);
  const backlinks = graph.getBacklinks(id, 20);
  const shown = (list: readonly unknown[], total: number) => (total > list.length ? [...list, `… ${total - list.length} more`] : list);
  return {
    ...document,
    relations: {
      outbound: shown(outbound.slice(0, 20), outbound.length),
      inbound: shown(inbound.slice(0, 20), inbound.length),
    },
    linkCount: links.total,
    links: shown(links.items.map((n) => n.path), links.total),
    backlinkCount: backlinks.total,
    backlinks: shown(backlinks.items.map((n) => n.path), backlinks.total),
    ...(body ? { body: graph.getBody(id) } : {}),
  };
}

export function registerInspectCommand(program: Command): void {
  const command = program
    .command('inspect')
    .argument('[what]', 'an OSIS reference (John.3.16, John.3, John.3.16-18), a document path (people/isaac), an artefact name, or with --stage a document id')
    .description('show the manifest, a record as the server reads it, a search, or a compiler stage result');
  addConfigOptions(command, KEYS)
    .option('--stage <name>', `run the compiler up to this stage and show its result: ${STAGES.filter((s) => s !== 'write').join(', ')}`)
    .option('--search <q>', 'run a /scripture query against dist/')
    .option('--concept <q>', 'run a /search concept query against dist/')
    .option('--type <type>', 'with --concept: only this document type (type value, plural or folder)')
    .option('--tag <tag>', 'with --concept: only documents with this tag')
    .option('--book <book>', 'with --search: only this book')
    .option('--limit <n>', 'with --search, --concept: hits to show', '10')
    .option('--body', 'with a document path: include the markdown body')
    .action(async (what: string | undefined, flags: InspectFlags, self: Command) => {
      const config = resolveConfig(readConfigFlags(self, KEYS));

      if (flags.stage !== undefined) {
        const stage = flags.stage as StageName;
        if (!STAGES.includes(stage) || stage === 'write') {
          throw new Error(`--stage must be one of ${STAGES.filter((s) => s !== 'write').join(', ')}`);
        }
        const { runStages } = await import('@skg/compiler');
        const { results, diagnostics, timings } = await runStages({ bundleDir: config.bundle, until: stage });
        for (const d of diagnostics.list) console.error(formatDiagnostic(d));
        console.error(`stages: ${Object.entries(timings).map(([s, ms]) => `${s} ${ms} ms`).join(', ')}`);
        print(summariseStage(stage, results, what));
        return;
      }

      const { checkDist, formatDistProblem, loadDataSet } = await import('@skg/server');
      const problems = await checkDist(config.dist, { checksums: false });
      if (problems.some((p) => !p.optional)) throw new Error(problems.map(formatDistProblem).join('\n'));
      const dataSet = await loadDataSet(config.dist);

      if (flags.search !== undefined) {
        const book = flags.book ? getBook(flags.book) : undefined;
        if (flags.book && !book) throw new Error(`--book: '${flags.book}' is not an OSIS book id or slug`);
        const start = performance.now();
        const result = await dataSet.scripture.search({
          q: flags.search,
          limit: Number(flags.limit) || 10,
          offset: 0,
          ...(book ? { book } : {}),
        });
        const ms = performance.now() - start;
        print({
          terms: result.terms,
          phrases: result.phrases,
          total: result.total,
          ms: Math.round(ms * 100) / 100,
          hits: result.hits.map((h) => `${h.osis}  ${h.text}`),
        });
        return;
      }

      if (flags.concept !== undefined) {
        const type = flags.type === undefined ? undefined : parseDocumentType(flags.type);
        if (flags.type !== undefined && !type) throw new Error(`--type: '${flags.type}' is not a document type`);
        const start = performance.now();
        const result = await dataSet.graph.search({
          q: flags.concept,
          limit: Number(flags.limit) || 10,
          offset: 0,
          ...(type ? { type } : {}),
          ...(flags.tag !== undefined ? { tag: flags.tag } : {}),
        });
        const ms = performance.now() - start;
        print({
          total: result.total,
          ms: Math.round(ms * 100) / 100,
          results: result.items.map((n) => `${n.path}  ${n.type}  ${n.title}  (degree ${n.degree})`),
        });
        return;
      }

      if (what === undefined) {
        print({ dir: dataSet.dir, datasets: dataSet.datasets, ...dataSet.manifest });
        for (const p of problems) console.error(`optional: ${formatDistProblem(p)}`);
        return;
      }
      const entry = dataSet.manifest.artefacts[what];
      if (entry) {
        print({ name: what, ...entry, built: dataSet.datasets[what] ?? true });
        return;
      }
      if (what.includes('/')) {
        print(describeDocument(dataSet, what, flags.body === true));
        return;
      }
      const reference = parseReference(what);
      const { scripture } = dataSet;
      const chapter = scripture.getChapter(reference.book, reference.chapter);
      if (!chapter) throw new Error(`${formatOsis(reference)}: this build has no such chapter`);
      if (reference.kind === 'chapter') print(chapter);
      else if (reference.kind === 'verse') print(scripture.getVerse(reference.book, reference.chapter, reference.verse) ?? `no verse ${formatOsis(reference)}`);
      else print(chapter.verses.slice(reference.start - 1, reference.end));
    });
}
