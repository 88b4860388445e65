// The artefact manifest (`dist/manifest.json`): what a build wrote, checked before a server listens.

/** Bumped whenever any artefact's binary layout changes; a server refuses other versions. */
export const ARTEFACT_FORMAT_VERSION = 7;

/** The OKF version this project reads and writes. */
export const OKF_VERSION = '0.2';

/** Artefacts every build writes; a server will not start without them. */
export const REQUIRED_ARTEFACTS = ['verses', 'chapters', 'scripture-index', 'documents', 'graph', 'concept-index', 'bodies', 'changelog', 'xrefs'] as const;

/** Artefacts a build may leave out; the endpoint that needs one answers 503 while it is absent. */
export const OPTIONAL_ARTEFACTS = ['interlinear', 'connections', 'translations'] as const;

export type OptionalArtefactName = (typeof OPTIONAL_ARTEFACTS)[number];

export type ArtefactName = (typeof REQUIRED_ARTEFACTS)[number] | OptionalArtefactName | (string & {});

export function isOptionalArtefactName(name: string): name is OptionalArtefactName {
  return (OPTIONAL_ARTEFACTS as readonly string[]).includes(name);
}

/** Why a build did not write an optional artefact. */
export type OptionalArtefactOmission =
  /** A build option left it out (`skg build --without <name>`). */
  | 'excluded'
  /** The bundle holds no data for it. */
  | 'no-data';

/** What the manifest says about one optional artefact: built, or left out and why. */
export interface OptionalArtefactState {
  readonly built: boolean;
  /** Present when not built. */
  readonly reason?: OptionalArtefactOmission;
}

export interface ArtefactEntry {
  /** Path relative to the dist directory. */
  readonly file: string;
  readonly bytes: number;
  /** Lowercase hex sha256 of the file. */
  readonly sha256: string;
  /** Number of records the artefact holds (verses, chapters, documents …). */
  readonly records: number;
  readonly optional: boolean;
}

/**
 * A file a build's render step wrote into the build directory (the response artefact), as the manifest
 * will name it: what the server's renderer returns and the compiler's write stage adds to the manifest.
 */
export interface RenderedArtefactEntry {
  readonly name: string;
  /** File name inside the build directory. */
  readonly fileName: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly records: number;
  readonly optional: boolean;
}

export interface Manifest {
  readonly formatVersion: number;
  readonly okfVersion: string;
  /** When the bundle was generated (from its root `index.md`), ISO 8601. */
  readonly bundleGenerated: string;
  readonly compiler: { readonly name: string; readonly version: string };
  /** Content hash of all artefacts together; identifies the data version (ETags derive from it). */
  readonly dataVersion: string;
  readonly artefacts: Readonly<Record<string, ArtefactEntry>>;
  /** Every optional artefact (OPTIONAL_ARTEFACTS) by name: whether this build wrote it, and if not, why. */
  readonly optionalArtefacts: Readonly<Record<string, OptionalArtefactState>>;
}

const SHA256 = /^[0-9a-f]{64}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks the shape of a parsed manifest and returns it typed. Throws one Error listing every problem;
 * does not touch the artefact files (the caller checks presence and checksums).
 */
export function assertManifest(value: unknown): Manifest {
  const problems: string[] = [];
  if (!isRecord(value)) throw new Error('manifest.json: not a JSON object');
  if (value.formatVersion !== ARTEFACT_FORMAT_VERSION) {
    problems.push(
      `formatVersion is ${JSON.stringify(value.formatVersion)}, this server reads artefact format ${ARTEFACT_FORMAT_VERSION} only: ` +
        "another version of skg built this dist; rebuild it with this version's `skg build` (or serve it with the version that built it)",
    );
  }
  if (typeof value.okfVersion !== 'string') problems.push('okfVersion is missing');
  else if (value.okfVersion !== OKF_VERSION) {
    problems.push(
      `okfVersion is ${JSON.stringify(value.okfVersion)}, this server reads OKF ${OKF_VERSION} data only: ` +
        "rebuild the bundle and dist with this version's `skg ingest` and `skg build`",
    );
  }
  if (typeof value.bundleGenerated !== 'string' || Number.isNaN(Date.parse(value.bundleGenerated))) {
    problems.push('bundleGenerated is not a date-time');
  }
  if (typeof value.dataVersion !== 'string' || value.dataVersion === '') problems.push('dataVersion is missing');
  if (!isRecord(value.compiler)) problems.push('compiler is missing');
  if (!isRecord(value.artefacts)) {
    problems.push('artefacts is missing');
  } else {
    for (const [name, entry] of Object.entries(value.artefacts)) {
      if (
        !isRecord(entry) ||
        typeof entry.file !== 'string' ||
        typeof entry.bytes !== 'number' ||
        typeof entry.records !== 'number' ||
        typeof entry.optional !== 'boolean' ||
        typeof entry.sha256 !== 'string' ||
        !SHA256.test(entry.sha256)
      ) {
        problems.push(`artefact '${name}' is malformed`);
      } else if (entry.file.includes('..') || entry.file.startsWith('/')) {
        problems.push(`artefact '${name}' points outside the dist directory`);
      }
    }
    for (const name of REQUIRED_ARTEFACTS) {
      if (!(name in value.artefacts)) problems.push(`required artefact '${name}' is not in the manifest`);
    }
  }
  if (!isRecord(value.optionalArtefacts)) {
    problems.push('optionalArtefacts is missing');
  } else {
    for (const name of OPTIONAL_ARTEFACTS) {
      const state = value.optionalArtefacts[name];
      if (!isRecord(state) || typeof state.built !== 'boolean') problems.push(`optionalArtefacts does not say whether '${name}' was built`);
      else if (state.built && isRecord(value.artefacts) && !(name in value.artefacts)) {
        problems.push(`optionalArtefacts says '${name}' was built, but artefacts does not name it`);
      }
    }
  }
  if (problems.length > 0) throw new Error(`manifest.json is not usable:\n  - ${problems.join('\n  - ')}`);
  return value as unknown as Manifest;
}
