// Runs the conformance table (examples.ts) against an app and holds every answer to the OpenAPI
// document the app itself serves. Driven by the document: every operation must have examples, every
// documented status but 500 must be exercised, and each answer must have a documented status, media
// type, headers and body (test/helpers/schema.ts).
//
// Besides the table's examples, for every operation it derives from the first success example:
//   HEAD       (GET operations) the same status and headers as GET, no body;
//   304        (GET operations) If-None-Match with the ETag just received; a live body (Cache-Control:
//              no-store, e.g. /status) may answer 200 again since its tag hashes the body;
//   405        a method the path does not answer, with `Allow`;
//   429        the same request twice on an app whose rate limit is one request.

import type { Fetcher } from '../helpers/adapters.ts';
import { request, type TestResponse } from '../helpers/app.ts';
import { createContract, type Contract, type OpenApiDocument, type OperationEntry } from '../helpers/schema.ts';
import type { Example } from './examples.ts';

export interface ConformanceTarget {
  /** `fixture` or `full`: which examples apply. */
  readonly data: 'fixture' | 'full';
  readonly app: Fetcher;
  /** The same data with a rate limit of one request per window. */
  readonly limitedApp: Fetcher;
  /** A data set built without the optional artefacts, when the target has one (503 examples). */
  readonly withoutOptionalApp?: Fetcher;
  /** The same data with status checks that fail, so /status answers 503. */
  readonly degradedApp: Fetcher;
  /**
   * Every documented status but 500 must be exercised: true for the fixture, made to hold every edge
   * case; on the full data some cannot happen (every chapter has cross references), so they are noted.
   */
  readonly requireEveryStatus: boolean;
  /** Values for `{{name}}` in examples' requests and headers (e.g. a webhook id and its secret). */
  readonly placeholders?: Readonly<Record<string, string>>;
}

export interface ConformanceReport {
  /** Everything that does not conform, one line each; empty when all is well. */
  readonly problems: string[];
  /** Lines worth printing that are not failures (e.g. examples of operations not in the document yet). */
  readonly notes: string[];
  /** Requests sent. */
  readonly requests: number;
}

const API_BASE = '/api/v1';
const UNUSED_METHODS = ['PUT', 'PATCH', 'DELETE', 'POST'];

/** The example with every `{{name}}` in its request and headers replaced; unknown names are an error. */
function fillPlaceholders(example: Example, values: Readonly<Record<string, string>>): Example {
  const fill = (text: string) =>
    text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`${example.request}: no value for {{${name}}}`);
      return value;
    });
  return {
    ...example,
    request: fill(example.request),
    ...(example.headers ? { headers: Object.fromEntries(Object.entries(example.headers).map(([name, value]) => [name, fill(value)])) } : {}),
  };
}

function parseRequest(text: string): { method: string; target: string; path: string } {
  const [method = 'GET', target = '/'] = text.split(' ');
  return { method, target, path: target.split('?')[0] ?? '/' };
}

function send(app: Fetcher, method: string, target: string, example: Pick<Example, 'headers' | 'body'>, headers: Record<string, string> = {}) {
  const init: RequestInit = { method, headers: { ...example.headers, ...headers } };
  if (example.body !== undefined) {
    init.body = JSON.stringify(example.body);
    init.headers = { 'content-type': 'application/json', ...init.headers };
  }
  return request(app, `${API_BASE}${target === '/' ? '' : target}`, init);
}

function headersOf(response: TestResponse, without: readonly string[]): Record<string, string> {
  const result: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!without.includes(name)) result[name] = value;
  });
  return result;
}

/** Headers that differ between two answers to the same request by design. */
const PER_REQUEST_HEADERS = ['x-request-id', 'x-ratelimit-remaining', 'ratelimit-remaining', 'x-ratelimit-reset', 'ratelimit-reset', 'etag', 'date'];

export async function runConformance(document: OpenApiDocument, table: Readonly<Record<string, readonly Example[]>>, target: ConformanceTarget): Promise<ConformanceReport> {
  const contract: Contract = createContract(document);
  const problems: string[] = [];
  const notes: string[] = [];
  let requests = 0;

  const byId = new Map(contract.operations.map((entry) => [entry.operationId, entry]));
  for (const operationId of Object.keys(table)) {
    if (!byId.has(operationId)) notes.push(`${operationId}: not in the document yet; its examples were skipped`);
  }

  function check(entry: OperationEntry, label: string, response: TestResponse, expected: number, code?: string, method?: string): void {
    requests += 1;
    if (response.status !== expected) {
      problems.push(`${label}: answered ${response.status}, expected ${expected}${response.text ? `: ${response.text.slice(0, 300)}` : ''}`);
      return;
    }
    problems.push(...contract.checkResponse(entry, response, method).map((problem) => `${label}: ${problem}`));
    // An Error body (a degraded /status answers 503 with its own Status body, checked by the schema above).
    if (response.status >= 400 && response.body?.code !== undefined) {
      if (code !== undefined && response.body.code !== code) problems.push(`${label}: code ${response.body.code}, expected ${code}`);
      if (response.body.requestId !== response.headers.get('x-request-id')) problems.push(`${label}: requestId is not the X-Request-Id header`);
    }
  }

  for (const entry of contract.operations) {
    const examples = (table[entry.operationId] ?? [])
      .filter((example) => example.data === undefined || example.data === target.data)
      .map((example) => fillPlaceholders(example, target.placeholders ?? {}));
    const name = `${entry.operationId} (${entry.method} ${entry.path})`;
    if (examples.length === 0) {
      problems.push(`${name}: no examples for the ${target.data} data in test/conformance/examples.ts`);
      continue;
    }
    const exercised = new Set<string>();
    let firstSuccess: { example: Example; response: TestResponse } | undefined;
    let live = false;

    for (const example of examples) {
      const { method, target: path, path: pathOnly } = parseRequest(example.request);
      const label = `[${target.data}] ${example.request}`;
      if (method !== entry.method || !contract.matchesPath(entry, pathOnly)) {
        problems.push(`${label}: listed under ${name}, which it does not address`);
        continue;
      }
      const app = example.app === 'without-optional' ? target.withoutOptionalApp : example.app === 'degraded' ? target.degradedApp : target.app;
      if (!app) {
        notes.push(`${label}: needs an app without the optional artefacts; this target has none`);
        continue;
      }
      const response = await send(app, method, path, example);
      check(entry, label, response, example.status, example.code);
      exercised.add(String(response.status));
      if (response.status < 300 && example.app === undefined && !firstSuccess) firstSuccess = { example, response };

      if (method === 'GET' && response.status < 300 && example.app === undefined) {
        const head = await send(app, 'HEAD', path, example);
        check(entry, `${label} (HEAD)`, head, response.status, undefined, 'HEAD');
        if (head.text !== '') problems.push(`${label} (HEAD): a body came`);
        // A live body (Cache-Control: no-store) is computed anew for HEAD, so its length may differ.
        const varying = response.headers.get('cache-control') === 'no-store' ? [...PER_REQUEST_HEADERS, 'content-length'] : PER_REQUEST_HEADERS;
        const want = headersOf(response, varying);
        const got = headersOf(head, varying);
        if (JSON.stringify(want) !== JSON.stringify(got)) problems.push(`${label} (HEAD): headers differ from GET: ${JSON.stringify(got)} vs ${JSON.stringify(want)}`);

        const etag = response.headers.get('etag');
        if (!etag) continue;
        const conditional = await send(app, 'GET', path, example, { 'if-none-match': etag });
        live = live || response.headers.get('cache-control') === 'no-store';
        if (conditional.status === 304 || !live) check(entry, `${label} (If-None-Match)`, conditional, 304);
        exercised.add(String(conditional.status));
      }
    }

    if (firstSuccess) {
      const { example } = firstSuccess;
      const { target: path } = parseRequest(example.request);
      const pathItem = document.paths[entry.path] ?? {};
      const wrong = UNUSED_METHODS.find((method) => !(method.toLowerCase() in pathItem));
      if (wrong) {
        const response = await send(target.app, wrong, path, {});
        check(entry, `[${target.data}] ${wrong} ${path} (wrong method)`, response, 405, 'unknown_value');
        exercised.add(String(response.status));
      }
      // An operation the rate limit does not count (/health) documents no 429, and must answer past the limit.
      const counted = '429' in entry.operation.responses;
      const client = { 'x-forwarded-for': `198.51.100.${(contract.operations.indexOf(entry) % 250) + 1}` };
      await send(target.limitedApp, entry.method, path, example, client);
      const limited = await send(target.limitedApp, entry.method, path, example, client);
      if (counted) check(entry, `[${target.data}] ${example.request} (over the rate limit)`, limited, 429, 'rate_limited');
      else if (limited.status !== firstSuccess.response.status) problems.push(`${name}: answered ${limited.status} past the rate limit, which it does not count`);
      exercised.add(String(limited.status));
    } else {
      problems.push(`${name}: no success example for the ${target.data} data`);
    }

    const unexercised = Object.keys(entry.operation.responses).filter(
      (status) =>
        !exercised.has(status) &&
        status !== '500' &&
        !(status === '503' && !target.withoutOptionalApp && name !== 'get_status') &&
        !(status === '304' && live),
    );
    if (unexercised.length) {
      (target.requireEveryStatus ? problems : notes).push(`${name}: documented status ${unexercised.join(', ')} never exercised on the ${target.data} data`);
    }
  }
  return { problems, notes, requests };
}
