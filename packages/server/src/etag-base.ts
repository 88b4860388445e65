// The part of every ETag that changes with the data and with this code's response format. Shared by the
// ETag step (middleware/etag.ts), the response artefact's reader (which refuses bodies rendered for
// another base) and the render step that stores ETags beside the bodies.

import { createHash } from 'node:crypto';
import { RESPONSE_FORMAT_VERSION } from './version.ts';

export function digest(text: string, length: number): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

/** The base of the tags of `dataVersion`; with `loadedAt`, of bodies that show this process's load time. */
export function computeEtagBase(dataVersion: string, loadedAt?: Date): string {
  const loaded = loadedAt === undefined ? '' : `\n${loadedAt.toISOString()}`;
  return digest(`${dataVersion}\n${RESPONSE_FORMAT_VERSION}${loaded}`, 12);
}
