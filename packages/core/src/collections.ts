// The twelve document types of the API: folder, label, route and the names a `type` parameter accepts.

export const DOCUMENT_TYPES = [
  'Person',
  'Place',
  'Theme',
  'Lexeme',
  'Commandment',
  'Event',
  'Epoch',
  'Book',
  'Chapter',
  'Source',
  'Dataset',
  'Relation Vocabulary',
] as const;

export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export interface CollectionInfo {
  readonly type: DocumentType;
  /** Plural label, e.g. `People`. */
  readonly label: string;
  /** Bundle folder, e.g. `people`, `sa/events`; chapters live under their book's folder. */
  readonly folder: string;
  /** Browse route, e.g. `/people`. */
  readonly route: string;
  readonly description: string;
  /** Whether every document of the collection is CC BY-SA 4.0. */
  readonly shareAlike: boolean;
}

export const COLLECTIONS: readonly CollectionInfo[] = Object.freeze([
  { type: 'Person', label: 'People', folder: 'people', route: '/people', description: 'People named in the Bible, with their families and the verses that name them.', shareAlike: false },
  { type: 'Place', label: 'Places', folder: 'places', route: '/places', description: 'Places, with coordinates where they are known and how sure the identification is.', shareAlike: false },
  { type: 'Theme', label: 'Themes', folder: 'themes', route: '/themes', description: "Topics from Nave's Topical Bible with their outline of verses.", shareAlike: false },
  { type: 'Lexeme', label: 'Lexemes', folder: 'lexemes', route: '/lexemes', description: "Hebrew, Aramaic and Greek words by Strong's number.", shareAlike: false },
  { type: 'Commandment', label: 'Commandments', folder: 'commandments', route: '/commandments', description: 'The 613 commandments of the Torah, positive and negative.', shareAlike: false },
  { type: 'Event', label: 'Events', folder: 'sa/events', route: '/sa/events', description: 'Events of the biblical narrative (Theographic, CC BY-SA 4.0).', shareAlike: true },
  { type: 'Epoch', label: 'Epochs', folder: 'epochs', route: '/epochs', description: 'Periods of biblical chronology, dated in years after creation (AH).', shareAlike: false },
  { type: 'Book', label: 'Books', folder: 'bible', route: '/bible', description: 'The 66 books of the Bible.', shareAlike: false },
  { type: 'Chapter', label: 'Chapters', folder: 'bible', route: '/bible', description: 'The 1,189 chapters, with every verse of the BSB.', shareAlike: false },
  { type: 'Source', label: 'Sources', folder: 'sources', route: '/sources', description: 'The upstream datasets, with licence, attribution and version.', shareAlike: false },
  { type: 'Dataset', label: 'Datasets', folder: 'references', route: '/references', description: 'Whole datasets kept beside the graph, such as every OpenBible cross reference.', shareAlike: false },
  { type: 'Relation Vocabulary', label: 'Relation vocabulary', folder: 'schema', route: '/schema', description: 'The closed set of relation predicates.', shareAlike: false },
] satisfies CollectionInfo[]);

const byName = new Map<string, DocumentType>();
for (const info of COLLECTIONS) {
  for (const name of [info.type, info.label, info.folder, info.folder.split('/').pop() ?? info.folder]) {
    byName.set(name.toLowerCase(), info.type);
  }
}
byName.set('relations', 'Relation Vocabulary');
byName.set('relation-vocabulary', 'Relation Vocabulary');
for (const type of DOCUMENT_TYPES) byName.set(`${type.toLowerCase()}s`, type);
byName.set('people', 'Person');
byName.set('persons', 'Person');

/**
 * Resolves a `type` parameter: exact type values, plurals and folder names (`themes`, `sa/events`),
 * case-insensitive. `undefined` when nothing matches (the caller answers `unknown_value`).
 */
export function parseDocumentType(value: string): DocumentType | undefined {
  return byName.get(value.trim().toLowerCase());
}

export function getCollection(type: DocumentType): CollectionInfo {
  const info = COLLECTIONS.find((c) => c.type === type);
  if (!info) throw new Error(`no collection for type ${type}`);
  return info;
}
