// Types generated from the served document by openapi-typescript (what a client generator makes of it)
// describe every body: no schema becomes `Record<string, never>` (what a bare `{type: object}` turns
// into, an object a client can read nothing from), and the unions narrow on their `kind`.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import openapiTS, { astToString } from 'openapi-typescript';
import { createTestApp, get } from '../helpers/app.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';

let document: Record<string, unknown>;
let types: string;
before(async () => {
  document = (await get(createTestApp(await getFixtureDataSet()), '/openapi.json')).body;
  types = astToString(await openapiTS(structuredClone(document) as unknown as Parameters<typeof openapiTS>[0]));
});

/**
 * openapi-typescript always writes a root `$defs` type for the document's root `$defs` member, as
 * `Record<string, never>` when there is none (OpenAPI 3.1 allows no such member): a placeholder for
 * nothing, not a schema of this document.
 */
const ROOT_DEFS_PLACEHOLDER = 'export type $defs = Record<string, never>;';

describe('types generated from the OpenAPI document by openapi-typescript', () => {
  it('have no Record<string, never>: every object schema says what it holds', () => {
    assert.equal(document.$defs, undefined);
    const lines = types.split('\n').filter((line) => line.includes('Record<string, never>') && line.trim() !== ROOT_DEFS_PLACEHOLDER);
    assert.deepEqual(lines, []);
  });

  it('would have one for a bare object schema', async () => {
    const bare = structuredClone(document) as { components: { schemas: Record<string, unknown> } };
    bare.components.schemas.Bare = { type: 'object' };
    const generated = astToString(await openapiTS(bare as unknown as Parameters<typeof openapiTS>[0]));
    assert.match(generated, /Bare: Record<string, never>/);
  });

  it('tell a Passage from a Chapter, and a document from a chapter or a collection, by kind', () => {
    for (const kind of ['passage', 'chapter', 'entity', 'collection']) assert.match(types, new RegExp(`kind: "${kind}";`), kind);
  });
});
