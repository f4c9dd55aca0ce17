import type { PromptRole } from './catalogue.js';
import type { PromptInput } from './types.js';

/**
 * The generated header lines every prompt starts with. Each is one line,
 * `**Label:** value`, so both an agent and the prompt check can find it
 * without interpretation. The values come from the engine, never from an
 * agent.
 */
export const ANCHOR_LABELS = {
  worker: 'Worker',
  plan: 'Approved plan',
  stage: 'Stage for this implementation run',
  worktree: 'Worktree',
  base: 'Base commit',
  head: 'Head under review',
  citations: 'Evidence citations',
  readScope: 'Read scope',
} as const;

export type AnchorKey = keyof typeof ANCHOR_LABELS;

/** The executor works towards a head that does not exist yet; every other role reviews one. */
export function anchorKeysFor(role: PromptRole): AnchorKey[] {
  const keys: AnchorKey[] = ['worker', 'plan', 'stage', 'worktree', 'base'];
  if (role !== 'executor') keys.push('head');
  keys.push('citations', 'readScope');
  return keys;
}

/** What an anchor line starts with, e.g. `**Worktree:** `. */
export function anchorPrefix(key: AnchorKey): string {
  return `**${ANCHOR_LABELS[key]}:** `;
}

/** Titles are display text; a line break in one must not split an anchor line. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const CITATION_FORM =
  'cite every file by its project-relative path with a line suffix (`src/a.ts:42`, or `src/a.ts:42-50` for a range), never by an absolute path or a bare file name';

function citationRule(role: PromptRole): string {
  if (role === 'executor') return `${CITATION_FORM}; this holds for every file your carry evidence and notes name.`;
  return `${CITATION_FORM}, and list every file you opened as evidence in \`evidenceRead\` by the same path without the suffix; a citation of a file missing from \`evidenceRead\` is discarded.`;
}

function readScope(input: PromptInput): string {
  if (input.role === 'executor') {
    return `read and edit anything inside the worktree; change nothing outside it. Your changes are \`git diff ${input.baseCommit}..HEAD\` plus whatever is not committed yet.`;
  }
  return `read-only. Review \`git diff --text --no-textconv --no-ext-diff ${input.baseCommit}..${input.headCommit ?? 'HEAD'}\` and the files it touches, opening other files in the worktree where the change depends on them. Edit, create, delete and commit nothing.`;
}

function anchorValue(key: AnchorKey, input: PromptInput): string {
  switch (key) {
    case 'worker':
      return `${input.worker} (${input.role})`;
    case 'plan':
      return `${input.plan.path} (${input.plan.id}, commit ${input.plan.commit})`;
    case 'stage':
      return `Stage ${input.stage.number} — ${oneLine(input.stage.title)}`;
    case 'worktree':
      return input.worktree;
    case 'base':
      return input.baseCommit;
    case 'head':
      return input.headCommit ?? '';
    case 'citations':
      return citationRule(input.role);
    case 'readScope':
      return readScope(input);
  }
}

/** The anchor block: one line per anchor, in the role's order. */
export function renderAnchors(input: PromptInput): string {
  return anchorKeysFor(input.role)
    .map((key) => `${anchorPrefix(key)}${anchorValue(key, input)}`)
    .join('\n');
}
