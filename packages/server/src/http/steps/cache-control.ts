// Cache-Control of every successful data answer (docs/api-decisions.md, "Caching and ETags").
//
// A data answer changes only when a new build is switched in (a hot swap), and then its ETag changes
// with the data version. `max-age=300`: a browser or CDN answers from its copy for five minutes, then
// revalidates with If-None-Match, which costs a 304 with no body while the data is unchanged; a new
// build reaches such a cache within five minutes. `stale-while-revalidate=3600`: for an hour past that,
// a cache may answer its copy once more while it revalidates in the background, so no reader waits on
// the origin; the oldest answer a cache can give after a data update is 65 minutes old.
// `public`: the answers carry nothing of the client (no cookies, no authorisation), so shared caches
// may keep them. Live routes (/status) send `no-store`, webhook routes `no-store`, the reference page
// its own.

export const DATA_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=3600';
