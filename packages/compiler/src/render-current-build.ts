// `skg build --render-only`: renders the stored answers (the response artefact) into the build that
// `dist/manifest.json` names now, and switches in the same manifest naming them too. The data version
// does not change (it covers the data artefacts only), so a server that swaps to it answers the same
// bytes with the same ETags, sooner, and announces no new data.
//
// What `skg start` runs in the background after serving from a build written with `--no-render`: the
// first answer does not wait for the render, the longest step of a build.

import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { assertManifest, DOWNLOADS_FILE, type Manifest, RESPONSES_ARTEFACT, RESPONSES_FILE } from '@skg/core';
import { BUILDS_DIR, MANIFEST_FILE, type RenderHook, switchManifest, withRenderedArtefacts } from './stages/write.ts';

export interface RenderCurrentBuildOptions {
  readonly distDir: string;
  readonly render: RenderHook;
  readonly log?: (message: string) => void;
}

export type RenderCurrentBuildResult =
  | {
      readonly status: 'rendered';
      readonly manifest: Manifest;
      /** Milliseconds the render hook took. */
      readonly renderMs: number;
    }
  /** The manifest already named stored answers: nothing was rendered. */
  | { readonly status: 'present'; readonly manifest: Manifest }
  /** Another build switched the manifest while this one rendered: the manifest was left as that build wrote it. */
  | { readonly status: 'superseded'; readonly manifest: Manifest; readonly renderMs: number };

async function readManifest(distDir: string): Promise<Manifest> {
  const file = path.join(distDir, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new Error(`${file} is missing: run \`skg build\` (with or without --no-render) first`);
  }
  return assertManifest(JSON.parse(text));
}

/** Renders the stored answers of the build `distDir` names, unless it names them already. */
export async function renderCurrentBuild(options: RenderCurrentBuildOptions): Promise<RenderCurrentBuildResult> {
  const distDir = path.resolve(options.distDir);
  const current = await readManifest(distDir);
  if (current.artefacts[RESPONSES_ARTEFACT]) return { status: 'present', manifest: current };
  const buildDir = path.join(distDir, BUILDS_DIR, current.dataVersion);
  await removeStaleRenders(buildDir);
  const start = performance.now();
  const rendered = await options.render({ distDir, buildDir, manifest: current, ...(options.log ? { log: options.log } : {}) });
  const renderMs = Math.round((performance.now() - start) * 10) / 10;
  // A build that switched the manifest meanwhile wins: its artefacts are newer than these answers.
  const now = await readManifest(distDir);
  if (now.dataVersion !== current.dataVersion || now.artefacts[RESPONSES_ARTEFACT]) return { status: 'superseded', manifest: now, renderMs };
  const manifest = withRenderedArtefacts(current, rendered);
  await switchManifest(distDir, manifest);
  return { status: 'rendered', manifest, renderMs };
}

/**
 * Removes what a render stopped before its end left (`.responses.bin.<pid>.tmp`, and the gzip and
 * identity sections written beside it, `….tmp.gzip`, `….tmp.identity`: `skg start` stops its background
 * render when it is stopped itself, and a killed process cleans nothing up).
 */
async function removeStaleRenders(buildDir: string): Promise<void> {
  const stale = new RegExp(`^\\.(${RESPONSES_FILE.replace('.', '\\.')}|${DOWNLOADS_FILE.replace('.', '\\.')})\\.\\d+\\.tmp(\\.gzip|\\.identity)?$`);
  for (const entry of await readdir(buildDir)) if (stale.test(entry)) await rm(path.join(buildDir, entry), { force: true });
}
