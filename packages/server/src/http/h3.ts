// The in-process adapter (docs/engine.md): an h3 app with one catch-all handler that makes the event
// into a `RequestHead` and answers with the engine's answer as a web `Response` (`PipelineResponse`,
// which keeps the answer's parts). h3 routes nothing itself: the engine's route table does. This is what
// `app.fetch` runs (tests, in-process callers, /mcp's tool calls); the Node listener calls the engine
// without it (http/node/listener.ts).

import { H3 } from 'h3';
import { FastResponse } from 'srvx/node';
import type { Answer, Engine } from './engine.ts';
import { H3Head } from './request.ts';

/** The engine's answer as a web `Response` (srvx's FastResponse) that keeps the parts it was built from. */
export class PipelineResponse extends FastResponse {
  readonly raw: Answer;

  constructor(raw: Answer) {
    super(raw.body, raw);
    this.raw = raw;
  }
}

export function createH3Adapter(engine: Engine): H3 {
  const app = new H3({
    // Everything is logged by the error boundary, once; h3 stays quiet.
    silent: true,
    // Malformed percent-encoding reaches the routes (and their errors) instead of h3's own 400.
    allowMalformedURL: true,
    // A failure outside the engine still answers the Error body.
    // (h3 wraps a thrown non-HTTPError as an unhandled HTTPError; its cause is what was thrown.)
    onError: (error, event) =>
      new PipelineResponse(engine.answerUnexpected(new H3Head(event), error.unhandled && error.cause !== undefined ? error.cause : error)),
  });
  app.all('/**', (event) => {
    const answer = engine.answer(new H3Head(event));
    return answer instanceof Promise ? answer.then((resolved) => new PipelineResponse(resolved)) : new PipelineResponse(answer);
  });
  return app;
}
