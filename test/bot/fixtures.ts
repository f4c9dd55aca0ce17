import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LedgerRow } from '../../src/core/ledger/index.js';
import type { FinalReport } from '../../src/core/report/index.js';
import { failReport, passReport } from '../fixtures/reports/build.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A real three-stage plan (id `password-reset`; stage 2 depends on 1, stage 3 on 2). */
export const PLAN_ID = 'password-reset';
export const PLAN_PATH = '.okstra/plans/password-reset.md';
export const PLAN_TEXT = readFileSync(join(root, 'examples', 'plans', 'three-stage.md'), 'utf8');

export const HEAD_SHA = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821';
const COMMIT = 'b'.repeat(40);

/**
 * The config most bot tests use. `approval.required: false`: these tests are
 * about launching; approval has its own tests (approve.test.ts), which set it.
 */
export const CONFIG = 'executor: claude\nverifiers: [codex, gemini]\napproval:\n  required: false\n';

export function doneRow(stage: number, runId = `gh-100-1-s${stage}`): LedgerRow {
  return {
    v: 1,
    plan_id: PLAN_ID,
    stage,
    status: 'done',
    run_id: runId,
    at: '2026-03-01T09:00:00Z',
    head_commit: COMMIT,
    completed_at: '2026-03-01T09:00:00Z',
    carry_path: `plans/${PLAN_ID}/carry/stage-${stage}.json`,
    report_path: `plans/${PLAN_ID}/reports/stage-${stage}/${runId}.json`,
  };
}

export function startedRow(stage: number, runId: string, leaseUntil = '2026-03-01T15:00:00Z'): LedgerRow {
  return {
    v: 1,
    plan_id: PLAN_ID,
    stage,
    status: 'started',
    run_id: runId,
    at: '2026-03-01T10:00:00Z',
    lease_until: leaseUntil,
  };
}

export function failedRow(stage: number, runId: string, withReport = true): LedgerRow {
  return {
    v: 1,
    plan_id: PLAN_ID,
    stage,
    status: 'failed',
    run_id: runId,
    at: '2026-03-01T10:30:00Z',
    reason: withReport ? 'verdict-fail' : 'error',
    ...(withReport
      ? { report_path: `plans/${PLAN_ID}/reports/stage-${stage}/${runId}.json`, head_commit: COMMIT }
      : { detail: 'git push of the stage branch was rejected' }),
  };
}

/** The fixture reports, moved to this plan, stage and run id. */
export function reportFor(base: FinalReport, stage: number, runId: string): FinalReport {
  const r = structuredClone(base);
  r.plan = { ...r.plan, id: PLAN_ID, path: PLAN_PATH };
  r.stage = { ...r.stage, number: stage };
  r.run = { ...r.run, id: runId };
  if (r.ledgerRow)
    r.ledgerRow = {
      ...r.ledgerRow,
      plan_id: PLAN_ID,
      stage,
      run_id: runId,
      report_path: `plans/${PLAN_ID}/reports/stage-${stage}/${runId}.json`,
    };
  if (r.stageSidecarEvidence) r.stageSidecarEvidence = { ...r.stageSidecarEvidence, stageNumber: stage };
  return r;
}

export const failedStageReport = (stage: number, runId: string): FinalReport => reportFor(failReport(), stage, runId);
export const passedStageReport = (stage: number, runId: string): FinalReport => reportFor(passReport(), stage, runId);
