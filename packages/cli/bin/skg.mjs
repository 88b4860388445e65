#!/usr/bin/env node
// The `skg` command for plain Node: runs the compiled CLI, bundled (`npm run build` writes
// packages/cli/lib/bundle). In a checkout, `npm run skg -- <command>` runs the TypeScript source
// through tsx instead.
import { existsSync } from 'node:fs';

const main = new URL('../lib/bundle/main.js', import.meta.url);
if (!existsSync(main)) {
  console.error('skg: the compiled CLI is missing (packages/cli/lib/bundle/main.js). Run `npm run build` first, or `npm run skg -- <command>` to run the TypeScript source with tsx.');
  process.exit(1);
}
await import(main.href);
