// The examples the OpenAPI document shows: real answers of the fixture app, captured into
// captured-examples.ts beside this file by `npm run openapi:examples` (test/conformance/capture-examples.ts).
// A checked-in file, not a capture at document-build time: the server that builds the document holds the
// full data, not the fixture, and a file keeps the document the same on every server and reviewable in a
// diff. It is a TypeScript module, so the compiled runtime carries it like any other source.
// test/conformance/examples-current.test.ts fails when the file is not what the capture writes now.

import { CAPTURED_EXAMPLES } from './captured-examples.ts';

/** One captured answer: the request that gave it and its body (JSON, or the start of a text body). */
export interface CapturedExample {
  readonly request: string;
  /** The media type, when the body is not JSON. */
  readonly mediaType?: string;
  /** The JSON request body sent, for a write route. */
  readonly requestBody?: unknown;
  readonly value: unknown;
}

/** operationId → status → example; `*` holds the answers every operation shares (405, 429, 500). */
export type ExampleFile = Readonly<Record<string, Readonly<Record<string, CapturedExample>>>>;

type Json = Record<string, unknown>;

/** The answers every operation shares (405, 429, 500) are filed under this key. */
const SHARED = '*';

function load(): ExampleFile {
  return CAPTURED_EXAMPLES;
}

/** The example of one status of one operation, or of the answers every operation shares. */
export function findExample(operationId: string, status: string): CapturedExample | undefined {
  const examples = load();
  return examples[operationId]?.[status] ?? examples[SHARED]?.[status];
}

/** A shared answer's example (405, 429, 500), for `components.responses`. */
export function findSharedExample(status: string): CapturedExample | undefined {
  return load()[SHARED]?.[status];
}

/** The request body of the operation's first successful example, as an example of its request body. */
export function findRequestExample(operationId: string): CapturedExample | undefined {
  const captured = Object.entries(load()[operationId] ?? {}).find(([status, example]) => status.startsWith('2') && example.requestBody !== undefined)?.[1];
  return captured ? { request: captured.request, value: captured.requestBody } : undefined;
}

/** Media type object members showing `example`: one named example whose summary is the request. */
export function exampleMembers(example: CapturedExample | undefined): Json {
  if (!example) return {};
  return { examples: { fixture: { summary: example.request, value: example.value } } };
}

/**
 * Adds to each response of an operation that has content the example captured for its status: to the
 * JSON media type, or, for a text answer (the reference page), to the media type it was served as.
 */
export function addExamples(operationId: string, responses: Record<string, unknown>, bodyStatus?: number): void {
  for (const [status, response] of Object.entries(responses)) {
    const content = (response as { content?: Record<string, Json> }).content;
    if (!content) continue;
    // A route that answers its own body with another status (/status: 503 while degraded) shows its 200 body there.
    const success = findExample(operationId, '200');
    const example =
      findExample(operationId, status) ??
      (Number(status) === bodyStatus && success ? { ...success, request: `${success.request} (the same shape with this status)` } : undefined);
    if (!example) continue;
    const mediaType = example.mediaType ?? 'application/json';
    const media = content[mediaType];
    if (media) content[mediaType] = { ...media, ...exampleMembers(example) };
  }
}
