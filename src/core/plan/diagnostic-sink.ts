import type { Diagnostic, SourcePosition } from '../diagnostics.js';
import type { PlanCode } from './codes.js';

/** Collects every problem of one parse so the author sees them all at once. */
export class DiagnosticSink {
  readonly errors: Diagnostic[] = [];
  readonly warnings: Diagnostic[] = [];

  constructor(private readonly path: string) {}

  error(code: PlanCode, at: SourcePosition, message: string, hint: string): void {
    this.errors.push({ severity: 'error', code, message, hint, path: this.path, line: at.line, column: at.column });
  }

  /** A strictness rule: an error, or a warning when the parse is lenient (the rule's older behaviour). */
  strict(lenient: boolean, code: PlanCode, at: SourcePosition, message: string, hint: string): void {
    if (lenient) this.warning(code, at, message, hint);
    else this.error(code, at, message, hint);
  }

  warning(code: PlanCode, at: SourcePosition, message: string, hint: string): void {
    this.warnings.push({ severity: 'warning', code, message, hint, path: this.path, line: at.line, column: at.column });
  }
}
