import { PLAN_CODES } from './codes.js';
import { positionOf, type ParseContext } from './context.js';
import { headingContentRange, headingSource } from './headings.js';
import { outlineStart, type OutlineNode } from './outline.js';
import type { Section } from './sections.js';
import { parseStageHeading } from './stage-heading.js';
import { readStage, type StageDraft } from './stage.js';

/**
 * Reads the stages of the Stage Map section. A level-3 heading opens a stage
 * when it reads `Stage <N>: title`; any other level-3 heading closes the
 * current stage, and what follows it belongs to no stage. Only the first
 * definition of a stage number makes it into the plan.
 */
export function readStageMap(section: Section, context: ParseContext): StageDraft[] {
  const { src, sink } = context;
  const drafts: StageDraft[] = [];
  const firstLine = new Map<number, number>();
  const content = section.content;
  for (let i = 0; i < content.length; i++) {
    const node = content[i] as OutlineNode;
    if (node.type !== 'heading' || node.depth !== 3) continue;
    let next = i + 1;
    while (next < content.length && !isStageBoundary(content[next] as OutlineNode)) next++;
    const after = content[next];
    const end = after ? outlineStart(after) : section.end;
    const parsed = parseStageHeading(headingSource(src, node));
    if (parsed.kind === 'not-a-stage') continue;
    if (parsed.problem) {
      const at = positionOf(context, headingContentRange(node).start + parsed.problem.at);
      sink.error(parsed.problem.code, at, parsed.problem.message, parsed.problem.hint);
    }
    if (parsed.kind === 'invalid') continue;
    const draft = readStage(
      { heading: node, number: parsed.number, title: parsed.title, content: content.slice(i + 1, next), end },
      context,
    );
    const first = firstLine.get(parsed.number);
    if (first !== undefined) {
      sink.error(
        PLAN_CODES.duplicateStage,
        draft.stage.position,
        `stage ${parsed.number} is defined twice (first at line ${first}); this definition is ignored`,
        'give each stage its own number, or merge the two sections',
      );
      continue;
    }
    firstLine.set(parsed.number, draft.stage.position.line);
    drafts.push(draft);
  }
  if (
    drafts.length === 0 &&
    !content.some(
      (node) =>
        node.type === 'heading' &&
        node.depth === 3 &&
        parseStageHeading(headingSource(src, node)).kind !== 'not-a-stage',
    )
  ) {
    sink.error(
      PLAN_CODES.noStages,
      positionOf(context, outlineStart(section.heading)),
      'the Stage Map has no stages',
      'add stages as level-3 headings under it, e.g. `### Stage 1: Schema`',
    );
  }
  return drafts;
}

/** Warns about `### Stage N: …` headings outside the Stage Map, which are not run. */
export function warnStrayStages(
  outline: readonly OutlineNode[],
  stageMap: Section | undefined,
  context: ParseContext,
): void {
  const inside = new Set<OutlineNode>(stageMap?.content ?? []);
  for (const node of outline) {
    if (node.type !== 'heading' || node.depth !== 3 || inside.has(node)) continue;
    const parsed = parseStageHeading(headingSource(context.src, node));
    if (parsed.kind !== 'stage') continue;
    context.sink.warning(
      PLAN_CODES.stageOutsideStageMap,
      positionOf(context, outlineStart(node)),
      `stage ${parsed.number} is outside the Stage Map section and will not be run`,
      'move it under the `## Stage Map` heading',
    );
  }
}

function isStageBoundary(node: OutlineNode): boolean {
  return node.type === 'heading' && node.depth <= 3;
}
