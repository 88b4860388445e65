// Versions this server reports and folds into every ETag.

/** The interface version (the `/api/v1` prefix); the service index reports it. */
export const API_VERSION = '1';

/** The OpenAPI document's own version (spec, Versioning rule 2). */
export const OPENAPI_VERSION = '1.2.0';

/**
 * The version of the response bodies this code writes. It is part of every ETag, so bump it whenever a
 * body changes shape or content for the same data: clients and CDNs then stop revalidating old copies.
 */
export const RESPONSE_FORMAT_VERSION = '0.2.0';
