// The files of the API reference page that come from the installed swagger-ui-dist package, served by
// this server itself (production and CI have no CDN to fetch them from). Each file is read on its first
// request and kept: about 1.9 MB in all, and only once someone opens the page.

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { MediaBody } from '../routes/define.ts';

/** File name → Content-Type: what the page loads from the package, and nothing else of it. */
export const SWAGGER_UI_FILES: Readonly<Record<string, string>> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

/** A day: the file names carry no version, so a new package version reaches browsers within a day. */
const CACHE_CONTROL = 'public, max-age=86400';

const packageJson = createRequire(import.meta.url).resolve('swagger-ui-dist/package.json');
const directory = path.dirname(packageJson);
const loaded = new Map<string, Promise<MediaBody>>();

async function readSwaggerUiFile(name: string, contentType: string): Promise<MediaBody> {
  const body = new Uint8Array(await readFile(path.join(directory, name)));
  const digest = createHash('sha256').update(body).digest('hex').slice(0, 16);
  return { contentType, body, etag: `"swagger-ui-${digest}"`, cacheControl: CACHE_CONTROL };
}

/** The file's bytes and headers; undefined when `name` is not one the page uses. */
export function getSwaggerUiFile(name: string): Promise<MediaBody> | undefined {
  const contentType = Object.hasOwn(SWAGGER_UI_FILES, name) ? SWAGGER_UI_FILES[name] : undefined;
  if (contentType === undefined) return undefined;
  let file = loaded.get(name);
  if (!file) {
    file = readSwaggerUiFile(name, contentType);
    // A failed read is not kept, so a later request tries again.
    file.catch(() => loaded.delete(name));
    loaded.set(name, file);
  }
  return file;
}
