// Counts calls of node:zlib's functions (compress, decompress, their streams) made by the code under
// test: each is replaced by a counting wrapper on the module and in its ES module bindings
// (`syncBuiltinESMExports`), so `import { brotliDecompressSync } from 'node:zlib'` sees it too.

import { syncBuiltinESMExports } from 'node:module';
import zlib from 'node:zlib';

export interface ZlibCalls {
  /** Calls per function name, only those called. */
  readonly counted: Record<string, number>;
  restore(): void;
}

export function countZlibCalls(): ZlibCalls {
  const counted: Record<string, number> = {};
  const module = zlib as unknown as Record<string, unknown>;
  const originals = new Map<string, (...args: unknown[]) => unknown>();
  for (const [name, value] of Object.entries(module)) {
    if (typeof value !== 'function' || !/^(brotli|gzip|gunzip|deflate|inflate|unzip|create)/.test(name)) continue;
    if (Object.getOwnPropertyDescriptor(module, name)?.writable !== true) continue; // the stream factories are read-only getters
    const original = value as (...args: unknown[]) => unknown;
    originals.set(name, original);
    module[name] = function (this: unknown, ...args: unknown[]) {
      counted[name] = (counted[name] ?? 0) + 1;
      return original.apply(this, args);
    };
  }
  syncBuiltinESMExports();
  return {
    counted,
    restore() {
      for (const [name, original] of originals) module[name] = original;
      syncBuiltinESMExports();
    },
  };
}
