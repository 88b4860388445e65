import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import matter from 'gray-matter';
import { formatDocument, formatFrontmatter, formatScalar } from '@skg/ingest';

describe('formatScalar', () => {
  it('writes plain scalars only where YAML cannot misread them, JSON-quoted strings otherwise', () => {
    const cases: Array<[value: string | number | boolean | null, yaml: string]> = [
      ['Genesis', 'Genesis'],
      ['sources/bsb', 'sources/bsb'],
      ['Song of Solomon', 'Song of Solomon'],
      ['skg-ingest 0.1.0', 'skg-ingest 0.1.0'],
      ['John.3', 'John.3'],
      ['0.2', '"0.2"'],
      ['2026-08-21T00:00:00.000Z', '"2026-08-21T00:00:00.000Z"'],
      ['1 Samuel', '"1 Samuel"'],
      ['yes', '"yes"'],
      ['No', '"No"'],
      ['null', '"null"'],
      ['', '""'],
      ['a: b', '"a: b"'],
      ['Peter (Simon)', '"Peter (Simon)"'],
      ['two  spaces', '"two  spaces"'],
      ['trailing ', '"trailing "'],
      ['“Let there be light,”', '"“Let there be light,”"'],
      ['say "hi"', '"say \\"hi\\""'],
      ['line\u2028break', '"line\\u2028break"'],
      [36, '36'],
      [true, 'true'],
      [null, 'null'],
    ];
    for (const [value, yaml] of cases) assert.equal(formatScalar(value), yaml, String(value));
  });
});

describe('formatFrontmatter', () => {
  it('keeps key order, writes mappings and scalar lists in flow style and lists of mappings as blocks', () => {
    const yaml = formatFrontmatter({
      type: 'Chapter',
      optional: undefined,
      generated: { by: 'skg-ingest 0.1.0', at: '2026-08-21T00:00:00.000Z' },
      tags: ['new-testament'],
      relations: [],
      verses: [{ verse: 1, text: 'In the beginning.' }, { verse: 2, text: '', omitted: true }],
    });
    assert.equal(
      yaml,
      [
        'type: Chapter',
        'generated: {by: skg-ingest 0.1.0, at: "2026-08-21T00:00:00.000Z"}',
        'tags: [new-testament]',
        'relations: []',
        'verses:',
        '  - {verse: 1, text: In the beginning.}',
        '  - {verse: 2, text: "", omitted: true}',
        '',
      ].join('\n'),
    );
  });

  it('reads back through a YAML parser as the values written, dates as strings', () => {
    const fields = {
      okf_version: '0.2',
      generated: '2026-08-21T00:00:00.000Z',
      title: 'Psalm 119',
      headings: [{ before: 1, level: 'qa', text: 'ALEPH' }],
      verses: [{ verse: 3, text: '“How can a man be born when he is old?” Nicodemus asked.', speaker: 'Israel, all' }],
      stale: false,
    };
    const { data, content } = matter(formatDocument({ id: 'bible/psalms/119', frontmatter: fields, body: '# Psalm 119' }));
    assert.deepEqual(data, fields);
    assert.equal(content, '\n# Psalm 119\n');
  });
});
