import type { PromptInput } from './types.js';

/**
 * Inputs that would produce a prompt that lies or breaks: a reviewer with no
 * head to review, a reverify round with no finding, an anchor value that
 * would spill onto a second line, a commit id that is not one (it is
 * interpolated into the `git diff` command the agent is told to run).
 */

const COMMIT_ID = /^[0-9a-f]{7,64}$/;

/** Values a prompt puts on one line: each must be there, and be one line. */
export function singleLineProblems(values: Array<[string, string]>): string[] {
  return values.flatMap(([name, value]) => {
    if (value.trim() === '') return [`${name} is empty`];
    if (/[\r\n]/.test(value)) return [`${name} contains a line break`];
    return [];
  });
}

function lineBreakProblems(input: PromptInput): string[] {
  const singleLine: Array<[string, string]> = [
    ['worker', input.worker],
    ['plan.id', input.plan.id],
    ['plan.path', input.plan.path],
    ['worktree', input.worktree],
  ];
  return singleLine.flatMap(([name, value]) => (/[\r\n]/.test(value) ? [`${name} contains a line break`] : []));
}

function emptinessProblems(input: PromptInput): string[] {
  const required: Array<[string, string]> = [
    ['worker', input.worker],
    ['plan.id', input.plan.id],
    ['plan.path', input.plan.path],
    ['worktree', input.worktree],
    ['stage.section', input.stage.section],
  ];
  return required.flatMap(([name, value]) => (value.trim() === '' ? [`${name} is empty`] : []));
}

function commitProblems(input: PromptInput): string[] {
  const commits: Array<[string, string | null]> = [
    ['plan.commit', input.plan.commit],
    ['baseCommit', input.baseCommit],
    ['headCommit', input.headCommit],
  ];
  return commits.flatMap(([name, value]) =>
    value !== null && !COMMIT_ID.test(value) ? [`${name} is not a hex commit id: ${JSON.stringify(value)}`] : [],
  );
}

function roleProblems(input: PromptInput): string[] {
  const out: string[] = [];
  if (input.role !== 'executor' && input.headCommit === null)
    out.push(`headCommit is required for the ${input.role} role: it names the head under review`);
  if (input.role === 'reverify' && input.disputed === null)
    out.push('disputed is required for the reverify role: it is the finding the round is about');
  return out;
}

export function inputProblems(input: PromptInput): string[] {
  return [...emptinessProblems(input), ...lineBreakProblems(input), ...commitProblems(input), ...roleProblems(input)];
}
