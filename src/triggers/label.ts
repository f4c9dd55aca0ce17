import { isBotAccount, labelCommand } from '../core/commands/index.js';
import { escapeInline, inlineCode } from '../core/text/escape.js';
import { describeApiError } from '../github/errors.js';
import { postComment, removeLabel } from '../github/issues.js';
import { changedFiles, type PullRequestFacts } from '../github/pulls.js';
import { loadConfig } from './config.js';
import type { TriggerDeps, Sender } from './deps.js';
import { pullRequestGate, roleGate, senderRole } from './gate.js';
import { launch, resolveLaunchPlan } from './launch.js';

export interface LabelEvent {
  pr: PullRequestFacts;
  label: string;
  sender: Sender;
}

export type LabelResult = 'not-ours' | 'ignored-bot' | 'refused' | 'launched';

/**
 * `pull_request.labeled` with `okstra:run` or `okstra:stage-N`: the same
 * launch as the comment commands. The label is taken off once okstra has
 * acted on it, launched or refused, so adding it again asks again; a
 * refusal is answered with a comment.
 */
export async function handleLabel(deps: TriggerDeps, ev: LabelEvent): Promise<LabelResult> {
  const parsed = labelCommand(ev.label);
  if (parsed === null) return 'not-ours';
  if (isBotAccount(ev.sender)) {
    deps.log.info(`ignored label ${ev.label} added by bot account ${ev.sender.login}`);
    return 'ignored-bot';
  }
  const refuse = async (why: string): Promise<LabelResult> => {
    await removeLabel(deps.client, deps.repo, ev.pr.number, ev.label);
    await postComment(
      deps.client,
      deps.repo,
      ev.pr.number,
      `@${ev.sender.login} okstra did not act on the label ${inlineCode(ev.label)}: ${why}`,
    );
    return 'refused';
  };
  if (!parsed.ok) return refuse(parsed.error);
  const command = parsed.command;
  const act = async (): Promise<LabelResult> => {
    const [load, role] = await Promise.all([loadConfig(deps.readConfig), senderRole(deps, ev.sender.login)]);
    if (!load.ok)
      return refuse(
        `its configuration on \`${deps.defaultBranch}\` is invalid: ${load.errors.map(escapeInline).join('; ')}`,
      );
    const config = load.config;
    const gate = roleGate(config, ev.sender.login, role);
    if (!gate.ok) return refuse(gate.reason);
    const open = pullRequestGate(config, ev.pr);
    if (!open.ok) return refuse(open.reason);
    if (command.verb !== 'run' && command.verb !== 'stage')
      throw new Error(`unreachable: label command ${command.verb}`);
    const files = await changedFiles(deps.client, deps.repo, ev.pr.number);
    const plan = await resolveLaunchPlan(deps, config, ev.pr, files, null);
    if (!plan.ok) return refuse(plan.reason);
    const outcome = await launch(deps, config, {
      pr: ev.pr,
      ...plan.request,
      what: command.verb === 'run' ? { kind: 'run' } : { kind: 'stage', stage: command.stage },
      options: command.options,
      trigger: 'label',
      actor: ev.sender.login,
      origin: `label ${inlineCode(ev.label)}`,
    });
    if (!outcome.ok) return refuse(outcome.reason);
    await removeLabel(deps.client, deps.repo, ev.pr.number, ev.label);
    return 'launched';
  };
  try {
    return await act();
  } catch (error) {
    // GitHub failing midway is not a refusal, but the label must not stay on as if okstra were working on it.
    deps.log.error(`label ${ev.label} on PR #${ev.pr.number}: ${describeApiError(error)}`);
    return refuse(`okstra could not finish: ${inlineCode(describeApiError(error))}.`);
  }
}
