import type { Plan } from '../core/plan/types.js';
// The renderers' own modules, not the report's index: that one also loads the schema validators (~1 MB), which a
// stage's claim must not wait for.
import { checkRunName } from '../core/commands/check-name.js';
import type * as CheckRun from '../core/report/check-run.js';
import type { FinalReport } from '../core/report/schema/final-report.js';
import { reportPath } from '../core/ledger/index.js';
import type { GitHubClient } from './client.js';
import { describeApiError } from './errors.js';
import {
  completeCheck,
  createInProgressCheck,
  isForeignCheckRefusal,
  markInProgress,
  updateInProgress,
  type CheckConclusion,
} from './checks.js';
import type { ActivityFacts } from '../core/progress/activity-text.js';
import { CheckProgress } from './check-progress.js';
import type {
  PublishedRefusal,
  PublishedStage,
  PublishSetup,
  PullRequestRef,
  RosterNames,
} from './stage-publisher-types.js';
import { upsertStickyComment } from './comments.js';

/**
 * Publishes stage runs to GitHub: the stage's check run (in progress at
 * intake, completed with the rendered report) and the sticky PR comment.
 * A failure to publish never hides the verdict: it is logged at once and
 * collected in `problems`, which fail the step at the end.
 */

export type {
  CheckRunIds,
  PublishedRefusal,
  PublishedStage,
  PublishIo,
  PublishSetup,
  PublishTarget,
  PullRequestRef,
  RosterNames,
} from './stage-publisher-types.js';

/** How many of the engine's lines are kept for a check's progress while it is being marked in progress. */
const EARLY_LINES = 500;

export class StagePublisher {
  readonly problems: string[] = [];
  private foreignRefused = false;
  /** Check run per plan and stage that this job may update. */
  private readonly checks = new Map<string, number>();
  /** Queued checks handed over during the run: a stage this job went on to, with the check its launch queued. */
  private readonly handedLater = new Map<number, number>();
  /** The running stage's progress updates, per plan and stage, closed before its check is completed. */
  private readonly live = new Map<string, CheckProgress>();
  /** Progress updates being closed, per plan and stage: their last update goes out before the completing request. */
  private readonly closing = new Map<string, Promise<void>>();
  /**
   * What the engine said while a check was being marked in progress: the
   * stage runs meanwhile (the claim does not wait for the API), so its first
   * lines come before the progress updates can start, and are given to them
   * when they do. Null while no check is being marked.
   */
  private early: Array<(p: CheckProgress) => void> | null = null;

  private prLookup: Promise<PullRequestRef | null> | null = null;

  constructor(private readonly s: PublishSetup) {}

  private pullRequest(): Promise<PullRequestRef | null> {
    const pr = this.s.pr;
    this.prLookup ??= typeof pr === 'function' ? pr() : Promise.resolve(pr);
    return this.prLookup;
  }

  /** The engine's log lines, for the running checks' progress. */
  onLine = (text: string): void => {
    this.remember((p) => p.line(text));
    for (const p of this.live.values()) p.line(text);
  };

  /** The workers' activity, for the running checks' progress. */
  onActivity = (a: ActivityFacts): void => {
    this.remember((p) => p.activity(a));
    for (const p of this.live.values()) p.activity(a);
  };

  private remember(say: (p: CheckProgress) => void): void {
    // Bounded: a check that takes this long to mark is rare, and its updates then start from the later lines.
    if (this.early && this.early.length < EARLY_LINES) this.early.push(say);
  }

  /** Starts the progress updates of a check this job marked in progress. */
  private watch(key: string, id: number, intro: string, at: Date): void {
    const client = this.s.client;
    const early = this.early ?? [];
    this.early = null;
    if (!client) return;
    const progress = new CheckProgress({
      send: (output, signal) => updateInProgress(client, this.s.repo, id, output, signal),
      warn: (message) => this.s.io.warning(message),
      scrub: (text) => this.s.scrub.scrubAll(text),
      intro,
      openedAt: at.getTime(),
      ...(this.s.progressIntervalMs !== undefined ? { minIntervalMs: this.s.progressIntervalMs } : {}),
      ...(this.s.progressClock ? { clock: this.s.progressClock } : {}),
    });
    this.live.set(key, progress);
    for (const say of early) say(progress);
  }

  /**
   * Ends a stage's progress updates; the completing request follows, so none may come after it. Stopped at once (the
   * next stage of the job may start meanwhile, and its lines are not this one's), awaited by every caller.
   */
  private async unwatch(key: string): Promise<void> {
    const progress = this.live.get(key);
    this.live.delete(key);
    if (progress)
      this.closing.set(
        key,
        progress.close().finally(() => this.closing.delete(key)),
      );
    await this.closing.get(key);
  }

  /** Ends every progress update (the session's end, whatever happened). */
  async closeProgress(): Promise<void> {
    await Promise.all([...this.live.keys()].map((key) => this.unwatch(key)));
  }

  private key(planId: string, stage: number): string {
    return `${planId}#${stage}`;
  }

  /** A queued check of a stage this job goes on to run (its launch queued it): marked and completed like a handed one. */
  hand(stage: number, id: number | null): void {
    if (id === null) this.handedLater.delete(stage);
    else this.handedLater.set(stage, id);
  }

  /**
   * The check run queued for this stage, if one was handed over: known before it is marked in progress, so a job
   * killed before that mark's round trip ends still has its post step close it.
   */
  handedId(stage: number): number | null {
    const later = this.handedLater.get(stage);
    if (later !== undefined) return later;
    const ids = this.s.checkRunIds;
    if (ids.kind === 'single') return ids.id;
    if (ids.kind === 'by-stage') return ids.ids.get(stage) ?? null;
    return null;
  }

  private get wantsOwnChecks(): boolean {
    return this.s.targets.has('check');
  }

  private fail(what: string, error: unknown): void {
    const line = `${what}: ${describeApiError(error)}`;
    this.s.io.warning(line);
    this.problems.push(line);
  }

  /** The bot's check could not be updated with this token: say so once and leave its checks to the bot. */
  private foreign(id: number, error: unknown): void {
    if (!this.foreignRefused) {
      this.s.io.warning(
        `okstra: GitHub refused to update check run ${id} (${describeApiError(error)}). Only the GitHub App that created a check run may update it; ` +
          "pass that App's installation token as `github-token` (actions/create-github-app-token) to let the Action update it. " +
          'Until then the bot completes its checks from the ledger; this run leaves them alone.',
      );
    }
    this.foreignRefused = true;
  }

  /** Marks the stage's check run in progress; returns its id when this job may update it later. */
  async started(plan: Plan, stage: number, runId: string, roster: RosterNames): Promise<number | null> {
    const client = this.s.client;
    if (!client) return null;
    this.early = [];
    try {
      return await this.markStarted(client, plan, stage, runId, roster);
    } finally {
      // Given to the progress updates when they started; dropped when they did not.
      this.early = null;
    }
  }

  private async markStarted(
    client: GitHubClient,
    plan: Plan,
    stage: number,
    runId: string,
    roster: RosterNames,
  ): Promise<number | null> {
    const title = `Running: ${roster.executor.name} executes, ${roster.verifiers.map((v) => v.name).join(', ')} verify`;
    const stageTitle = plan.stages.find((x) => x.number === stage)?.title ?? '';
    const summary = `okstra is running stage ${stage}${stageTitle ? ` (${stageTitle})` : ''} of plan \`${plan.id}\` as run \`${runId}\`.${this.s.runUrl ? ` [Workflow run](${this.s.runUrl})` : ''}`;
    const output = { title, summary: this.s.scrub.scrubAll(summary) };
    const at = this.s.io.now();
    const fields = { detailsUrl: this.s.runUrl, externalId: runId };
    const handed = this.handedId(stage);
    if (handed !== null) {
      if (this.foreignRefused) return null;
      try {
        await markInProgress(client, this.s.repo, handed, { output, at, ...fields });
        this.checks.set(this.key(plan.id, stage), handed);
        this.watch(this.key(plan.id, stage), handed, output.summary, at);
        return handed;
      } catch (error) {
        if (isForeignCheckRefusal(error)) this.foreign(handed, error);
        else this.fail(`could not mark check run ${handed} in progress`, error);
        return null;
      }
    }
    // Without a pull request there is no commit on GitHub to hang the check on until the stage branch is pushed.
    const pr = await this.pullRequest();
    if (!this.wantsOwnChecks || !pr) return null;
    try {
      const id = await createInProgressCheck(client, this.s.repo, {
        name: checkRunName(plan.id, stage),
        headSha: pr.headSha,
        output,
        at,
        ...fields,
      });
      this.checks.set(this.key(plan.id, stage), id);
      this.watch(this.key(plan.id, stage), id, output.summary, at);
      return id;
    } catch (error) {
      this.fail(`could not create the check run for stage ${stage}`, error);
      return null;
    }
  }

  /** Completes the check with the report and updates the sticky comment. */
  async completed(outcome: PublishedStage, ledgerCommit: string): Promise<number | null> {
    const report = this.s.scrub.deep(outcome.report);
    const closed = this.unwatch(this.key(report.plan.id, report.stage.number));
    closed.catch(() => undefined);
    const url = this.reportUrl(report, ledgerCommit);
    // The report's renderers load only now, at the stage's end: nothing of them is on the way to its claim.
    const { renderCheckRun } = await import('../core/report/check-run.js');
    const render = renderCheckRun(report, url ? { fullReportUrl: url } : {});
    // A stage this job went on to is nobody else's to report: the App posts reports for the stages its run named.
    // The comment goes out beside the check: neither waits for the other's round trips.
    const commenting =
      this.s.targets.has('comment') || this.handedLater.has(report.stage.number) ? this.comment(report, url) : null;
    const [id] = await Promise.all([
      this.finishCheck(
        report.plan.id,
        report.stage.number,
        report.run.id,
        render.conclusion,
        render.requests,
        report.git.headCommit,
      ),
      commenting,
    ]);
    return id;
  }

  /** A stage the engine would not start: a failing check when a person must act, neutral when it is only not its turn. */
  async refused(plan: Plan, stage: number, runId: string, refusal: PublishedRefusal): Promise<void> {
    const waiting = refusal.code === 'in-progress' || refusal.code === 'not-ready' || refusal.code === 'already-done';
    const output = {
      title: `Not run: ${refusal.code}`,
      summary: this.s.scrub.scrubAll(refusal.reason),
      annotations: [],
    };
    await this.finishCheck(plan.id, stage, runId, waiting ? 'neutral' : 'failure', [{ output }], null);
  }

  /** A stage okstra acted on without a stage run (`reconcile` with `reset`): the check says what was done, on the branch's head when no pull request carries it. */
  async concluded(
    planId: string,
    stage: number,
    runId: string,
    output: { title: string; summary: string },
    head: string,
  ): Promise<void> {
    await this.finishCheck(
      planId,
      stage,
      runId,
      'success',
      [{ output: { title: output.title, summary: this.s.scrub.scrubAll(output.summary), annotations: [] } }],
      head,
    );
  }

  /** okstra itself broke mid-stage: the claim was released; the check must not stay in progress. */
  async crashed(planId: string, stage: number, runId: string, message: string): Promise<void> {
    const output = {
      title: 'okstra failed',
      summary: this.s.scrub.scrubAll(`The run broke before reaching a verdict: ${message}`),
      annotations: [],
    };
    await this.finishCheck(planId, stage, runId, 'failure', [{ output }], null);
  }

  private async finishCheck(
    planId: string,
    stage: number,
    runId: string,
    conclusion: CheckConclusion,
    requests: ReturnType<typeof CheckRun.renderCheckRun>['requests'],
    fallbackHead: string | null,
  ): Promise<number | null> {
    const client = this.s.client;
    if (!client) return null;
    await this.unwatch(this.key(planId, stage));
    const known = this.checks.get(this.key(planId, stage)) ?? null;
    const handed = this.handedId(stage);
    const at = this.s.io.now();
    const fields = { detailsUrl: this.s.runUrl, externalId: runId };
    if (known === null && handed !== null) {
      // A handed-over check we never managed to update: the bot owns it.
      if (this.foreignRefused) return null;
      try {
        return await completeCheck(client, this.s.repo, { id: handed }, { requests, conclusion }, { at, ...fields });
      } catch (error) {
        if (isForeignCheckRefusal(error)) this.foreign(handed, error);
        else this.fail(`could not complete check run ${handed}`, error);
        return null;
      }
    }
    if (known !== null) {
      try {
        return await completeCheck(client, this.s.repo, { id: known }, { requests, conclusion }, { at, ...fields });
      } catch (error) {
        if (known === handed && isForeignCheckRefusal(error)) this.foreign(known, error);
        else this.fail(`could not complete check run ${known}`, error);
        return null;
      }
    }
    const head = (await this.pullRequest())?.headSha ?? fallbackHead;
    if (!this.wantsOwnChecks || head === null) return null;
    try {
      return await completeCheck(
        client,
        this.s.repo,
        { create: { name: checkRunName(planId, stage), headSha: head } },
        { requests, conclusion },
        { at, ...fields },
      );
    } catch (error) {
      this.fail(`could not create the check run for stage ${stage}`, error);
      return null;
    }
  }

  private async comment(report: FinalReport, url: string | null): Promise<void> {
    const client = this.s.client;
    const pr = await this.pullRequest();
    if (!client || !pr) return;
    const { isReportComment, renderComment } = await import('../core/report/comment.js');
    const body = renderComment(report, url ? { fullReportUrl: url } : {}).body;
    try {
      const res = await upsertStickyComment(client, this.s.repo, pr.number, body, (b) =>
        isReportComment(b, report.plan.id, report.stage.number),
      );
      this.s.io.info(`report comment ${res.action} on pull request #${pr.number}`);
    } catch (error) {
      this.fail(`could not post the report comment on pull request #${pr.number}`, error);
    }
  }

  /** The Markdown report on the ledger branch, pinned to the commit that wrote it. */
  private reportUrl(report: FinalReport, ledgerCommit: string): string | null {
    if (!this.s.repo.owner) return null;
    return `${this.s.serverUrl}/${this.s.repo.owner}/${this.s.repo.repo}/blob/${ledgerCommit}/${reportPath(report.plan.id, report.stage.number, report.run.id, 'md')}`;
  }
}
