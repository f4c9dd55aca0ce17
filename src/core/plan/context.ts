import type { SourcePosition } from '../diagnostics.js';
import type { DiagnosticSink } from './diagnostic-sink.js';
import type { LineIndex } from './source.js';

/** What every reader of one plan shares: the normalised text, its line index and the sink. */
export interface ParseContext {
  src: string;
  lines: LineIndex;
  sink: DiagnosticSink;
  /** Turns the strictness errors (unknown fields, stage headings of the wrong level) into warnings. */
  lenient: boolean;
}

export function positionOf(context: ParseContext, offset: number): SourcePosition {
  return context.lines.position(offset);
}
