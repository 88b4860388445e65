// Serialised success bodies, cached per data set and canonical request. A body depends only on the
// data and the canonical request (the request id appears only in error bodies), so a cached string and
// its ETag can be answered as they are. Each data set has its own cache, dropped with the set.

import type { DataSet } from './artefacts/types.ts';
import { LruCache } from './internal/lru.ts';

export interface CachedResponse {
  /** The JSON body, serialised once. */
  readonly body: string;
  readonly etag: string;
}

export interface ResponseCacheLimits {
  /** Default 4,096 bodies. */
  readonly maxEntries?: number;
  /** Total UTF-16 length of cached bodies; default 16 M characters (about 16 MB of ASCII JSON). */
  readonly maxChars?: number;
}

export interface ResponseCaches {
  /** The cache of one data set, created on first use. */
  forDataSet(dataSet: DataSet): LruCache<CachedResponse>;
}

export function createResponseCaches(limits: ResponseCacheLimits = {}): ResponseCaches {
  const maxEntries = limits.maxEntries ?? 4096;
  const maxChars = limits.maxChars ?? 16 * 1024 * 1024;
  const caches = new WeakMap<DataSet, LruCache<CachedResponse>>();
  return {
    forDataSet(dataSet) {
      let cache = caches.get(dataSet);
      if (cache === undefined) {
        cache = new LruCache(maxEntries, maxChars);
        caches.set(dataSet, cache);
      }
      return cache;
    },
  };
}
