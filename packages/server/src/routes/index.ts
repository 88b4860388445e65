// The route table: every resource this server answers, in the order the service index lists them.

import type { RouteDefinition } from './define.ts';
import { openapiRoute } from './openapi.ts';
import { passageRoute } from './passage.ts';
import { scriptureRoute } from './scripture.ts';
import { serviceIndexRoute } from './service-index.ts';
import { statusRoute } from './status.ts';
import { vocabularyRoute } from './vocabulary.ts';

export const ROUTES: readonly RouteDefinition[] = [
  serviceIndexRoute,
  passageRoute,
  scriptureRoute,
  vocabularyRoute,
  statusRoute,
  openapiRoute,
];
