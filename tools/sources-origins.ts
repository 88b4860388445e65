// Hand-written provenance of every upstream folder (from ../shared/upstream/SOURCES.md): where each
// file lives in its public repository at a fixed commit. `write-sources-manifest.ts` joins this table
// with each folder's SHA256SUMS to produce packages/ingest/sources.manifest.json.

import type { SourceEntry } from '@skg/ingest';

/** Where one local file comes from: a path in a repository at a commit, maybe inside a zip there. */
export interface RemoteFile {
  readonly repository?: string;
  readonly commit?: string;
  /** Path of the file (or of the zip holding it) inside the repository. */
  readonly path: string;
  /** Set when the local file was unpacked from the zip at `path`: the member's path inside it. */
  readonly member?: string;
  /** A full address, for a file not in a GitHub repository (then `repository`, `commit` and `path` are unused). */
  readonly url?: string;
  /** Set when the file was made from what `url` points at rather than published: how (see SourceFile.derived). */
  readonly derived?: string;
}

/**
 * A manifest entry (SourceEntry) before its files are hashed: the same dataset fields, with the
 * repository as `owner/name` (or the full address of a source's home elsewhere) and, in place of the
 * files, where each one lives upstream.
 */
export interface SourceOrigin extends Omit<SourceEntry, 'files' | 'repository'> {
  /** GitHub `owner/name` of the main repository, or the full address of the source's home elsewhere. */
  readonly repository: string;
  /** Maps a path relative to the folder to its place upstream. */
  readonly remote: (localPath: string) => RemoteFile;
}

const BSB_PARATEXT_COMMIT = '7c52876301aff4fb2aa3bf799ec9988f18b59eaf';
const OPENGNT_2018_COMMIT = '2ea122276b7365ec0ae2fef193961265996952a2';
const THEOGRAPHIC_2019_COMMIT = '51e1cf4f82fd93a61a6787311057affdc463e645';

/** The Debian bookworm package holding each SWORD module of `translations/` (sha256 of each .deb in SOURCES.md §10). */
const TRANSLATION_DEBS: Readonly<Record<string, string>> = {
  engKJV2006eb: 'sword-text-kjv_14.3-1_all.deb',
  engWEB2015eb: 'sword-text-web_426.0-1_all.deb',
  spaRV1909eb: 'sword-text-sparv_2.60-1_all.deb',
};

/** A file unpacked from `<name>.zip` beside it in the repository. */
function zipped(name: string, commit?: string): RemoteFile {
  return { path: `${name}.zip`, member: name, ...(commit ? { commit } : {}) };
}

export const SOURCE_ORIGINS: readonly SourceOrigin[] = [
  {
    id: 'bsb',
    title: 'Berean Standard Bible (USFM)',
    licence: 'public-domain',
    attribution: 'Berean Standard Bible (BSB), public domain, berean.bible',
    shareAlike: false,
    repository: 'Asjas/berean-standard-bible',
    commit: '0519d7ed89dd1597d2fff41104ddbe04db6f3fda',
    published: '2026-08-21',
    remote: (file) =>
      file.startsWith('usfm/')
        ? { path: `public/bsb_usfm/${file.slice('usfm/'.length)}` }
        : { commit: BSB_PARATEXT_COMMIT, path: `bsb_usfm/${file}` },
  },
  {
    id: 'bsb-publishing-interlinear',
    title: 'BSB publishing interlinear data and headings',
    licence: 'CC0-1.0',
    attribution: 'BSB interlinear display data, BSB-publishing, CC0 1.0',
    shareAlike: false,
    repository: 'BSB-publishing/bsb-interlinear',
    commit: '470336ba3783c03b73e645b1838b91e43df541d9',
    published: '2026-01-22',
    remote: (file) => {
      if (file === 'LICENSE-CC0.md' || file === 'ATTRIBUTION.md') {
        return { repository: 'BSB-publishing/bsb-data-output', commit: 'f2a801c20284c8bbbffd1b83e049f4a1515552cb', path: file };
      }
      if (file === 'README-bsb-data-pipeline.md') {
        return { repository: 'BSB-publishing/bsb-data', commit: '4030b699e8c028ebf46da53fcffba2faff0aeb93', path: 'README.md' };
      }
      return { path: `public/bsb-data/${file}` };
    },
  },
  {
    id: 'oshb-morphhb',
    title: 'Open Scriptures Hebrew Bible (morphhb)',
    licence: 'CC-BY-4.0',
    attribution: 'Hebrew lemma and morphology from the Open Scriptures Hebrew Bible (OSHB), CC BY 4.0, https://hb.openscriptures.org',
    shareAlike: false,
    repository: 'openscriptures/morphhb',
    commit: 'd0b5c35da03fda1cf37e80ccdaa0cf432963a60d',
    published: '2024-04-20',
    remote: (file) => ({ path: file }),
  },
  {
    id: 'opengnt',
    title: 'Open Greek New Testament (OpenGNT)',
    licence: 'CC-BY-SA-4.0',
    attribution:
      'Open Greek New Testament Project by Eliran Wong, CC BY-SA 4.0, based on a work at https://github.com/eliranwong/OpenGNT',
    shareAlike: true,
    repository: 'eliranwong/OpenGNT',
    commit: '0029589cccd50bd48b1941aa041a956de6c29ac4',
    published: '2022-04-21',
    remote: (file) => {
      if (file === 'OpenGNT_interlinear_Berean.csv' || file === 'OpenGNT_morphology_English.csv') return zipped(file);
      if (file === 'OpenGNT_TranslationByWord.csv') return zipped(file, OPENGNT_2018_COMMIT);
      if (file === 'OpenGNT_words_only.csv') return { path: `mapping_template/${file}` };
      return { path: file };
    },
  },
  {
    id: 'openbible-cross-references',
    title: 'OpenBible.info cross references',
    licence: 'CC-BY',
    attribution: 'Cross references from OpenBible.info (www.openbible.info), CC BY',
    shareAlike: false,
    repository: 'Frenchbear1/Bible-Cross-Reference-Visual',
    commit: '7c0587b9a1b18159647f29078a947c61065485bc',
    // SOURCES.md dates this edition by its header (2026-02-23), not by the commit that holds it.
    published: '2026-02-23',
    remote: (file) => ({ path: 'cross-references.zip', member: file }),
  },
  {
    id: 'openbible-geocoding',
    title: 'OpenBible.info Bible Geocoding Data',
    licence: 'CC-BY-4.0',
    attribution: 'OpenBible.info Bible Geocoding Data (https://www.openbible.info/geo/), CC BY 4.0',
    shareAlike: false,
    repository: 'openbibleinfo/Bible-Geocoding-Data',
    commit: '7eb18a5ee62f27b9b93bd6689ea272d76dd23b8f',
    published: '2021-10-31',
    remote: (file) => ({ path: file }),
  },
  {
    id: 'openbible-geocoding-ancient-derived',
    title: 'Ancient places derived from OpenBible.info ancient.jsonl',
    licence: 'CC-BY-4.0',
    attribution: 'OpenBible.info Bible Geocoding Data (CC BY 4.0), via cc3735/Bible-Geocoding-Data',
    shareAlike: false,
    repository: 'cc3735/Bible-Geocoding-Data',
    commit: '9c753774d2998a58651054014acdeb545ca4c800',
    published: '2026-02-08',
    remote: (file) => ({ path: file === 'places.json' ? 'app/public/data/places.json' : file }),
  },
  {
    id: 'bibledata',
    title: 'BibleData (Brady Stephenson)',
    licence: 'CC-BY-4.0',
    attribution:
      'Brady Stephenson. (2026). BibleData: Structured Datasets from the Holy Bible (Version 1.0) [Data set]. Zenodo. https://doi.org/10.5281/zenodo.19539956',
    shareAlike: false,
    repository: 'BradyStephenson/bible-data',
    commit: 'c6bf7893c78352effad1c32dcc4dc2c0ffbb4ee1',
    published: '2026-08-02',
    remote: (file) => ({ path: file }),
  },
  {
    id: 'theographic',
    title: 'Theographic Bible Metadata',
    licence: 'CC-BY-SA-4.0',
    attribution:
      'Theographic Bible Metadata by Robert Rouse (https://github.com/robertrouse/theographic-bible-metadata, viz.bible), CC BY-SA 4.0',
    shareAlike: true,
    repository: 'robertrouse/theographic-bible-metadata',
    commit: 'b33c6b8ba6b11704480d89ccb0f2592b5c9eb131',
    published: '2025-01-18',
    remote: (file) =>
      file === 'json/people.2019-07-28.json' ? { commit: THEOGRAPHIC_2019_COMMIT, path: 'json/people.json' } : { path: file },
  },
  {
    id: 'glyssen-speakers',
    title: 'Glyssen character-per-verse speaker attribution (SIL/FCBH)',
    licence: 'MIT',
    attribution: 'Glyssen character data, Copyright (c) 2014-2023 SIL LSDev and Faith Comes By Hearing, MIT licence',
    shareAlike: false,
    repository: 'sillsdev/Glyssen',
    commit: '033d104ee507dc452d0b5355a06d4cfe64e0d7b4',
    published: '2025-07-30',
    remote: (file) => ({ path: file === 'LICENSE' || file === 'README.md' ? file : `GlyssenCharacters/Resources/${file}` }),
  },
  {
    id: 'strongs-greek',
    title: "Strong's Greek Dictionary (XML 1.4, Open Scriptures)",
    licence: 'public-domain',
    attribution: "Strong's Greek Dictionary, XML by Ulrik Petersen (Open Scriptures), public domain",
    shareAlike: false,
    repository: 'openscriptures/strongs',
    commit: '0acd2f251c2d35ff8db2dece4e0593979d3ac223',
    published: '2021-07-15',
    remote: (file) => ({ path: `greek/StrongsGreekDictionaryXML_1.4/${file}` }),
  },
  {
    id: 'translations',
    title: 'KJV, World English Bible and Reina-Valera 1909 (SWORD modules, exported with mod2imp)',
    licence: 'public-domain',
    attribution:
      'King James Version (2006 edition, Crown patent in the UK), World English Bible with Deuterocanon (2015) and Reina-Valera 1909: public domain; SWORD modules by CrossWire and eBible.org, Debian packages sword-text-kjv, sword-text-web, sword-text-sparv',
    shareAlike: false,
    repository: 'https://packages.debian.org/bookworm/sword-text-kjv',
    commit: 'debian-bookworm',
    published: '2022-12-21',
    remote: (file) => {
      const module = file.replace(/\.(imp\.gz|conf)$/, '');
      const deb = TRANSLATION_DEBS[module];
      if (!deb) throw new Error(`translations/${file}: no Debian package known for ${module}`);
      const url = `https://deb.debian.org/debian/pool/main/s/${deb.replace(/_.*$/, '')}/${deb}`;
      const derived = file.endsWith('.conf')
        ? `the module's .conf from ${deb} (usr/share/sword/mods.d/)`
        : `mod2imp ${module} | gzip -9 -n (libsword-utils 1.9.0+dfsg-4+b4) with ${deb} installed`;
      return { path: file, url, derived };
    },
  },
];
