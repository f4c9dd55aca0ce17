import type { Yaml } from 'mdast';
import { sortDiagnostics } from '../diagnostics.js';
import { readClarifications } from './clarifications.js';
import { PLAN_CODES } from './codes.js';
import { positionOf, type ParseContext } from './context.js';
import { checkDependencies } from './dependency-graph.js';
import { DiagnosticSink } from './diagnostic-sink.js';
import { readFrontMatter } from './front-matter.js';
import { headingSource } from './headings.js';
import { buildOutline, outlineStart, type OutlineNode, type OutlineStrategy } from './outline.js';
import { resolvePlanId } from './plan-id.js';
import { findSections } from './sections.js';
import { LineIndex, normaliseSource } from './source.js';
import { checkStageHeadingLevels } from './stage-heading-level.js';
import { readStageMap, warnStrayStages } from './stage-map.js';
import type { PlanParseResult } from './types.js';

export interface ParsePlanOptions {
  /** Where the plan lives; used in diagnostics, and its file stem is the default plan id. */
  path: string;
  /**
   * Reports the strictness rules (unknown field keys, stage headings of the
   * wrong level) as warnings instead of errors, as older versions did.
   */
  lenient?: boolean;
}

const STAGE_MAP = /stage map/i;
const CLARIFICATIONS = /clarification items/i;
const STAGE_MAP_HINT = 'add a `## Stage Map` section with one `### Stage <N>: <title>` heading per stage';

/** Parses and validates a plan; see docs/plan-format.md for the format. */
export function parsePlan(text: string, options: ParsePlanOptions): PlanParseResult {
  return parsePlanWith(text, options, 'segmented');
}

/** `parsePlan` with the outline strategy chosen: tests compare both. */
export function parsePlanWith(text: string, options: ParsePlanOptions, strategy: OutlineStrategy): PlanParseResult {
  const src = normaliseSource(text);
  const lines = new LineIndex(src);
  const sink = new DiagnosticSink(options.path);
  const context: ParseContext = { src, lines, sink, lenient: options.lenient === true };
  const outline = buildOutline(src, lines, strategy);

  const frontMatter = readFrontMatter(outline[0]?.type === 'yaml' ? (outline[0] as Yaml) : undefined, context);
  const id = resolvePlanId(frontMatter.id, options.path, sink);
  const title = frontMatter.title ?? firstLevelOneHeading(outline, src);

  const stageMaps = findSections(outline, src, STAGE_MAP);
  const [stageMap, ...extraStageMaps] = stageMaps;
  if (!stageMap) reportMissingStageMap(outline, context);
  for (const extra of extraStageMaps) {
    sink.error(
      PLAN_CODES.duplicateStageMap,
      positionOf(context, outlineStart(extra.heading)),
      `a second Stage Map section (the first is at line ${positionOf(context, outlineStart(stageMap?.heading ?? extra.heading)).line}); it is ignored`,
      'keep one Stage Map section and move all stages into it',
    );
  }
  const drafts = stageMap ? readStageMap(stageMap, context) : [];
  if (stageMap) {
    warnStrayStages(outline, stageMap, context);
    checkStageHeadingLevels(outline, stageMap, context);
  }
  checkDependencies(drafts, sink);

  const [clarificationSection, ...extraClarifications] = findSections(outline, src, CLARIFICATIONS);
  for (const extra of extraClarifications) {
    sink.warning(
      PLAN_CODES.duplicateClarificationItems,
      positionOf(context, outlineStart(extra.heading)),
      'a second Clarification Items section; it is ignored',
      'keep all clarification items in one section',
    );
  }
  const clarifications = clarificationSection ? readClarifications(clarificationSection, context) : [];

  return {
    plan: {
      id,
      title,
      base: frontMatter.base,
      path: options.path,
      stages: drafts.map((draft) => draft.stage),
      clarifications,
    },
    errors: sortDiagnostics(sink.errors),
    warnings: sortDiagnostics(sink.warnings),
  };
}

function firstLevelOneHeading(outline: readonly OutlineNode[], src: string): string | null {
  for (const node of outline) {
    if (node.type === 'heading' && node.depth === 1) return headingSource(src, node).trim() || null;
  }
  return null;
}

/** Points at a `Stage Map` heading of the wrong level when there is one, else at the top of the file. */
function reportMissingStageMap(outline: readonly OutlineNode[], context: ParseContext): void {
  const misplaced = outline.find((node) => node.type === 'heading' && STAGE_MAP.test(headingSource(context.src, node)));
  if (misplaced?.type === 'heading') {
    context.sink.error(
      PLAN_CODES.missingStageMap,
      positionOf(context, outlineStart(misplaced)),
      `no Stage Map section: "${headingSource(context.src, misplaced)}" is a level-${misplaced.depth} heading, the Stage Map must be level 2`,
      `write it as \`## ${headingSource(context.src, misplaced)}\``,
    );
    return;
  }
  context.sink.error(
    PLAN_CODES.missingStageMap,
    { line: 1, column: 1 },
    'no Stage Map section: the plan has no stages',
    STAGE_MAP_HINT,
  );
}
