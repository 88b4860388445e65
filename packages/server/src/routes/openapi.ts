// GET /openapi.json (also at the site root): the OpenAPI 3.1 description of this server.

import { createOpenApiDocument } from '../openapi/document.ts';
import { defineRoute } from './define.ts';
import { OpenApiDocument } from '../openapi/schemas/index.ts';

export const openapiRoute = defineRoute({
  path: '/openapi.json',
  aliases: ['/openapi.json'],
  operationId: 'get_openapi',
  summary: 'The OpenAPI 3.1 description of this service',
  description:
    'This document: OpenAPI 3.1, every operation with its parameters, response schemas, headers and a real example, and the webhook deliveries under `webhooks`. Also served at the site root, /openapi.json. The operationIds are the assistant-tool names.',
  parameters: [],
  responseSchema: OpenApiDocument,
  errorStatuses: [],
  cache: 'data',
  handle({ app }) {
    return createOpenApiDocument(app.routes, { rateLimit: app.rateLimit });
  },
});
