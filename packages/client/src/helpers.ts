// Helpers for the calls an application makes most, over the generated types: each answers `{data,
// response}` with `data` the success body (never undefined) and throws ScriptureGraphError for any other
// answer, so the first use compiles as a reader writes it (`(await client.passage('John.3.16')).data.text`).
// Document helpers take an entity id as /search and /list return it (`/people/isaac`) or as a path.

import type { Client } from 'openapi-fetch';
import type { components, operations, paths } from './api.ts';
import { toEntityPath } from './entity-id.ts';
import { createScriptureGraphError } from './error.ts';

type Schemas = components['schemas'];
export type Passage = Schemas['Passage'];
export type Chapter = Schemas['Chapter'];

/** The query parameters of an operation (all optional ones), as the generated types declare them. */
type QueryOf<K extends keyof operations> = operations[K]['parameters'] extends { query?: infer Q } ? NonNullable<Q> : never;
/** The 200 JSON body of an operation. */
type BodyOf<K extends keyof operations> = operations[K]['responses'] extends { 200: { content: { 'application/json': infer B } } } ? B : never;

/**
 * What /passage answers for `osis`, read from its form as the server reads it: a two-part reference
 * (`John.3`) is a Chapter; one with a verse (`John.3.16`, `John.3.16-18`, `Gen.1.1-Gen.2.3`) or a span
 * of chapters (`Gen.1-Gen.2`) is a Passage; a string the compiler cannot see is either (narrow on `kind`).
 */
export type PassageAnswer<O extends string> = string extends O
  ? Passage | Chapter
  : O extends `${string}.${string}.${string}`
    ? Passage
    : O extends `${string}.${string}`
      ? Chapter
      : Passage | Chapter;

/** A helper's answer: the success body and the Response (headers such as `ETag`, `X-RateLimit-Remaining`). */
export interface Answer<T> {
  readonly data: T;
  readonly response: Response;
}

export interface ScriptureGraphHelpers {
  /** GET /passage/{osis}: a verse or range (Passage, `data.text` for one verse) or a chapter (Chapter). */
  passage<O extends string>(osis: O): Promise<Answer<PassageAnswer<O>>>;
  /** GET /random: a verse drawn at random, optionally from one `book` or `testament`: the Passage /passage answers for it. */
  random(query?: QueryOf<'random_verse'>): Promise<Answer<Passage>>;
  /** GET /scripture: verses that hold every word of `q` (quoted words as a phrase). */
  searchScripture(q: string, query?: Omit<QueryOf<'search_scripture'>, 'q'>): Promise<Answer<BodyOf<'search_scripture'>>>;
  /** GET /search: documents by name, variant, Strong's number or description; each result's `id` goes to the helpers below. */
  search(q: string, query?: Omit<QueryOf<'search'>, 'q'>): Promise<Answer<BodyOf<'search'>>>;
  /** GET /list: documents by type, tag or folder, a page at a time. */
  list(query?: QueryOf<'list_documents'>): Promise<Answer<BodyOf<'list_documents'>>>;
  /** GET /entity/{path} for an entity id (`/people/isaac`) or path (`people/isaac`). */
  entity(id: string, query?: QueryOf<'get_entity'>): Promise<Answer<BodyOf<'get_entity'>>>;
  /** GET /family/{path} for a person's id or path. */
  family(id: string, query?: QueryOf<'get_family'>): Promise<Answer<BodyOf<'get_family'>>>;
  /** GET /graph/{path}: the neighbourhood of a document, by id or path. */
  graph(id: string, query?: QueryOf<'get_graph_neighborhood'>): Promise<Answer<BodyOf<'get_graph_neighborhood'>>>;
  /** GET /nearby around a place, by id or path (`/places/jerusalem`). */
  nearby(placeId: string, query?: Omit<QueryOf<'find_places_near'>, 'place' | 'lat' | 'lon'>): Promise<Answer<BodyOf<'find_places_near'>>>;
}

/** The success body, or a ScriptureGraphError for anything else. */
async function settle<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<Answer<T>> {
  const { data, error, response } = await call;
  if (error !== undefined || data === undefined) throw createScriptureGraphError(error, response);
  return { data, response };
}

export function createHelpers(client: Client<paths>): ScriptureGraphHelpers {
  return {
    passage<O extends string>(osis: O) {
      // The server decides the shape from the reference; PassageAnswer states the same rule for the compiler.
      return settle(client.GET('/passage/{osis}', { params: { path: { osis } } })) as Promise<Answer<PassageAnswer<O>>>;
    },
    random: (query = {}) => settle(client.GET('/random', { params: { query } })),
    searchScripture: (q, query = {}) => settle(client.GET('/scripture', { params: { query: { ...query, q } } })),
    search: (q, query = {}) => settle(client.GET('/search', { params: { query: { ...query, q } } })),
    list: (query = {}) => settle(client.GET('/list', { params: { query } })),
    entity: (id, query = {}) => settle(client.GET('/entity/{path}', { params: { path: { path: toEntityPath(id) }, query } })),
    family: (id, query = {}) => settle(client.GET('/family/{path}', { params: { path: { path: toEntityPath(id) }, query } })),
    graph: (id, query = {}) => settle(client.GET('/graph/{path}', { params: { path: { path: toEntityPath(id) }, query } })),
    nearby: (placeId, query = {}) => settle(client.GET('/nearby', { params: { query: { ...query, place: toEntityPath(placeId) } } })),
  };
}
