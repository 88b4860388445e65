// Scripture record shapes shared by the compiler (which writes them) and the server (which reads them).

/** One verse slot of the KJV versification as the API shows it (spec: Verse). */
export interface Verse {
  readonly verse: number;
  readonly osis: string;
  /** Empty when the translation omits the verse. */
  readonly text: string;
  readonly omitted?: true;
  readonly speaker?: string;
}

/** A section heading printed before a verse (`level`: the USFM marker, e.g. `s1`, `ms`, `d`, `qa`). */
export interface Heading {
  readonly before: number;
  readonly level: string;
  readonly text: string;
}

export const TRANSLATION = 'BSB';
export const VERSIFICATION = 'kjv';
