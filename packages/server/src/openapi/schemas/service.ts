// The service itself: the index, status, changelog, this document and its reference page.

import { always, arrayOf, boolean, component, dateTime, integer, mapOf, nullable, number, oneOfStrings, optional, ref, text, Type } from './declare.ts';
import { DatasetAvailability, Licence } from './common.ts';

export const ServiceCollection = component(
  'ServiceCollection',
  Type.Object({
    type: text(),
    route: optional(text('Site route pattern of its documents')),
    example: text('Site route of one document'),
    list: text('Where to list them'),
    note: optional(text()),
  }),
);

export const AssistantTool = component(
  'AssistantTool',
  Type.Object({
    name: text('The tool name, equal to the operationId'),
    method: always('GET'),
    path: text('Relative to /api/v1, as in the OpenAPI document'),
    summary: text(),
  }),
);

export const ServiceIndex = component(
  'ServiceIndex',
  Type.Object({
    name: text(),
    version: always('1'),
    description: text(),
    endpoints: mapOf(Type.String(), 'Route (relative to /api/v1; `POST /webhooks` for another method) → one-line description'),
    collections: arrayOf(ref(ServiceCollection)),
    openapi: text(),
    reference: text('The API reference page for people'),
    mcp: text('The assistant-tool interface: an MCP server (Streamable HTTP, stateless) at this URL'),
    mcpNote: optional(text()),
    tools: arrayOf(ref(AssistantTool), 'The assistant tools: each is one operation of the OpenAPI document'),
    status: text(),
    clients: arrayOf(text()),
    auth: Type.Object({ required: boolean(), scheme: Type.Null(), note: text() }),
    sandbox: Type.Object({ note: text(), webhooks: text('Where registrations can be tried without storing anything') }),
    errors: Type.Object({ docs: text(), note: text(), codes: arrayOf(text()), retryable: arrayOf(text()) }),
    rateLimit: Type.Object({ limit: integer(), window: text(), scope: text(), note: text() }),
    data: optional(
      Type.Object({
        dataVersion: text('The data version served now; changes when a new build is switched to'),
        bundleGenerated: dateTime(),
        note: text(),
      }),
    ),
    caching: Type.Object({ etag: boolean(), note: text() }),
    requestId: Type.Object({ note: text() }),
    pricing: Type.Object({
      free: always(true),
      metered: always(false),
      minimumContract: Type.Null(),
      creditCardRequired: always(false),
      publicPricing: boolean(),
      note: text(),
    }),
    licence: ref(Licence),
  }),
);

export const Health = component(
  'Health',
  Type.Object({ status: always('ok', 'Always `ok`: the process is up and answering'), licence: ref(Licence) }),
);

const checkMembers = {
  status: oneOfStrings(['ok', 'warn', 'fail'] as const),
  detail: text(),
  ms: number('How long the check took, milliseconds'),
};

export const Check = component('Check', Type.Object({ ...checkMembers, probe: optional(text('What the check read or searched for (an OSIS id, a word)')) }));

export const MemoryCheck = component(
  'MemoryCheck',
  Type.Object({
    ...checkMembers,
    rssBytes: optional(integer('Resident memory of the process (absent when the check could not run)')),
    heapUsedBytes: optional(integer()),
    budgetBytes: optional(integer('Above this the check warns, above twice this it fails')),
  }),
);

export const UptimeWindow = component(
  'UptimeWindow',
  Type.Object({
    windowSeconds: integer('The window asked for'),
    measuredSeconds: integer('The part of the window actually measured by this process'),
    since: nullable(dateTime('First sample inside the window')),
    samples: integer(),
    failedSamples: integer(),
    ratio: nullable(number('Healthy samples / samples; null before the first sample')),
  }),
);

export const Status = component(
  'Status',
  Type.Object({
    status: oneOfStrings(['ok', 'degraded'] as const),
    checkedAt: dateTime(),
    checks: Type.Object({
      dataset: ref(Check),
      verses: ref(Check),
      scriptureSearch: ref(Check),
      memory: ref(MemoryCheck),
      sharedStore: optional(ref(Check, 'With `--store redis://…` only: `warn` (detail starting `degraded:`) while Redis does not answer; the rate limit is then counted in each process and webhook registration answers 503')),
    }),
    uptime: Type.Object({
      last24Hours: ref(UptimeWindow),
      last30Days: ref(UptimeWindow),
      last90Days: ref(UptimeWindow),
      sampleIntervalSeconds: integer(),
      note: text(),
    }),
    availabilityTarget: Type.Object({ ratio: number(), note: text() }),
    datasets: mapOf(ref(DatasetAvailability), 'Each optional dataset (`interlinear`, `connections`): `available` means it is built'),
    dataVersion: text(),
    bundleGenerated: dateTime(),
    okfVersion: optional(text()),
    process: optional(Type.Object({ startedAt: dateTime(), uptimeSeconds: integer(), dataLoadedAt: optional(dateTime()) })),
    licence: ref(Licence),
  }),
);

export const Changelog = component(
  'Changelog',
  Type.Object({
    bundleGenerated: dateTime('When the data was last ingested: the timestamp to cite or cache on'),
    indexBuilt: dateTime('When this server process built its index; changes on every restart'),
    okfVersion: text(),
    dataVersion: optional(text('Identifies the data version (ETags derive from it)')),
    log: nullable(text('The knowledge base log, markdown; null when the bundle has none')),
    note: text(),
    url: text('Where the log is served: this endpoint, /api/v1/changelog'),
    licence: ref(Licence),
  }),
);

const JsonRpcId = Type.Union([Type.String(), Type.Integer()]);

export const McpMessage = component(
  'McpMessage',
  Type.Object(
    {
      jsonrpc: always('2.0'),
      id: optional(Type.Union([Type.String(), Type.Integer()], { description: 'Present on a request, absent on a notification' })),
      method: text('`initialize`, `tools/list`, `tools/call`, `ping`, or a notification such as `notifications/initialized`'),
      params: optional(Type.Object({}, { additionalProperties: true, description: 'As the MCP specification defines for the method' })),
    },
    { additionalProperties: true, description: 'One JSON-RPC 2.0 message of the Model Context Protocol (https://modelcontextprotocol.io/specification)' },
  ),
);

export const McpResponse = component(
  'McpResponse',
  Type.Object(
    {
      jsonrpc: always('2.0'),
      id: JsonRpcId,
      result: optional(
        Type.Object(
          {},
          {
            additionalProperties: true,
            description:
              "As the MCP specification defines for the method; a tools/call result has `content`, `structuredContent` (the operation's 200 body) or `isError: true` with the Error body as text",
          },
        ),
      ),
      error: optional(
        Type.Object({ code: integer(), message: text(), data: optional(Type.Unknown()) }, { description: 'A JSON-RPC error, e.g. an unknown method or tool' }),
      ),
    },
    { description: 'The JSON-RPC 2.0 response: `result` or `error`' },
  ),
);

export const ReferencePage = component('ReferencePage', Type.Unsafe<string>({ type: 'string', contentMediaType: 'text/html', description: 'The API reference page (HTML)' }));

export const ReferenceAsset = component('ReferenceAsset', Type.Unsafe<string>({ type: 'string', description: 'A script, style sheet or icon of the reference page' }));

export const OpenApiDocument = component(
  'OpenApiDocument',
  Type.Object(
    {
      openapi: always('3.1.0'),
      info: Type.Object({ title: text(), version: text(), description: text(), license: Type.Object({ name: text(), identifier: text() }) }, { additionalProperties: true }),
      paths: mapOf(Type.Object({}, { additionalProperties: true, description: 'A path item' }), 'Every operation, by path'),
      'x-licence': ref(Licence),
    },
    { additionalProperties: true, description: 'This document (OpenAPI 3.1); its licence object is the `x-licence` extension' },
  ),
);
