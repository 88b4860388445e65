// GET /translations/{id}/download: a whole translation as one JSON document (books, chapters, verses,
// headings, footnotes: what /passage answers carry, in one shape) for an offline app. Built once by
// the build's render step (render/downloads.ts) and stored br, gzip and as it is (downloads.bin); the
// route sends the stored bytes of the coding the client takes, never compressing per request. Its
// ETag is the translation's `checksum` on /translations: the sha256 of the uncoded JSON, so it changes
// exactly when the download does, and a copy still current is answered 304 across builds.

import { createHash } from 'node:crypto';
import { ApiError, TRANSLATION_FACTS, type TranslationId } from '@skg/core';
import type { DataSet } from '../artefacts/types.ts';
import { getRequestHeader } from '../internal/request-header.ts';
import { DATA_CACHE_CONTROL } from '../http/steps/cache-control.ts';
import { chooseStoredCoding } from '../http/steps/content-encoding.ts';
import { JSON_CONTENT_TYPE, matchesIfNoneMatch } from '../http/steps/etag.ts';
import { TranslationDownload } from '../openapi/schemas/index.ts';
import type { StringParameter } from '../params.ts';
import { encodeBody } from '../http/handlers/response-cache.ts';
import { API_BASE, defineMediaRoute } from './define.ts';
import { formatHeadings } from './headings.ts';
import { formatVerse } from './passage.ts';
import { availableTranslations, readTranslations } from './translation.ts';

/** The path of a translation's download under /api/v1, as /translations links it. */
export function formatDownloadPath(id: TranslationId): string {
  return `/translations/${id}/download`;
}

/** Seconds a client should wait before asking again for a download the build has not rendered yet. */
const DOWNLOADS_RETRY_AFTER_SECONDS = 300;

/** What /translations and a download say about a translation besides its text. */
export function formatTranslationAbout(id: TranslationId) {
  const about = TRANSLATION_FACTS[id];
  return {
    id,
    name: about.name,
    language: about.language,
    direction: about.direction,
    versification: about.versification,
    ...(about.versificationNotes ? { versificationNotes: { note: about.versificationNotes.note, chapters: [...about.versificationNotes.chapters] } } : {}),
    licence: { id: about.licence.id, text: about.licence.text, notes: [...about.licence.notes] },
    source: about.source,
  };
}

/**
 * A translation whole: its facts, then each book in its own order with each chapter's headings and
 * verses exactly as /passage/{chapter}?translation={id} gives them (`formatHeadings`, `formatVerse`).
 * Nothing in it depends on the build (no data version), so its checksum changes only with its content.
 */
export function createTranslationDownload(dataSet: DataSet, id: TranslationId) {
  const [text] = readTranslations(id, dataSet);
  if (!text || text.id !== id) throw new Error(`the data set does not serve ${id}`);
  const records = dataSet.translations?.get(id)?.books;
  return {
    ...formatTranslationAbout(id),
    books: text.canon.books.flatMap((book) => {
      const record = records?.find((entry) => entry.book === book);
      const chapters = [];
      for (let chapter = 1; chapter <= book.chapters; chapter++) {
        if (text.canon.verseCount(book, chapter) === 0) continue;
        const osis = `${book.osis}.${chapter}`;
        const verses = text.getChapterVerses(book, chapter) ?? [];
        chapters.push({ chapter, osis, headings: formatHeadings(osis, text.getHeadings(book, chapter)), verses: verses.map(formatVerse) });
      }
      if (chapters.length === 0) return [];
      return [{ id: book.osis, name: book.name, title: record?.title ?? book.name, deuterocanonical: record?.deuterocanonical ?? false, chapters }];
    }),
  };
}

/** The download's JSON, UTF-8 encoded: the identity body stored and served. */
export function encodeTranslationDownload(dataSet: DataSet, id: TranslationId): Uint8Array {
  return encodeBody(JSON.stringify(createTranslationDownload(dataSet, id)));
}

/** `sha256:` and the hex digest of bytes. */
export function formatChecksum(hex: string): string {
  return `sha256:${hex}`;
}

const computedChecksums = new WeakMap<DataSet, Map<TranslationId, string>>();

/**
 * A translation's checksum (`sha256:<hex>` of its download's JSON): the stored download's, or, in a
 * build whose downloads are not rendered (`--no-render`, or while `skg start` renders), computed from
 * the same JSON once per data set. Either way the same value for the same data.
 */
export function getTranslationChecksum(dataSet: DataSet, id: TranslationId): string {
  const stored = dataSet.downloads?.get(id);
  if (stored) return formatChecksum(stored.sha256);
  let known = computedChecksums.get(dataSet);
  if (!known) computedChecksums.set(dataSet, (known = new Map()));
  let checksum = known.get(id);
  if (checksum === undefined) {
    checksum = formatChecksum(createHash('sha256').update(encodeTranslationDownload(dataSet, id)).digest('hex'));
    known.set(id, checksum);
  }
  return checksum;
}

const ID: StringParameter = {
  kind: 'string',
  name: 'id',
  in: 'path',
  required: true,
  description: 'A translation id as /translations lists it (`BSB`, `KJV`, `WEB`, `RV1909`; any letter case)',
  example: 'KJV',
};

export const translationDownloadRoute = defineMediaRoute({
  path: '/translations/{id}/download',
  operationId: 'download_translation',
  summary: 'A whole translation as one JSON document (books, chapters, verses, headings, footnotes) for an offline copy',
  description:
    'Every book of the translation in its own order (the WEB\'s deuterocanon after Malachi), each chapter with its `headings` and `verses` ' +
    'exactly as /passage/{chapter}?translation={id} gives them (footnotes, supplied words and words of Jesus where the source marks them, ' +
    'empty slots `omitted: true`), after the facts /translations lists (name, language, versification, licence, source). Compiled at build ' +
    'time and sent as stored: `br` to a client accepting brotli, else `gzip`, else uncoded (a few MB). The ETag is the translation\'s ' +
    '`checksum` on /translations, quoted: an offline copy compares it (or sends If-None-Match) to know when to refresh. ' +
    '404 `not_found` for a translation this server does not serve; 503 `dataset_unavailable` while the build has not compiled the downloads ' +
    '(a build with `--no-render`, or the first minutes of `skg start`).',
  parameters: [ID],
  responseSchema: TranslationDownload,
  media: ['application/json'],
  successHeaders: ['Vary', 'Content-Encoding', 'Content-Disposition'],
  errorStatuses: [404, 503],
  cache: 'data',
  handle({ dataSet, params, event }) {
    const available = availableTranslations(dataSet);
    const asked = params.id ?? '';
    const id = available.find((candidate) => candidate === asked.toUpperCase());
    if (id === undefined) throw new ApiError('not_found', `'${asked}' is not a translation this server serves (${available.join(', ')})`);
    const download = dataSet.downloads?.get(id);
    if (!download) {
      throw new ApiError('dataset_unavailable', `the downloads of this build are not compiled yet (skg build renders them); ${API_BASE}/passage serves the text meanwhile`, {
        headers: { 'Retry-After': String(DOWNLOADS_RETRY_AFTER_SECONDS) },
      });
    }
    const coding = chooseStoredCoding(getRequestHeader(event, 'accept-encoding'));
    const etag = `"${formatChecksum(download.sha256)}"`;
    // A copy still current is answered 304 (media-route-handler.ts) without reading the body.
    const ifNoneMatch = getRequestHeader(event, 'if-none-match');
    const current = ifNoneMatch !== null && matchesIfNoneMatch(ifNoneMatch, etag);
    return {
      contentType: JSON_CONTENT_TYPE,
      body: current ? new Uint8Array(0) : download.read(coding),
      etag,
      cacheControl: DATA_CACHE_CONTROL,
      // A 304 carries no representation metadata beyond the validator and Vary (RFC 9110 §15.4.5).
      headers: current
        ? { vary: 'Accept-Encoding' }
        : { vary: 'Accept-Encoding', ...(coding === 'identity' ? {} : { 'content-encoding': coding }), 'content-disposition': `attachment; filename="${id}.json"` },
    };
  },
});
