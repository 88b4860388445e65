// Versions this server reports.

/** The interface version (the `/api/v1` prefix); the service index reports it. */
export const API_VERSION = '1' as const;

/** The OpenAPI document's own version (spec, Versioning rule 2). */
export const OPENAPI_VERSION = '1.2.0';

// The response bodies' format is not versioned by hand: each route's ETags carry a hash of its contract
// in the OpenAPI document (openapi/response-format.ts), so a changed schema changes them by itself.
