// What a request id costs, in process (issue 20): Node's `crypto.randomUUID()` against the server's
// `randomRequestId()` (packages/server/src/http/steps/request-id.ts), each id read to its last character
// as a header or a log line would (which makes a string of joined pieces flat). Prints ns per id for
// three rounds, and checks that the ids are version-4 UUIDs and distinct.
//
// Usage: npx tsx tools/bench-request-id.ts [--ids 1000000]

import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { randomRequestId } from '../packages/server/src/http/steps/request-id.ts';

const { values: args } = parseArgs({ options: { ids: { type: 'string', default: '1000000' } } });
const ids = Number(args.ids);
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const seen = new Set<string>();
for (let i = 0; i < 100_000; i++) {
  const id = randomRequestId();
  if (!UUID_V4.test(id)) throw new Error(`not a version-4 UUID: ${id}`);
  seen.add(id);
}
if (seen.size !== 100_000) throw new Error(`${100_000 - seen.size} repeated ids in 100,000`);

for (let round = 1; round <= 3; round++) {
  for (const [name, make] of [['crypto.randomUUID', randomUUID], ['randomRequestId', randomRequestId]] as const) {
    let sink = 0;
    const started = performance.now();
    for (let i = 0; i < ids; i++) sink += make().charCodeAt(35);
    const ns = ((performance.now() - started) * 1e6) / ids;
    console.log(`round ${round}: ${name.padEnd(18)} ${ns.toFixed(0)} ns per id${sink === 0 ? ' ' : ''}`);
  }
}
