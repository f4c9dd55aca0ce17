/** A problem found in a user's file, located precisely enough to jump to it. */
export interface Diagnostic {
  severity: 'error' | 'warning';
  /** Stable, machine-readable code such as `plan/duplicate-stage`. */
  code: string;
  message: string;
  /** What the user should do about it. */
  hint?: string;
  path: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

export interface SourcePosition {
  line: number;
  column: number;
}

/** `path:line:column: severity: message` with the hint on its own indented line. */
export function formatDiagnostic(d: Diagnostic): string {
  const head = `${d.path}:${d.line}:${d.column}: ${d.severity}: ${d.message}`;
  return d.hint ? `${head}\n  hint: ${d.hint}` : head;
}

export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort((a, b) => a.line - b.line || a.column - b.column || a.code.localeCompare(b.code));
}
