import type { CheckRunIds } from '../github/stage-publisher.js';
import type { InputName, Mode } from './input-names.js';

/**
 * The rules that tie the Action's inputs to the mode: which inputs a mode
 * needs and which it refuses. Each names one input; the first problem
 * found for an input is the one reported.
 */

/** The rules that tie inputs to the mode, in order; each still names one input. */
export function modeRules(
  mode: Mode | null,
  raw: Record<InputName, string>,
  checkRunIds: CheckRunIds,
  flags: { reset: boolean; rebase: boolean },
  bad: (name: InputName, allowed: string) => void,
  missing: (name: InputName, why: string) => void,
): void {
  const { reset, rebase } = flags;
  // Rules that tie inputs to the mode; each still names one input.
  // Modes stage and reconcile act on one stage, named by `stage`.
  const oneStage = mode === 'stage' || mode === 'reconcile';
  if (oneStage || mode === 'chain' || mode === 'final') {
    if (raw.plan === '') missing('plan', `with mode ${mode} (the plan file, e.g. .okstra/plans/my-plan.md)`);
  }
  if (oneStage && raw.stage === '')
    missing('stage', `with mode ${mode}${mode === 'reconcile' ? ' (the done stage whose branch moved)' : ''}`);
  if (mode !== null && !oneStage && raw.stage !== '')
    bad('stage', `no value with mode ${mode}${mode === 'chain' ? ' (use "stages")' : ''}`);
  if (mode !== null && mode !== 'chain' && raw.stages !== '')
    bad('stages', `no value with mode ${mode}${oneStage ? ' (use "stage")' : ''}`);
  if (checkRunIds.kind === 'single' && !oneStage)
    bad('check-run-id', `with mode ${mode} a JSON object mapping stage numbers to check run ids, e.g. {"2": 123}`);
  if (checkRunIds.kind === 'by-stage' && mode !== 'chain')
    bad('check-run-id', oneStage ? `one check run id with mode ${mode}` : `no value with mode ${mode}`);
  // "false" is what a workflow's boolean input passes when nobody set it, whatever the mode.
  if (reset && mode !== null && mode !== 'reconcile')
    bad(
      'reset',
      `false or no value with mode ${mode} (reset puts a done stage's moved branch back, with mode reconcile)`,
    );
  // A chain's stages are not fix runs of one failed stage; what moves and onto what would be a guess.
  if (rebase && mode !== null && mode !== 'stage')
    bad(
      'rebase',
      `false or no value with mode ${mode} (rebase moves a failed stage's preserved branch onto its current base before a fix run, with mode stage)`,
    );
  planningRules(mode, raw, bad, missing);
  if (raw.plan !== '' && (raw.plan.includes('\0') || raw.plan.startsWith('/') || raw.plan.split('/').includes('..')))
    bad('plan', 'a path inside the repository, e.g. .okstra/plans/my-plan.md');
  if (raw.config !== '' && (raw.config.startsWith('/') || raw.config.split('/').includes('..')))
    bad('config', 'a path inside the repository, e.g. .okstra/config.yml');
}

const PLANNING_INPUTS = ['issue', 'goal', 'plan-id'] as const satisfies readonly InputName[];
const APPROVAL_INPUTS = ['approver', 'review-id', 'comment-id'] as const satisfies readonly InputName[];

/** The inputs of modes plan and approve belong to them alone; each mode names what it needs. */
function planningRules(
  mode: Mode | null,
  raw: Record<InputName, string>,
  bad: (name: InputName, allowed: string) => void,
  missing: (name: InputName, why: string) => void,
): void {
  if (mode === null) return;
  if (mode !== 'plan')
    for (const name of PLANNING_INPUTS)
      if (raw[name] !== '') bad(name, `no value with mode ${mode} (it is for mode plan)`);
  if (mode !== 'approve')
    for (const name of APPROVAL_INPUTS)
      if (raw[name] !== '') bad(name, `no value with mode ${mode} (it is for mode approve)`);
  if (mode === 'plan') {
    if (raw.issue === '' && raw['pr-number'] === '' && raw.goal === '')
      missing(
        'issue',
        'with mode plan unless "pr-number" (a re-plan of that plan pull request) or "goal" says what to plan',
      );
    // A goal alone names no plan; without any of them the message above says what is missing.
    if (raw.issue === '' && raw['pr-number'] === '' && raw.goal !== '' && raw['plan-id'] === '')
      missing('plan-id', 'with mode plan when no "issue" names the plan (its default id comes from the issue)');
  }
  if (mode === 'approve') {
    if (raw['pr-number'] === '') missing('pr-number', 'with mode approve (the plan pull request)');
    if (raw.approver === '') missing('approver', 'with mode approve (the login whose review or comment approves)');
    if (raw['review-id'] === '' && raw['comment-id'] === '')
      missing('review-id', 'with mode approve, or "comment-id" (exactly one of them)');
    if (raw['review-id'] !== '' && raw['comment-id'] !== '')
      bad('comment-id', 'no value when "review-id" is given (exactly one of them)');
  }
}
