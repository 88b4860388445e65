// Serialised success bodies, cached per data set and canonical request. A body depends only on the
// data and the canonical request (the request id appears only in error bodies), so cached bytes and
// their ETag can be answered as they are. Each data set has its own cache, dropped with the set.
//
// Bodies are kept as UTF-8 bytes, encoded once: a string body would be encoded again on every write.

import type { DataSet } from './artefacts/types.ts';
import { LruCache } from './internal/lru.ts';

export interface CachedResponse {
  /** The JSON body, serialised and UTF-8 encoded once. */
  readonly body: Uint8Array;
  readonly etag: string;
}

const encoder = new TextEncoder();

/** UTF-8 bytes of a body, in their own buffer (never a slice of a shared pool a cached body would pin). */
export function encodeBody(text: string): Uint8Array {
  return encoder.encode(text);
}

export interface ResponseCacheLimits {
  /** Default 4,096 bodies. */
  readonly maxEntries?: number;
  /** Total size of cached bodies in bytes; default 16 MiB. */
  readonly maxBytes?: number;
}

export interface ResponseCaches {
  /** The cache of one data set, created on first use. */
  forDataSet(dataSet: DataSet): LruCache<CachedResponse>;
}

export function createResponseCaches(limits: ResponseCacheLimits = {}): ResponseCaches {
  const maxEntries = limits.maxEntries ?? 4096;
  const maxBytes = limits.maxBytes ?? 16 * 1024 * 1024;
  const caches = new WeakMap<DataSet, LruCache<CachedResponse>>();
  return {
    forDataSet(dataSet) {
      let cache = caches.get(dataSet);
      if (cache === undefined) {
        cache = new LruCache(maxEntries, maxBytes);
        caches.set(dataSet, cache);
      }
      return cache;
    },
  };
}
