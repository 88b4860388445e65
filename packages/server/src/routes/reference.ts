// GET /reference: the human-readable API reference (Swagger UI over /openapi.json), and
// GET /reference/assets/{file}: the files that page loads, served from the installed package.

import { ApiError } from '@skg/core';
import type { StringParameter } from '../params.ts';
import { createReferencePage, createStartScript, START_SCRIPT_FILE } from '../reference/page.ts';
import { getSwaggerUiFile, SWAGGER_UI_FILES } from '../reference/swagger-ui-files.ts';
import { API_BASE, defineMediaRoute, type MediaBody } from './define.ts';
import { ReferenceAsset, ReferencePage } from '../openapi/schemas/index.ts';

const ASSETS = `${API_BASE}/reference/assets`;
const ASSET_FILES = [...Object.keys(SWAGGER_UI_FILES), START_SCRIPT_FILE];

let page: MediaBody | undefined;
let startScript: MediaBody | undefined;

export const referenceRoute = defineMediaRoute({
  path: '/reference',
  operationId: 'get_api_reference',
  summary: 'This API reference as a web page (Swagger UI rendering /openapi.json)',
  description: 'An HTML page for people; every file it loads is served by this host under /reference/assets.',
  parameters: [],
  responseSchema: ReferencePage,
  media: ['text/html'],
  errorStatuses: [],
  cache: 'data',
  handle() {
    page ??= createReferencePage({ document: `${API_BASE}/openapi.json`, assets: ASSETS }, 'Scripture Graph API reference');
    return page;
  },
});

const FILE: StringParameter = {
  kind: 'string',
  name: 'file',
  in: 'path',
  required: true,
  description: 'A file of the reference page',
  enum: ASSET_FILES,
  example: 'swagger-ui.css',
};

export const referenceAssetRoute = defineMediaRoute({
  path: '/reference/assets/{file}',
  operationId: 'get_api_reference_asset',
  summary: 'A script, style sheet or icon of the API reference page',
  description:
    'The script, style sheet and icons the reference page loads, served from this host (the page loads nothing from elsewhere). Any other file name answers 404 `not_found`.',
  parameters: [FILE],
  responseSchema: ReferenceAsset,
  media: ['text/javascript', 'text/css', 'image/png'],
  errorStatuses: [404],
  cache: 'data',
  handle({ params }) {
    const name = params.file ?? '';
    if (name === START_SCRIPT_FILE) {
      startScript ??= createStartScript();
      return startScript;
    }
    const file = getSwaggerUiFile(name);
    if (!file) throw new ApiError('not_found', `the reference page has no file ${name}`);
    return file;
  },
});
