import { isBotAccount, parseCheckRunName } from '../core/commands/index.js';
import { escapeInline, inlineCode } from '../core/text/escape.js';
import { describeApiError } from '../github/errors.js';
import { postComment } from '../github/issues.js';
import { changedFiles, pullRequestFacts, pullRequestsForCommit } from '../github/pulls.js';
import { loadConfig } from './config.js';
import type { TriggerDeps, Sender } from './deps.js';
import { pullRequestGate, roleGate, senderRole } from './gate.js';
import { launch, launchedPlan } from './launch.js';
import { resolvePlan } from './plans.js';
import { FIX_ACTION } from './results.js';

export interface CheckRerunEvent {
  checkName: string;
  checkUrl: string;
  headSha: string;
  /** The pull requests the payload lists for the check's commit (none for a fork's). */
  pullRequests: number[];
  /** Null for `rerequested`; the button's identifier for `requested_action`. */
  actionIdentifier: string | null;
  sender: Sender;
}

export type RerunResult = 'not-ours' | 'ignored-bot' | 'no-pull-request' | 'refused' | 'launched';

/** A stage to run again, named by its okstra check. */
export interface RerunTarget {
  planId: string;
  stage: number;
  checkUrl: string;
}

/** What a re-run request is about: the commit its checks are on, the pull requests the payload lists, who asked. */
export interface RerunRequest {
  headSha: string;
  pullRequests: number[];
  sender: Sender;
  /** For the log: what was pressed. */
  what: string;
}

/**
 * "Re-run" on an okstra stage check (`check_run.rerequested`) or its "Fix
 * run" button (`check_run.requested_action`): a new run of that stage, on
 * its preserved branch when it failed before, with a new queued check on
 * the pull request's current head. A refusal is answered on the pull request.
 */
export async function handleCheckRerun(deps: TriggerDeps, ev: CheckRerunEvent): Promise<RerunResult> {
  const named = parseCheckRunName(ev.checkName);
  if (!named) return 'not-ours';
  if (ev.actionIdentifier !== null && ev.actionIdentifier !== FIX_ACTION.identifier) return 'not-ours';
  if (isBotAccount(ev.sender)) {
    deps.log.info(`ignored a re-run of ${ev.checkName} requested by bot account ${ev.sender.login}`);
    return 'ignored-bot';
  }
  return rerunStages(
    deps,
    { headSha: ev.headSha, pullRequests: ev.pullRequests, sender: ev.sender, what: `re-run of ${ev.checkName}` },
    [{ ...named, checkUrl: ev.checkUrl }],
  );
}

const named = (t: RerunTarget): string => `stage ${t.stage} of plan \`${t.planId}\` ([check](${t.checkUrl}))`;

/**
 * Runs the stages again after the gates every re-run passes once: the
 * sender's role, the pull request open and not from a fork (unless allowed);
 * then, per stage, its plan and the ledger (launch). Every refusal is
 * answered in one comment on the pull request. The sender is known not to
 * be a bot account here.
 */
export async function rerunStages(
  deps: TriggerDeps,
  req: RerunRequest,
  targets: readonly RerunTarget[],
): Promise<RerunResult> {
  const number = req.pullRequests[0] ?? (await pullRequestsForCommit(deps.client, deps.repo, req.headSha))[0];
  if (number === undefined) {
    deps.log.warn(`${req.what} on ${req.headSha}: no open pull request has that commit; nothing to do`);
    return 'no-pull-request';
  }
  const answer = (refusals: ReadonlyArray<readonly [RerunTarget | null, string]>): Promise<number> => {
    const [only] = refusals;
    const body =
      refusals.length === 1 && only
        ? `okstra did not re-run ${only[0] ? named(only[0]) : targets.map(named).join(', ')}: ${only[1]}`
        : [
            'okstra did not re-run:',
            '',
            ...refusals.map(([t, why]) => `- ${t ? named(t) : targets.map(named).join(', ')}: ${why}`),
          ].join('\n');
    return postComment(deps.client, deps.repo, number, `@${req.sender.login} ${body}`);
  };
  const refuseAll = async (why: string): Promise<RerunResult> => {
    await answer([[targets.length === 1 ? (targets[0] as RerunTarget) : null, why]]);
    return 'refused';
  };
  const act = async (): Promise<RerunResult> => {
    const [load, role] = await Promise.all([loadConfig(deps.readConfig), senderRole(deps, req.sender.login)]);
    if (!load.ok)
      return refuseAll(
        `its configuration on \`${deps.defaultBranch}\` is invalid: ${load.errors.map(escapeInline).join('; ')}`,
      );
    const config = load.config;
    const gate = roleGate(config, req.sender.login, role);
    if (!gate.ok) return refuseAll(gate.reason);
    const [pr, files] = await Promise.all([
      pullRequestFacts(deps.client, deps.repo, number),
      changedFiles(deps.client, deps.repo, number),
    ]);
    const open = pullRequestGate(config, pr);
    if (!open.ok) return refuseAll(open.reason);
    const refusals: Array<[RerunTarget, string]> = [];
    let launched = false;
    for (const target of targets) {
      const plan = await resolvePlan(deps, config, pr, files, target.planId);
      if (!plan.ok) {
        refusals.push([target, plan.reason]);
        continue;
      }
      const outcome = await launch(deps, config, {
        pr,
        ...launchedPlan(plan),
        what: { kind: 'stage', stage: target.stage },
        options: { executor: null, verifiers: null, models: {} },
        trigger: 'rerequest',
        actor: req.sender.login,
        origin: `re-run of [the stage's check](${target.checkUrl})`,
      });
      if (outcome.ok) launched = true;
      else refusals.push([target, outcome.reason]);
    }
    if (refusals.length > 0) await answer(refusals);
    return launched ? 'launched' : 'refused';
  };
  try {
    return await act();
  } catch (error) {
    // GitHub failing midway is not a refusal, but the person who pressed the button still gets an answer.
    deps.log.error(`${req.what}: ${describeApiError(error)}`);
    return refuseAll(`okstra could not finish: ${inlineCode(describeApiError(error))}.`);
  }
}
