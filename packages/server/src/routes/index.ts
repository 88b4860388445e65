// The route table: every resource this server answers, in the order the service index lists them.

import { changelogRoute } from './changelog.ts';
import { connectionsRoute } from './connections.ts';
import type { RouteDefinition } from './define.ts';
import { entityRoute } from './entity.ts';
import { familyRoute } from './family.ts';
import { graphRoute } from './graph.ts';
import { healthRoute } from './health.ts';
import { interlinearRoute } from './interlinear.ts';
import { listRoute } from './list.ts';
import { mcpRoute } from './mcp.ts';
import { nearbyRoute } from './nearby.ts';
import { openapiRoute } from './openapi.ts';
import { passageRoute } from './passage.ts';
import { randomRoute } from './random.ts';
import { referenceAssetRoute, referenceRoute } from './reference.ts';
import { referencesRoute } from './references.ts';
import { scriptureRoute } from './scripture.ts';
import { searchRoute } from './search.ts';
import { serviceIndexRoute } from './service-index.ts';
import { statsRoute } from './stats.ts';
import { statusRoute } from './status.ts';
import { tagsRoute } from './tags.ts';
import { translationDownloadRoute } from './translation-download.ts';
import { translationsRoute } from './translations.ts';
import { vocabularyRoute } from './vocabulary.ts';
import {
  createWebhookRoute,
  deleteWebhookRoute,
  describeWebhooksRoute,
  getWebhookRoute,
  testWebhookRoute,
} from './webhooks.ts';
import { xrefsRoute } from './xrefs.ts';

export const ROUTES: readonly RouteDefinition[] = [
  serviceIndexRoute,
  passageRoute,
  translationsRoute,
  translationDownloadRoute,
  referencesRoute,
  interlinearRoute,
  xrefsRoute,
  connectionsRoute,
  scriptureRoute,
  randomRoute,
  vocabularyRoute,
  statsRoute,
  tagsRoute,
  entityRoute,
  listRoute,
  searchRoute,
  familyRoute,
  nearbyRoute,
  graphRoute,
  changelogRoute,
  statusRoute,
  healthRoute,
  mcpRoute,
  describeWebhooksRoute,
  createWebhookRoute,
  getWebhookRoute,
  deleteWebhookRoute,
  testWebhookRoute,
  openapiRoute,
  referenceRoute,
  referenceAssetRoute,
];
