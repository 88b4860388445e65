// JSON Schemas (2020-12, as OpenAPI 3.1 uses them) of every body this server writes.

import { ERROR_CODES } from '@skg/core';
import { ERROR_MEANINGS } from '../errors.ts';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const string = (description?: string): Schema => ({ type: 'string', ...(description ? { description } : {}) });
const integer = (description?: string): Schema => ({ type: 'integer', ...(description ? { description } : {}) });
const nullableString = (description: string): Schema => ({ type: ['string', 'null'], description });
const object = (required: readonly string[], properties: Record<string, Schema>, extra: Schema = {}): Schema => ({
  type: 'object',
  required,
  properties,
  ...extra,
});
const arrayOf = (items: Schema, description?: string): Schema => ({ type: 'array', items, ...(description ? { description } : {}) });
const testament: Schema = { type: 'string', enum: ['OT', 'NT'] };

const check = object(['status', 'detail', 'ms'], {
  status: { type: 'string', enum: ['ok', 'warn', 'fail'] },
  detail: string(),
  ms: { type: 'number', description: 'How long the check took, milliseconds' },
});

const uptimeWindow = object(['windowSeconds', 'measuredSeconds', 'since', 'samples', 'failedSamples', 'ratio'], {
  windowSeconds: integer('The window asked for'),
  measuredSeconds: integer('The part of the window actually measured by this process'),
  since: { type: ['string', 'null'], format: 'date-time', description: 'First sample inside the window' },
  samples: integer(),
  failedSamples: integer(),
  ratio: { type: ['number', 'null'], description: 'Healthy samples / samples; null before the first sample' },
});

export const SCHEMAS: Record<string, Schema> = {
  Licence: object(['text', 'data', 'shareAlike', 'attribution'], {
    text: string('Licence statement for the scripture text'),
    data: string('Licence statement for the data'),
    document: { type: 'string', enum: ['CC-BY-4.0', 'CC-BY-SA-4.0'], description: 'Licence of the single document fetched' },
    shareAlike: string('Share-alike statement'),
    reason: string(),
    attribution: { type: 'string', format: 'uri-reference', description: 'Attribution page' },
  }),
  Verse: object(['verse', 'osis', 'text'], {
    verse: integer(),
    osis: string(),
    text: string('Empty when the translation omits the verse'),
    omitted: { const: true, description: 'Present, always true, only for omitted verses' },
    speaker: string('Attributed speaker where recorded'),
  }),
  BookSummary: object(['id', 'name', 'slug', 'testament', 'chapters'], {
    id: string('OSIS book id'),
    name: string(),
    slug: string(),
    testament,
    chapters: integer(),
  }),
  ChapterLink: object(['osis', 'url', 'verseCount', 'previous', 'next'], {
    osis: string(),
    url: string('Site route of the chapter'),
    verseCount: integer(),
    previous: nullableString('OSIS id of the chapter before, across books'),
    next: nullableString('OSIS id of the chapter after, across books'),
  }),
  Passage: object(['osis', 'reference', 'url', 'verses', 'chapter', 'licence'], {
    osis: string(),
    reference: string('Human-readable, e.g. John 3:16 or John 3:16-18'),
    url: string('Site route with a verse anchor'),
    book: ref('BookSummary'),
    text: string('Single-verse requests only'),
    omitted: { const: true },
    verses: arrayOf(ref('Verse')),
    chapter: ref('ChapterLink'),
    licence: ref('Licence'),
  }),
  Chapter: object(
    ['id', 'osis', 'book', 'chapter', 'translation', 'versification', 'verseCount', 'verses', 'previous', 'next', 'licence'],
    {
      id: string('Site route, e.g. /bible/john/3'),
      osis: string(),
      book: ref('BookSummary'),
      chapter: integer(),
      translation: { const: 'BSB' },
      versification: { const: 'kjv' },
      verseCount: integer(),
      verses: arrayOf(ref('Verse')),
      speakers: arrayOf(string()),
      omittedVerses: arrayOf(integer()),
      previous: nullableString('OSIS id of the adjacent chapter'),
      next: nullableString('OSIS id of the adjacent chapter'),
      relations: arrayOf({ type: 'object' }),
      backlinkCount: integer('True total before the cap'),
      backlinksTruncated: { type: 'boolean' },
      backlinks: arrayOf({ type: 'object' }, 'Capped at 100'),
      licence: ref('Licence'),
    },
  ),
  PassageOrChapter: { oneOf: [ref('Passage'), ref('Chapter')] },
  ScriptureResults: object(['query', 'total', 'offset', 'count', 'terms', 'phrases', 'translation', 'hits', 'licence'], {
    query: string(),
    total: integer('Hits before paging'),
    offset: integer(),
    count: integer('Hits in this page'),
    terms: arrayOf(string(), 'How the query was tokenised'),
    phrases: arrayOf(string(), 'The quoted runs'),
    translation: { const: 'BSB' },
    hits: arrayOf(
      object(['osis', 'reference', 'url', 'text', 'book', 'testament'], {
        osis: string(),
        reference: string(),
        url: string(),
        text: string(),
        book: string('Book name'),
        testament,
      }),
    ),
    licence: ref('Licence'),
  }),
  Vocabulary: object(['predicates', 'undeclared', 'note', 'books', 'licence'], {
    predicates: arrayOf(
      object(['id', 'heading', 'inverse', 'symmetric', 'domain', 'range', 'edges'], {
        id: string(),
        heading: string(),
        inverse: string(),
        symmetric: { type: 'boolean' },
        domain: {},
        range: {},
        edges: integer(),
      }),
    ),
    undeclared: arrayOf({ type: 'object' }),
    note: string(),
    books: arrayOf(
      object(['osisId', 'name', 'slug', 'testament', 'order', 'chapters', 'path'], {
        osisId: string(),
        name: string(),
        slug: string(),
        testament,
        order: integer(),
        chapters: integer(),
        path: string('Document path, e.g. bible/john'),
      }),
      '66 entries in canonical order',
    ),
    licence: ref('Licence'),
  }),
  ServiceIndex: object(
    [
      'name', 'version', 'description', 'endpoints', 'collections', 'openapi', 'mcp', 'status', 'clients', 'auth', 'sandbox',
      'errors', 'rateLimit', 'caching', 'requestId', 'pricing', 'licence',
    ],
    {
      name: string(),
      version: { const: '1' },
      description: string(),
      endpoints: { type: 'object', additionalProperties: string(), description: 'Route (relative to /api/v1) → one-line description' },
      collections: arrayOf(object(['type', 'example', 'list'], { type: string(), route: string(), example: string(), list: string() })),
      openapi: string(),
      mcp: { type: ['string', 'null'] },
      status: string(),
      clients: arrayOf(string()),
      auth: object(['required', 'scheme', 'note'], { required: { type: 'boolean' }, scheme: { type: 'null' }, note: string() }),
      sandbox: object(['note', 'webhooks'], { note: string(), webhooks: {} }),
      errors: object(['docs', 'note', 'codes', 'retryable'], {
        docs: string(),
        note: string(),
        codes: arrayOf(string()),
        retryable: arrayOf(string()),
      }),
      rateLimit: object(['limit', 'window', 'scope', 'note'], { limit: integer(), window: string(), scope: string(), note: string() }),
      caching: object(['etag', 'note'], { etag: { type: 'boolean' }, note: string() }),
      requestId: object(['note'], { note: string() }),
      pricing: object(['free', 'metered', 'minimumContract', 'creditCardRequired', 'publicPricing', 'note'], {
        free: { const: true },
        metered: { const: false },
        minimumContract: { type: 'null' },
        creditCardRequired: { const: false },
        publicPricing: { type: 'boolean' },
        note: string(),
      }),
      licence: ref('Licence'),
    },
  ),
  Status: object(
    ['status', 'checkedAt', 'checks', 'uptime', 'availabilityTarget', 'datasets', 'dataVersion', 'bundleGenerated', 'licence'],
    {
      status: { type: 'string', enum: ['ok', 'degraded'] },
      checkedAt: { type: 'string', format: 'date-time' },
      checks: object(['dataset', 'verses', 'scriptureSearch', 'memory'], {
        dataset: check,
        verses: check,
        scriptureSearch: check,
        memory: check,
      }),
      uptime: object(['last24Hours', 'last30Days', 'last90Days', 'sampleIntervalSeconds', 'note'], {
        last24Hours: uptimeWindow,
        last30Days: uptimeWindow,
        last90Days: uptimeWindow,
        sampleIntervalSeconds: integer(),
        note: string(),
      }),
      availabilityTarget: object(['ratio', 'note'], { ratio: { type: 'number' }, note: string() }),
      datasets: {
        type: 'object',
        required: ['interlinear', 'connections'],
        additionalProperties: { type: 'string', enum: ['available', 'unavailable'] },
        description: '`available` means the optional dataset is built',
      },
      dataVersion: string(),
      bundleGenerated: { type: 'string', format: 'date-time' },
      okfVersion: string(),
      process: object(['startedAt', 'uptimeSeconds'], {
        startedAt: { type: 'string', format: 'date-time' },
        uptimeSeconds: integer(),
        dataLoadedAt: { type: 'string', format: 'date-time' },
      }),
      licence: ref('Licence'),
    },
  ),
  OpenApiDocument: {
    type: 'object',
    required: ['openapi', 'info', 'paths', 'x-licence'],
    properties: { 'x-licence': ref('Licence') },
    description: 'This document; its licence object is the `x-licence` extension',
  },
  Error: object(
    ['error', 'code', 'requestId'],
    {
      error: string('Human-readable; wording may change'),
      code: { type: 'string', enum: ERROR_CODES, description: 'Machine-readable contract: branch on this' },
      requestId: string('Also sent as X-Request-Id'),
      param: string('Offending parameter where one can be named'),
      available: arrayOf(string(), 'Legal values when the failure was an unrecognised enum'),
      docs: string('Link to this error documentation'),
    },
    {
      description:
        'Every failure body. Codes:\n' +
        ERROR_CODES.map((code) => `- \`${code}\`: ${ERROR_MEANINGS[code]}`).join('\n') +
        '\n\nRetryable: dataset_unavailable and rate_limited, after `Retry-After` seconds.',
    },
  ),
};
