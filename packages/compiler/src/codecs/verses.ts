// Encodes the verse store (`verses.bin`: text, flags, speaker and the BSB's footnotes per verse); the layout is VERSES_LAYOUT (@skg/core `artefacts/verses.ts`).

import { CHAPTER_TABLE, CHAPTER_TABLE_WORDS, type StoredVerseFootnote, VERSE_FLAGS, VERSES_LAYOUT, VERSES_SECTIONS } from '@skg/core';
import type { LinkedScripture } from '../stages/link.ts';
import { ByteWriter } from './binary.ts';
import { encodeMsgpack } from './msgpack.ts';

/** The chapter table of verses.bin (and of interlinear.bin): CHAPTER_TABLE's columns per chapter, by ordinal. */
export function encodeChapterTable(scripture: LinkedScripture): Uint32Array {
  const table = new Uint32Array(scripture.chapters.length * CHAPTER_TABLE_WORDS);
  for (const chapter of scripture.chapters) {
    const at = chapter.ordinal * CHAPTER_TABLE_WORDS;
    table[at + CHAPTER_TABLE.book] = chapter.book.order;
    table[at + CHAPTER_TABLE.chapter] = chapter.chapter;
    table[at + CHAPTER_TABLE.firstVerse] = chapter.firstVerse;
    table[at + CHAPTER_TABLE.verseCount] = chapter.verses.length;
  }
  return table;
}

export function encodeVerseStore(scripture: LinkedScripture): Buffer {
  const chapterCount = scripture.chapters.length;
  const verseCount = scripture.verseCount;
  const chapterTable = encodeChapterTable(scripture);
  const textOffsets = new Uint32Array(verseCount + 1);
  const speakerIndex = new Uint16Array(verseCount);
  const flags = new Uint8Array(verseCount);
  const speakers: string[] = [];
  const speakerIds = new Map<string, number>();
  const texts: Buffer[] = [];
  let textBytes = 0;
  const footnoteOffsets = new Uint32Array(verseCount + 1);
  const footnotes: Buffer[] = [];
  let footnoteBytes = 0;

  for (const chapter of scripture.chapters) {
    chapter.verses.forEach((verse, offset) => {
      const id = chapter.firstVerse + offset;
      const text = Buffer.from(verse.text, 'utf8');
      texts.push(text);
      textOffsets[id] = textBytes;
      textBytes += text.length;
      footnoteOffsets[id] = footnoteBytes;
      if (verse.footnotes && verse.footnotes.length > 0) {
        const record = encodeMsgpack(verse.footnotes.map((note): StoredVerseFootnote => [note.offset, note.text]));
        footnotes.push(record);
        footnoteBytes += record.length;
      }
      if (verse.omitted) flags[id] = (flags[id] ?? 0) | VERSE_FLAGS.omitted;
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
  footnoteOffsets[verseCount] = footnoteBytes;
  if (speakers.length > 0xffff) throw new Error(`too many distinct speakers (${speakers.length}) for the verse store`);
  const speakerTable = encodeMsgpack(speakers);

  const header = { chapters: chapterCount, verses: verseCount, speakers: speakers.length, textBytes, speakerTableBytes: speakerTable.length, footnoteBytes };
  return new ByteWriter()
    .header(VERSES_LAYOUT, header)
    .sections(VERSES_SECTIONS, header, {
      chapterTable,
      textOffsets,
      footnoteOffsets,
      speakerIndex,
      flags,
      speakerTable,
      text: Buffer.concat(texts, textBytes),
      footnotes: Buffer.concat(footnotes, footnoteBytes),
    })
    .toBuffer();
}
