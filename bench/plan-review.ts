// Planning phase speed: the engine parses every planner draft (markers, then
// parsePlan) and validates the plan-review report it writes; for a generated
// 200-stage plan each must take well under 50 ms (median), so repair rounds
// and the report never wait on okstra. The plan pull request body is rendered
// from the same report. Smoke: 10 stages, 3 runs.
import { parsePlanDraft } from '../src/core/contracts/plan-draft.js';
import { parsePlan, type Plan } from '../src/core/plan/index.js';
import { planPullRequestBody } from '../src/core/report/plan-pr.js';
import type { PlanReviewReport, PlanWorkerReport } from '../src/core/report/schema/plan-review-report.js';
import { validatePlanReviewReport } from '../src/core/report/validate-schema.js';
import { generatePlan } from './plan.js';
import { fmt, sized, summarize, verdict } from './stats.js';

const TARGET_MS = 50;

function draftMessage(stages: number): string {
  return `I read the repository and wrote the plan.\n\n<<<OKSTRA-PLAN\n${generatePlan(stages)}OKSTRA-PLAN>>>\n`;
}

function parseDraft(message: string, stages: number): Plan {
  const draft = parsePlanDraft(message);
  if (!draft.ok) throw new Error(`benchmark draft has no plan: ${draft.problem}`);
  const parsed = parsePlan(draft.markdown, { path: '.okstra/plans/bench-plan.md' });
  if (!parsed.plan || parsed.errors.length > 0 || parsed.plan.stages.length !== stages)
    throw new Error(`benchmark draft did not parse cleanly: ${parsed.errors.length} errors`);
  return parsed.plan;
}

function worker(name: string, provider: PlanWorkerReport['provider']): PlanWorkerReport {
  return {
    worker: name,
    provider,
    model: 'model-x',
    status: 'done',
    durationMs: 60_000,
    usage: { inputTokens: 200_000, outputTokens: 20_000, costUsd: 1.2 },
  };
}

/** A report over the parsed plan: three rounds, two reviewers, a finding per stage from each. */
function bigReport(plan: Plan): PlanReviewReport {
  const finding = (n: number, severity: 'blocking' | 'advisory') => ({
    severity,
    category: 'validation-cannot-fail' as const,
    stage: n,
    title: `Stage ${n}: <validation> for @team cannot fail`,
    detail:
      `\`npm test -- m${n}\` matches no test file.\nName the file the stage adds; see | the test layout |.\n`.repeat(3),
  });
  const reviewers = [worker('Codex worker', 'codex'), worker('Gemini worker', 'gemini')];
  const review = (severity: 'blocking' | 'advisory') =>
    reviewers.map((reviewer) => ({
      reviewer,
      verdict: severity === 'blocking' ? ('revise' as const) : ('approve' as const),
      findings: plan.stages.slice(0, 50).map((s) => finding(s.number, severity)),
      problem: null,
    }));
  const diagnostics = plan.stages.map((s) => ({
    line: s.position.line,
    column: 1,
    code: 'plan/unknown-dependency',
    message: `stage ${s.number} depends on stage 999, which is not in the Stage Map`,
  }));
  return {
    schema: 'okstra/plan-review-report',
    version: 1,
    plan: { id: plan.id, path: '.okstra/plans/bench-plan.md', title: plan.title, blob: 'b'.repeat(40) },
    goal: 'Generated goal.\n'.repeat(20),
    source: { kind: 'issue', issue: 42, url: 'https://github.com/o/r/issues/42' },
    outcome: 'valid',
    reason: null,
    rounds: [
      {
        round: 1,
        kind: 'draft',
        planner: worker('Claude worker', 'claude'),
        diagnostics: { errors: diagnostics, warnings: [] },
        reviews: [],
      },
      {
        round: 2,
        kind: 'repair',
        planner: worker('Claude worker', 'claude'),
        diagnostics: { errors: [], warnings: [] },
        reviews: review('blocking'),
      },
      {
        round: 3,
        kind: 'revise',
        planner: worker('Claude worker', 'claude'),
        diagnostics: { errors: [], warnings: [] },
        reviews: review('advisory'),
      },
    ],
    standingFindings: review('advisory').flatMap((r) => r.findings.map((f) => ({ ...f, reviewer: r.reviewer.worker }))),
    clarifications: plan.clarifications.map((c) => ({
      id: c.id,
      question: c.question,
      answer: c.answer,
      optional: false,
    })),
    stages: plan.stages.map((s) => ({
      number: s.number,
      title: s.title,
      dependsOn: s.dependsOn,
      validation: s.validation.length,
    })),
    usage: {
      workers: ['Claude worker', 'Codex worker', 'Gemini worker'].map((name) => ({
        worker: name,
        inputTokens: 600_000,
        outputTokens: 60_000,
        costUsd: 3.6,
      })),
      total: { inputTokens: 1_800_000, outputTokens: 180_000, costUsd: 10.8 },
      metered: 'gateway',
    },
    isolation: { mode: 'os-user', detail: 'agents ran as okstra-agent-1…3 without sudo' },
    startedAt: '2025-01-01T10:00:00.000Z',
    finishedAt: '2025-01-01T10:30:00.000Z',
  };
}

function time(fn: () => void): number[] {
  for (let i = 0; i < sized(5, 1); i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < sized(30, 3); i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

function line(what: string, samples: number[]): string {
  const { p50, p99 } = summarize(samples);
  return `${what} (n=${samples.length}): median ${fmt(p50)}, p99 ${fmt(p99)} — ${verdict(p50, TARGET_MS)}`;
}

export async function benchPlanReview(): Promise<string[]> {
  const stages = sized(200, 10);
  const message = draftMessage(stages);
  const plan = parseDraft(message, stages);
  const report = bigReport(plan);
  const checked = validatePlanReviewReport(report);
  if (!checked.ok) throw new Error(`benchmark report is not schema-valid: ${JSON.stringify(checked.problems[0])}`);
  const json = JSON.stringify(report);
  const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
  return [
    line(
      `draft: markers + parsePlan, ${stages} stages (${kib(message.length)})`,
      time(() => void parseDraft(message, stages)),
    ),
    line(
      `plan-review report: JSON.parse + schema validation, ${stages} stages, ${report.standingFindings.length} standing findings (${kib(json.length)})`,
      time(() => {
        if (!validatePlanReviewReport(JSON.parse(json)).ok) throw new Error('report stopped validating');
      }),
    ),
    line(
      `draft + report together, ${stages} stages`,
      time(() => {
        parseDraft(message, stages);
        if (!validatePlanReviewReport(JSON.parse(json)).ok) throw new Error('report stopped validating');
      }),
    ),
    line(
      `plan pull request body, ${stages} stages`,
      time(() => void planPullRequestBody(report, plan)),
    ),
  ];
}
