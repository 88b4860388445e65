// The alias table: other ids that answer a document (a person's id before the reader's names,
// `people/abram` for `people/abraham`), from each document's `alias_ids` (docs/bundle-format.md). The
// server answers an alias with its document, under the document's own id (docs/api-decisions.md).

import type { Diagnostics } from '../diagnostics.ts';
import type { EntityDoc } from './validate-entity.ts';

/** Alias id → document index, sorted by alias. */
export type AliasTable = ReadonlyArray<readonly [alias: string, document: number]>;

/**
 * Every document's `aliasIds` as one table. An alias that is a document's id, or that two documents
 * give, is left out with an error: an id answers one document only.
 */
export function linkAliases(documents: readonly EntityDoc[], indexOf: ReadonlyMap<string, number>, diagnostics: Diagnostics): AliasTable {
  const owners = new Map<string, number>();
  const refused = new Set<string>();
  documents.forEach((document, index) => {
    for (const alias of document.aliasIds) {
      if (indexOf.has(alias)) {
        diagnostics.error('link', `alias id '${alias}' is the id of a document`, { file: document.file });
        continue;
      }
      const owner = owners.get(alias);
      if (owner !== undefined && owner !== index) {
        diagnostics.error('link', `alias id '${alias}' is given by two documents (${documents[owner]?.id} and ${document.id})`, { file: document.file });
        refused.add(alias);
      }
      owners.set(alias, index);
    }
  });
  return [...owners].filter(([alias]) => !refused.has(alias)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
