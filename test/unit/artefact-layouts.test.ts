// The artefact contract: each artefact's header is declared once (@skg/core `artefacts/`), written by
// the compiler's ByteWriter.header and read by the server's readHeader. These tests check that the two
// sides agree, on synthetic headers and on every artefact of the compiled fixture.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ARTEFACT_FORMAT_VERSION,
  ARTEFACT_LAYOUTS,
  type ArtefactLayout,
  type ArtefactSections,
  assertManifest,
  BODIES_SECTIONS,
  CHANGELOG_SECTIONS,
  CHAPTERS_SECTIONS,
  CONCEPT_INDEX_SECTIONS,
  CONNECTIONS_SECTIONS,
  DOCUMENTS_SECTIONS,
  GRAPH_SECTIONS,
  INTERLINEAR_SECTIONS,
  SCRIPTURE_INDEX_SECTIONS,
  TRANSLATIONS_SECTIONS,
  VERSES_SECTIONS,
  XREFS_LAYOUT,
  XREFS_SECTIONS,
  BODIES_LAYOUT,
  CONCEPT_INDEX_LAYOUT,
  defineArtefactLayout,
  DOCUMENTS_LAYOUT,
  INTERLINEAR_LAYOUT,
  OPTIONAL_ARTEFACTS,
  REQUIRED_ARTEFACTS,
} from '@skg/core';
import { ByteWriter } from '../../packages/compiler/src/codecs/binary.ts';
import { readHeader, readSectionViews } from '../../packages/server/src/artefacts/binary.ts';
import { getFixtureDist } from '../helpers/fixture-dist.ts';

const layoutOf = (name: string): ArtefactLayout => {
  const layout = ARTEFACT_LAYOUTS.find((l) => l.name === name);
  if (!layout) throw new Error(`no layout for ${name}`);
  return layout;
};

async function fixtureArtefacts(): Promise<Map<string, { buffer: Buffer; records: number; file: string }>> {
  const dist = await getFixtureDist();
  const manifest = assertManifest(JSON.parse(await readFile(path.join(dist, 'manifest.json'), 'utf8')));
  const out = new Map<string, { buffer: Buffer; records: number; file: string }>();
  for (const layout of ARTEFACT_LAYOUTS) {
    const entry = manifest.artefacts[layout.name];
    assert.ok(entry, `the fixture builds ${layout.name}`);
    out.set(layout.name, { buffer: await readFile(path.join(dist, entry.file)), records: entry.records, file: entry.file });
  }
  return out;
}

describe('artefact layouts', () => {
  it('declare one layout for every data artefact, each with its own magic', () => {
    assert.deepEqual(ARTEFACT_LAYOUTS.map((l) => l.name).sort(), [...REQUIRED_ARTEFACTS, ...OPTIONAL_ARTEFACTS].sort());
    assert.equal(new Set(ARTEFACT_LAYOUTS.map((l) => l.magic)).size, ARTEFACT_LAYOUTS.length);
  });

  it('refuse a field outside the header, unaligned, over the format version or sharing an offset', () => {
    const define = (header: Record<string, number>) => defineArtefactLayout({ name: 't', file: 't.bin', magic: 'TEST', header, headerBytes: 16 });
    assert.doesNotThrow(() => define({ a: 8, b: 12 }));
    assert.throws(() => define({ a: 16 }), /a at 16/);
    assert.throws(() => define({ a: 10 }), /a at 10/);
    assert.throws(() => define({ a: 4 }), /a at 4/);
    assert.throws(() => define({ a: 8, b: 8 }), /b at 8/);
  });

  it('read back by the server every header field the compiler writes, by name', () => {
    for (const layout of ARTEFACT_LAYOUTS) {
      const fields = Object.keys(layout.header);
      const values = Object.fromEntries(fields.map((field, i) => [field, 1000 * (i + 1) + 7]));
      const buffer = new ByteWriter().header(layout, values).toBuffer();
      assert.equal(buffer.length, layout.headerBytes, layout.name);
      assert.equal(buffer.toString('ascii', 0, 4), layout.magic);
      assert.equal(buffer.readUInt32LE(4), ARTEFACT_FORMAT_VERSION);
      assert.deepEqual(readHeader(buffer, layout, layout.file), values, layout.name);
    }
  });

  it('are what the compiler wrote for every artefact of the fixture: names, files, magics, counts and tails', async () => {
    const artefacts = await fixtureArtefacts();
    for (const layout of ARTEFACT_LAYOUTS) {
      const { buffer, file } = artefacts.get(layout.name) ?? assert.fail(layout.name);
      assert.equal(path.posix.basename(file), layout.file);
      assert.equal(buffer.toString('ascii', 0, 4), layout.magic, layout.name);
      // The bytes no field names are reserved: zero.
      const named = new Set(Object.values(layout.header).flatMap((at) => [at, at + 1, at + 2, at + 3]));
      for (let at = 8; at < layout.headerBytes; at++) if (!named.has(at)) assert.equal(buffer[at], 0, `${layout.name} byte ${at}`);
    }
    // The manifest's record counts come from the compiler's data, not from the header: the counting
    // field of each header must hold the same number.
    const counted: Array<[string, string]> = [
      ['verses', 'verses'],
      ['chapters', 'chapters'],
      ['scripture-index', 'indexed'],
      ['documents', 'documents'],
      ['concept-index', 'documents'],
      ['bodies', 'documents'],
      ['xrefs', 'references'],
      ['interlinear', 'verses'],
      ['translations', 'slots'],
      ['changelog', 'recordBytes'],
    ];
    for (const [name, field] of counted) {
      const { buffer, records, file } = artefacts.get(name) ?? assert.fail(name);
      const header = readHeader(buffer, layoutOf(name), file) as Record<string, number>;
      if (name === 'changelog') assert.equal(header[field] !== 0, records === 1, 'a changelog record when the manifest counts one');
      else assert.equal(header[field], records, `${name}.${field}`);
    }
    const verses = readHeader(artefacts.get('verses')!.buffer, layoutOf('verses'), 'verses');
    for (const name of ['chapters', 'xrefs', 'interlinear', 'connections']) {
      assert.equal(readHeader(artefacts.get(name)!.buffer, layoutOf(name), name).chapters, verses.chapters, `${name} has the verse store's chapters`);
    }
    // Artefacts with a tail: it begins where the header says and runs to the end of the file.
    const tails: Array<[ArtefactLayout, (header: Record<string, number>) => number]> = [
      [DOCUMENTS_LAYOUT, (h) => h.recordBytes ?? NaN],
      [CONCEPT_INDEX_LAYOUT, (h) => h.flexBytes ?? NaN],
      [BODIES_LAYOUT, (h) => h.bodyBytes ?? NaN],
    ];
    for (const [layout, tailBytes] of tails) {
      const { buffer } = artefacts.get(layout.name)!;
      const header = readHeader(buffer, layout, layout.name) as Record<string, number>;
      assert.equal(header.tailOffset! + tailBytes(header), buffer.length, `${layout.name}'s tail`);
    }
    const interlinear = artefacts.get(INTERLINEAR_LAYOUT.name)!.buffer;
    const tailOffset = readHeader(interlinear, INTERLINEAR_LAYOUT, 'interlinear').tailOffset;
    assert.ok(tailOffset > INTERLINEAR_LAYOUT.headerBytes && tailOffset < interlinear.length);
  });

  it('declare every section, which the server finds ending where each fixture artefact (or its head) ends, and nowhere else', async () => {
    const artefacts = await fixtureArtefacts();
    const declared: ArtefactSections[] = [
      VERSES_SECTIONS,
      CHAPTERS_SECTIONS,
      SCRIPTURE_INDEX_SECTIONS,
      DOCUMENTS_SECTIONS,
      GRAPH_SECTIONS,
      CONCEPT_INDEX_SECTIONS,
      BODIES_SECTIONS,
      CHANGELOG_SECTIONS,
      XREFS_SECTIONS,
      INTERLINEAR_SECTIONS,
      CONNECTIONS_SECTIONS,
      TRANSLATIONS_SECTIONS,
    ];
    assert.deepEqual(declared.map((d) => d.layout.name).sort(), ARTEFACT_LAYOUTS.map((l) => l.name).sort());
    for (const sections of declared) {
      const { buffer } = artefacts.get(sections.layout.name) ?? assert.fail(sections.layout.name);
      const header = readHeader(buffer, sections.layout, sections.layout.name) as Record<string, number>;
      const end = 'tailOffset' in header ? (header.tailOffset ?? 0) : buffer.length;
      assert.doesNotThrow(() => readSectionViews(buffer, sections.layout.name, sections, header, end), sections.layout.name);
      assert.throws(() => readSectionViews(buffer, sections.layout.name, sections, header, end - 4), /truncated or malformed/, sections.layout.name);
    }
  });

  it('refuse to write a section whose length disagrees with the header', () => {
    const header = { chapters: 1, references: 2, threshold: 20 };
    const values = { keys: [1], start: [0, 2], targetStart: [1, 2], targetEnd: [1, 2], fromVerse: [1, 1], confidence: [5, 5] };
    assert.doesNotThrow(() => new ByteWriter().header(XREFS_LAYOUT, header).sections(XREFS_SECTIONS, header, values));
    assert.throws(
      () => new ByteWriter().header(XREFS_LAYOUT, header).sections(XREFS_SECTIONS, header, { ...values, targetEnd: [1, 2, 3] }),
      /section targetEnd holds 3, the header says 2/,
    );
  });
});
