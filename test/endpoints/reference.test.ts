import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createNodeListener } from '../../packages/server/src/http/node/listener.ts';
import type { App } from '../../packages/server/src/app.ts';
import { createTestApp, get } from '../helpers/app.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';

const CHROMIUM = '/usr/bin/chromium';

/** A reason to skip the browser test; under CI the browser must be there (.ci/run installs it). */
function skipWithoutChromium(): string | false {
  if (existsSync(CHROMIUM)) return false;
  if (process.env.CI) throw new Error(`CI: ${CHROMIUM} is missing; .ci/run installs Debian's chromium package`);
  return `no browser at ${CHROMIUM} (apt-get install chromium)`;
}

let app: App;
before(async () => {
  app = createTestApp(await getFixtureDataSet());
});

describe('GET /reference', () => {
  it('answers an HTML page that loads Swagger UI and the document from this host only', async () => {
    const response = await get(app, '/reference');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'none'; script-src 'self'/);
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    const urls = [...response.text.matchAll(/(?:src|href|data-openapi)="([^"]+)"/g)].map((match) => match[1]);
    assert.ok(urls.length >= 4, urls.join(' '));
    for (const url of urls) assert.match(url!, /^\/api\/v1\//, `${url} is on this host`);
    assert.ok(urls.includes('/api/v1/openapi.json'));
  });

  it('serves the files the page loads from the installed swagger-ui-dist, with their media types and a 304 on revalidation', async () => {
    const css = await get(app, '/reference/assets/swagger-ui.css');
    assert.equal(css.status, 200);
    assert.equal(css.headers.get('content-type'), 'text/css; charset=utf-8');
    assert.match(css.text, /\.swagger-ui/);
    const bundle = await get(app, '/reference/assets/swagger-ui-bundle.js');
    assert.equal(bundle.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.match(bundle.text, /SwaggerUIBundle/);
    const again = await get(app, '/reference/assets/swagger-ui-bundle.js', { 'if-none-match': bundle.headers.get('etag')! });
    assert.equal(again.status, 304);
    assert.equal(again.text, '');
  });

  it('answers 404 not_found for any other file, a path outside the package included', async () => {
    for (const file of ['index.html', 'swagger-ui-bundle.js.map', '..%2Fpackage.json', '%2E%2E%2F%2E%2E%2Fpackage.json']) {
      const response = await get(app, `/reference/assets/${file}`);
      assert.equal(response.status, 404, file);
      assert.equal(response.body.code, 'not_found', file);
    }
  });
});

describe('the reference page in a browser (headless Chromium)', { skip: skipWithoutChromium() }, () => {
  let server: Server;
  let origin: string;
  let userDataDir: string;

  before(async () => {
    server = createServer(createNodeListener(app));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    userDataDir = await mkdtemp(path.join(os.tmpdir(), 'skg-chromium-'));
  });

  after(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(userDataDir, { recursive: true, force: true });
  });

  it('lists every operation of the document by its operationId, loading nothing from elsewhere and logging no error', async () => {
    type Items = Record<string, Record<string, { operationId: string }>>;
    const openapi = (await get(app, '/openapi.json')).body as { paths: Items; webhooks?: Items };
    const operationIds = [openapi.paths, openapi.webhooks ?? {}].flatMap((items) => Object.values(items).flatMap((item) => Object.values(item).map((operation) => operation.operationId)));

    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const requested: string[] = [];
      const errors: string[] = [];
      page.on('request', (request) => requested.push(request.url()));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));

      const response = await page.goto(`${origin}/api/v1/reference`);
      assert.equal(response?.status(), 200);
      await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
      await page.waitForFunction(`document.querySelectorAll('.opblock').length >= ${operationIds.length}`, undefined, { timeout: 30_000 });

      const shown = (await page.locator('.opblock-summary-operation-id').allTextContents()).map((text) => text.trim());
      assert.deepEqual(shown.slice().sort(), operationIds.slice().sort());
      assert.match(await page.locator('.info .title').innerText(), /Scripture Graph API/);
      assert.deepEqual(requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:')), []);
      assert.ok(requested.includes(`${origin}/api/v1/openapi.json`), 'the page fetched the document');
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
});
