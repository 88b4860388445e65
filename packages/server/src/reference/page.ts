// The API reference page: a small HTML document that renders /api/v1/openapi.json with Swagger UI, and
// the script that starts Swagger UI. Both are ours; Swagger UI itself comes from swagger-ui-files.ts.
//
// Everything the page loads is on this server (no CDN, no fonts or validator badge from elsewhere):
// the Content-Security-Policy below says so to the browser, and Swagger UI's online validator is off.

import { createHash } from 'node:crypto';
import type { MediaBody } from '../routes/define.ts';

export interface ReferencePaths {
  /** Where the OpenAPI document is served, e.g. `/api/v1/openapi.json`. */
  readonly document: string;
  /** The folder the page's files are served from, e.g. `/api/v1/reference/assets`. */
  readonly assets: string;
}

/** The script that starts Swagger UI; served as a file so the page needs no inline script. */
export const START_SCRIPT_FILE = 'reference.js';

const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // Swagger UI sets style attributes on the elements it renders.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  // "Try it out" calls the API on this host.
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function createMediaBody(text: string, contentType: string, headers?: Record<string, string>): MediaBody {
  const body = new TextEncoder().encode(text);
  const digest = createHash('sha256').update(body).digest('hex').slice(0, 16);
  // Ours changes only with the code: revalidate every time, a 304 costs nothing.
  return { contentType, body, etag: `"reference-${digest}"`, cacheControl: 'no-cache', ...(headers ? { headers } : {}) };
}

export function createReferencePage(paths: ReferencePaths, title: string): MediaBody {
  const asset = (name: string) => escapeHtml(`${paths.assets}/${name}`);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${asset('swagger-ui.css')}">
<link rel="icon" type="image/png" href="${asset('favicon-32x32.png')}" sizes="32x32">
<link rel="icon" type="image/png" href="${asset('favicon-16x16.png')}" sizes="16x16">
</head>
<body>
<noscript><p>This page needs JavaScript. The description it renders is <a href="${escapeHtml(paths.document)}">${escapeHtml(paths.document)}</a> (OpenAPI 3.1, JSON).</p></noscript>
<div id="reference" data-openapi="${escapeHtml(paths.document)}"></div>
<script src="${asset('swagger-ui-bundle.js')}"></script>
<script src="${asset(START_SCRIPT_FILE)}"></script>
</body>
</html>
`;
  return createMediaBody(html, 'text/html; charset=utf-8', { 'content-security-policy': CONTENT_SECURITY_POLICY });
}

/** Starts Swagger UI on the page's `#reference` element, with the document its `data-openapi` names. */
export function createStartScript(): MediaBody {
  const script = `// Starts Swagger UI on the API reference page.
'use strict';
(function () {
  var root = document.getElementById('reference');
  window.ui = SwaggerUIBundle({
    url: root.getAttribute('data-openapi'),
    domNode: root,
    deepLinking: true,
    displayOperationId: true,
    displayRequestDuration: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    // The online validator badge would call a third-party service.
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
})();
`;
  return createMediaBody(script, 'text/javascript; charset=utf-8');
}
