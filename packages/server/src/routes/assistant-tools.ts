// The assistant-tool interface (spec, `/openapi.json`: "Operation names match the names of the separate
// assistant-tool interface"): which operations are tools, and what a model reads when it chooses one.
//
// Every read operation about the data or the service's health is a tool, named by its operationId:
// a GET route answering JSON, needing no credential, that is not one of the documents describing the
// API to its developers (the service index, the OpenAPI document, the webhook description). So a new
// GET route is a tool without anything to add here. Webhook operations are never tools: the tool
// interface is read-only.

import type { RouteDefinition } from './define.ts';

/**
 * GET operations for developers and machines, not for a model: the documents describing the API (a model
 * gets the same from the tools and the server's instructions) and the load balancer's liveness probe
 * (`get_status` is the health a model can read).
 */
const DEVELOPER_DOCUMENTS = new Set(['get_service_index', 'get_openapi', 'describe_webhooks', 'get_health']);

export function isAssistantTool(route: RouteDefinition): boolean {
  return (route.method ?? 'GET') === 'GET' && route.media === undefined && route.security === undefined && !DEVELOPER_DOCUMENTS.has(route.operationId);
}

/** The tool routes, in route-table order. */
export function listAssistantToolRoutes(routes: readonly RouteDefinition[]): RouteDefinition[] {
  return routes.filter(isAssistantTool);
}

/**
 * What a model needs to choose each tool: what it is for, when to prefer another, which identifiers it
 * takes and where to find them. It leads the tool's description; the operation's summary and
 * description from the OpenAPI document follow. A tool without an entry here is described by those alone.
 */
export const TOOL_GUIDANCE: Readonly<Record<string, string>> = {
  get_passage:
    'Read the Bible text by OSIS reference: a verse (`John.3.16`), a range inside one chapter (`John.3.16-18`) or a whole chapter ' +
    '(`John.3`). Book ids are OSIS (`Gen`, `Exod`, `Ps`, `Matt`, `1Cor`; get_vocabulary lists all 66). Verse answers also name the ' +
    'people, places and themes in those verses and their strongest cross references. `translation` reads the KJV, the WEB (with ' +
    'its deuterocanon: `Tob.1.1`) or the Spanish Reina-Valera 1909 instead of the BSB; `BSB,KJV` gives both side by side (list_translations).',
  search_scripture:
    'Find verses by their words (Berean Standard Bible): every word must occur in the verse; put words in double quotes for an exact ' +
    'phrase (`"only son"`). Narrow with `book` or `testament`. Use it to locate a passage you can quote or describe; it does not search ' +
    "people, places or topics (use `search`). `translation` searches another translation; `strongs` (`H430`) lists the verses where " +
    'that Hebrew or Greek word is translated, with the English words used: in the BSB (the default, by its interlinear) or with ' +
    '`translation=KJV` (by its tags).',
  list_translations:
    'The translations this server serves (BSB, KJV, WEB, RV1909) with their languages, licences and books: the legal values of ' +
    'the `translation` argument of get_passage, search_scripture and parse_references.',
  search:
    'Find documents of the knowledge graph (people, places, events, epochs, themes, lexemes, commandments, books, sources) by name, ' +
    "name variant, Strong's number (`H430`, `G26`) or description. Use it to turn a name into the document path (`people/isaac`) that " +
    'get_entity, get_family, get_graph_neighborhood and find_places_near take. It does not search the Bible text (use search_scripture).',
  get_entity:
    'One document by its path (`people/isaac`, `places/jerusalem`, `themes/faith`, `lexemes/h430`; find paths with `search`): its ' +
    'fields, typed relations in both directions, links and backlinks, optionally its markdown body. A collection folder (`people`) ' +
    'answers a sample of that collection; a chapter path (`bible/john/3`) answers the chapter.',
  get_family:
    "A person's family (path `people/…`): parents, children, siblings and spouses; with `generations` up to 10, ancestors and " +
    'descendants generation by generation.',
  find_places_near:
    'Places near a place (path `places/…`) or a latitude/longitude, within `radius` kilometres, nearest first, with distances.',
  get_graph_neighborhood:
    'The neighbourhood of a document in the graph: every document within `depth` hops (1 to 3) and the edges between them, ' +
    'optionally only one type of document or one predicate (get_vocabulary lists the predicates). For exploring how things connect.',
  list_documents:
    'Browse documents by type (`Person`, `Place`, `Event`, `Epoch`, `Theme`, `Lexeme`, `Commandment`, …), tag or folder, sorted by ' +
    'title, degree (most connected first), canonical (Bible order) or chronological order, a page at a time.',
  find_cross_references:
    'Verses that cross-reference a verse or a chapter (OpenBible.info), most-supported first, with their votes. Cross references say ' +
    'that two passages connect, not why.',
  get_connections:
    'How cross references connect the Bible as a whole: totals, the most-connected chapters and the strongest pairs of books; with ' +
    '`book` or `osis`, the rows of that book or chapter.',
  get_interlinear:
    'The original language under the English of a verse (`Gen.1.1`) or a chapter: each English segment with its Hebrew, Aramaic or ' +
    "Greek word, its transliteration, morphology and Strong's number. For word studies; the `lexemes/…` documents (get_entity) " +
    'describe the words.',
  random_verse:
    'A verse chosen at random (never an omitted one), optionally from one `book` or `testament`: for a verse of the day, a ' +
    'reading prompt or a quiz. It answers what get_passage answers for that verse; call it again for another.',
  get_vocabulary:
    'Reference lists: the relation predicates (`parent-of`, `spouse-of`, …) with their inverses and counts, and the 66 books with ' +
    'their OSIS ids, slugs and chapter counts. Use it for legal `predicate` and `book` values.',
  get_tags: 'The tags documents carry, most common first, with counts: the legal values of the `tag` parameter.',
  get_stats: 'What the knowledge base holds: every collection with its count and an example, graph and scripture totals, the commonest tags.',
  get_changelog: "When the data was generated (cite or cache on `bundleGenerated`) and the knowledge base's change log.",
  get_status: 'Whether the service is healthy: live checks, uptime and which optional datasets are available.',
};
