// Every artefact's layout, declared once for the compiler's writer and the server's reader
// (the response artefact's is in ../responses.ts).
export * from './layout.ts';
export * from './sections.ts';
export * from './verses.ts';
export * from './chapters.ts';
export * from './scripture-index.ts';
export * from './documents.ts';
export * from './graph.ts';
export * from './concept-index.ts';
export * from './bodies.ts';
export * from './xrefs.ts';
export * from './connections.ts';
export * from './interlinear.ts';
export * from './changelog.ts';
export * from './translations.ts';

import { BODIES_LAYOUT } from './bodies.ts';
import { CHANGELOG_LAYOUT } from './changelog.ts';
import { CHAPTERS_LAYOUT } from './chapters.ts';
import { CONCEPT_INDEX_LAYOUT } from './concept-index.ts';
import { CONNECTIONS_LAYOUT } from './connections.ts';
import { DOCUMENTS_LAYOUT } from './documents.ts';
import { GRAPH_LAYOUT } from './graph.ts';
import { INTERLINEAR_LAYOUT } from './interlinear.ts';
import type { ArtefactLayout } from './layout.ts';
import { TRANSLATIONS_LAYOUT } from './translations.ts';
import { SCRIPTURE_INDEX_LAYOUT } from './scripture-index.ts';
import { VERSES_LAYOUT } from './verses.ts';
import { XREFS_LAYOUT } from './xrefs.ts';

/** The layout of every data artefact (REQUIRED_ARTEFACTS and OPTIONAL_ARTEFACTS). */
export const ARTEFACT_LAYOUTS: readonly ArtefactLayout[] = Object.freeze([
  VERSES_LAYOUT,
  CHAPTERS_LAYOUT,
  SCRIPTURE_INDEX_LAYOUT,
  DOCUMENTS_LAYOUT,
  GRAPH_LAYOUT,
  CONCEPT_INDEX_LAYOUT,
  BODIES_LAYOUT,
  CHANGELOG_LAYOUT,
  XREFS_LAYOUT,
  INTERLINEAR_LAYOUT,
  CONNECTIONS_LAYOUT,
  TRANSLATIONS_LAYOUT,
]);
