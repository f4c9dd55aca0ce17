import type { Heading } from 'mdast';
import type { SourcePosition } from '../diagnostics.js';
import { PLAN_CODES } from './codes.js';
import { positionOf, type ParseContext } from './context.js';
import { readDependsOn, type DependencyRef } from './depends-on.js';
import { isNoneValue, unwrapCode } from './entries.js';
import { readSimpleFieldList } from './fast-field-list.js';
import { canonicalFieldKey, normaliseKey, suggestFieldKey } from './field-keys.js';
import { fieldListFromNode, isFieldList, type FieldItem, type FieldList } from './field-items.js';
import { readFiles } from './files-field.js';
import { materialise, type OutlineNode } from './outline.js';
import type { Stage, StageFieldKey } from './types.js';
import { readValidation } from './validation-field.js';
import { trimBlankLines, verbatim } from './verbatim.js';

/** A stage as read from the document, with the dependency positions the graph checks need. */
export interface StageDraft {
  stage: Stage;
  dependencyRefs: DependencyRef[];
}

export interface StageSource {
  heading: Heading;
  number: number;
  title: string;
  /** Top-level nodes between this heading and the next stage boundary. */
  content: OutlineNode[];
  /** Offset where the next boundary (or the section end) starts. */
  end: number;
}

const KNOWN_FIELDS = 'known fields: `depends-on`, `files`, `validation`, `exit contract`, `rollback`, `tdd`';

export function readStage(source: StageSource, context: ParseContext): StageDraft {
  const { src } = context;
  const headingStart = source.heading.position?.start.offset ?? 0;
  const headingEnd = source.heading.position?.end.offset ?? headingStart;
  const fieldList = findFieldList(source.content, context);
  const body = fieldList
    ? [src.slice(headingEnd, fieldList.start), src.slice(fieldList.end, source.end)]
        .map(trimBlankLines)
        .filter(Boolean)
        .join('\n\n')
    : trimBlankLines(src.slice(headingEnd, source.end));
  const stage: Stage = {
    number: source.number,
    title: source.title,
    dependsOn: [],
    files: [],
    validation: [],
    exitContract: null,
    rollback: null,
    extraFields: {},
    body,
    section: src.slice(headingStart, source.end).trimEnd(),
    position: positionOf(context, headingStart),
    fieldPositions: {},
  };
  const dependencyRefs = fieldList ? readFields(fieldList.items, stage, context) : [];
  if (!fieldList && body === '') {
    context.sink.error(
      PLAN_CODES.emptyStage,
      stage.position,
      `stage ${stage.number} is empty: it has no fields and no body`,
      'describe the work under the heading, starting with a field list such as `- **Depends-on:** none`',
    );
  } else if (stage.validation.length === 0 && !saysNoValidation(fieldList?.items ?? [], context)) {
    context.sink.warning(
      PLAN_CODES.stageWithoutValidation,
      stage.position,
      `stage ${stage.number} has no validation command, so only the repository's \`qaCommands\` (if any) check its work`,
      "add a field such as `- **Validation:** npm test` to the stage's field list, or write `- **Validation:** none` to say it needs none",
    );
  }
  return { stage, dependencyRefs };
}

/** Whether the author wrote `validation: none` on purpose (as opposed to leaving the field out or empty). */
function saysNoValidation(items: readonly FieldItem[], context: ParseContext): boolean {
  const field = items.find((item) => item.key !== null && canonicalFieldKey(item.key) === 'validation');
  if (!field || field.nested.length > 0) return false;
  const value = context.src.slice(field.valueStart, field.inlineEnd).trim();
  return value !== '' && isNoneValue(value);
}

/** The first bullet list of the stage whose first item is `key: value` (see isFieldList). */
function findFieldList(content: readonly OutlineNode[], context: ParseContext): FieldList | null {
  const only = content.length === 1 ? content[0] : undefined;
  if (only?.type === 'opaque') {
    const fast =
      only.fieldList ?? readSimpleFieldList(context.src, only.start, only.end, context.lines, { fencedCode: true });
    if (fast) return fast;
  }
  for (const node of materialise(content, context.src, context.lines)) {
    if (node.type !== 'list' || node.ordered) continue;
    const list = fieldListFromNode(node, context.src);
    if (isFieldList(list.items)) return list;
  }
  return null;
}

function readFields(items: readonly FieldItem[], stage: Stage, context: ParseContext): DependencyRef[] {
  const { src, sink } = context;
  let refs: DependencyRef[] = [];
  const seen = new Map<string, number>();
  for (const item of items) {
    const at = positionOf(context, item.start);
    if (item.key === null) {
      sink.warning(
        PLAN_CODES.fieldNotKeyValue,
        at,
        `stage ${stage.number}: this item of the field list is not a \`key: value\` field and is ignored`,
        'write it as `- key: value`, or move it below the field list, after a paragraph, so it becomes part of the body',
      );
      continue;
    }
    const normalised = normaliseKey(item.key);
    const canonical = canonicalFieldKey(item.key);
    const identity = canonical ?? normalised;
    const firstLine = seen.get(identity);
    if (firstLine !== undefined) {
      sink.error(
        PLAN_CODES.duplicateField,
        at,
        `stage ${stage.number}: field "${item.key}" is given twice (first on line ${firstLine}); this one is ignored`,
        'merge the two values into one field',
      );
      continue;
    }
    seen.set(identity, at.line);
    if (!canonical) {
      reportUnknownField(item.key, stage.number, positionOf(context, item.keyStart), context);
      stage.extraFields[item.key] = verbatim(src, item.valueStart, item.end, item.contentIndent);
      continue;
    }
    stage.fieldPositions[canonical] = at;
    refs = applyField(canonical, item, stage, context) ?? refs;
  }
  return refs;
}

/**
 * An unknown key in the field list. It is an error because a misspelt field
 * (`Depend on: 1`) would otherwise silently drop what it says; lenient
 * parsing keeps the older warning. Either way the value is kept in
 * `extraFields`, so nothing the author wrote is lost.
 */
function reportUnknownField(key: string, stage: number, at: SourcePosition, context: ParseContext): void {
  const suggestion = suggestFieldKey(key);
  const message = `unknown field \`${key}\` in stage ${stage}${suggestion ? `; did you mean \`${suggestion}\`?` : ''}`;
  const kept = context.lenient
    ? 'it is kept as an extra field'
    : 'rename it, or move it below the field list after a paragraph so it becomes part of the body (`--lenient` keeps it as an extra field)';
  context.sink.strict(context.lenient, PLAN_CODES.unknownField, at, message, `${KNOWN_FIELDS}; ${kept}`);
}

function applyField(
  key: StageFieldKey,
  item: FieldItem,
  stage: Stage,
  context: ParseContext,
): DependencyRef[] | undefined {
  switch (key) {
    case 'depends-on': {
      const refs = readDependsOn(item, stage.number, context);
      stage.dependsOn = refs.map((ref) => ref.stage);
      return refs;
    }
    case 'files':
      stage.files = readFiles(item, context);
      return undefined;
    case 'validation':
      stage.validation = readValidation(item, context);
      return undefined;
    case 'exit-contract':
      stage.exitContract = verbatim(context.src, item.valueStart, item.end, item.contentIndent) || null;
      return undefined;
    case 'rollback':
      stage.rollback = verbatim(context.src, item.valueStart, item.end, item.contentIndent) || null;
      return undefined;
    case 'tdd':
      readTdd(item, stage, context);
      return undefined;
  }
}

/** `tdd: none` or `tdd: red-green` (also written in backticks); anything else is an error naming both. */
function readTdd(item: FieldItem, stage: Stage, context: ParseContext): void {
  const value = unwrapCode(context.src.slice(item.valueStart, item.end).trim()).toLowerCase();
  if (value === 'none' || value === 'red-green') {
    stage.tdd = value;
    return;
  }
  context.sink.error(
    PLAN_CODES.badTdd,
    positionOf(context, item.valueStart),
    `stage ${stage.number}: \`tdd\` is \`${value}\`, which okstra does not know`,
    "write `red-green` (the default: the stage's tests fail at its base and pass at its head) or `none` (a stage that keeps behaviour, such as docs or a refactor)",
  );
}
