// Progress of a long command (`skg ingest`, `skg build`): each stage as it starts and as it ends. The
// ingest and the compiler emit these; the CLI shows them (a live display on a terminal, timestamped
// lines otherwise).

export type ProgressEvent =
  | {
      readonly type: 'start';
      readonly stage: string;
      /** 1-based position of the stage and how many there are, when known in advance. */
      readonly index: number;
      readonly total: number;
    }
  | {
      readonly type: 'end';
      readonly stage: string;
      readonly index: number;
      readonly total: number;
      readonly ms: number;
      /** What the stage found or made, in a few words (`3,069 documents`). */
      readonly detail?: string;
    };

export type ProgressListener = (event: ProgressEvent) => void;

/**
 * Tells `listener` that stage `stage` (number `index` of `total`) starts; call the function returned
 * when it ends, with what it found or made in a few words.
 */
export function startStage(
  listener: ProgressListener | undefined,
  stage: string,
  position: { readonly index: number; readonly total: number },
): (detail?: string) => void {
  if (!listener) return () => undefined;
  listener({ type: 'start', stage, ...position });
  const started = performance.now();
  return (detail) => listener({ type: 'end', stage, ...position, ms: Math.round((performance.now() - started) * 10) / 10, ...(detail ? { detail } : {}) });
}

/**
 * Runs `run` as stage `stage` (see `startStage`); `describe` turns its result into the end event's
 * detail. Nothing is told when `run` throws: the error is the news.
 */
export async function runStage<T>(
  listener: ProgressListener | undefined,
  stage: string,
  position: { readonly index: number; readonly total: number },
  run: () => T | Promise<T>,
  describe?: (value: T) => string | undefined,
): Promise<T> {
  const end = startStage(listener, stage, position);
  const value = await run();
  end(describe?.(value));
  return value;
}
