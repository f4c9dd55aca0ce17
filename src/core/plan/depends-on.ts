import type { SourcePosition } from '../diagnostics.js';
import { PLAN_CODES } from './codes.js';
import { positionOf, type ParseContext } from './context.js';
import { isNoneValue, splitEntries, type Entry } from './entries.js';
import type { FieldItem } from './field-items.js';
import { nestedListItems } from './nested-items.js';

/** A stage number named in `depends-on`, with where it was written. */
export interface DependencyRef {
  stage: number;
  position: SourcePosition;
}

const STAGE_REF = /^(?:stage[ \t]*)?#?(\d+)$/i;
const HINT = 'write `none`, or stage numbers separated by commas: `1, 3` or `Stage 1, Stage 3`';

/** `none`, `1, 2`, `Stage 1`, or a nested list of those; every bad entry is reported. */
export function readDependsOn(item: FieldItem, stage: number, context: ParseContext): DependencyRef[] {
  const { src, sink } = context;
  const entries: Entry[] = [
    ...splitEntries(src.slice(item.valueStart, item.inlineEnd), item.valueStart),
    ...nestedListItems(item.nested, src).flatMap((nested) =>
      splitEntries(src.slice(nested.contentStart, nested.inlineEnd), nested.contentStart),
    ),
  ];
  if (entries.length === 1 && isNoneValue((entries[0] as Entry).text)) return [];
  const refs: DependencyRef[] = [];
  const seen = new Set<number>();
  for (const entry of entries) {
    const cleaned = entry.text.replace(/[`*_]/g, '').trim();
    const match = STAGE_REF.exec(cleaned);
    const number = match ? Number(match[1]) : Number.NaN;
    const position = positionOf(context, entry.start);
    if (!Number.isSafeInteger(number) || number <= 0) {
      sink.error(
        PLAN_CODES.invalidDependency,
        position,
        `stage ${stage}: "${entry.text}" in depends-on is not a stage number`,
        HINT,
      );
      continue;
    }
    if (seen.has(number)) {
      sink.warning(
        PLAN_CODES.duplicateDependency,
        position,
        `stage ${stage}: depends on stage ${number} more than once`,
        'list each stage once',
      );
      continue;
    }
    seen.add(number);
    refs.push({ stage: number, position });
  }
  return refs;
}
