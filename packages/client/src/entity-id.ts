// Entity ids as the API writes them (`/people/isaac` in /search, /list, relations and families) and as
// its path parameters take them (`people/isaac`).

/**
 * The document path of an entity id: `/people/isaac` → `people/isaac`. A path without the leading slash
 * is answered as it is, so both forms can be passed to the helpers.
 */
export function toEntityPath(id: string): string {
  return id.replace(/^\/+/, '');
}
