// Diagnostics every stage collects; the build reports them all at the end. Errors fail the build.
// Also the package's light entry point `@skg/compiler/diagnostics` (no imports): the stage names and
// the diagnostic format, for the CLI to name without loading the compiler.

export type Severity = 'error' | 'warning';

export type StageName = 'discover' | 'parse' | 'validate' | 'link' | 'index' | 'shard' | 'write';

/** The stages in the order a build runs them. */
export const STAGES: readonly StageName[] = ['discover', 'parse', 'validate', 'link', 'index', 'shard', 'write'];

export interface Diagnostic {
  readonly severity: Severity;
  readonly stage: StageName;
  /** Path relative to the bundle (or dist) directory, when one file is to blame. */
  readonly file?: string;
  /** 1-based line in `file`, when known. */
  readonly line?: number;
  readonly message: string;
}

export interface DiagnosticLocation {
  readonly file?: string;
  readonly line?: number;
}

/** Collects diagnostics for one stage; hand the same list to every stage of a build. */
export class Diagnostics {
  readonly list: Diagnostic[] = [];

  error(stage: StageName, message: string, at: DiagnosticLocation = {}): void {
    this.list.push({ severity: 'error', stage, message, ...at });
  }

  /**
   * An error after which no later stage can do anything useful (no bundle directory, no root
   * index.md): the build stops after this stage and reports this one message.
   */
  fatal(stage: StageName, message: string, at: DiagnosticLocation = {}): void {
    const diagnostic: Diagnostic = { severity: 'error', stage, message, ...at };
    this.list.push(diagnostic);
    this.firstFatal ??= diagnostic;
  }

  /** The first fatal error, when one was reported. */
  firstFatal: Diagnostic | undefined;

  warning(stage: StageName, message: string, at: DiagnosticLocation = {}): void {
    this.list.push({ severity: 'warning', stage, message, ...at });
  }

  get errorCount(): number {
    return this.list.filter((d) => d.severity === 'error').length;
  }

  get warningCount(): number {
    return this.list.filter((d) => d.severity === 'warning').length;
  }
}

/** `error bible/john/3.md:12 [validate] message` */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const where = diagnostic.file ? ` ${diagnostic.file}${diagnostic.line ? `:${diagnostic.line}` : ''}` : '';
  return `${diagnostic.severity}${where} [${diagnostic.stage}] ${diagnostic.message}`;
}
