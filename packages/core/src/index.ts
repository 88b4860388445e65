// @skg/core: the shared vocabulary of every package.
export * from './books.ts';
export * from './reference.ts';
export * from './errors.ts';
export * from './manifest.ts';
export * from './licence.ts';
export * from './scripture.ts';
export * from './translations.ts';
export * from './collections.ts';
export * from './predicates.ts';
export * from './graph.ts';
export * from './cross-references.ts';
export * from './interlinear.ts';
export * from './responses.ts';
export * from './downloads.ts';
export * from './artefacts/index.ts';
export * from './progress.ts';
export { startSiblingWorker } from './worker-thread.ts';
