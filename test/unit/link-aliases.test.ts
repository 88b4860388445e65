import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Diagnostics } from '@skg/compiler';
import { linkAliases } from '../../packages/compiler/src/stages/link-aliases.ts';
import type { EntityDoc } from '../../packages/compiler/src/stages/validate-entity.ts';

const doc = (id: string, aliasIds: string[]) => ({ id, file: `${id}.md`, aliasIds }) as unknown as EntityDoc;

describe('linkAliases', () => {
  it('tables every alias id with its document, sorted by alias', () => {
    const documents = [doc('people/abraham', ['people/abram']), doc('people/jacob', ['people/israel', 'people/jesherun'])];
    const diagnostics = new Diagnostics();
    const table = linkAliases(documents, new Map(documents.map((d, i) => [d.id, i])), diagnostics);
    assert.deepEqual(table, [
      ['people/abram', 0],
      ['people/israel', 1],
      ['people/jesherun', 1],
    ]);
    assert.equal(diagnostics.errorCount, 0);
  });

  it("refuses an alias that is a document's id or that two documents give", () => {
    const documents = [doc('people/abraham', ['people/isaac', 'people/abram']), doc('people/isaac', ['people/abram'])];
    const diagnostics = new Diagnostics();
    const table = linkAliases(documents, new Map(documents.map((d, i) => [d.id, i])), diagnostics);
    assert.deepEqual(table, []);
    assert.equal(diagnostics.errorCount, 2);
    assert.match(diagnostics.list[0]?.message ?? '', /people\/isaac' is the id of a document/);
    assert.match(diagnostics.list[1]?.message ?? '', /given by two documents/);
  });
});
