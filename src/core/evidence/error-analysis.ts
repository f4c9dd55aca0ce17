import type { StageEvidence } from '../report/schema/evidence.js';
import { listed } from './judge.js';

/** The executor's contract, rule by rule (src/engine/execute.ts checks them). */
export const CONTRACT_RULES = [
  'okstra-files',
  'submodule',
  'ledger',
  'no-change',
  'carry',
  'nested-repository',
] as const;
export type ContractRule = (typeof CONTRACT_RULES)[number];

/** One broken rule of the executor's contract, as okstra observed it. */
export interface ContractViolation {
  rule: ContractRule;
  detail: string;
  files: string[];
}

/** Why a stage failed by okstra's own observation, and what the next attempt must do about it. */
export interface FailureCause {
  rule: string;
  observed: string;
  files: string[];
  next: string;
}

const CONTRACT_NEXT: Record<ContractRule, string> = {
  'okstra-files': 'leave `.okstra/` as it is: undo the changes to these files',
  submodule: "add, move or remove no submodule unless the stage's files name it",
  ledger: 'never write to the ledger branch: okstra alone appends its rows',
  'no-change': "make the stage's change and leave it in the worktree: okstra commits it",
  carry: 'end with one valid Stage Carry Evidence block, as the output contract at the end of the prompt says',
  'nested-repository': 'leave no `.git` folder inside the worktree (clone nothing into it)',
};

const PROBLEM_NEXT: Record<StageEvidence['problems'][number]['kind'], string> = {
  'no-tests': 'restore the tests: the command must run at least the tests it ran at the base',
  'fewer-tests': 'restore the tests: the command must run at least the tests it ran at the base',
  'lost-tests': 'restore these tests: a test that passed at the base must still run',
  'more-skipped': 'run these tests instead of skipping them',
  'newly-skipped': 'run these tests instead of skipping them',
  'failures-masked': 'let the command fail when a test fails',
};

/**
 * The short analysis a failed stage's report carries and its fix run starts
 * from (the seeds' error analysis): okstra's own observations only — the rule,
 * the files, the counts — never an agent's account.
 */
export function analyseFailure(input: {
  violations: readonly ContractViolation[];
  protectedChanges: ReadonlyArray<{ path: string; why: string }>;
  evidence: StageEvidence | undefined;
}): FailureCause[] {
  const causes: FailureCause[] = input.violations.map((v) => ({
    rule: `contract: ${v.rule}`,
    observed: v.detail,
    files: v.files,
    next: CONTRACT_NEXT[v.rule],
  }));
  for (const c of input.protectedChanges)
    causes.push({
      rule: 'protected evidence',
      observed: `changed ${c.path} (${c.why})`,
      files: [c.path],
      next: `revert ${c.path}: it decides the verdict; a plan that means the change names it in the stage's files`,
    });
  const e = input.evidence;
  for (const p of e?.problems ?? [])
    causes.push({
      rule: `tests: ${p.kind}`,
      observed: `${p.label}: ${p.detail}${p.ids.length > 0 ? `: ${listed(p.ids, 10)}` : ''}`,
      files: [],
      next: PROBLEM_NEXT[p.kind],
    });
  if (e?.outcome === 'no-red')
    causes.push({
      rule: 'tests: red, then green',
      observed:
        e.changedTests.length > 0
          ? `the stage's tests (${listed(e.changedTests, 10)}) passed at its base, without the change`
          : 'the stage changed no test, and every QA command passed at its base',
      files: e.changedTests,
      next: 'write a test that fails without the change and passes with it (or, for a stage that keeps behaviour, the plan says `tdd: none`)',
    });
  return causes;
}
