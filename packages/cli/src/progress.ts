// What `skg ingest` and `skg build` show while they work, on standard error (the report goes to
// standard output): on a terminal, a live line per stage with ora (a spinner and the seconds so far,
// then a tick and the stage's time); anywhere else (CI, a pipe, a file), plain timestamped lines, one
// as each stage starts and one as it ends:
//
//   2026-11-24T02:30:01.123Z skg build: [3/7] validate started
//   2026-11-24T02:30:01.935Z skg build: [3/7] validate done in 812 ms (31,102 verses)

import type { ProgressEvent, ProgressListener } from '@skg/core';
import type { Ora } from 'ora';

export interface ProgressDisplay {
  readonly listener: ProgressListener;
  /** Says how far the running stage is (`render 40 %, 50,477 of 126,192 answers`): the live line's tail, or a plain line. */
  note(text: string): void;
  /** Ends the display: a stage still running is marked failed (the command's error follows). */
  stop(): void;
}

export interface ProgressDisplayOptions {
  /** Default process.stderr. */
  readonly stream?: NodeJS.WriteStream;
  /** The live display; default: when `stream` is a terminal and `CI` is not set. */
  readonly live?: boolean;
  /** The clock of the plain lines; default now. */
  readonly now?: () => Date;
}

/** A display for `command` (`ingest`, `build`). ora is loaded only for a terminal (and never by `skg serve`). */
export async function createProgressDisplay(command: string, options: ProgressDisplayOptions = {}): Promise<ProgressDisplay> {
  const stream = options.stream ?? process.stderr;
  const live = options.live ?? (stream.isTTY === true && !process.env.CI);
  if (!live) return createLineDisplay(command, stream, options.now ?? (() => new Date()));
  const { default: ora } = await import('ora');
  return createLiveDisplay(command, stream, ora);
}

const label = (event: ProgressEvent): string => `[${event.index}/${event.total}] ${event.stage}`;

function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function createLineDisplay(command: string, stream: NodeJS.WritableStream, now: () => Date): ProgressDisplay {
  let running: string | undefined;
  const write = (text: string) => stream.write(`${now().toISOString()} skg ${command}: ${text}\n`);
  return {
    listener(event) {
      if (event.type === 'start') write(`${label(event)} started`);
      else write(`${label(event)} done in ${formatMs(event.ms)}${event.detail ? ` (${event.detail})` : ''}`);
      running = event.type === 'start' ? label(event) : undefined;
    },
    note(text) {
      write(`${running ?? ''} ${text}`.trim());
    },
    stop() {},
  };
}

function createLiveDisplay(command: string, stream: NodeJS.WriteStream, ora: typeof import('ora').default): ProgressDisplay {
  let spinner: Ora | undefined;
  let running: { text: string; started: number; note?: string } | undefined;
  // The seconds so far, redrawn with the spinner's frames; unref'd so it never holds the process.
  const clock = setInterval(() => {
    if (spinner && running) spinner.text = `${running.text} ${formatMs(performance.now() - running.started)}${running.note ? `  ${running.note}` : ''}`;
  }, 200);
  clock.unref();
  return {
    listener(event) {
      if (event.type === 'start') {
        running = { text: `skg ${command}: ${label(event)}…`, started: performance.now() };
        // isEnabled: the terminal test is made above, once for both displays.
        spinner = ora({ text: running.text, stream, discardStdin: false, isEnabled: true }).start();
        return;
      }
      spinner?.succeed(`skg ${command}: ${label(event)} ${formatMs(event.ms)}${event.detail ? `  ${event.detail}` : ''}`);
      spinner = undefined;
      running = undefined;
    },
    note(text) {
      if (running) running.note = text;
    },
    stop() {
      clearInterval(clock);
      if (spinner?.isSpinning) spinner.fail(`${running?.text.replace(/…$/, '') ?? `skg ${command}`} failed`);
      spinner = undefined;
    },
  };
}
