// The licence object every success body carries (spec: Licence).

export interface Licence {
  readonly text: string;
  readonly data: string;
  /** SPDX-style id of the single document fetched; present on single-document responses. */
  readonly document?: string;
  readonly shareAlike: string;
  readonly reason?: string;
  readonly attribution: string;
}

export const LICENCE_CC_BY = 'CC-BY-4.0';
export const LICENCE_CC_BY_SA = 'CC-BY-SA-4.0';

/** The blanket statement, without `document`. */
export const LICENCE: Licence = Object.freeze({
  text: 'Scripture text: Berean Standard Bible (BSB), public domain (berean.bible).',
  data: 'Data: CC BY 4.0 unless a document says otherwise; credit the sources listed on the attribution page.',
  shareAlike:
    'Documents under sa/ and documents built from share-alike sources (Theographic, OpenGNT) are CC BY-SA 4.0: derivatives must be shared alike. They are flagged shareAlike: true.',
  attribution: '/api/v1/entity/sources',
});

/** The licence for a single-document response; `shareAlike` documents name CC BY-SA 4.0. */
export function createDocumentLicence(shareAlike: boolean, reason?: string): Licence {
  return Object.freeze({
    ...LICENCE,
    document: shareAlike ? LICENCE_CC_BY_SA : LICENCE_CC_BY,
    ...(reason ? { reason } : {}),
  });
}
