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

  warning(code: PlanCode, at: SourcePosition, message: string, hint: string): void {
    this.warnings.push({ severity: 'warning', code, message, hint, path: this.path, line: at.line, column: at.column });
  }
}
