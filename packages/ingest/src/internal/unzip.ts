// Reads one member out of a zip archive held in memory (fflate does the inflating).

import { unzipSync } from 'fflate';

/** The member's bytes; throws naming the member when the archive does not hold it. */
export function readZipMember(zip: Uint8Array, member: string): Uint8Array {
  const files = unzipSync(zip, { filter: (file) => file.name === member });
  const bytes = files[member];
  if (!bytes) throw new Error(`the archive holds no member '${member}'`);
  return bytes;
}
