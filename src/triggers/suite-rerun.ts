import { isBotAccount, parseCheckRunName } from '../core/commands/index.js';
import { isRerunnableCheck } from '../core/report/check-run.js';
import type { TriggerDeps, Sender } from './deps.js';
import { rerunStages, type RerunResult, type RerunTarget } from './rerun.js';

export interface SuiteRerunEvent {
  suiteId: number;
  headSha: string;
  /** The pull requests the payload lists for the suite's commit (none for a fork's). */
  pullRequests: number[];
  sender: Sender;
}

export type SuiteRerunResult = RerunResult | 'nothing-failed';

/**
 * "Re-run all checks" on okstra's check suite (`check_suite.rerequested`):
 * the okstra stage checks of the suite that failed, or that a provider's
 * outage left neutral, are run again, each as its own re-run would be
 * (rerunStages: one set of gates, one answer). The checks that passed, were
 * skipped, were not their stage's turn or are still queued are left alone; a
 * suite with no failed okstra check starts nothing, as a re-run of a check
 * that is not okstra's does.
 */
export async function handleSuiteRerun(deps: TriggerDeps, ev: SuiteRerunEvent): Promise<SuiteRerunResult> {
  if (isBotAccount(ev.sender)) {
    deps.log.info(`ignored a re-run of check suite ${ev.suiteId} requested by bot account ${ev.sender.login}`);
    return 'ignored-bot';
  }
  const checks = await deps.client.paginate(deps.client.rest.checks.listForSuite, {
    ...deps.repo,
    check_suite_id: ev.suiteId,
    filter: 'latest',
    per_page: 100,
  });
  const targets = new Map<string, RerunTarget>();
  for (const check of checks) {
    const named = parseCheckRunName(check.name);
    if (!named || check.status !== 'completed') continue;
    if (!isRerunnableCheck({ conclusion: check.conclusion, title: check.output?.title ?? null })) continue;
    // `latest` already keeps one check per name; a name is one plan's stage.
    targets.set(check.name, { ...named, checkUrl: check.html_url ?? `${deps.webUrl}/runs/${check.id}` });
  }
  if (targets.size === 0) {
    deps.log.info(`re-run of check suite ${ev.suiteId}: no okstra stage check of it failed; nothing to do`);
    return 'nothing-failed';
  }
  const sorted = [...targets.values()].sort((a, b) => a.planId.localeCompare(b.planId) || a.stage - b.stage);
  return rerunStages(
    deps,
    {
      headSha: ev.headSha,
      pullRequests: ev.pullRequests,
      sender: ev.sender,
      what: `re-run of check suite ${ev.suiteId}`,
    },
    sorted,
  );
}
