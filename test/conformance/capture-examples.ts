// Captures the examples the OpenAPI document shows (packages/server/src/openapi/captured-examples.ts): for
// every operation and every status it documents, a real answer of the fixture app to a request of the
// conformance table (examples.ts), so the reference page shows what a client really gets. Values that
// differ from run to run (subscription ids and secrets, times of this process, live measurements) are
// replaced by fixed ones of the same form, so the file is reproducible: `npm run openapi:examples`
// writes it, and test/conformance/examples-current.test.ts fails when it is not current.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '@skg/compiler';
import { loadDataSet } from '../../packages/server/src/artefacts/index.ts';
import { createErrorBody, toApiError } from '../../packages/server/src/errors.ts';
import { request, type TestResponse } from '../helpers/app.ts';
import { createContract, type OpenApiDocument } from '../helpers/schema.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';
import { createTempDir, FIXTURE_BUNDLE, removeTempDirs } from '../helpers/fixture-dist.ts';
import { type Example, EXAMPLES } from './examples.ts';
import { openConformanceTarget, type OpenTarget } from './target.ts';

type CapturedExample = import('../../packages/server/src/openapi/examples.ts').CapturedExample;
type ExampleFile = Record<string, Record<string, CapturedExample>>;

const API_BASE = '/api/v1';
const REQUEST_ID = 'b7e1c2a4-5d6f-4a8b-9c0d-1e2f3a4b5c6d';
const FIXED_TIME = '2026-05-01T12:00:00.000Z';
/** Longest array an example keeps (the rest are left out, so the page stays short). */
const MAX_ITEMS = 3;
/** Longest text body an example keeps. */
const MAX_TEXT = 400;

function send(app: OpenTarget['app'], method: string, target: string, example: Pick<Example, 'headers' | 'body'>): Promise<TestResponse> {
  const init: RequestInit = { method, headers: { 'x-request-id': REQUEST_ID, ...example.headers } };
  if (example.body !== undefined) {
    init.body = JSON.stringify(example.body);
    init.headers = { 'content-type': 'application/json', ...init.headers };
  }
  return request(app, `${API_BASE}${target === '/' ? '' : target}`, init);
}

/** Arrays cut to MAX_ITEMS, objects kept whole. */
function trim(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map(trim);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, trim(item)]));
  return value;
}

/** Live measurements of /status, fixed: they change on every call. */
const LIVE_NUMBERS: Readonly<Record<string, number>> = {
  ms: 0.42,
  rssBytes: 268_435_456,
  heapUsedBytes: 67_108_864,
  uptimeSeconds: 3600,
  measuredSeconds: 3600,
  samples: 60,
  failedSamples: 0,
};

const DAY_MS = 86_400_000;

/** A date-time of this run (a subscription's creation, this process's load time), not of the data. */
function isOfThisRun(time: string): boolean {
  return Math.abs(Date.parse(time) - Date.now()) < DAY_MS;
}

/** Replaces what differs between runs with fixed values of the same form. */
function normalise(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => normalise(item));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, normalise(item, name)]));
  }
  if (typeof value === 'number' && key in LIVE_NUMBERS) return LIVE_NUMBERS[key];
  if (key === 'ratio' && typeof value === 'number') return 1;
  if (typeof value !== 'string') return value;
  return value
    .replace(/\bwhsec_[A-Za-z0-9_-]+/g, 'whsec_3q2+7wLk0bX9mZ4tR8vN1cY6hA5sD2fG')
    .replace(/\bwh_[0-9a-z]{8,}/g, 'wh_5f0c2a7e9b1d4c3a8e6f0b2d')
    .replace(/\bevt_test_[0-9a-f]+/g, 'evt_test_4d2c8a1f0e9b7c6a5d3e')
    .replace(/\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, (time) => (isOfThisRun(time) ? FIXED_TIME : time))
    .replace(/resident \d+ MB/g, 'resident 256 MB');
}

async function capture(response: TestResponse, requestLine: string): Promise<CapturedExample> {
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('application/json')) return { request: requestLine, value: normalise(trim(JSON.parse(response.text))) };
  const text = response.text.length > MAX_TEXT ? `${response.text.slice(0, MAX_TEXT)}…` : response.text;
  return { request: requestLine, mediaType: type.split(';')[0]?.trim() ?? type, value: text };
}

/** This document, cut to one operation: an example of /openapi.json that a reader can take in. */
function shortenDocument(value: Record<string, unknown>): Record<string, unknown> {
  const paths = value.paths as Record<string, unknown>;
  const first = Object.keys(paths).find((path) => path.startsWith('/passage')) ?? Object.keys(paths)[0] ?? '/';
  return { openapi: value.openapi, info: value.info, paths: { [first]: { get: { operationId: 'get_passage', summary: '…' } } }, 'x-licence': value['x-licence'] };
}

/**
 * For every operation of `document` and every status it documents, the first example of `table` for
 * the fixture with that status, sent to `target` and captured; the shared 405 and 429 once, from the
 * first operation. A status no example exercises is left out (the document then shows none for it).
 */
export async function captureExamples(document: OpenApiDocument, table: Readonly<Record<string, readonly Example[]>>, target: OpenTarget): Promise<ExampleFile> {
  const contract = createContract(document);
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => target.placeholders?.[name] ?? '');
  const file: ExampleFile = {};
  for (const entry of contract.operations) {
    const examples = (table[entry.operationId] ?? []).filter((example) => example.data !== 'full');
    const captured: Record<string, CapturedExample> = {};
    for (const example of examples) {
      if (String(example.status) in captured) continue;
      const app = example.app === 'without-optional' ? target.withoutOptionalApp : target.app;
      if (!app) continue;
      const [method = 'GET', path = '/'] = fill(example.request).split(' ');
      const headers = example.headers ? Object.fromEntries(Object.entries(example.headers).map(([name, value]) => [name, fill(value)])) : undefined;
      const response = await send(app, method, path, { ...(headers ? { headers } : {}), body: example.body });
      if (response.status !== example.status || response.status === 204) continue;
      const shown = {
        ...(await capture(response, normalise(`${method} ${path}`) as string)),
        ...(example.body !== undefined && response.status < 300 ? { requestBody: example.body } : {}),
      };
      if (entry.operationId === 'get_openapi' && response.status === 200) shown.value = shortenDocument(JSON.parse(response.text));
      captured[String(response.status)] = shown;
    }
    file[entry.operationId] = captured;
  }
  // The answers every operation can give besides its own: a method the path does not answer, and the rate limit.
  const shared: Record<string, CapturedExample> = {};
  const wrongMethod = await send(target.app, 'PUT', '/passage/John.3.16', {});
  shared['405'] = await capture(wrongMethod, 'PUT /passage/John.3.16');
  await send(target.limitedApp, 'GET', '/passage/John.3.16', { headers: { 'x-forwarded-for': '198.51.100.200' } });
  const limited = await send(target.limitedApp, 'GET', '/passage/John.3.16', { headers: { 'x-forwarded-for': '198.51.100.200' } });
  shared['429'] = await capture(limited, 'GET /passage/John.3.16 (over the rate limit)');
  // No request of the fixture fails inside the server: the body is the one the error boundary writes for any failure.
  shared['500'] = { request: 'any request the server fails on', value: createErrorBody(toApiError(new Error('a failure')), REQUEST_ID) };
  file['*'] = shared;
  return file;
}

/** The examples of the fixture: builds it (and a build without the optional artefacts, for 503) and captures. */
export async function captureFixtureExamples(): Promise<ExampleFile> {
  const distDir = path.join(await createTempDir('skg-examples-'), 'dist');
  const report = await build({ bundleDir: FIXTURE_BUNDLE, distDir, optional: new Set() });
  if (!report.ok) throw new Error('the fixture does not build without the optional artefacts');
  const target = await openConformanceTarget('fixture', await getFixtureDataSet(), { withoutOptional: await loadDataSet(distDir), requireEveryStatus: true, adapter: 'h3' });
  try {
    const document = (await request(target.app, `${API_BASE}/openapi.json`)).body as OpenApiDocument;
    return await captureExamples(document, EXAMPLES, target);
  } finally {
    await target.close();
    await removeTempDirs();
  }
}

/** Where the document reads the examples from. */
export const EXAMPLE_FILE = fileURLToPath(new URL('../../packages/server/src/openapi/captured-examples.ts', import.meta.url));

/** The module's text: the examples as a typed constant, JSON inside. */
export function formatExampleFile(file: ExampleFile): string {
  return (
    '// Generated by `npm run openapi:examples` (test/conformance/capture-examples.ts): real answers of the fixture\n' +
    '// app that the OpenAPI document shows as examples. Do not edit; recapture.\n\n' +
    "import type { ExampleFile } from './examples.ts';\n\n" +
    `export const CAPTURED_EXAMPLES: ExampleFile = ${JSON.stringify(file, null, 2)};\n`
  );
}
