import type { Section } from './budget.js';
import { textSection } from './blocks.js';
import type { FinalReport } from './schema/final-report.js';
import type { TestTallyValue } from './schema/evidence.js';
import { escapeInline, inlineCode } from '../text/escape.js';

/** How many paths or test ids a line names before it says how many more. */
const SHOWN = 10;

/**
 * What okstra observed itself about the stage's tests, near the top of every
 * stage report: how many tests each QA command ran, whether the stage's tests
 * failed at its base and pass at its head, what it found wrong with them, and
 * the files the stage changed outside its plan. Test ids and paths are the
 * project's text: they are shown as code.
 */
export function evidenceSection(report: FinalReport, priority: number): Section {
  const e = report.evidence;
  const outside = report.git.outOfPlanFiles;
  // Reports of stages that were not verified (and older reports) have none: nothing is said rather than "not counted".
  if (!e) return textSection('evidence', '', { priority });
  const lines = [
    ...report.qa.map((q) => `- tests of ${escapeInline(q.label || q.cmd)}: ${tallyText(q.tests ?? null)}`),
    `- red, then green: ${tddText(e)}`,
    ...e.problems.map((p) => `- ⛔ ${escapeInline(p.label)}: ${escapeInline(p.detail)}`),
    ...(outside.length > 0 ? [`- changed outside its plan: ${idsText(outside).slice(2)}`] : []),
  ];
  return textSection('evidence', `**What okstra checked itself**\n\n${lines.join('\n')}\n\n`, { priority });
}

function tallyText(t: TestTallyValue | null): string {
  if (t === null) return 'tests not counted';
  return `${t.run} ran: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped (${t.format})`;
}

function tddText(e: NonNullable<FinalReport['evidence']>): string {
  switch (e.outcome) {
    case 'red-green':
      return e.redAtBase.length > 0
        ? `failed at the base${idsText(e.redAtBase)}; pass at the head`
        : 'a QA command failed at the base; all pass at the head';
    case 'no-red':
      return '⛔ nothing failed at the base with the stage’s tests laid over it';
    case 'kept':
      return 'not asked (`tdd: none`); no test was lost';
    case 'not-checked':
      return 'not checked (QA failed at the head)';
  }
}

function idsText(ids: readonly string[]): string {
  if (ids.length === 0) return '';
  const shown = ids.slice(0, SHOWN).map((id) => inlineCode(id));
  return `: ${shown.join(', ')}${ids.length > SHOWN ? ` and ${ids.length - SHOWN} more` : ''}`;
}

/** Why the stage failed by okstra's own observation, and what its fix run must do: what the next attempt starts from. */
export function errorAnalysisSection(report: FinalReport, priority: number): Section {
  const causes = report.errorAnalysis ?? [];
  if (causes.length === 0) return textSection('error-analysis', '', { priority });
  const lines = causes.map(
    (c) => `- **${escapeInline(c.rule)}**: ${escapeInline(c.observed)} → ${escapeInline(c.next)}`,
  );
  return textSection('error-analysis', `**What the fix run starts from**\n\n${lines.join('\n')}\n\n`, { priority });
}
