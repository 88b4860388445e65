// Live checks of each component, run on every /status request and by the periodic sampler.

import { BOOKS, type Book } from '@skg/core';
import { listChangedArtefacts } from '../artefacts/integrity.ts';
import type { DataSet } from '../artefacts/types.ts';
import type { StoreHealth } from '../store-outage.ts';

export type CheckStatus = 'ok' | 'warn' | 'fail';

interface CheckOutcome {
  readonly status: CheckStatus;
  readonly detail: string;
  readonly [extra: string]: unknown;
}

export interface CheckResult extends CheckOutcome {
  /** How long the check took, milliseconds. */
  readonly ms: number;
}

export interface CheckReport {
  /** `degraded` when any check failed; a warning does not degrade. */
  readonly status: 'ok' | 'degraded';
  readonly checks: {
    readonly dataset: CheckResult;
    readonly verses: CheckResult;
    readonly scriptureSearch: CheckResult;
    readonly memory: CheckResult;
    /** With a shared store (Redis) only. */
    readonly sharedStore?: CheckResult;
  };
}

export interface CheckOptions {
  /** Resident memory above this warns, above twice this fails. */
  readonly memoryBudgetBytes: number;
  /** The shared stores' health (Redis); none without a shared store. */
  readonly getStoreHealth?: () => readonly StoreHealth[];
}

interface Probe {
  readonly book: Book;
  readonly chapter: number;
  readonly verse: number;
  readonly osis: string;
  /** A word of the probe verse, which the search index must find. */
  readonly word: string;
}

const probes = new WeakMap<DataSet, Probe | null>();

/** The first verse of the data with a searchable word: a verse every sound build can read and find. */
function getProbe(dataSet: DataSet): Probe | null {
  let probe = probes.get(dataSet);
  if (probe !== undefined) return probe;
  probe = null;
  const { canon } = dataSet.scripture;
  search: for (const book of BOOKS) {
    for (let chapter = 1; chapter <= book.chapters; chapter += 1) {
      const count = canon.verseCount(book, chapter);
      for (let verse = 1; verse <= count; verse += 1) {
        const record = dataSet.scripture.getVerse(book, chapter, verse);
        const word = record?.text
          .toLowerCase()
          .split(/[^a-z]+/)
          .filter((w) => w.length >= 3)
          .sort((a, b) => b.length - a.length)[0];
        if (record && word) {
          probe = { book, chapter, verse, osis: record.osis, word };
          break search;
        }
      }
    }
  }
  probes.set(dataSet, probe);
  return probe;
}

async function timed(run: () => Promise<CheckOutcome> | CheckOutcome): Promise<CheckResult> {
  const started = performance.now();
  let result: CheckOutcome;
  try {
    result = await run();
  } catch (error) {
    result = { status: 'fail', detail: error instanceof Error ? error.message : String(error) };
  }
  return { ...result, ms: Math.round((performance.now() - started) * 1000) / 1000 };
}

export async function runChecks(dataSet: DataSet, options: CheckOptions): Promise<CheckReport> {
  const dataset = await timed(() => {
    // The response artefact is checked after start (serve.ts): a corrupt one is a failing build.
    const changed = listChangedArtefacts(dataSet);
    if (changed.length > 0) return { status: 'fail', detail: changed.map((artefact) => artefact.message).join('; ') };
    const corrupt = dataSet.responses?.problem;
    if (corrupt !== undefined) return { status: 'fail', detail: corrupt };
    const required = Object.entries(dataSet.manifest.artefacts).filter(([, entry]) => !entry.optional).length;
    return {
      status: 'ok',
      detail: `data version ${dataSet.manifest.dataVersion} loaded at ${dataSet.loadedAt.toISOString()} with ${required} required artefacts`,
    };
  });
  const probe = getProbe(dataSet);
  const verses = await timed(() => {
    if (!probe) return { status: 'fail', detail: 'the verse store holds no readable verse' };
    const verse = dataSet.scripture.getVerse(probe.book, probe.chapter, probe.verse);
    if (verse?.osis !== probe.osis || verse.text === '') return { status: 'fail', detail: `${probe.osis} did not read back` };
    return { status: 'ok', detail: `read ${probe.osis}`, probe: probe.osis };
  });
  const scriptureSearch = await timed(async () => {
    if (!probe) return { status: 'fail', detail: 'no probe verse to search for' };
    const result = await dataSet.scripture.search({ q: probe.word, limit: 1, offset: 0 });
    if (result.total < 1 || result.hits.length < 1) return { status: 'fail', detail: `'${probe.word}' found nothing` };
    return { status: 'ok', detail: `'${probe.word}' found ${result.total} verses`, probe: probe.word };
  });
  const memory = await timed(() => {
    const usage = process.memoryUsage();
    const budget = options.memoryBudgetBytes;
    const status: CheckStatus = usage.rss > 2 * budget ? 'fail' : usage.rss > budget ? 'warn' : 'ok';
    return {
      status,
      detail: `resident ${Math.round(usage.rss / 2 ** 20)} MB of a ${Math.round(budget / 2 ** 20)} MB budget`,
      rssBytes: usage.rss,
      heapUsedBytes: usage.heapUsed,
      budgetBytes: budget,
    };
  });
  const stores = options.getStoreHealth?.() ?? [];
  // A store down warns and does not fail /status: reads are answered without it (the rate limit counted
  // in each process), and a 503 here would take every server out of a load balancer at once.
  const sharedStore =
    stores.length === 0
      ? undefined
      : await timed(() => ({
          status: stores.every((store) => store.ok) ? 'ok' : 'warn',
          detail: stores.map((store) => store.detail).join('; '),
        }));
  const checks = { dataset, verses, scriptureSearch, memory, ...(sharedStore ? { sharedStore } : {}) };
  const failed = Object.values(checks).some((check) => check.status === 'fail');
  return { status: failed ? 'degraded' : 'ok', checks };
}
