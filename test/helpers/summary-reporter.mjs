// A node:test reporter (plain JavaScript: node loads reporters before tsx's hooks) adding one line at the end of `npm test` (after the spec reporter's output):
// which suites ran (test/<suite>/…), how many tests passed and failed, and which were skipped and why,
// grouped by reason, so a run without the full data says so in one place:
//
//   npm test: ran unit, endpoints, conformance, client, acceptance: 1,530 tests, 1,530 passed, 0 failed;
//   skipped 19: 18 "full data not built in …/dist (run: …)" (acceptance, conformance), 1 "runs npm ci …" (unit)
//
// (a skipped describe counts once: node:test does not report the tests inside it)

import path from 'node:path';

const TEST_DIR = path.resolve('test');
const count = new Intl.NumberFormat('en-US');

/** @param {string | undefined} file */
function suiteOf(file) {
  if (!file) return '?';
  const relative = path.relative(TEST_DIR, file);
  return relative.startsWith('..') ? path.basename(file) : (relative.split(path.sep)[0] ?? '?');
}

/** @param {AsyncIterable<import('node:test/reporters').TestEvent>} source */
export default async function* summaryReporter(source) {
  const suites = new Set();
  /** @type {Map<string, { count: number, suites: Set<string> }>} */
  const skipped = new Map();
  let passed = 0;
  let failed = 0;
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const data = event.data;
    const suite = suiteOf(data.file);
    // A skipped describe is reported once, as a suite; its tests are not reported at all.
    if (data.skip !== undefined && data.skip !== false) {
      const reason = typeof data.skip === 'string' ? data.skip : 'skipped';
      const entry = skipped.get(reason) ?? { count: 0, suites: new Set() };
      entry.count++;
      entry.suites.add(suite);
      skipped.set(reason, entry);
      continue;
    }
    if (data.details.type === 'suite') continue;
    suites.add(suite);
    if (event.type === 'test:pass') passed++;
    else failed++;
  }
  const skips = [...skipped].map(([reason, { count: n, suites: where }]) => `${count.format(n)} "${reason}" (${[...where].join(', ')})`);
  const skippedTotal = [...skipped.values()].reduce((sum, entry) => sum + entry.count, 0);
  yield `\nnpm test: ran ${[...suites].join(', ')}: ${count.format(passed + failed)} tests, ${count.format(passed)} passed, ${count.format(failed)} failed; ` +
    (skippedTotal === 0 ? 'none skipped' : `skipped ${count.format(skippedTotal)}: ${skips.join('; ')}`) +
    '\n';
}
