import { isBotAccount, parseCheckRunName } from '../../src/core/commands/index.js';
import { escapeInline, inlineCode } from '../../src/core/text/escape.js';
import { describeApiError } from '../../src/github/errors.js';
import { postComment } from '../../src/github/issues.js';
import { changedFiles, pullRequestFacts, pullRequestsForCommit } from '../../src/github/pulls.js';
import { loadConfig } from './config.js';
import type { BotDeps, Sender } from './deps.js';
import { pullRequestGate, roleGate, senderRole } from './gate.js';
import { launch } from './launch.js';
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

/**
 * "Re-run" on an okstra stage check (`check_run.rerequested`) or its "Fix
 * run" button (`check_run.requested_action`): a new run of that stage, on
 * its preserved branch when it failed before, with a new queued check on
 * the pull request's current head. A refusal is answered on the pull request.
 */
export async function handleCheckRerun(deps: BotDeps, ev: CheckRerunEvent): Promise<RerunResult> {
  const named = parseCheckRunName(ev.checkName);
  if (!named) return 'not-ours';
  if (ev.actionIdentifier !== null && ev.actionIdentifier !== FIX_ACTION.identifier) return 'not-ours';
  if (isBotAccount(ev.sender)) {
    deps.log.info(`ignored a re-run of ${ev.checkName} requested by bot account ${ev.sender.login}`);
    return 'ignored-bot';
  }
  const number = ev.pullRequests[0] ?? (await pullRequestsForCommit(deps.client, deps.repo, ev.headSha))[0];
  if (number === undefined) {
    deps.log.warn(`re-run of ${ev.checkName} on ${ev.headSha}: no open pull request has that commit; nothing to do`);
    return 'no-pull-request';
  }
  const refuse = async (why: string): Promise<RerunResult> => {
    await postComment(deps.client, deps.repo, number, `@${ev.sender.login} okstra did not re-run stage ${named.stage} of plan \`${named.planId}\` ([check](${ev.checkUrl})): ${why}`);
    return 'refused';
  };
  const act = async (): Promise<RerunResult> => {
    const [load, role] = await Promise.all([loadConfig(deps.readConfig), senderRole(deps, ev.sender.login)]);
    if (!load.ok) return refuse(`its configuration on \`${deps.defaultBranch}\` is invalid: ${load.errors.map(escapeInline).join('; ')}`);
    const config = load.config;
    const gate = roleGate(config, ev.sender.login, role);
    if (!gate.ok) return refuse(gate.reason);
    const [pr, files] = await Promise.all([pullRequestFacts(deps.client, deps.repo, number), changedFiles(deps.client, deps.repo, number)]);
    const open = pullRequestGate(config, pr);
    if (!open.ok) return refuse(open.reason);
    const plan = await resolvePlan(deps, config, pr, files, named.planId);
    if (!plan.ok) return refuse(plan.reason);
    const outcome = await launch(deps, config, {
      pr,
      plan: plan.plan,
      planPath: plan.path,
      planFromPullRequest: plan.fromPullRequest,
      what: { kind: 'stage', stage: named.stage },
      options: { executor: null, verifiers: null, models: {} },
      trigger: 'rerequest',
      actor: ev.sender.login,
      origin: `re-run of [the stage's check](${ev.checkUrl})`,
    });
    return outcome.ok ? 'launched' : refuse(outcome.reason);
  };
  try {
    return await act();
  } catch (error) {
    // GitHub failing midway is not a refusal, but the person who pressed the button still gets an answer.
    deps.log.error(`re-run of ${ev.checkName}: ${describeApiError(error)}`);
    return refuse(`okstra could not finish: ${inlineCode(describeApiError(error))}.`);
  }
}
