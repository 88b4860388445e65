// The examples the document shows are real and current: every operation has one on each response with a
// body, each is an answer the fixture app gives now (recaptured here and compared with the checked-in
// file), and each conforms to the schema it illustrates.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, get } from '../helpers/app.ts';
import { getFixtureDataSet } from '../helpers/fixture.ts';
import { createContract, type OpenApiDocument } from '../helpers/schema.ts';
import { CAPTURED_EXAMPLES } from '../../packages/server/src/openapi/captured-examples.ts';
import { captureFixtureExamples } from './capture-examples.ts';

type Json = Record<string, unknown>;

let document: OpenApiDocument;
before(async () => {
  document = (await get(createTestApp(await getFixtureDataSet()), '/openapi.json')).body;
});

/** A `$ref` followed to what it names. */
function resolve(node: Json): Json {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  return resolve(ref.slice(2).split('/').reduce<Json>((at, key) => at[key] as Json, document as unknown as Json));
}

describe('the examples of the OpenAPI document', () => {
  it('are what the fixture app answers now (else run `npm run openapi:examples` and commit the file)', async () => {
    const current = await captureFixtureExamples();
    assert.deepEqual(CAPTURED_EXAMPLES, JSON.parse(JSON.stringify(current)), 'packages/server/src/openapi/captured-examples.ts is not current: run `npm run openapi:examples` and commit it');
  });

  it('show every operation with a real example on each response that has a body, and conform to its schema', () => {
    const contract = createContract(document);
    const missing: string[] = [];
    const problems: string[] = [];
    for (const { operationId, operation } of contract.operations) {
      for (const [status, declared] of Object.entries(operation.responses)) {
        const content = resolve(declared as unknown as Json).content as Record<string, Json> | undefined;
        if (!content) continue;
        // Binary files (the reference page's icons) have no example to show.
        const shown = Object.entries(content).filter(([type]) => !type.startsWith('image/'));
        if (shown.length === 0) continue;
        const examples = shown.flatMap(([type, media]) => Object.values((media.examples ?? {}) as Record<string, Json>).map((example) => ({ type, media, example })));
        if (examples.length === 0) {
          missing.push(`${operationId} ${status}`);
          continue;
        }
        for (const { type, media, example } of examples) {
          if (type !== 'application/json') continue;
          const schema = (media.schema as Json).$ref as string;
          const name = schema.split('/').pop() ?? '';
          problems.push(...contract.checkSchema(name, example.value).map((problem) => `${operationId} ${status}: ${problem}`));
        }
      }
    }
    assert.deepEqual(missing, [], 'responses without an example');
    assert.deepEqual(problems, []);
  });
});
