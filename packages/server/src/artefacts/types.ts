// What the routes read: the loaded artefact set. Loaders in this folder implement it from `dist/`.

import type { Book, Canon, ConnectionTotals, DocumentType, Heading, Manifest, StoredGraphStats, Testament, Verse } from '@skg/core';
import type { DownloadStore } from './downloads.ts';
import type { ResponseStore } from './responses.ts';

/** One chapter of scripture as the chapter artefact stores it. */
export interface ChapterRecord {
  /** `John.3` */
  readonly osis: string;
  readonly book: Book;
  readonly chapter: number;
  /** Document path without a leading slash: `bible/john/3`. */
  readonly path: string;
  /** `John 3` */
  readonly title: string;
  /** Every verse slot, 1…n, omitted verses included (`omitted: true`, empty text). */
  readonly verses: readonly Verse[];
  readonly headings: readonly Heading[];
  /** Distinct attributed speakers in order of first appearance. */
  readonly speakers: readonly string[];
  readonly omittedVerses: readonly number[];
  /** The chapter's outbound typed relations (mentions, develops …), each anchored to a verse (`from`). */
  readonly relations: readonly RelationRecord[];
  /** Documents whose body links to the chapter: true total before the cap. */
  readonly backlinkCount: number;
  /** The first CHAPTER_BACKLINK_CAP (100) of them: non-chapter documents first, then chapters. */
  readonly backlinks: readonly NodeSummaryRecord[];
}

export interface ScriptureQuery {
  /** The raw `q` parameter: words, and double-quoted phrases. */
  readonly q: string;
  readonly book?: Book;
  readonly testament?: Testament;
  readonly limit: number;
  readonly offset: number;
}

export interface ScriptureHit {
  readonly osis: string;
  readonly book: Book;
  readonly chapter: number;
  readonly verse: number;
  readonly text: string;
}

export interface ScriptureSearchResult {
  /** How the query was tokenised (every word, phrase words included). */
  readonly terms: readonly string[];
  /** The double-quoted runs, normalised. */
  readonly phrases: readonly string[];
  /** Matches before paging. */
  readonly total: number;
  /** The requested page, best first. */
  readonly hits: readonly ScriptureHit[];
}

export interface ScriptureStore {
  readonly canon: Canon;
  getChapter(book: Book, chapter: number): ChapterRecord | undefined;
  getVerse(book: Book, chapter: number, verse: number): Verse | undefined;
  /** The chapter's headings in text order (empty for a chapter the text does not have), without decoding its verses. */
  getHeadings(book: Book, chapter: number): readonly Heading[];
  /**
   * Full-text search. Every term must appear in the verse as a whole word; phrase words must be
   * adjacent in order; omitted verses never match. Ranked by how much of the verse the query makes
   * up (short exact matches first), ties in canonical order. Throws ApiError `invalid_parameter`
   * (param `q`) when the query holds no searchable word.
   */
  search(query: ScriptureQuery): Promise<ScriptureSearchResult>;
}

/** A loaded, checked artefact set: what one request reads from start to finish. */
export interface DataSet {
  readonly dir: string;
  readonly manifest: Manifest;
  readonly scripture: ScriptureStore;
  /** Every document and edge of the knowledge graph, concept search, tags, stats and geo. */
  readonly graph: GraphStore;
  /** Optional artefacts by name (`interlinear`, `connections`): true when built and loaded. */
  readonly datasets: Readonly<Record<string, boolean>>;
  /** The cross-reference shards (`/xrefs`, passage `context.crossReferences`). */
  readonly xrefs: CrossReferenceStore;
  /** The connections aggregate (`/connections`); absent when the build left it out. */
  readonly connections?: ConnectionsStore;
  /** The reverse interlinear; absent when the optional artefact is not built (the route answers 503). */
  readonly interlinear?: InterlinearStore;
  /** The translations beside the BSB; absent when the optional artefact is not built (only the BSB is served). */
  readonly translations?: TranslationStore;
  /** The bundle's log and self-description, for /changelog. */
  readonly changelog: ChangelogRecord;
  /**
   * Answers rendered ahead of time (`responses.bin`), keyed by canonical request; absent when the build
   * has none or they were rendered for another data version or response format.
   */
  readonly responses?: ResponseStore;
  /**
   * Each translation whole, for /translations/{id}/download (`downloads.bin`, written by the render step
   * beside the response artefact); absent when the build has not rendered it.
   */
  readonly downloads?: DownloadStore;
  readonly loadedAt: Date;
}

// ---------------------------------------------------------------------------------------------------
// The reverse interlinear and the changelog.

export type InterlinearLanguage = 'hebrew' | 'aramaic' | 'greek';

/** One English segment and the original word it renders, in English order. */
export interface InterlinearEntryRecord {
  /**
   * The segment as the tables write it (`In the beginning`), or a marker: `-`, `vvv`, `. . .`; null in
   * the verses the BSB tables do not align (Hebrew words from OSHB alone, in Hebrew order).
   */
  readonly english: string | null;
  /** Indexes (0-based, inclusive) of the words of the verse's `text` the segment produced; absent for a marker. */
  readonly first?: number;
  readonly last?: number;
  /** `H7225`, `G3056`. */
  readonly strongs: string;
  readonly word?: string;
  readonly transliteration?: string;
  /** The OSHB or Robinson code (`HR/Ncfsa`, `N-NSM`). */
  readonly morphologyCode?: string;
  /** The code spelled out in words. */
  readonly morphology?: string;
  readonly language?: InterlinearLanguage;
}

export interface InterlinearVerseRecord {
  readonly verse: number;
  readonly osis: string;
  /** The interlinear's English; word i is `text.split(' ')[i]`. */
  readonly text: string;
  /** SPDX-style id: `CC-BY-4.0` (OSHB) or `CC-BY-SA-4.0` (OpenGNT, share-alike). */
  readonly licence: string;
  readonly entries: readonly InterlinearEntryRecord[];
}

export interface InterlinearStore {
  /** Verses with data. */
  readonly verseCount: number;
  readonly entryCount: number;
  /** The verse's data; undefined when it has none. */
  getVerse(book: Book, chapter: number, verse: number): InterlinearVerseRecord | undefined;
  /** The chapter's verses with data, in order (empty when none has data). */
  getChapter(book: Book, chapter: number): readonly InterlinearVerseRecord[];
}

export interface ChangelogRecord {
  /** The bundle's root `log.md` (markdown), or null when the bundle has none. */
  readonly log: string | null;
  /** The root index.md's title and generator. */
  readonly title?: string;
  readonly generator?: string;
}

// ---------------------------------------------------------------------------------------------------
// The knowledge graph (documents, typed relations, links, concept search, tags, stats, geo).
// Document ids in this interface are bundle paths WITHOUT a leading slash (`people/isaac`); the API
// shows them as site routes WITH one (`/people/isaac`) — routes add the slash.

/** The spec's NodeSummary, `id` as a bundle path (no leading slash). */
export interface NodeSummaryRecord {
  readonly path: string;
  readonly title: string;
  readonly type: DocumentType;
  readonly description?: string;
  /** Graph edges touching the document: typed in + out, links in + out. */
  readonly degree: number;
  readonly lat?: number;
  readonly lon?: number;
  readonly strongs?: string;
  readonly osis?: string;
  readonly shareAlike?: true;
}

/** Outbound typed edge; `target` is a bundle path. */
export interface RelationRecord {
  readonly predicate: string;
  readonly target: string;
  readonly targetType: DocumentType | 'Unknown';
  readonly title: string;
  readonly from?: string;
  readonly surface?: string;
  readonly note?: string;
  readonly source?: string;
  /** Any other keys the relation was written with (`verses` …): spec Relation allows additional properties. */
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** Inbound typed edge seen from its target: `predicate` is the inverse, `statedAs` the stored one. */
export interface InboundRelationRecord {
  readonly predicate: string;
  readonly statedAs: string;
  /** Bundle path of the asserting document. */
  readonly source: string;
  readonly sourceType: DocumentType;
  readonly title: string;
  readonly from?: string;
  readonly surface?: string;
  readonly note?: string;
}

export interface SourceRef {
  readonly resource: string;
  readonly id?: string;
  readonly title?: string;
  readonly author?: string;
  readonly last_modified?: string;
  readonly usage_count?: number;
}

/** Everything about one document except its edges and body. */
export interface DocumentRecord extends NodeSummaryRecord {
  readonly tags: readonly string[];
  readonly status: 'draft' | 'stable' | 'deprecated';
  readonly trustTier: 'unverified' | 'machine-confirmed' | 'human-reviewed';
  readonly stale: boolean;
  readonly words: number;
  readonly sources: readonly SourceRef[];
  readonly generated?: { readonly by: string; readonly at: string };
  /** Type-specific structured fields (spec: Entity `extension`), plus any other frontmatter kept. */
  readonly extension: Readonly<Record<string, unknown>>;
  /** Sortable listing fields (spec: Listing results): startYearAH, number, polarity, verseCount … */
  readonly sortFields: Readonly<Record<string, string | number>>;
  /** Narrative / chronological order key (events, epochs); canonical order key (books, chapters). */
  readonly order?: number;
}

export interface Page<T> {
  /** Matches before paging (or the true total before a cap). */
  readonly total: number;
  readonly items: readonly T[];
}

export type ListSort = 'title' | 'degree' | 'canonical' | 'chronological';

export interface ListQuery {
  readonly type?: DocumentType;
  readonly tag?: string;
  /** Bundle folder prefix (`people`, `bible/genesis`, `sa/events`). */
  readonly folder?: string;
  readonly sort: ListSort;
  readonly limit: number;
  readonly offset: number;
}

export interface ConceptQuery {
  readonly q: string;
  readonly type?: DocumentType;
  readonly tag?: string;
  readonly limit: number;
  readonly offset: number;
}

/** An edge of the whole graph, for walks: `kind` relation (typed), link (body link), source (cites). */
export interface GraphEdge {
  readonly source: string;
  readonly target: string;
  readonly predicate?: string;
  readonly kind: 'relation' | 'link' | 'source';
}

/** What /graph asks of a walk: hops, the one type and predicate it is confined to (optional), the node cap. */
export interface NeighbourhoodQuery {
  readonly depth: number;
  readonly type?: DocumentType;
  readonly predicate?: string;
  readonly limit: number;
}

export interface Neighbourhood {
  /** The root first (distance 0), then breadth first. */
  readonly nodes: readonly { readonly node: NodeSummaryRecord; readonly distance: number }[];
  readonly truncated: boolean;
  /** Every edge with both ends among the nodes, once. */
  readonly edges: readonly GraphEdge[];
}

/** A person's family: parents, children, siblings, spouses; ancestors and descendants when more than one generation was asked for. */
export interface FamilyTree {
  readonly parents: readonly NodeSummaryRecord[];
  readonly children: readonly NodeSummaryRecord[];
  readonly siblings: readonly NodeSummaryRecord[];
  readonly spouses: readonly NodeSummaryRecord[];
  readonly concubines: readonly NodeSummaryRecord[];
  readonly ancestors?: readonly { readonly generation: number; readonly people: readonly NodeSummaryRecord[] }[];
  readonly descendants?: readonly { readonly generation: number; readonly people: readonly NodeSummaryRecord[] }[];
}

export interface PredicateUsage {
  readonly id: string;
  readonly heading: string;
  readonly inverse: string;
  readonly symmetric: boolean;
  readonly domain: readonly string[];
  readonly range: readonly string[];
  readonly edges: number;
}

export interface GraphStats extends StoredGraphStats {
  readonly topTags: readonly { readonly name: string; readonly count: number }[];
}

/** What the passage `context` lists for a set of verses of one chapter. */
/**
 * A person or place of a passage: `surface`, the words of the (first) verse naming the target;
 * `inHeading`, those words are in a Psalm's superscription, not the verse's text; `label`, the source's
 * word where it differs or none were found.
 */
export interface VerseMentionRecord {
  readonly node: NodeSummaryRecord;
  readonly verses: readonly string[];
  readonly surface?: string;
  readonly inHeading?: true;
  readonly label?: string;
}

export interface VerseContext {
  readonly people: readonly VerseMentionRecord[];
  readonly places: readonly VerseMentionRecord[];
  readonly themes: readonly { readonly node: NodeSummaryRecord; readonly verses: readonly string[] }[];
  /** Documents pointing AT these verses: commandments stated, events/epochs narrated, lexemes first attested. */
  readonly referencedBy: readonly { readonly node: NodeSummaryRecord; readonly predicate: string; readonly verses: readonly string[] }[];
}

export interface GraphStore {
  getDocument(path: string): DocumentRecord | undefined;
  getSummary(path: string): NodeSummaryRecord | undefined;
  /** Markdown body as written in the bundle. */
  getBody(path: string): string | undefined;
  /** Outbound typed relations in written order; the first `limit` when given. */
  getOutbound(path: string, limit?: number): readonly RelationRecord[];
  /** Inbound typed relations (by asserting document, then its written order); the first `limit` when given. */
  getInbound(path: string, limit?: number): readonly InboundRelationRecord[];
  /** True totals of the two lists above (a hub such as people/god has nearly ten thousand inbound). */
  getRelationCounts(path: string): { readonly outbound: number; readonly inbound: number };
  /** Outbound untyped links (true total, first `limit` in body order). */
  getLinks(path: string, limit: number): Page<NodeSummaryRecord>;
  /** Documents whose body links here; non-chapter documents first by title, then chapters in Bible order. */
  getBacklinks(path: string, limit: number): Page<NodeSummaryRecord>;
  /** Every edge touching the document (typed both ways, links both ways, sources cited). */
  getEdges(path: string): readonly GraphEdge[];
  /** The neighbourhood of a document (/graph), walked over document numbers; undefined for an unknown path. */
  neighbourhood(path: string, query: NeighbourhoodQuery): Neighbourhood | undefined;
  /** A document's family (/family), walked over document numbers; undefined for an unknown path. */
  family(path: string, generations: number): FamilyTree | undefined;
  list(query: ListQuery): Page<NodeSummaryRecord & { readonly sortFields: Readonly<Record<string, string | number>> }>;
  /**
   * The one type every document under `folder` and with `tag` has (both optional; neither means every
   * document); undefined when they are of several types or there are none. /list infers the collection
   * of a folder or a tag listing from it (its default order and the sorts it can do).
   */
  soleType(query: { readonly tag?: string; readonly folder?: string }): DocumentType | undefined;
  search(query: ConceptQuery): Promise<Page<NodeSummaryRecord>>;
  tags(limit: number, offset: number): Page<{ readonly name: string; readonly count: number }>;
  /** All distinct tags (for `unknown_value` answers). */
  hasTag(tag: string): boolean;
  stats(): GraphStats;
  /** Places with coordinates within `radiusKm` (great-circle), nearest first. */
  nearby(lat: number, lon: number, radiusKm: number, limit: number): Page<NodeSummaryRecord & { readonly distanceKm: number }>;
  predicates(): { readonly declared: readonly PredicateUsage[]; readonly undeclared: readonly { readonly id: string; readonly edges: number }[] };
  verseContext(book: Book, chapter: number, fromVerse: number, toVerse: number): VerseContext;
  /** Documents in the graph. */
  readonly documentCount: number;
  /** True once the FlexSearch concept index has been imported (it loads on the first search). */
  isConceptIndexLoaded(): boolean;
}

// ---------------------------------------------------------------------------------------------------
// Cross references (artefacts/xrefs.ts) and the connections aggregate (artefacts/connections.ts).

/** A verse as the cross-reference artefacts name it. */
export interface VerseKey {
  readonly book: Book;
  readonly chapter: number;
  readonly verse: number;
}

/** One cross reference: from a verse to a verse or a range (`end` equals `start` for one verse). */
export interface CrossReferenceRecord {
  readonly from: VerseKey;
  readonly start: VerseKey;
  readonly end: VerseKey;
  /** Reconstructed from the stored confidence (votes / 200 capped at 1): saturates at 200. */
  readonly votes: number;
}

export interface CrossReferenceQuery {
  readonly book: Book;
  readonly chapter: number;
  /** First and last from verse; the whole chapter when both are absent, one verse when only `fromVerse`. */
  readonly fromVerse?: number;
  readonly toVerse?: number;
  /** Only references with at least these (reconstructed) votes. */
  readonly minVotes: number;
  readonly limit: number;
}

export interface CrossReferenceStore {
  /** The vote floor the build applied: no stored reference has fewer votes. */
  readonly threshold: number;
  /** References stored. */
  readonly count: number;
  /** Most-supported first (net votes of the data, highest first); `total` counts matches before the limit. */
  find(query: CrossReferenceQuery): Page<CrossReferenceRecord>;
}

/** The spec's Connections `totals`: the compiler and the server share the type. */
export type { ConnectionTotals } from '@skg/core';

export interface ConnectionWeight {
  readonly references: number;
  /** Net votes summed (not capped). */
  readonly votes: number;
}

export interface ChapterConnectionsRecord {
  readonly book: Book;
  readonly chapter: number;
  /** 1-based rank by weight; 0 when no reference touches the chapter. */
  readonly rank: number;
  /** Votes of the references touching the chapter (a self-reference once). */
  readonly weight: number;
  /** References touching the chapter (a self-reference once). */
  readonly references: number;
  readonly outgoing: ConnectionWeight;
  readonly incoming: ConnectionWeight;
  /** References from the chapter into itself (also counted in outgoing and incoming). */
  readonly internal: ConnectionWeight;
  /** Distinct other chapters joined to it, either way. */
  readonly partners: number;
}

/** The chapter at the other end of a chapter pair. */
export interface ChapterPairRecord extends ConnectionWeight {
  readonly book: Book;
  readonly chapter: number;
}

/** A directed book pair: `from` cites `to`. */
export interface BookPairRecord extends ConnectionWeight {
  readonly from: Book;
  readonly to: Book;
}

export interface BookConnectionsRecord {
  readonly book: Book;
  /** Every reference from the book, within-book ones included. */
  readonly outgoing: ConnectionWeight;
  readonly incoming: ConnectionWeight;
  readonly internal: ConnectionWeight;
}

export type ConnectionDirection = 'out' | 'in';

export interface ConnectionsStore {
  readonly totals: ConnectionTotals;
  readonly threshold: number;
  /** Chapters some reference touches (they have a rank). */
  readonly rankedChapters: number;
  topChapters(limit: number): readonly ChapterConnectionsRecord[];
  /** Pairs of two different books, strongest first. */
  topBookPairs(limit: number): readonly BookPairRecord[];
  /** Undefined for a chapter the data does not hold. */
  getChapter(book: Book, chapter: number): ChapterConnectionsRecord | undefined;
  /** The chapters a chapter cites (`out`) or is cited by (`in`), strongest first, itself included. */
  chapterPairs(book: Book, chapter: number, direction: ConnectionDirection, limit: number): Page<ChapterPairRecord>;
  getBook(book: Book): BookConnectionsRecord;
  /** The other books a book cites (`out`) or is cited by (`in`), strongest first. */
  bookPairs(book: Book, direction: ConnectionDirection, limit: number): Page<BookPairRecord>;
}

// ---------------------------------------------------------------------------------------------------
// The translations beside the BSB (`translations.bin`).

/** A verse slot of a translation: the Verse fields (its footnotes among them), and what its source marks in the text. */
export interface TranslationVerse extends Verse {
  /** Supplied words (printed in italics), `[start, end)` string indices of `text`. */
  readonly added?: ReadonlyArray<readonly [number, number]>;
  /** Words spoken by Jesus, `[start, end)` string indices of `text`. */
  readonly wordsOfJesus?: ReadonlyArray<readonly [number, number]>;
  /** Strong's-tagged words (only where the tags are served): `[start, end)` and the numbers. */
  readonly strongs?: ReadonlyArray<readonly [start: number, end: number, ...codes: string[]]>;
  /** The Strong's-tagged words of the headings printed before it (the KJV's Psalm titles), in text order: the words as printed and their numbers. */
  readonly headingStrongs?: ReadonlyArray<readonly [words: string, ...codes: string[]]>;
  /** The headings printed before it (`before` is its number). */
  readonly headings?: readonly Heading[];
}

/** A book of a translation as /translations lists it. */
export interface TranslationBookRecord {
  readonly book: Book;
  /** The title the translation gives it (`Génesis`). */
  readonly title: string;
  readonly deuterocanonical: boolean;
  readonly verseCounts: readonly number[];
}

/** A rendering of a Strong's number: the words, and how many times the translation uses them for it. */
export interface RenderingRecord {
  readonly text: string;
  readonly count: number;
}

/** One translation beside the BSB. */
export interface TranslationText {
  readonly id: string;
  readonly books: readonly TranslationBookRecord[];
  /** Its verse counts, and the chapter before and after in its own book order. */
  readonly canon: Canon;
  /** Finds a book it holds by OSIS id (any case) or slug: the 66 and its deuterocanonical books. */
  readonly findBook: (idOrSlug: string) => Book | undefined;
  readonly counts: Readonly<Record<'verses' | 'empty' | 'footnotes' | 'headings' | 'added' | 'wordsOfJesus' | 'strongs', number>>;
  readonly chapterCount: number;
  getVerse(book: Book, chapter: number, verse: number): TranslationVerse | undefined;
  getChapter(book: Book, chapter: number): readonly TranslationVerse[] | undefined;
  /** Verses `from`…`to` of a chapter, those it has (empty for a chapter it does not have), in one read: what a range needs, not its chapter. */
  getVerses(book: Book, chapter: number, from: number, to: number): readonly TranslationVerse[];
  /** The chapter's headings in text order (empty for a chapter it does not have). */
  getHeadings(book: Book, chapter: number): readonly Heading[];
  /** Verses `[from, to)` of its slots, in slot order (search and concordance). */
  readSlots(from: number, to: number): readonly TranslationVerse[];
  /** Its slots: how many, and where each stands. */
  readonly slotCount: number;
  locateSlot(slot: number): { book: Book; chapter: number; verse: number };
  /** The slots (relative to its first) with a word tagged `strongs`, ascending; empty when it has none or its tags are not served. */
  concordance(strongs: string): readonly number[];
  /** The words rendering `strongs`, most frequent first; empty when none. */
  renderings(strongs: string): readonly RenderingRecord[];
  /** The slots (relative, ascending) whose text holds `word` (a token of tokenizeScripture); empty when none. */
  findWord(word: string): Uint32Array;
  /** Words of a slot's text (relative slot); 0 for an empty slot. */
  wordCount(slot: number): number;
  /** Archaic spellings of its text (search words) → the modern word each is also indexed under (`crio` → `creo`). */
  readonly spellings: ReadonlyMap<string, string>;
  /** True when its Strong's tags are served (a concordance exists). */
  readonly hasStrongs: boolean;
}

export interface TranslationStore {
  readonly translations: readonly TranslationText[];
  get(id: string): TranslationText | undefined;
  /** The BSB's concordance, from the interlinear alignment; absent when the build had no interlinear. */
  readonly bsb?: {
    /** The BSB verses with an English segment aligned to `strongs`, in canonical order. */
    concordance(strongs: string): ReadonlyArray<{ readonly book: Book; readonly chapter: number; readonly verse: number }>;
    /** The English segments rendering `strongs`, most frequent first. */
    renderings(strongs: string): readonly RenderingRecord[];
    /** English segments aligned to any Strong's number: the BSB's tagged words (/translations `counts.strongs`). */
    readonly taggedWords: number;
  };
}
