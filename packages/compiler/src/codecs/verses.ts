// Encodes the verse store (`verses.bin`). The layout is documented above its decoder,
// packages/server/src/artefacts/verses.ts.

import { ARTEFACT_FORMAT_VERSION, ARTEFACT_MAGIC } from '@skg/core';
import type { LinkedScripture } from '../stages/link.ts';
import { ByteWriter } from './binary.ts';
import { encodeMsgpack } from './msgpack.ts';

export const VERSE_FLAG_OMITTED = 1;

export function encodeVerseStore(scripture: LinkedScripture): Buffer {
  const chapterCount = scripture.chapters.length;
  const verseCount = scripture.verseCount;
  const chapterTable = new Uint32Array(chapterCount * 4);
  const textOffsets = new Uint32Array(verseCount + 1);
  const speakerIndex = new Uint16Array(verseCount);
  const flags = new Uint8Array(verseCount);
  const speakers: string[] = [];
  const speakerIds = new Map<string, number>();
  const texts: Buffer[] = [];
  let textBytes = 0;

  for (const chapter of scripture.chapters) {
    chapterTable.set([chapter.book.order, chapter.chapter, chapter.firstVerse, chapter.verses.length], chapter.ordinal * 4);
    chapter.verses.forEach((verse, offset) => {
      const id = chapter.firstVerse + offset;
      const text = Buffer.from(verse.text, 'utf8');
      texts.push(text);
      textOffsets[id] = textBytes;
      textBytes += text.length;
      if (verse.omitted) flags[id] = (flags[id] ?? 0) | VERSE_FLAG_OMITTED;
      if (verse.speaker) {
        let speaker = speakerIds.get(verse.speaker);
        if (speaker === undefined) {
          speakers.push(verse.speaker);
          speaker = speakers.length;
          speakerIds.set(verse.speaker, speaker);
        }
        speakerIndex[id] = speaker;
      }
    });
  }
  textOffsets[verseCount] = textBytes;
  if (speakers.length > 0xffff) throw new Error(`too many distinct speakers (${speakers.length}) for the verse store`);
  const speakerTable = encodeMsgpack(speakers);

  return new ByteWriter()
    .ascii(ARTEFACT_MAGIC.verses)
    .u32(ARTEFACT_FORMAT_VERSION)
    .u32(chapterCount)
    .u32(verseCount)
    .u32(speakers.length)
    .u32(textBytes)
    .u32(speakerTable.length)
    .u32(0)
    .u32s(chapterTable)
    .u32s(textOffsets)
    .u16s(speakerIndex)
    .align()
    .bytes(flags)
    .align()
    .bytes(speakerTable)
    .align()
    .bytes(Buffer.concat(texts, textBytes))
    .toBuffer();
}
