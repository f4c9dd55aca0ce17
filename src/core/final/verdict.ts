import type { FinalQaResult, FinalVerificationReport } from '../report/schema/final-verification-report.js';
import type { Plan } from '../plan/types.js';
import { dependentsOf } from './final-head.js';

type Verifier = FinalVerificationReport['verifiers'][number];
type Finding = FinalVerificationReport['findings'][number];

export type FinalJudgement =
  | { kind: 'judged'; verdict: FinalVerificationReport['verdict'] }
  /** No verdict can be given: a verifier could not do its job (an infrastructure failure, not the stages' fault). */
  | { kind: 'incomplete'; reasons: string[] };

/**
 * Accepted only when every QA command passed, every verifier answered PASS
 * and no blocking finding stands. A rejection names the stages to fix: those
 * its blocking findings are attributed to, and the stage whose own validation
 * command failed (the sinks for a failing `qaCommands` entry or a FAIL
 * without a blocking finding); every done stage built on them is rebuilt.
 */
export function judgeFinal(input: {
  plan: Pick<Plan, 'stages'>;
  sinks: readonly number[];
  qa: readonly FinalQaResult[];
  verifiers: readonly Verifier[];
  findings: readonly Finding[];
  /** Done stages' own tests run again at the final head as they left them (src/core/final/replay.ts). */
  replay?: ReadonlyArray<{
    stage: number;
    paths: readonly string[];
    brokenBy: readonly number[];
    qa: readonly FinalQaResult[];
  }>;
}): FinalJudgement {
  const silent = input.verifiers.filter((v) => v.status !== 'done' || v.verdict === null);
  if (input.verifiers.length === 0) return { kind: 'incomplete', reasons: ['no verifier is configured'] };
  if (silent.length > 0)
    return {
      kind: 'incomplete',
      reasons: silent.map((v) => `${v.worker} gave no verdict (${v.failure?.reason ?? v.status})`),
    };
  const reasons: string[] = [];
  const fix = new Set<number>();
  for (const q of input.qa.filter((r) => !r.passed)) {
    reasons.push(`QA ${q.label} (\`${q.cmd}\`) failed at the final head (exit ${q.exitCode ?? 'killed'})`);
    for (const n of q.stage === null ? input.sinks : [q.stage]) fix.add(n);
  }
  for (const r of input.replay ?? []) {
    const failed = r.qa.filter((q) => !q.passed).map((q) => q.label);
    if (failed.length === 0) continue;
    reasons.push(
      `regression replay: stage ${r.stage}'s tests (${r.paths.join(', ')}) as it left them fail at the final head (${failed.join(', ')}); changed since by stage ${r.brokenBy.join(', ')}`,
    );
    for (const n of r.brokenBy) fix.add(n);
  }
  const blocking = input.findings.filter((f) => f.severity === 'blocking' && f.disposition !== 'refuted');
  for (const f of blocking) {
    reasons.push(`blocking finding ${f.id} by ${f.raisedBy}: ${f.title} (stage ${f.stages.join(', ')})`);
    for (const n of f.stages) fix.add(n);
  }
  for (const v of input.verifiers.filter((x) => x.verdict === 'FAIL')) {
    const own = blocking.filter((f) => f.raisedBy === v.worker);
    if (own.length > 0) continue;
    reasons.push(`${v.worker} answered FAIL`);
    for (const n of input.sinks) fix.add(n);
  }
  if (fix.size === 0)
    return {
      kind: 'judged',
      verdict: {
        value: 'accepted',
        reasons: [`every QA command passed and ${input.verifiers.length} verifier(s) answered PASS`],
        fixStages: [],
        rebuildStages: [],
      },
    };
  const fixStages = [...fix].sort((a, b) => a - b);
  return {
    kind: 'judged',
    verdict: {
      value: 'rejected',
      reasons,
      fixStages,
      rebuildStages: dependentsOf(input.plan, fixStages),
    },
  };
}
