// Serialised success bodies, cached per data set and canonical request. A body depends only on the
// data and the canonical request (the request id appears only in error bodies), so cached bytes and
// their ETag can be answered as they are. Each data set has its own cache, dropped with the set.
//
// Bodies are kept as UTF-8 bytes, encoded once: a string body would be encoded again on every write.
// A body of COMPRESS_MIN_BYTES or more is sent compressed to a client that accepts br or gzip, compressed
// once, at its first such request, and kept beside it (`codedBody`), as the stored answers are kept in
// every coding (response artefact).

import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { RESPONSES_BROTLI_QUALITY, RESPONSES_GZIP_LEVEL } from '@skg/core';
import type { DataSet } from '../../artefacts/types.ts';
import { LruCache } from '../../internal/lru.ts';

export interface CachedResponse {
  /** The JSON body, serialised and UTF-8 encoded once. */
  readonly body: Uint8Array;
  readonly etag: string;
  /** The body in br and gzip, each made at its first request (`codedBody`). */
  coded?: { br?: Uint8Array; gzip?: Uint8Array };
}

/**
 * Bodies from this size on are sent compressed to clients that accept it: below, the coding saves less
 * than a few hundred bytes (under one TCP segment), and costs a compression per distinct answer.
 */
export const COMPRESS_MIN_BYTES = 1024;

/** `body` in a content coding, as the stored answers are: brotli RESPONSES_BROTLI_QUALITY (text mode), gzip RESPONSES_GZIP_LEVEL. */
export function compressBody(body: Uint8Array, coding: 'br' | 'gzip'): Buffer {
  if (coding === 'gzip') return gzipSync(body, { level: RESPONSES_GZIP_LEVEL });
  return brotliCompressSync(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: RESPONSES_BROTLI_QUALITY,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });
}

/**
 * The body of a cached response in `coding`, compressed at its first request and kept with it, in a
 * buffer of its own size: zlib's synchronous output is a view of its 16 KiB output chunk, so a 2 KB
 * brotli body kept as it came would hold 16 KiB (4,096 parallel answers held ~64 MiB where the cache
 * counted ~3: tools/measure-parallel-memory.ts).
 */
export function codedBody(response: CachedResponse, coding: 'br' | 'gzip'): Uint8Array {
  const coded = (response.coded ??= {});
  let body = coded[coding];
  if (body === undefined) {
    const compressed = compressBody(response.body, coding);
    body = coded[coding] = compressed.byteLength === compressed.buffer.byteLength ? compressed : new Uint8Array(compressed);
  }
  return body;
}

/**
 * What a cached response weighs in the cache: its body, and for one that may be kept compressed too,
 * half again (br and gzip of JSON are each under a third of it).
 */
export function cachedWeight(response: CachedResponse): number {
  const bytes = response.body.byteLength;
  return bytes >= COMPRESS_MIN_BYTES ? Math.ceil(bytes * 1.5) : bytes;
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
