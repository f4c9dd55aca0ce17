import type { Heading, RootContent } from 'mdast';
import { PLAN_CODES } from './codes.js';
import { positionOf, type ParseContext } from './context.js';
import { headingSource } from './headings.js';
import { materialise, outlineStart, type OutlineNode } from './outline.js';
import type { Section } from './sections.js';
import { parseStageHeading } from './stage-heading.js';

// Cheap test before parsing an opaque range: could it hold a level 4-6 `Stage` heading at all?
const DEEP_STAGE_LINE = /^ {0,3}#{4,6}[ \t]+stage/im;

/**
 * Stage headings written at another level than the Stage Map's stages.
 * Inside the section, a `#### Stage 2: …` is body text of the stage above
 * it; after it, a `## Stage 2: …` has closed the Stage Map, so that stage
 * and what follows are silently not in the plan. Both are errors (warnings
 * when lenient) naming the level expected.
 */
export function checkStageHeadingLevels(
  outline: readonly OutlineNode[],
  stageMap: Section,
  context: ParseContext,
): void {
  const expected = stageMap.heading.depth + 1;
  for (const node of stageMap.content) {
    for (const heading of topLevelHeadings(node, context)) {
      if (heading.depth > expected) report(heading, expected, context);
    }
  }
  for (const node of outline) {
    if (node.type !== 'heading' || node.depth > stageMap.heading.depth) continue;
    if (outlineStart(node) >= stageMap.end) report(node, expected, context);
  }
}

function topLevelHeadings(node: OutlineNode, context: ParseContext): Heading[] {
  if (node.type === 'heading') return [node];
  if (node.type !== 'opaque') return [];
  if (!DEEP_STAGE_LINE.test(context.src.slice(node.start, node.end))) return [];
  return materialise([node], context.src, context.lines).filter(
    (child: RootContent): child is Heading => child.type === 'heading',
  );
}

function report(heading: Heading, expected: number, context: ParseContext): void {
  const text = headingSource(context.src, heading);
  const number = misplacedStageNumber(text);
  if (number === null) return;
  const written = `${'#'.repeat(heading.depth)} Stage ${number}`;
  const wanted = '#'.repeat(expected);
  const effect =
    heading.depth < expected
      ? `a level-${heading.depth} heading ends the Stage Map, so this stage is not in the plan`
      : `a level-${heading.depth} heading is part of the body of the stage above it and opens no stage`;
  context.sink.strict(
    context.lenient,
    PLAN_CODES.stageHeadingWrongLevel,
    positionOf(context, outlineStart(heading)),
    `\`${written}\` is a level-${heading.depth} heading; stages in this Stage Map are level-${expected} headings (\`${wanted} Stage ${number}\`)`,
    `${effect}; write it as \`${wanted} ${text.trim()}\``,
  );
}

/**
 * The number of a heading that reads as a stage heading: `Stage 2: Title`,
 * `Stage 2` or `Stage 2:`. A title without a separator (`Stage 1 recap`)
 * reads as prose about a stage, so it is left alone.
 */
function misplacedStageNumber(text: string): number | null {
  const parsed = parseStageHeading(text);
  if (parsed.kind !== 'stage') return null;
  if (parsed.problem && parsed.title !== '') return null;
  return parsed.number;
}
