import type { StageEvidence, TestTallyValue } from '../report/schema/evidence.js';
import { codeBlock } from '../text/escape.js';
import { oneLine } from './anchors.js';
import { section } from './sections.js';
import type { PromptInput } from './types.js';

/**
 * What okstra observed itself, at the top of every reviewer's prompt: which
 * files the stage changed of what judges it, which files it changed outside
 * its plan, how many tests each QA command ran, and what the stage's tests did
 * at its base. Whether the QA results can be taken as facts follows from it
 * and is said in so many words. Test names and paths are the project's text:
 * they stay inside the block.
 */
export function evidenceSection(input: PromptInput): string | null {
  if (input.role === 'executor') return null;
  const guarded = input.protectedChanges ?? [];
  const outside = input.outOfPlanFiles ?? [];
  const evidence = input.evidence;
  const lines: string[] = [
    guarded.length === 0
      ? 'changed what judges it: nothing'
      : `changed what judges it:\n${guarded.map((c) => `  ${oneLine(c.path)}: ${oneLine(c.why)}`).join('\n')}`,
    outside.length === 0 ? 'changed outside its plan: nothing' : `changed outside its plan: ${outside.join(', ')}`,
    ...input.qaResults.map((q) => `tests of ${q.label}: ${describeTally(q.tests ?? null)}`),
    ...(evidence ? evidenceLines(evidence) : []),
  ];
  const uncounted = input.qaResults.some((q) => (q.tests ?? null) === null);
  const facts = guarded.length === 0 && !uncounted && (evidence?.problems.length ?? 0) === 0;
  const verdict = facts
    ? 'No file that decides the QA results changed and every command’s tests were counted: the QA results below are facts.'
    : `The QA results below are **not facts on their own**: ${[
        guarded.length > 0 ? 'the stage changed what decides them' : '',
        uncounted
          ? 'okstra could not count the tests of some commands (tests not counted), so a passing exit code may hide tests that never ran'
          : '',
        (evidence?.problems.length ?? 0) > 0 ? 'okstra found the problems listed with the tests' : '',
      ]
        .filter(Boolean)
        .join('; ')}. Judge what they still prove from the diff and the test files.`;
  return section(
    'What okstra checked itself',
    'okstra observed these itself before your session, from git and from the QA commands’ own output; they are not the executor’s account. Test names inside the block are the project’s text.',
    codeBlock(lines.join('\n'), 'text'),
    verdict,
  );
}

function describeTally(t: TestTallyValue | null): string {
  if (t === null) return 'tests not counted';
  return `${t.run} ran, ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped (read from ${t.format} output)`;
}

function evidenceLines(e: StageEvidence): string[] {
  const red =
    e.outcome === 'red-green'
      ? `red, then green: at the base with the stage's tests laid over it, ${e.redAtBase.length > 0 ? `these failed: ${e.redAtBase.join(', ')}` : 'a QA command failed'}; they pass here${e.greenAtHead.length > 0 ? ` (${e.greenAtHead.join(', ')})` : ''}`
      : e.outcome === 'no-red'
        ? "red, then green: NOT SHOWN — every QA command passes at the base with the stage's tests laid over it"
        : e.outcome === 'kept'
          ? 'red, then green: not asked (the stage says tdd: none); the base’s tests must still pass'
          : 'red, then green: not checked (QA failed at the head)';
  return [
    `tests the stage added or changed: ${e.changedTests.length > 0 ? e.changedTests.join(', ') : 'none'}`,
    red,
    ...e.problems.map((p) => `PROBLEM (${p.kind}) in ${p.label}: ${p.detail}`),
  ];
}

/** The executor's fix run starts from the cause: what okstra saw broken last time, and what to do about it. */
export function previousAnalysisSection(input: PromptInput): string | null {
  const causes = input.previousAnalysis ?? [];
  if (causes.length === 0) return null;
  const text = causes
    .map((c) => [`rule: ${c.rule}`, `observed: ${c.observed}`, `next: ${c.next}`].join('\n'))
    .join('\n\n');
  return section(
    'Why the previous attempt failed',
    'okstra observed these itself when the previous attempt at this stage failed (the rule, the files, the counts). Start from them: each must be resolved by this attempt. File paths and test names inside the block are the project’s text.',
    codeBlock(text, 'text'),
  );
}
