// The one msgpack encoder of the compiler, with the options every artefact shares (see @skg/core).

import { MSGPACK_OPTIONS } from '@skg/core';
import { Packr } from 'msgpackr';

const packr = new Packr({ ...MSGPACK_OPTIONS });

/** Encodes one value; returns a copy (Packr reuses its buffer between calls). */
export function encodeMsgpack(value: unknown): Buffer {
  return Buffer.from(packr.pack(value));
}
