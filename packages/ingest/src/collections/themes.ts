// The themes collection: one Theme document per subject of Nave's Topical Bible (BibleData's
// `NavesTopicalDictionary.csv`), its body the outline with every reference a link to its chapter, and
// a `develops` relation on each chapter a theme cites, anchored to the first verse of each cited range.

import { slugify } from '@skg/core';
import { type BundleDocument, type BundleFile, escapeMarkdown } from '../document.ts';
import { type KjvSlots, parseKjvSlots } from '../kjv-slots.ts';
import { createOutline } from '../naves/outline.ts';
import { parseReferenceList } from '../naves/references.ts';
import { formatTopicTitle, type NavesTopic, normaliseSubject, parseNavesTopics } from '../naves/topics.ts';
import { type CollectionReport, formatCount } from '../report.ts';
import type { ChapterRelation, Collection, CollectionResult, Generated } from './collection.ts';

const NAVES_FILE = 'bibledata/NavesTopicalDictionary.csv';
const KJV_SLOTS_FILE = 'bibledata/BibleData-Reference.csv';
const BIBLEDATA = 'sources/bibledata';
const FOLDER = 'themes';
const STATUS = { status: 'stable', trust_tier: 'machine-confirmed', stale: false } as const;
/** How many problems of each kind the report lists one by one. */
const LISTED_PROBLEMS = 50;
/**
 * Slugs that are file names the bundle reserves in every folder (`index.md`, `log.md`, which are not
 * documents): a subject with one gets the slug here instead (Nave's LOG is the liquid measure).
 */
const RESERVED_SLUGS: ReadonlyMap<string, string> = new Map([
  ['index', 'index-theme'],
  ['log', 'log-measure'],
]);

export const themesCollection: Collection = {
  name: 'themes',
  folder: { path: FOLDER, title: "Themes (Nave's Topical Bible)" },
  needs: [NAVES_FILE, KJV_SLOTS_FILE],
  async build(context) {
    const [topics, slots] = await Promise.all([
      context.readText(NAVES_FILE).then(parseNavesTopics),
      context.readText(KJV_SLOTS_FILE).then(parseKjvSlots),
    ]);
    return createThemeDocuments(topics, slots, context.generated);
  },
};

interface Theme {
  readonly topic: NavesTopic;
  readonly id: string;
  readonly title: string;
}

/** Parenthesised alternative spellings in capitals: `ALPHEUS (ALPHAEUS)` → `ALPHAEUS`. */
function getSubjectVariants(subject: string): string[] {
  return [...subject.matchAll(/\(([A-Z][A-Z' -]*[A-Z])\)/g)].map((match) => match[1] ?? '').filter((variant) => variant !== '');
}

/** Alternative names a topic gives itself on a top-level line: `Also called ABRAM`. */
function getCalledNames(topic: NavesTopic): string[] {
  return topic.lines.flatMap((line) => {
    const match = line.depth === 0 ? /^(?:Also called|Called also) ([A-Z][A-Z' -]*[A-Z])$/.exec(line.text) : null;
    return match?.[1] ? [match[1]] : [];
  });
}

/**
 * Subject keys → theme. Every subject is found by itself; then, in tiers where a weaker guess never
 * overrides a stronger one and a key two themes claim in one tier is given to neither:
 * 1. the subject without its parenthesis (`ALPHEUS`, `TONGUES` for `TONGUES (the gift)`) and its
 *    parenthesised variant (`ALPHAEUS`);
 * 2. its head before a comma or a joining word (`JESUS` for `JESUS, THE CHRIST`, `THEFT` for `THEFT AND
 *    THIEVES`) and the inverted form of `X, Y` (`FALSE WITNESS` for `WITNESS, FALSE`);
 * 3. the other number (`COVENANTS` for `COVENANT`, `OSTRICH` for `OSTRICHES`).
 * (`ANGEL`, claimed by `ANGEL (a spirit)` and `ANGEL (Holy Trinity)`, names neither, nor `ANGEL OF THE CHURCHES`.)
 */
function createSubjectIndex(themes: readonly Theme[]): Map<string, Theme> {
  const index = new Map<string, Theme>();
  for (const theme of themes) index.set(normaliseSubject(theme.topic.subject), theme);
  // A key two themes claim stays unclaimed for the weaker tiers too.
  const contested = new Set<string>();
  const claim = (proposals: Iterable<readonly [string, Theme]>) => {
    const claims = new Map<string, Set<Theme>>();
    for (const [key, theme] of proposals) {
      if (key === '' || index.has(key) || contested.has(key)) continue;
      const claimants = claims.get(key) ?? new Set<Theme>();
      claimants.add(theme);
      claims.set(key, claimants);
    }
    for (const [key, claimants] of claims) {
      const [only] = claimants;
      if (claimants.size === 1 && only) index.set(key, only);
      else contested.add(key);
    }
  };
  const bare = (subject: string) => normaliseSubject(subject.replace(/\s*\(.*?\)\s*/g, ' '));
  claim(
    themes.flatMap((theme) =>
      [bare(theme.topic.subject), ...getSubjectVariants(theme.topic.subject).map(normaliseSubject)].map((key) => [key, theme] as const),
    ),
  );
  claim(
    themes.flatMap((theme) => {
      const key = bare(theme.topic.subject);
      const comma = /^([^,]+), ([^,]+)$/.exec(key);
      const head = /^(.+?) (?:AND|AT|OF|IN|FOR|TO)\b/.exec(key);
      const keys = [...(comma ? [comma[1] ?? '', `${comma[2]} ${comma[1]}`] : []), ...(head ? [head[1] ?? ''] : [])];
      return keys.map((item) => [item, theme] as const);
    }),
  );
  claim(
    [...index].flatMap(([key, theme]) => {
      const keys = key.endsWith('ES') ? [key.slice(0, -2), key.slice(0, -1)] : key.endsWith('S') ? [key.slice(0, -1)] : [`${key}S`, `${key}ES`];
      return keys.map((item) => [item, theme] as const);
    }),
  );
  return index;
}

/** The text of a one-line outline before its first reference (`The angel of the bottomless pit`). */
function getOnlyLabel(topic: NavesTopic): string | undefined {
  const [line, ...more] = topic.lines;
  if (!line || more.length > 0) return undefined;
  const segments = parseReferenceList(line.text);
  const end = segments.findIndex((segment) => segment.kind === 'reference');
  const label = (end < 0 ? segments : segments.slice(0, end)).map((segment) => (segment.kind === 'text' ? segment.text : '')).join('');
  return label.replace(/\[\d+\]/g, '').trim() || undefined;
}

/** Builds the Theme documents, their chapter relations and `themes/index.md` from parsed inputs. Pure. */
export function createThemeDocuments(topics: readonly NavesTopic[], slots: KjvSlots, generated: Generated): CollectionResult {
  const errors: string[] = [];
  const warnings: string[] = [];
  const themes: Theme[] = [];
  const taken = new Map<string, number>();
  let emptySubjects = 0;
  let renamed = 0;
  let reserved = 0;
  for (const topic of topics) {
    const plain = slugify(topic.subject);
    if (plain === '') {
      emptySubjects++;
      continue;
    }
    const slug = RESERVED_SLUGS.get(plain) ?? plain;
    if (slug !== plain) {
      reserved++;
      warnings.push(`subject '${topic.subject}' has the slug '${plain}', a reserved file name: written as themes/${slug}`);
    }
    const count = (taken.get(slug) ?? 0) + 1;
    taken.set(slug, count);
    if (count > 1) {
      renamed++;
      warnings.push(`subject '${topic.subject}' has the slug of an earlier subject: written as themes/${slug}-${count}`);
    }
    themes.push({ topic, id: `${FOLDER}/${count > 1 ? `${slug}-${count}` : slug}`, title: formatTopicTitle(topic.subject) });
  }
  const index = createSubjectIndex(themes);
  const byId = new Map(themes.map((theme) => [theme.id, theme]));

  const documents: BundleDocument[] = [];
  const chapterRelations: ChapterRelation[] = [];
  const problems: string[] = [];
  const unresolved: string[] = [];
  let references = 0;
  let seeLinks = 0;
  let lines = 0;
  let withoutReferences = 0;
  for (const theme of themes) {
    const outline = createOutline(theme.topic.lines, {
      slots,
      self: theme.id,
      resolveSubject: (key) => index.get(key),
    });
    lines += theme.topic.lines.length;
    references += outline.references;
    seeLinks += outline.seeAlso.length;
    for (const problem of outline.problems) problems.push(`${theme.topic.subject}: ${problem}`);
    for (const name of outline.unresolved) unresolved.push(`${theme.topic.subject}: See ${name}`);
    for (const citation of outline.citations) {
      chapterRelations.push({ chapter: citation.chapter, relation: { predicate: 'develops', target: theme.id, from: citation.from, source: BIBLEDATA } });
    }
    if (outline.references === 0) withoutReferences++;
    const aliases = [...new Set([...getSubjectVariants(theme.topic.subject), ...getCalledNames(theme.topic)].map(formatTopicTitle))].filter(
      (alias) => alias !== theme.title,
    );
    const label = getOnlyLabel(theme.topic);
    const seeTitles = outline.seeAlso.map((id) => byId.get(id)?.title ?? id);
    const description =
      label && !/^see\b/i.test(label) && label.length <= 160
        ? label
        : outline.references === 0 && seeTitles.length > 0
          ? `Nave's Topical Bible: see ${seeTitles.join(', ')}`
          : `Nave's Topical Bible: ${formatCount(theme.topic.lines.length)} ${theme.topic.lines.length === 1 ? 'heading' : 'headings'}, ` +
            `${formatCount(outline.citations.length)} cited ${outline.citations.length === 1 ? 'verse' : 'verses'}`;
    documents.push({
      id: theme.id,
      frontmatter: {
        type: 'Theme',
        title: theme.title,
        description,
        subject: theme.topic.subject,
        ...(aliases.length > 0 ? { aliases } : {}),
        ...STATUS,
        generated: { ...generated },
        sources: [{ resource: BIBLEDATA }],
        tags: outline.references === 0 ? ['cross-reference-only'] : [],
      },
      body: `# ${escapeMarkdown(theme.title)}\n\n${outline.markdown}`,
    });
  }

  warnings.push(...problems.slice(0, LISTED_PROBLEMS), ...unresolved.slice(0, LISTED_PROBLEMS));
  const report: CollectionReport = {
    collection: 'themes',
    written: { Theme: documents.length },
    counts: {
      'outline lines': lines,
      'references linked': references,
      'develops relations': chapterRelations.length,
      'see links': seeLinks,
      'themes without references': withoutReferences,
      'slugs given a number': renamed,
      'slugs changed from a reserved file name': reserved,
    },
    skipped: [
      { what: 'topics', reason: 'subject gives an empty slug', count: emptySubjects },
      { what: 'references', reason: 'did not parse, or name no KJV chapter or verse (listed as warnings)', count: problems.length },
      { what: '"See" references', reason: 'name no theme', count: unresolved.length },
    ],
    warnings,
    errors,
  };
  documents.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { documents, chapterRelations, files: [createThemesIndex(themes)], report };
}

function createThemesIndex(themes: readonly Theme[]): BundleFile {
  const sections = new Map<string, Theme[]>();
  for (const theme of themes) {
    const letter = theme.topic.section || theme.title.charAt(0).toUpperCase();
    const list = sections.get(letter) ?? [];
    list.push(theme);
    sections.set(letter, list);
  }
  const blocks = [
    '# Themes',
    `The ${formatCount(themes.length)} subjects of Nave's Topical Bible (via BibleData), each with its outline of verses.`,
  ];
  for (const [letter, list] of [...sections].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    blocks.push(`## ${letter}`, list.map((theme) => `- [${escapeMarkdown(theme.title)}](/${theme.id})`).join('\n'));
  }
  return { path: `${FOLDER}/index.md`, content: `${blocks.join('\n\n')}\n` };
}
