import { COMMAND_PREFIX } from './lines.js';

/** The reply to `/okstra help`, and the tail of every reply to a command okstra could not read. */
export function usageText(providers: readonly string[]): string {
  return [
    '**okstra commands** — one per line, at the start of the line:',
    '',
    `- \`${COMMAND_PREFIX} run [--plan ID]\` — run the plan's stages that are not done yet, in order, stopping at the first failure`,
    `- \`${COMMAND_PREFIX} stage N\` — run stage N`,
    `- \`${COMMAND_PREFIX} retry N\` — fix run of failed stage N, on its preserved branch and the base its failed run recorded; \`--rebase\` first replays the branch onto the stage's current base (the base ref as it is now)`,
    `- \`${COMMAND_PREFIX} reconcile N\` — done stage N's branch moved (a force-push, a hand commit): re-verify it as it is and record its new head; \`--reset\` puts the branch back at the recorded head instead`,
    `- \`${COMMAND_PREFIX} status [--plan ID]\` — the plan's stages: a table and a graph`,
    `- \`${COMMAND_PREFIX} cancel [--plan ID]\` — cancel this pull request's okstra workflow runs`,
    `- \`${COMMAND_PREFIX} plan [text]\` — on an issue: draft a plan from the issue (and the text) and open it as a plan pull request`,
    `- \`${COMMAND_PREFIX} replan [text]\` — on a plan pull request: draft the plan again from its review comments (and the text)`,
    `- \`${COMMAND_PREFIX} approve [--plan ID]\` — approve the exact content of the plan this pull request adds or changes (approving the pull request in a review does the same); runs need it`,
    `- \`${COMMAND_PREFIX} final [--plan ID]\` — every stage of the plan is done: verify the whole change once more and, when accepted, open (or update) the hand-off pull request into the plan's base`,
    `- \`${COMMAND_PREFIX} help\` — this list`,
    '',
    '`run`, `stage`, `retry` and `reconcile` also take `--executor NAME`, `--verifiers A,B` and `--model PROVIDER=MODEL` (once per provider).',
    `Providers here: ${providers.map((p) => `\`${p}\``).join(', ')}.`,
    'Labels do the same: `okstra:run`, `okstra:stage-N`.',
  ].join('\n');
}
