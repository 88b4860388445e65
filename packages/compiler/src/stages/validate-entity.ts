// Part of stage 3, validate: reads the fields every document shares (docs/bundle-format.md, "Common
// document fields") into an EntityDoc, keeps the type-specific fields as its `extension`, and collects
// the names concept search matches (titles, aliases, variants, Strong's numbers).

import { BOOKS, type Book, type DocumentType, getBook } from '@skg/core';

export interface SourceRefDoc {
  readonly resource: string;
  readonly id?: string;
  readonly title?: string;
}

export interface RelationDoc {
  readonly predicate: string;
  /** A document id, normalised: no leading slash, no `.md`. */
  readonly target: string;
  readonly from?: string;
  readonly surface?: string;
  readonly note?: string;
  readonly source?: string;
  /** Any other keys of the relation (`verses` …), in their written order. */
  readonly extra?: Readonly<Record<string, unknown>>;
}

export type Status = 'draft' | 'stable' | 'deprecated';
export type TrustTier = 'unverified' | 'machine-confirmed' | 'human-reviewed';

/** One document of any type, as the graph artefacts need it. */
export interface EntityDoc {
  readonly id: string;
  readonly file: string;
  readonly type: DocumentType;
  readonly title: string;
  readonly description?: string;
  readonly status: Status;
  readonly trustTier: TrustTier;
  readonly stale: boolean;
  readonly generated?: { readonly by: string; readonly at?: string };
  readonly sources: readonly SourceRefDoc[];
  readonly tags: readonly string[];
  readonly shareAlike: boolean;
  /** Other ids that answer the document (`alias_ids`): the id it had before, other names' slugs. */
  readonly aliasIds: readonly string[];
  readonly relations: readonly RelationDoc[];
  /** Type-specific frontmatter (everything but the common keys; a chapter's verses and headings too). */
  readonly extension: Readonly<Record<string, unknown>>;
  /** Names concept search matches exactly, by tier: title-level (title, Strong's), aliases, variants. */
  readonly names: { readonly titles: readonly string[]; readonly aliases: readonly string[]; readonly variants: readonly string[] };
  readonly strongs?: string;
  readonly osis?: string;
  readonly lat?: number;
  readonly lon?: number;
  /** The spec's sortable listing fields (`startYearAH`, `number`, `polarity`, `verseCount` …). */
  readonly sortFields: Readonly<Record<string, string | number>>;
  /** Narrative order: an event's `sort_key`, an epoch's `start_year_ah`. */
  readonly chronology?: number;
  /** Bible order of the document's passage: books, chapters, commandments, first references. */
  readonly canonical?: number;
  readonly body: string;
  /** Lines of the file before the body: body line k is file line `bodyOffset + k`. */
  readonly bodyOffset: number;
}

/** Keys every document may have; all other frontmatter is the document's `extension`. */
export const COMMON_KEYS = new Set([
  'type',
  'title',
  'description',
  'status',
  'trust_tier',
  'stale',
  'generated',
  'sources',
  'tags',
  'share_alike',
  'alias_ids',
  'relations',
]);

/**
 * Chapter keys left out of the extension: the verse store and chapter artefact hold verses and
 * headings, and the materialised cross references (tens of thousands of rows) belong to their own
 * artefact; the Chapter shape has no extension to show them in anyway.
 */
const CHAPTER_KEYS = new Set(['verses', 'headings', 'cross_references']);

/** Frontmatter key → the spec's Listing field. */
const SORT_FIELDS: ReadonlyArray<readonly [string, string, 'number' | 'string']> = [
  ['start_year_ah', 'startYearAH', 'number'],
  ['end_year_ah', 'endYearAH', 'number'],
  ['length_years', 'lengthYears', 'number'],
  ['epoch_type', 'epochType', 'string'],
  ['commandment_number', 'number', 'number'],
  ['polarity', 'polarity', 'string'],
  ['verse_count', 'verseCount', 'number'],
  ['occurrences', 'occurrences', 'number'],
];

const STATUS = new Set<string>(['draft', 'stable', 'deprecated']);
const TRUST_TIERS = new Set<string>(['unverified', 'machine-confirmed', 'human-reviewed']);
const RELATION_KEYS = new Set(['predicate', 'target', 'from', 'surface', 'note', 'source']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** YAML values made plain for msgpack: timestamps become ISO strings, nothing else changes. */
export function toPlain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toPlain);
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) if (v !== undefined) out[key] = toPlain(v);
    return out;
  }
  return value;
}

/** A document id as links and relations write it: leading slash and `.md` dropped. */
export function normaliseDocumentId(target: string): string {
  return target.trim().replace(/^\/+/, '').replace(/\.md$/, '');
}

function strings(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String);
}

const BOOK_ORDER = new Map<string, Book>(BOOKS.map((b) => [b.osis, b]));

/**
 * Bible-order position of an OSIS reference (`Gen`, `Gen.22`, `Exod.20.2`): book order × 10⁶ +
 * chapter × 10³ + verse, so a book sorts before its first chapter. Undefined when it does not parse.
 */
export function canonicalPosition(osis: unknown): number | undefined {
  if (typeof osis !== 'string') return undefined;
  const [bookId, chapter = '0', verse = '0'] = osis.split(/[.-]/);
  const book = BOOK_ORDER.get(bookId ?? '') ?? getBook(bookId ?? '');
  const c = Number(chapter);
  const v = Number(verse);
  if (!book || !Number.isInteger(c) || !Number.isInteger(v)) return undefined;
  return book.order * 1_000_000 + c * 1_000 + v;
}

export function readRelations(value: unknown, problem: (message: string) => void): RelationDoc[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problem('relations must be a list');
    return [];
  }
  const out: RelationDoc[] = [];
  for (const relation of value) {
    if (!isRecord(relation) || typeof relation.predicate !== 'string' || typeof relation.target !== 'string' || relation.predicate === '') {
      problem('each relation needs a predicate and a target');
      continue;
    }
    const optional = (key: string): Record<string, string> =>
      typeof relation[key] === 'string' && relation[key] !== '' ? { [key]: relation[key] as string } : {};
    const extra: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(relation)) if (!RELATION_KEYS.has(key) && v !== undefined && v !== null) extra[key] = toPlain(v);
    out.push({
      predicate: relation.predicate,
      target: normaliseDocumentId(relation.target),
      ...optional('from'),
      ...optional('surface'),
      ...optional('note'),
      ...(typeof relation.source === 'string' ? { source: normaliseDocumentId(relation.source) } : {}),
      ...(Object.keys(extra).length > 0 ? { extra } : {}),
    });
  }
  return out;
}

export function readSources(value: unknown, problem: (message: string) => void): SourceRefDoc[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    problem('sources must be a list of {resource}');
    return [];
  }
  const out: SourceRefDoc[] = [];
  for (const source of value) {
    if (!isRecord(source) || typeof source.resource !== 'string') {
      problem('each source needs a resource (the path of a Source document)');
      continue;
    }
    out.push({
      resource: normaliseDocumentId(source.resource),
      ...(typeof source.id === 'string' ? { id: source.id } : {}),
      ...(typeof source.title === 'string' ? { title: source.title } : {}),
    });
  }
  return out;
}

export interface EntityInput {
  readonly id: string;
  readonly file: string;
  readonly type: DocumentType;
  readonly title: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly body: string;
  readonly bodyOffset: number;
}

/** `alias_ids`: ids in the document's own folder (`people/abram` for `people/abraham`); others are reported and left out. */
function readAliasIds(id: string, value: unknown, problem: (message: string) => void): string[] {
  const folder = id.slice(0, id.lastIndexOf('/') + 1);
  return strings(value).filter((alias) => {
    const inFolder = alias.startsWith(folder) && !alias.slice(folder.length).includes('/') && alias.length > folder.length;
    if (!inFolder) problem(`alias id '${alias}' is not an id in ${folder}`);
    return inFolder;
  });
}

/**
 * Reads one document whose type and title have been checked. Malformed optional fields are reported
 * through `problem` (the caller decides the severity) and read as absent.
 */
export function readEntity(input: EntityInput, problem: (message: string, key?: string) => void): EntityDoc {
  const { data, type } = input;
  const extension: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (COMMON_KEYS.has(key) || value === undefined || value === null) continue;
    if (type === 'Chapter' && CHAPTER_KEYS.has(key)) continue;
    extension[key] = toPlain(value);
  }
  const sortFields: Record<string, string | number> = {};
  for (const [key, field, kind] of SORT_FIELDS) {
    const value = data[key];
    if (kind === 'number' && typeof value === 'number' && Number.isFinite(value)) sortFields[field] = value;
    if (kind === 'string' && typeof value === 'string' && value !== '') sortFields[field] = value;
  }
  const generated = data.generated;
  const description = typeof data.description === 'string' && data.description.trim() !== '' ? data.description : undefined;
  const strongs = type === 'Lexeme' && typeof data.strongs === 'string' ? data.strongs : undefined;
  const osis = typeof data.osis === 'string' && (type === 'Book' || type === 'Chapter' || type === 'Commandment') ? data.osis : undefined;
  const lat = data.lat;
  const lon = data.lon;
  const hasCoordinates =
    typeof lat === 'number' && typeof lon === 'number' && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && Number.isFinite(lat + lon);
  if ((lat !== undefined || lon !== undefined) && !hasCoordinates) problem('lat and lon must both be numbers in range', 'lat');

  const titles = [input.title, ...(strongs ? [strongs] : [])];
  const aliases = [...strings(data.aliases)];
  for (const key of ['subject', 'word', 'transliteration']) if (typeof data[key] === 'string') aliases.push(data[key] as string);
  const variants = strings(data.name_variants);

  const chronology =
    type === 'Event' && typeof data.sort_key === 'number'
      ? data.sort_key
      : type === 'Epoch' && typeof data.start_year_ah === 'number'
        ? data.start_year_ah
        : undefined;
  const canonical = canonicalPosition(data.osis) ?? canonicalPosition(data.first_reference) ?? canonicalPosition(data.first_occurrence);
  const tags = Array.isArray(data.tags) ? data.tags.filter((t): t is string => typeof t === 'string' && t !== '') : [];
  const shareAlike = data.share_alike === true || input.id.startsWith('sa/');
  if (data.share_alike !== undefined && typeof data.share_alike !== 'boolean') problem('share_alike must be true or false', 'share_alike');

  return {
    id: input.id,
    file: input.file,
    type,
    title: input.title,
    ...(description !== undefined ? { description } : {}),
    status: STATUS.has(data.status as string) ? (data.status as Status) : 'draft',
    trustTier: TRUST_TIERS.has(data.trust_tier as string) ? (data.trust_tier as TrustTier) : 'unverified',
    stale: data.stale === true,
    ...(isRecord(generated) && typeof generated.by === 'string'
      ? { generated: { by: generated.by, ...(generated.at !== undefined ? { at: String(toPlain(generated.at)) } : {}) } }
      : {}),
    sources: readSources(data.sources, (m) => problem(m, 'sources')),
    tags: [...new Set(tags)],
    shareAlike,
    aliasIds: readAliasIds(input.id, data.alias_ids, (m) => problem(m, 'alias_ids')),
    relations: readRelations(data.relations, (m) => problem(m, 'relations')),
    extension,
    names: { titles, aliases, variants },
    ...(strongs !== undefined ? { strongs } : {}),
    ...(osis !== undefined ? { osis } : {}),
    ...(hasCoordinates ? { lat: lat as number, lon: lon as number } : {}),
    sortFields,
    ...(chronology !== undefined ? { chronology } : {}),
    ...(canonical !== undefined ? { canonical } : {}),
    body: input.body,
    bodyOffset: input.bodyOffset,
  };
}
