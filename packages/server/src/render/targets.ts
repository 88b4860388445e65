// What the build renders ahead of time: every answer that depends only on the data and the path, at the
// routes' default parameters, and every chapter and verse of each translation beside the BSB
// (`/passage/John.3.16?translation=KJV`). Each target is a route and the path a client asks for; its
// canonical request (the key of the stored answer) is computed from that path exactly as a request's is.

import type { Canon } from '@skg/core';
import type { DataSet } from '../artefacts/types.ts';
import { entityRoute } from '../routes/entity.ts';
import { familyRoute } from '../routes/family.ts';
import { interlinearRoute } from '../routes/interlinear.ts';
import { passageRoute } from '../routes/passage.ts';
import type { RouteDefinition } from '../routes/define.ts';
import { xrefsRoute } from '../routes/xrefs.ts';

export interface RenderTarget {
  readonly route: RouteDefinition;
  /** The path under /api/v1 a client requests, percent-encoded: `/passage/John.3.16`, `/entity/people/isaac`. */
  readonly path: string;
  /** The route's path parameters as the router hands them over, decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** The query the path carries, as the route reads it (`{translation: 'KJV'}`); none at the defaults. */
  readonly query?: Readonly<Record<string, string>>;
}

/**
 * The kinds rendered, for the build report: `passage`, `xrefs`, `interlinear`, `entity`, `family`, and
 * `translation` (a /passage answer under `translation=` one translation beside the BSB).
 */
export type RenderKind = 'passage' | 'xrefs' | 'interlinear' | 'entity' | 'family' | 'translation';

/**
 * The route each kind of a path without a query is rendered by: the routes with stored answers, one
 * each (the stored lane tells them by their first segment). `translation` answers are /passage's.
 */
export const RENDERED_ROUTES: Readonly<Record<Exclude<RenderKind, 'translation'>, RouteDefinition>> = {
  passage: passageRoute,
  xrefs: xrefsRoute,
  interlinear: interlinearRoute,
  entity: entityRoute,
  family: familyRoute,
};

/** Every chapter (`Gen.1`) and every verse slot (`Gen.1.1`) of a canon (the BSB's, or a translation's), in its order. */
function* scriptureReferences(canon: Canon): Generator<string> {
  for (const book of canon.books) {
    for (let chapter = 1; chapter <= book.chapters; chapter++) {
      const verses = canon.verseCount(book, chapter);
      if (verses === 0) continue;
      yield `${book.osis}.${chapter}`;
      for (let verse = 1; verse <= verses; verse++) yield `${book.osis}.${chapter}.${verse}`;
    }
  }
}

function documentPathSegment(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** The targets of one data set, grouped by kind. */
export function* listRenderTargets(dataSet: DataSet): Generator<RenderTarget & { readonly kind: RenderKind }> {
  const osisKinds = ['passage', 'xrefs', ...(dataSet.interlinear ? (['interlinear'] as const) : [])] as const;
  const osisRoutes = osisKinds.map((kind) => [kind, RENDERED_ROUTES[kind]] as const);
  for (const [kind, route] of osisRoutes) {
    const base = route.path.replace('/{osis}', '');
    for (const osis of scriptureReferences(dataSet.scripture.canon)) yield { kind, route, path: `${base}/${osis}`, params: { osis } };
  }
  // Each translation in the slots it has (the WEB's deuterocanonical books too), under the id /translations lists.
  const passageBase = RENDERED_ROUTES.passage.path.replace('/{osis}', '');
  for (const translation of dataSet.translations?.translations ?? []) {
    const { id } = translation;
    for (const osis of scriptureReferences(translation.canon)) {
      yield { kind: 'translation', route: RENDERED_ROUTES.passage, path: `${passageBase}/${osis}?translation=${encodeURIComponent(id)}`, params: { osis }, query: { translation: id } };
    }
  }
  const documents = dataSet.graph.list({ sort: 'canonical', limit: Number.MAX_SAFE_INTEGER, offset: 0 }).items;
  for (const document of documents) {
    yield { kind: 'entity', route: RENDERED_ROUTES.entity, path: `/entity/${documentPathSegment(document.path)}`, params: { path: document.path } };
  }
  for (const document of documents) {
    if (document.type !== 'Person') continue;
    yield { kind: 'family', route: RENDERED_ROUTES.family, path: `/family/${documentPathSegment(document.path)}`, params: { path: document.path } };
  }
}
