// h3 with its route table compiled: rou3's `compileRouter` turns the table into one generated matching
// function, which h3's default lookup (`findRoute`, a walk of the route tree that splits the path into
// segments on every request) is not. Matching /api/v1/passage/John.3.16 took 200 ns with `findRoute`
// against 65 ns compiled (in process), and in a profile of the wide benchmark the lookup was 5.6 % of
// the server's busy time (docs/api-decisions.md, "Request pipeline").
//
// The routes, their order of precedence and what a match returns are rou3's, unchanged: the compiled
// function is generated from the same tree h3 builds, once the table is complete (at the first request)
// and again if a route is added later. h3's `~findRoute` is the hook h3 routes every request through;
// this keeps its HEAD-as-GET fallback.

import { H3, type H3Event } from 'h3';
import { compileRouter } from 'rou3/compiler';

type Route = ReturnType<H3['~findRoute']>;
type Match = (method: string, path: string) => Route | undefined;

export class CompiledRouteApp extends H3 {
  #match: Match | undefined;

  override '~findRoute'(event: H3Event): Route {
    this.#match ??= compileRouter(this['~rou3']) as Match;
    const { method } = event.req;
    const { pathname } = event.url;
    const match = this.#match(method, pathname);
    if (match === undefined && method === 'HEAD') return this.#match('GET', pathname);
    return match;
  }

  override '~addRoute'(route: Parameters<H3['~addRoute']>[0]): void {
    super['~addRoute'](route);
    this.#match = undefined;
  }
}
