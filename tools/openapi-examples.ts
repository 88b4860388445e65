// Writes packages/server/src/openapi/captured-examples.ts: the examples the OpenAPI document shows, captured
// from the fixture app (test/conformance/capture-examples.ts). Run it when a body or the fixture
// changes: `npm run openapi:examples`; test/conformance/examples-current.test.ts says when it is due.

import { writeFileSync } from 'node:fs';
import { captureFixtureExamples, EXAMPLE_FILE, formatExampleFile } from '../test/conformance/capture-examples.ts';

const file = await captureFixtureExamples();
writeFileSync(EXAMPLE_FILE, formatExampleFile(file));
const operations = Object.keys(file).filter((name) => name !== '*');
console.log(`wrote ${EXAMPLE_FILE}: ${operations.length} operations, ${operations.reduce((sum, name) => sum + Object.keys(file[name] ?? {}).length, 0)} examples`);
