// The part of every ETag that changes with the data (the route's response format is in the second part,
// http/steps/etag.ts). Shared by the ETag step, the response artefact's reader (which refuses bodies
// rendered for another data version) and the render step that stores ETags beside the bodies.

import { createHash } from 'node:crypto';

export function digest(text: string, length: number): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/** The base of the tags of `dataVersion`; with `loadedAt`, of bodies that show this process's load time. */
export function computeEtagBase(dataVersion: string, loadedAt?: Date): string {
  const loaded = loadedAt === undefined ? '' : `\n${loadedAt.toISOString()}`;
  return digest(`${dataVersion}${loaded}`, 12);
}
