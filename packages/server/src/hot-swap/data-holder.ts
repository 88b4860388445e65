// The data set the server answers from, and the hot swap that replaces it with a new build of dist/.
//
// A swap is one assignment: requests that started before it keep the set they took at their start
// (RequestState.dataSet) and finish on it; requests after it start on the new set. The old set is
// dropped with its last request: its response cache, ETag base and status probe are keyed by the set
// (WeakMaps), and the files it reads lazily stay readable through their open descriptors even when the
// compiler removes its build directory (artefacts/artefact-file.ts). A build that does not verify
// (verify-build.ts) is refused with its reasons logged, and the current set keeps serving.
//
// A manifest of the data version served that only names other stored answers (`skg build
// --render-only`, which `skg start` runs after it starts serving) is a swap too, of a set sharing every
// store but the response artefact (attachVerifiedStoredAnswers): the same bodies and ETags, so no
// `data.updated` event.

import type { DataSet } from '../artefacts/types.ts';
import type { ServiceEvents } from '../events.ts';
import { attachVerifiedStoredAnswers, BuildRefusedError, getStoredAnswersStamp, type LoadDataSet, loadVerifiedBuild, readManifestStamp } from './verify-build.ts';

export type ReloadOutcome =
  | {
      readonly status: 'swapped';
      readonly dataVersion: string;
      readonly previousDataVersion: string;
      readonly builtAt: string;
      /** Verify, load, check and switch, milliseconds. */
      readonly ms: number;
    }
  /**
   * The same data version, now with its stored answers (or without them): switched, answering the same
   * bytes with the same ETags, so no `data.updated` event is emitted.
   */
  | { readonly status: 'stored-answers'; readonly dataVersion: string; readonly storedAnswers: boolean; readonly ms: number }
  | { readonly status: 'unchanged'; readonly dataVersion: string }
  | { readonly status: 'refused'; readonly dataVersion: string | undefined; readonly reasons: readonly string[] };

export interface DataHolderOptions {
  readonly distDir: string;
  /** The set loaded at start-up. */
  readonly initial: DataSet;
  readonly loadDataSet: LoadDataSet;
  /** Where `data.updated` is emitted after each swap. */
  readonly events?: ServiceEvents;
  /** Swap and refusal lines. */
  readonly log: (line: string) => void;
}

export interface DataHolder {
  /** The set a request starting now answers from. */
  get(): DataSet;
  /**
   * Looks at the build `manifest.json` names now and switches to it when it is new and verifies.
   * `trigger` says why (`watch`, `SIGHUP` …) in the log; `manual` triggers retry a build refused
   * before, automatic ones do not log the same refusal twice. Calls while a reload runs are answered
   * by one more reload after it, so the last change is never missed. Never rejects.
   */
  reload(trigger: string, options?: { readonly manual?: boolean }): Promise<ReloadOutcome>;
}

export function createDataHolder(options: DataHolderOptions): DataHolder {
  // Not `options` itself in the closures below: it holds the initial set, which must be dropped with its last request.
  const { distDir, loadDataSet, events, log } = options;
  let current = options.initial;
  let running: Promise<ReloadOutcome> | undefined;
  let queued: Promise<ReloadOutcome> | undefined;
  let queuedManual = false;
  let lastRefusal: { readonly stamp: string; readonly outcome: ReloadOutcome } | undefined;

  async function attempt(trigger: string, manual: boolean): Promise<ReloadOutcome> {
    const started = performance.now();
    const previous = current;
    const named = await readManifestStamp(distDir);
    if (named?.dataVersion === previous.manifest.dataVersion && named.storedAnswers === getStoredAnswersStamp(previous.manifest)) {
      return { status: 'unchanged', dataVersion: named.dataVersion };
    }
    if (!manual && named !== undefined && lastRefusal?.stamp === named.stamp) return lastRefusal.outcome;
    try {
      // Only the stored answers changed: they attach to the set served (no second copy of the data).
      const attached = named?.dataVersion === previous.manifest.dataVersion ? await attachVerifiedStoredAnswers(distDir, previous) : undefined;
      const { dataSet, builtAt } = attached ?? (await loadVerifiedBuild(distDir, loadDataSet));
      const dataVersion = dataSet.manifest.dataVersion;
      const previousDataVersion = previous.manifest.dataVersion;
      if (dataVersion === previousDataVersion && getStoredAnswersStamp(dataSet.manifest) === getStoredAnswersStamp(previous.manifest)) {
        return { status: 'unchanged', dataVersion };
      }
      current = dataSet;
      lastRefusal = undefined;
      const ms = Math.round((performance.now() - started) * 10) / 10;
      if (dataVersion === previousDataVersion) {
        // Only the stored answers came or went (`skg build --render-only`): the same answers, so no event.
        const storedAnswers = dataSet.responses !== undefined;
        log(`skg: switched to data ${dataVersion} ${storedAnswers ? 'with' : 'without'} its stored answers in ${ms} ms [${trigger}]`);
        return { status: 'stored-answers', dataVersion, storedAnswers, ms };
      }
      log(`skg: switched to data ${dataVersion} (was ${previousDataVersion}) in ${ms} ms [${trigger}]`);
      events?.emit('data.updated', { dataVersion, previousDataVersion, builtAt, bundleGenerated: dataSet.manifest.bundleGenerated });
      return { status: 'swapped', dataVersion, previousDataVersion, builtAt, ms };
    } catch (error) {
      const refused = error instanceof BuildRefusedError ? error : new BuildRefusedError([error instanceof Error ? error.message : String(error)]);
      const outcome: ReloadOutcome = { status: 'refused', dataVersion: refused.dataVersion ?? named?.dataVersion, reasons: refused.reasons };
      if (named !== undefined) lastRefusal = { stamp: named.stamp, outcome };
      log(
        `skg: refused the build in ${distDir}${outcome.dataVersion ? ` (data ${outcome.dataVersion})` : ''} [${trigger}]; ` +
          `still serving data ${previous.manifest.dataVersion}:\n  - ${refused.reasons.join('\n  - ')}`,
      );
      return outcome;
    }
  }

  function reload(trigger: string, reloadOptions: { readonly manual?: boolean } = {}): Promise<ReloadOutcome> {
    const manual = reloadOptions.manual === true;
    if (running === undefined) {
      running = attempt(trigger, manual).finally(() => {
        running = undefined;
      });
      return running;
    }
    // The run under way may have read the manifest before this change: one more run after it.
    queuedManual ||= manual;
    queued ??= running.then(() => {
      const again = { manual: queuedManual };
      queued = undefined;
      queuedManual = false;
      return reload(trigger, again);
    });
    return queued;
  }

  return { get: () => current, reload };
}
