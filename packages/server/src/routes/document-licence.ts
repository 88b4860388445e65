// The licence of a single-document answer (/entity, /family): CC BY-SA 4.0 documents say which source
// makes them so (`licence.reason`): a Source document whose own licence is share-alike (Theographic,
// OpenGNT), or a document built from one (an event or person with Theographic data, a dataset).

import { createDocumentLicence, type Licence } from '@skg/core';
import type { DocumentRecord, GraphStore } from '../artefacts/types.ts';

/** The licence of `document`, with the reason when it is share-alike. */
export function createLicenceOf(graph: GraphStore, document: DocumentRecord): Licence {
  if (document.shareAlike !== true) return createDocumentLicence(false);
  return createDocumentLicence(true, shareAlikeReason(graph, document));
}

function shareAlikeReason(graph: GraphStore, document: DocumentRecord): string {
  if (document.type === 'Source') return `${document.title} is licensed CC BY-SA 4.0.`;
  const sources = document.sources.filter((source) => source.resource !== document.path && graph.getSummary(source.resource)?.shareAlike === true);
  if (sources.length === 0) return `Stored under sa/: built from a CC BY-SA 4.0 source.`;
  const names = sources.map((source) => `${source.title ?? source.resource} (${source.resource})`);
  return `Built from ${names.join(' and ')}, licensed CC BY-SA 4.0.`;
}
