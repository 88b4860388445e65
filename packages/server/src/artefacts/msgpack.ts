// The server's msgpack decoder, with the options the compiler encodes with (see @skg/core).

import { MSGPACK_OPTIONS } from '@skg/core';
import { Unpackr } from 'msgpackr';

const unpackr = new Unpackr({ ...MSGPACK_OPTIONS });

/** Decodes one msgpack value from `buffer[start, end)`. */
export function decodeMsgpack(buffer: Buffer, start = 0, end = buffer.length): unknown {
  return unpackr.unpack(buffer.subarray(start, end));
}
