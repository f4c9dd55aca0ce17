import {
  GITHUB_TOKEN_LOGIN,
  githubTokenNote,
  handoffLineOf,
  stackedPullPlaces,
  type StackedPullPlace,
} from '../core/final/handoff.js';
import {
  stackedPullRequestBody,
  stackedPullRequestTitle,
  type HandoffStage,
  type StackedBodyInput,
} from '../core/report/final-pr.js';
import { inlineCode } from '../core/text/escape.js';
import { recordHandoff } from '../engine/handoff.js';
import { describeApiError } from '../github/errors.js';
import { createPull, findOpenPullByHead, updatePull, type PlanPullRequest } from '../github/plan-pr.js';

import { commentOnAsking, type HandoffContext, type HandoffDeps } from './handoff-common.js';

interface StackedPull extends StackedPullPlace {
  line: HandoffStage;
  pr: PlanPullRequest;
  /** Found open by its head before this hand-off (updated), else opened by it. */
  existed: boolean;
  /** The body it was opened with; null when it existed. */
  sent: string | null;
}

/**
 * One pull request per stage onto its dependency's branch. All are found or
 * opened first, in stack order, so each number is known; then each body is
 * written with the whole stack (a pull request opened last with nothing to
 * add is left alone).
 */
export async function handOffStacked(d: HandoffDeps, h: HandoffContext): Promise<void> {
  const { loaded, report, stages, links } = h;
  const { plan } = loaded;
  const places = stackedPullPlaces(plan, h.ready.state, h.base);
  // Each stage's pull request number once it is found or opened; the bodies list the stack with what is known.
  const numbers = new Map<number, number>();
  const stack = (): StackedBodyInput['stack'] =>
    places.map((p) => ({
      number: p.stage,
      title: handoffLineOf(stages, p.stage).title,
      pullRequest: numbers.get(p.stage) ?? null,
    }));
  const body = (p: StackedPullPlace, byToken: boolean): string =>
    stackedPullRequestBody({
      plan,
      stage: handoffLineOf(stages, p.stage),
      report,
      baseBranch: p.base,
      stack: stack(),
      links,
      ciNote: byToken ? githubTokenNote(plan.id, p.head) : null,
    });
  const pulls = await openStack(d, h, places, body, numbers);
  await writeStackBodies(d, plan, pulls, body);
  const byToken = pulls.filter((p) => p.pr.author === GITHUB_TOKEN_LOGIN);
  if (byToken.length > 0)
    d.out.warning(
      `okstra: the stacked hand-off pull requests ${byToken.map((p) => `#${p.pr.number}`).join(', ')} were opened with GITHUB_TOKEN, so GitHub starts no workflow for them and the repository's CI does not run on them; configure the okstra App token (OKSTRA_APP_ID / OKSTRA_APP_PRIVATE_KEY, docs/action.md) or start CI by hand on each stage branch: gh workflow run <ci workflow> --ref <branch>, for ${byToken.map((p) => p.head).join(', ')}`,
    );
  for (const pull of pulls)
    await recordHandoff(
      {
        plan,
        runId: h.runId,
        actor: d.actor,
        verified: h.ready.verified,
        finalBranch: pull.head,
        mode: 'stacked',
        pr: { number: pull.pr.number, url: pull.pr.htmlUrl },
      },
      d.engine,
    );
  await announceStack(d, h, pulls);
}

/** Every stage's pull request found open by its head, or opened (with the stack as known so far), in stack order. */
async function openStack(
  d: HandoffDeps,
  h: HandoffContext,
  places: readonly StackedPullPlace[],
  body: (p: StackedPullPlace, byToken: boolean) => string,
  numbers: Map<number, number>,
): Promise<StackedPull[]> {
  const { client, repo } = d;
  const plan = h.loaded.plan;
  const pulls: StackedPull[] = [];
  for (const p of places) {
    const line = handoffLineOf(h.stages, p.stage);
    const what = `stage ${p.stage}'s pull request (${p.head} into ${p.base})`;
    const existing = await stackStep(what, () => findOpenPullByHead(client, repo, p.head));
    let pull: StackedPull;
    if (existing) pull = { ...p, line, pr: existing, existed: true, sent: null };
    else {
      const sent = body(p, false);
      const pr = await stackStep(what, () =>
        createPull(client, repo, {
          head: p.head,
          base: p.base,
          title: stackedPullRequestTitle(plan, line),
          body: sent,
          draft: d.config.handoff.draft,
        }),
      );
      pull = { ...p, line, pr, existed: false, sent };
    }
    pulls.push(pull);
    numbers.set(p.stage, pull.pr.number);
  }
  return pulls;
}

/** Each body written again with the whole stack; one opened last with nothing to add is left alone. */
async function writeStackBodies(
  d: HandoffDeps,
  plan: HandoffContext['loaded']['plan'],
  pulls: StackedPull[],
  body: (p: StackedPullPlace, byToken: boolean) => string,
): Promise<void> {
  const { client, repo } = d;
  for (const pull of pulls) {
    const full = body(pull, pull.pr.author === GITHUB_TOKEN_LOGIN);
    const what = `stage ${pull.stage}'s pull request #${pull.pr.number}`;
    if (pull.existed)
      pull.pr = await stackStep(what, () =>
        updatePull(client, repo, pull.pr.number, {
          title: stackedPullRequestTitle(plan, pull.line),
          body: full,
          base: pull.base,
        }),
      );
    else if (full !== pull.sent)
      pull.pr = await stackStep(what, () => updatePull(client, repo, pull.pr.number, { body: full }));
  }
}

/** The log line, the run's summary and the answer on the pull requests that asked. */
async function announceStack(d: HandoffDeps, h: HandoffContext, pulls: readonly StackedPull[]): Promise<void> {
  const plan = h.loaded.plan;
  const opened = pulls.filter((p) => !p.existed).length;
  const counts = [
    ...(opened > 0 ? [`${opened} opened`] : []),
    ...(opened < pulls.length ? [`${pulls.length - opened} updated`] : []),
  ].join(', ');
  const text = `okstra: plan ${inlineCode(plan.id)} passed final verification at ${inlineCode(h.ready.verified.final_head.slice(0, 12))} and is handed off as a stack of ${pulls.length} pull ${pulls.length === 1 ? 'request' : 'requests'}, one per stage (${counts}), for review stage by stage:`;
  const list = pulls.map(
    (p) =>
      `- #${p.pr.number} stage ${p.stage}: ${inlineCode(p.head)} into ${inlineCode(p.base)}${p.existed ? ' (updated)' : ''}`,
  );
  d.out.info(
    `plan ${plan.id}: handed off as a stack: ${pulls.map((p) => `stage ${p.stage} in #${p.pr.number} ${p.pr.htmlUrl} (${p.existed ? 'updated' : 'opened'})`).join('; ')}`,
  );
  const message = [text, '', ...list].join('\n');
  await d.out.summary(`\n${message}\n`);
  await commentOnAsking(
    d,
    plan,
    message,
    pulls.map((p) => p.pr.number),
  );
}

async function stackStep<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new Error(
      `stacked hand-off: could not create or update ${what} (${describeApiError(error)}); the pull requests opened before it stay open, and \`/okstra final\` finds and updates them`,
      { cause: error },
    );
  }
}
