import { ConfigSchema, type OkstraConfig } from '../core/config/index.js';
import {
  checkRunName,
  endingWithoutReport,
  parseCheckRunName,
  parseRunTitle,
  untrustedRunReason,
  type RunOrigin,
} from '../core/commands/index.js';
import { isStageRow, reportPath, type DistrustedRow, type LedgerRow, type StageRow } from '../core/ledger/index.js';
// The renderers' own modules: the report index also loads the schema validators (~1 MB), which only reading a
// stored report needs (loaded there), not the event job that imports this module beside every other trigger.
import { renderCheckRun } from '../core/report/check-run.js';
import { isReportComment, renderComment } from '../core/report/comment.js';
import type { FinalReport } from '../core/report/schema/final-report.js';
import { inlineCode } from '../core/text/escape.js';
import { completeCheck, getCheckRun, latestChecksOn, type CheckAction, type CheckRunFacts } from '../github/checks.js';
import { describeApiError } from '../github/errors.js';
import { upsertStickyComment } from '../github/comments.js';
import { readReportJson } from '../github/ledger-api.js';
import { loadConfig } from './config.js';
import type { TriggerDeps } from './deps.js';
import { continuePlan } from './continue.js';
import { readPlanRows, type LedgerRowsRead } from './ledger-state.js';
import { workflowPath } from './launch.js';

/** The button on a failed stage check; pressing it asks the bot for a fix run (`check_run.requested_action`). */
export const FIX_ACTION: CheckAction = {
  label: 'Fix run',
  description: 'Run this stage again on its branch',
  identifier: 'fix',
};

export interface FinishedRun {
  id: number;
  attempt: number;
  conclusion: string | null;
  htmlUrl: string;
  /** The rendered `run-name`. */
  title: string;
  /** The workflow file, `.github/workflows/okstra.yml`. */
  path: string;
  /** Where the run came from: only okstra's own runs are acted on (untrustedRunReason). */
  origin: RunOrigin;
  /** Who the run ran as (`workflow_run.actor`): whom follow-up stages are dispatched for when the ledger names no one. */
  actor: string;
}

interface StageCheck {
  check: CheckRunFacts;
  planId: string;
  stage: number;
}

interface StageResult extends StageCheck {
  row: StageRow | null;
  report: FinalReport | null;
  /** Why a report the ledger points at could not be used. */
  reportProblem: string | null;
}

/**
 * `workflow_run.completed` of the okstra workflow, dispatched on this
 * repository's default branch: completes every check
 * the run was started for (named in its title) from the reports the run
 * stored on the ledger branch, and updates each stage's report comment.
 * A stage without a report still gets a conclusion (failure, cancelled,
 * skipped or neutral) with a link to the logs, so no check stays queued.
 */
export async function completeWorkflowRun(deps: TriggerDeps, run: FinishedRun): Promise<{ completed: number[] }> {
  // What the payload alone tells is checked before any request: a fork's or another branch's run costs nothing.
  const untrusted = untrustedRunReason(run.origin);
  if (untrusted !== null) {
    deps.log.debug(`ignored workflow run ${run.id} (${run.path}): ${untrusted}`);
    return { completed: [] };
  }
  const named = parseRunTitle(run.title);
  if (!named) return { completed: [] };
  // The workflow file okstra dispatches is the config's, so this is the one check that needs a request.
  const config = await configOrDefaults(deps);
  if (run.path !== workflowPath(config)) {
    deps.log.debug(`ignored workflow run ${run.id}: it is a run of ${run.path}, not of ${workflowPath(config)}`);
    return { completed: [] };
  }

  // One check that cannot be read or completed must not keep the others queued: each is tried, failures are
  // collected, and the delivery fails at the end so GitHub shows it (a redelivery completes the rest again, idempotently).
  const failures: string[] = [];
  const checks = await stageChecks(deps, run, named.checkRunIds, failures);
  const ledgers = await readRunLedgers(deps, config, run, checks);
  // The stages this run made ready go out before its own checks are completed: the next runs start while the
  // reports are read and published, and the rows they are decided from are the ones just read.
  // A check the run's job updated says it held the App's token, and so launched what it made ready itself too.
  const jobLaunched = checks.some((c) => c.check.status !== 'queued');
  await continuePlans(deps, config, run, named.prNumber, ledgers, failures, jobLaunched);
  // That job may have gone on to stages the title does not name; it reports them itself, unless it was lost.
  const continued =
    jobLaunched && run.conclusion !== 'success' ? await continuedStageChecks(deps, checks, ledgers, failures) : [];
  const results = await collectResults(deps, config, ledgers, checks.concat(continued));
  const failedStage = results.find((r) => r.report && r.report.verdict.value !== 'PASS')?.stage ?? null;
  const completed: number[] = [];
  for (const r of results) {
    try {
      if (r.report) {
        await publishReport(deps, config, run, r.check.id, r.report, named.prNumber);
        completed.push(r.check.id);
        continue;
      }
      // Nothing stored for the stage and the check already completed: the workflow (with the App's token) concluded it itself.
      if (r.check.status === 'completed' && r.row === null) continue;
      const ending = endingWithoutReport({
        stage: r.stage,
        workflowConclusion: run.conclusion,
        logsUrl: run.htmlUrl,
        row: r.row,
        failedStage,
      });
      const summary = r.reportProblem
        ? `${ending.summary}\n\nThe stored report could not be used: ${inlineCode(r.reportProblem)}`
        : ending.summary;
      await completeCheck(
        deps.client,
        deps.repo,
        { id: r.check.id },
        { conclusion: ending.conclusion, requests: [{ output: { title: ending.title, summary, annotations: [] } }] },
        {
          at: deps.now(),
          detailsUrl: run.htmlUrl,
          ...(r.row ? { externalId: r.row.run_id } : {}),
          ...(ending.conclusion === 'failure' ? { actions: [FIX_ACTION] } : {}),
        },
      );
      completed.push(r.check.id);
    } catch (error) {
      failures.push(`check run ${r.check.id} (stage ${r.stage}): ${describeApiError(error)}`);
    }
  }
  deps.log.info(
    `workflow run ${run.id} (${run.conclusion ?? 'no conclusion'}): completed check run(s) ${completed.join(', ') || 'none'}`,
  );
  if (failures.length > 0) throw new Error(`workflow run ${run.id}: ${failures.join('; ')}`);
  return { completed };
}

/** The okstra stage checks among the run's named check runs; one that cannot be read is a failure, another app's is left alone. */
async function stageChecks(
  deps: TriggerDeps,
  run: FinishedRun,
  ids: readonly number[],
  failures: string[],
): Promise<StageCheck[]> {
  const checks: StageCheck[] = [];
  for (const id of ids) {
    try {
      const check = await getCheckRun(deps.client, deps.repo, id);
      const parsed = parseCheckRunName(check.name);
      if (parsed) checks.push({ check, ...parsed });
      else
        deps.log.warn(
          `workflow run ${run.id} names check run ${id} (${check.name}), which is not an okstra stage check; left alone`,
        );
    } catch (error) {
      failures.push(`check run ${id}: ${describeApiError(error)}`);
    }
  }
  return checks;
}

/**
 * The unfinished checks of stages the run's job went on to (bot.continueInJob), which its title does not name: the
 * job completes them itself, so one still open after the run ended belongs to a job that was lost before it could
 * (no post step either). Found on the commit the named checks are on, each by its name and the run id this run's
 * ledger row gave it (the job marks its check with it); a check of another run is left alone.
 */
async function continuedStageChecks(
  deps: TriggerDeps,
  named: readonly StageCheck[],
  ledgers: ReadonlyMap<string, RunLedger>,
  failures: string[],
): Promise<StageCheck[]> {
  const head = named[0]?.check.headSha;
  const runIds = new Map<string, string>();
  for (const [planId, ledger] of ledgers)
    if (typeof ledger !== 'string')
      for (const row of ledger.rows)
        if (!named.some((c) => c.planId === planId && c.stage === row.stage))
          runIds.set(checkRunName(planId, row.stage), row.run_id);
  if (!head || runIds.size === 0) return [];
  try {
    const onHead = await latestChecksOn(deps.client, deps.repo, head);
    return onHead.flatMap((c) => {
      const parsed = parseCheckRunName(c.name);
      if (!parsed || c.status === 'completed' || c.externalId === null || runIds.get(c.name) !== c.externalId)
        return [];
      const check = { id: c.id, name: c.name, status: c.status, conclusion: null, headSha: head, pullRequests: [] };
      return [{ check, ...parsed }];
    });
  } catch (error) {
    failures.push(`the check runs on ${head.slice(0, 12)}: ${describeApiError(error)}`);
    return [];
  }
}

/**
 * Every plan of the run that recorded a `done` stage continues: the stages
 * that row made ready are dispatched now, each in its own workflow run,
 * rather than at the next scheduled sweep. A refusal (the plan paused by a
 * failure, the workflow gone) is logged; GitHub failing fails the delivery.
 */
async function continuePlans(
  deps: TriggerDeps,
  config: OkstraConfig,
  run: FinishedRun,
  prNumber: number,
  ledgers: ReadonlyMap<string, RunLedger>,
  failures: string[],
  jobLaunched: boolean,
): Promise<void> {
  for (const [planId, ledger] of ledgers) {
    if (typeof ledger === 'string' || !ledger.rows.some((r) => r.status === 'done')) continue;
    try {
      const outcome = await continuePlan(
        deps,
        config,
        { planId, prNumber, run: { prefix: runPrefix(run) }, fallbackActor: run.actor, afterItsJob: jobLaunched },
        ledger.read,
      );
      if (outcome.kind === 'dispatched')
        deps.log.info(`plan ${planId}: dispatched stage(s) ${outcome.stages.join(', ')} after workflow run ${run.id}`);
      else deps.log.info(`plan ${planId}: nothing dispatched after workflow run ${run.id}: ${outcome.reason}`);
    } catch (error) {
      failures.push(`continuing plan ${planId}: ${describeApiError(error)}`);
    }
  }
}

const runPrefix = (run: FinishedRun): string => `gh-${run.id}-${run.attempt}-`;

/** A broken config must not leave checks queued: its defaults still name the ledger branch most repositories use. */
async function configOrDefaults(deps: TriggerDeps): Promise<OkstraConfig> {
  const load = await loadConfig(deps.readConfig);
  if (load.ok) return load.config;
  deps.log.warn(`config invalid (${load.errors.join('; ')}); completing checks with the default settings`);
  return ConfigSchema.parse({});
}

/** Each plan the run's checks name, read once: its rows, judged as the bot judges them. */
async function readRunLedgers(
  deps: TriggerDeps,
  config: OkstraConfig,
  run: FinishedRun,
  checks: readonly StageCheck[],
): Promise<Map<string, RunLedger>> {
  const ledgers = new Map<string, RunLedger>();
  for (const planId of new Set(checks.map((c) => c.planId)))
    ledgers.set(planId, await readRunLedger(deps, config, planId, runPrefix(run)));
  return ledgers;
}

async function collectResults(
  deps: TriggerDeps,
  config: OkstraConfig,
  ledgers: ReadonlyMap<string, RunLedger>,
  checks: readonly StageCheck[],
): Promise<StageResult[]> {
  const results: StageResult[] = [];
  for (const c of checks) {
    const ledger = ledgers.get(c.planId) ?? 'the plan was not read';
    if (typeof ledger === 'string') {
      results.push({ ...c, row: null, report: null, reportProblem: ledger });
      continue;
    }
    const row = ledger.rows.filter((r) => r.stage === c.stage).at(-1) ?? null;
    // A row the rules do not believe (trust.ts) decides nothing: the check ends as if it were not there, and says why.
    const disbelieved = ledger.distrusted.filter((d) => d.row.stage === c.stage).at(-1);
    if (disbelieved) {
      const why = `ledger row ${disbelieved.line} (${disbelieved.row.status}) is not believed: ${disbelieved.reason}`;
      results.push({ ...c, row, report: null, reportProblem: why });
      continue;
    }
    const path = row && row.status !== 'started' ? (row.report_path ?? null) : null;
    if (!path) {
      results.push({ ...c, row, report: null, reportProblem: null });
      continue;
    }
    const { report, problem } = await readReport(deps, config, path);
    results.push({ ...c, row, report, reportProblem: problem });
  }
  return results;
}

/**
 * The run's rows of a plan as the bot believes them (every row judged, as
 * readPlanRows does) and the whole read they came from (what continuing the
 * plan decides on), or why it cannot tell.
 */
type RunLedger =
  { rows: StageRow[]; distrusted: (DistrustedRow & { row: StageRow })[]; read: LedgerRowsRead & { ok: true } } | string;

async function readRunLedger(
  deps: TriggerDeps,
  config: OkstraConfig,
  planId: string,
  runPrefix: string,
): Promise<RunLedger> {
  try {
    const read = await readPlanRows(deps, config, planId);
    if (!read.ok) return read.reason;
    const ofRun = (r: LedgerRow): r is StageRow => isStageRow(r) && r.run_id.startsWith(runPrefix);
    const distrusted = read.distrusted.filter((d): d is DistrustedRow & { row: StageRow } => ofRun(d.row));
    return { rows: read.rows.filter(ofRun), distrusted, read };
  } catch (error) {
    return `the ledger could not be read: ${describeApiError(error)}`;
  }
}

async function readReport(
  deps: TriggerDeps,
  config: OkstraConfig,
  path: string,
): Promise<{ report: FinalReport | null; problem: string | null }> {
  try {
    const json = await readReportJson(deps.client, deps.repo, config.ledgerBranch, path);
    if (json === null) return { report: null, problem: `${path} is not on ${config.ledgerBranch}` };
    const { checkFinalReport, formatSchemaProblem } = await import('../core/report/validate-schema.js');
    const checked = checkFinalReport(json);
    if (!checked.ok)
      return {
        report: null,
        problem: `${path} does not match the report schema (${checked.problems.slice(0, 3).map(formatSchemaProblem).join('; ')})`,
      };
    return { report: checked.value, problem: null };
  } catch (error) {
    return { report: null, problem: describeApiError(error) };
  }
}

async function publishReport(
  deps: TriggerDeps,
  config: OkstraConfig,
  run: FinishedRun,
  checkId: number,
  report: FinalReport,
  prNumber: number,
): Promise<void> {
  const fullReportUrl = `${deps.webUrl}/blob/${config.ledgerBranch}/${reportPath(report.plan.id, report.stage.number, report.run.id, 'md')}`;
  const render = renderCheckRun(report, { fullReportUrl });
  await completeCheck(deps.client, deps.repo, { id: checkId }, render, {
    at: deps.now(),
    detailsUrl: run.htmlUrl,
    externalId: report.run.id,
    actions: render.conclusion === 'failure' ? [FIX_ACTION] : [],
  });
  const body = renderComment(report, { fullReportUrl }).body;
  const res = await upsertStickyComment(deps.client, deps.repo, prNumber, body, (b) =>
    isReportComment(b, report.plan.id, report.stage.number),
  );
  deps.log.info(
    `report comment for plan ${report.plan.id} stage ${report.stage.number} ${res.action} on PR #${prNumber}`,
  );
}
