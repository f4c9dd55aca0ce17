/**
 * Every conformance violation code, with the one-line rule it enforces, the
 * default hint and its kind. Codes are stable: tools and tests match on them,
 * so a code is never renamed or reused; a retired rule keeps its entry.
 *
 * `protecting` rules guard the verdict and what is built on it (the schema,
 * the verdict, the carry and ledger row, checkpoints, roster, finding ids and
 * dispositions, QA, the budget and spend figures): a run that breaks one is
 * never persisted behind a `done` row, it ends `contract-violated`.
 * `advisory` rules judge the quality of the record (citations, the diff
 * stat, clock order, a verifier change the engine already discarded) and are
 * persisted as warnings beside the verdict they do not change.
 */
export const VIOLATION_RULES = {
  'report/schema': {
    kind: 'protecting',
    rule: 'The report matches schemas/final-report.schema.json.',
    hint: 'Fix the field named in the message; `okstra report validate` lists every schema problem.',
  },
  'verdict/inconsistent': {
    kind: 'protecting',
    rule: 'verdict.value is PASS exactly when verdict.runStatus is passed.',
    hint: 'A run that failed, broke its contract or errored has verdict FAIL; only a passed run has PASS.',
  },
  'verdict/pass-with-blocking': {
    kind: 'protecting',
    rule: 'A PASS has no blocking finding that stands or was confirmed.',
    hint: 'Either the blocking finding was refuted (record refutedBy and disposition refuted) or the verdict is FAIL.',
  },
  'verdict/pass-without-verifier-result': {
    kind: 'protecting',
    rule: 'A PASS needs at least one verifier and every verifier finished with a verdict.',
    hint: 'A verifier that crashed, timed out or broke its contract is not a pass; the verdict is FAIL.',
  },
  'verdict/pass-with-budget-exceeded': {
    kind: 'protecting',
    rule: 'A PASS has no worker that ended budget-exceeded.',
    hint: 'A worker stopped by a budget did not finish its work; the verdict is FAIL (runStatus failed).',
  },
  'verdict/pass-with-failed-validation': {
    kind: 'protecting',
    rule: 'A PASS needs every plan validation command to pass.',
    hint: "The stage's own validation failed; the verdict is FAIL.",
  },
  'carry/not-withheld': {
    kind: 'protecting',
    rule: 'A FAIL names why the carry was withheld (stageSidecarEvidence.withheld, non-empty).',
    hint: 'Write no carry file on FAIL and state the reason in stageSidecarEvidence.withheld.',
  },
  'carry/withheld-on-pass': {
    kind: 'protecting',
    rule: 'A PASS writes the carry; it is never withheld.',
    hint: 'Write carry/stage-<N>.json and record its path, or make the verdict FAIL.',
  },
  'carry/invalid-json': {
    kind: 'protecting',
    rule: 'A written carry is JSON that matches schemas/carry.schema.json.',
    hint: "The executor's Stage Carry Evidence must parse and hold stage, summary, filesChanged, validation and exitContract.",
  },
  'carry/stage-mismatch': {
    kind: 'protecting',
    rule: "The sidecar evidence and the carry JSON name the report's stage.",
    hint: "stageSidecarEvidence.stageNumber and the carry's `stage` must equal stage.number.",
  },
  'carry/file-missing': {
    kind: 'protecting',
    rule: 'A PASS leaves the carry file in place.',
    hint: 'The carry file is what lets later stages build on this one; write it before the done row.',
  },
  'carry/file-mismatch': {
    kind: 'protecting',
    rule: 'The carry file holds exactly the JSON recorded in stageSidecarEvidence.carryJson.',
    hint: "Write the executor's JSON verbatim and record the same text in the report.",
  },
  'carry/file-present': {
    kind: 'protecting',
    rule: 'A withheld carry leaves no carry file.',
    hint: 'A carry file marks the stage as built upon; remove it or the stage is stacked on a failed run.',
  },
  'ledger/row-missing': {
    kind: 'protecting',
    rule: 'The run appended a terminal ledger row (done or failed).',
    hint: 'Append `failed` (FAIL) or `done` (PASS) before the run ends.',
  },
  'ledger/not-failed': {
    kind: 'protecting',
    rule: 'A FAIL appends a `failed` row.',
    hint: 'A FAIL must not complete the stage; append status "failed" with the report path and head commit.',
  },
  'ledger/not-done': {
    kind: 'protecting',
    rule: 'A PASS appends a `done` row.',
    hint: 'Append status "done" with completed_at, carry_path, report_path and head_commit.',
  },
  'ledger/head-mismatch': {
    kind: 'protecting',
    rule: "The terminal row's head_commit is the report's git.headCommit.",
    hint: 'Record the commit the verifiers checked; later stages branch from it.',
  },
  'ledger/identity-mismatch': {
    kind: 'protecting',
    rule: "The terminal row names the report's plan, stage and run.",
    hint: 'plan_id, stage and run_id of the row must equal plan.id, stage.number and run.id.',
  },
  'ledger/carry-path-mismatch': {
    kind: 'protecting',
    rule: "A done row's carry_path is the report's stageSidecarEvidence.carryPath.",
    hint: 'Record one carry path in both places.',
  },
  'ledger/report-mismatch': {
    kind: 'protecting',
    rule: 'The row in the ledger is the row recorded in the report.',
    hint: 'report.ledgerRow must be a copy of the row actually appended.',
  },
  'progress/malformed': {
    kind: 'protecting',
    rule: 'Worker checkpoints follow the grammar in docs/report.md.',
    hint: 'Write `PROGRESS: phase-4-dispatch worker=<roster name> model=<model>` and `PROGRESS: phase-5-collect worker=<roster name> status=<status>`.',
  },
  'progress/dispatch-missing': {
    kind: 'protecting',
    rule: 'Every dispatched roster worker has a phase-4-dispatch checkpoint naming its roster name.',
    hint: 'Name the roster entry (`Codex worker`, or `codex-worker`), not a functional label such as `Codex verifier`.',
  },
  'progress/collect-missing': {
    kind: 'protecting',
    rule: 'Every dispatched roster worker has a phase-5-collect checkpoint naming its roster name.',
    hint: 'Name the roster entry (`Codex worker`, or `codex-worker`), not a functional label such as `Codex verifier`.',
  },
  'roster/executor-mismatch': {
    kind: 'protecting',
    rule: 'The roster has exactly one executor and executor.worker names it.',
    hint: 'Record the executor under its roster name with function "executor".',
  },
  'roster/unknown-worker': {
    kind: 'protecting',
    rule: 'Every worker named in the report is a roster worker with the matching function.',
    hint: 'Use roster names (`Claude worker`) everywhere: verifiers, critic, raisedBy, confirmedBy, refutedBy.',
  },
  'roster/self-verification': {
    kind: 'protecting',
    rule: "The executor's session never verifies: its provider may verify only through a roster verifier entry (a fresh session).",
    hint: 'List the provider in the roster a second time with function verifier, or give the verifier role to another worker.',
  },
  'roster/verifier-missing': {
    kind: 'protecting',
    rule: 'Every roster verifier of a completed run has an entry in verifiers[].',
    hint: 'Record each verifier, including one that crashed (with its status and a null verdict).',
  },
  'finding/duplicate-id': {
    kind: 'protecting',
    rule: 'Finding ids are unique within the report.',
    hint: 'Give every finding its own id.',
  },
  'finding/unknown-id': {
    kind: 'protecting',
    rule: 'Finding ids listed by verifiers and the critic exist in findings[].',
    hint: 'Record every finding a worker raised in findings[].',
  },
  'finding/disposition-unsupported': {
    kind: 'protecting',
    rule: 'A confirmed finding names who confirmed it; a refuted one names who refuted it.',
    hint: 'Fill confirmedBy or refutedBy, or leave the disposition "standing".',
  },
  'finding/bad-range': {
    kind: 'advisory',
    rule: 'A line needs a file, an end line needs a line, and the end is not before the start.',
    hint: 'Cite `file`, `line` and optionally `endLine` >= `line`.',
  },
  'finding/evidence-not-read': {
    kind: 'advisory',
    rule: 'A finding cites a file its raiser recorded in evidenceRead, by the identical path.',
    hint: "Cite the project-relative path that appears in the worker's evidenceRead; a bare file name does not match it.",
  },
  'finding/ambiguous-path': {
    kind: 'advisory',
    rule: 'A finding cited by a bare file name must not match several files.',
    hint: 'Cite the project-relative path (`src/config/env.ts`), never the bare name (`env.ts`).',
  },
  'finding/file-absent': {
    kind: 'advisory',
    rule: 'A cited file exists at the head commit.',
    hint: 'Cite a file present at git.headCommit, by its project-relative path.',
  },
  'qa/validation-not-run': {
    kind: 'protecting',
    rule: "Every validation command of the plan's stage ran and is recorded in qa[] with source plan.",
    hint: "Run the plan's validation commands exactly as written; never skip or rewrite one.",
  },
  'qa/passed-mismatch': {
    kind: 'protecting',
    rule: 'A QA result passed exactly when its exit code is 0.',
    hint: 'Derive `passed` from the exit code; a killed command (exitCode null) did not pass.',
  },
  'verifier/worktree-changed': {
    kind: 'advisory',
    rule: 'A verifier leaves the worktree unchanged.',
    hint: 'Verifiers are read-only: discard the result (contract-violated) and revert the change.',
  },
  'verifier/changed-tree-counted': {
    kind: 'protecting',
    rule: 'A verifier that changed its worktree is not counted: its status is contract-violated and it has no verdict.',
    hint: 'Discard the session of a verifier whose worktree changed (status contract-violated, verdict null); its answer must not reach the verdict.',
  },
  'verifier/unread-citation-counted': {
    kind: 'protecting',
    rule: "A verifier that cited files its CLI's tool events show it never opened (unreadCitations) is not counted: its status is contract-violated and it has no verdict.",
    hint: 'Discount the verifier whose citations what it opened does not back (status contract-violated, verdict null); its answer must not reach the verdict.',
  },
  'verifier/status-mismatch': {
    kind: 'protecting',
    rule: 'A verifier has a verdict exactly when its status is done.',
    hint: 'A verifier that crashed, timed out or broke its contract has a null verdict.',
  },
  'usage/total-mismatch': {
    kind: 'protecting',
    rule: 'usage.total is the sum of usage.workers.',
    hint: 'Recompute the totals from the per-worker figures.',
  },
  'usage/requests-mismatch': {
    kind: 'protecting',
    rule: "With gateway metering, each worker's usage is the sum of its usage.requests records (tokens and known cost).",
    hint: 'Derive usage.workers from the gateway records (costUsd: sum of known costs; costComplete: false when one is unknown).',
  },
  'usage/budget-mismatch': {
    kind: 'protecting',
    rule: 'usage.budgetExceeded is recorded exactly when a worker ended budget-exceeded, and names one of them; a request refused for a budget belongs to such a worker.',
    hint: "Set the stopped worker's status to budget-exceeded and copy the gateway's refusal into usage.budgetExceeded.",
  },
  'run/time-order': {
    kind: 'advisory',
    rule: 'A run finishes after it starts.',
    hint: 'run.finishedAt must not be before run.startedAt.',
  },
  'git/inconsistent': {
    kind: 'advisory',
    rule: 'Out-of-plan files are changed files, and the diff stat counts the changed files.',
    hint: 'Derive outOfPlanFiles and diffStat.filesChanged from changedFiles.',
  },
} as const satisfies Record<string, { kind: ViolationKind; rule: string; hint: string }>;

export type ViolationCode = keyof typeof VIOLATION_RULES;

/** Whether a broken rule stops the stage (`protecting`) or is a warning beside its verdict (`advisory`). */
export type ViolationKind = 'protecting' | 'advisory';

export function violationKind(code: ViolationCode): ViolationKind {
  return VIOLATION_RULES[code].kind;
}

export const VIOLATION_CODES = Object.keys(VIOLATION_RULES) as ViolationCode[];
