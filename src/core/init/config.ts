import type { BuiltinProvider } from '../config/schema.js';
import { SINGLE_VENDOR_LABEL } from '../report/vendors.js';

/**
 * The `.okstra/config.yml` `okstra init` writes: the first vendor executes,
 * every other one verifies (beside a fresh session of the executor's own, as
 * every roster has unless `excludeExecutorFromVerifiers`). One vendor gets a
 * roster that says it is single-vendor verification, and how to add another.
 */
export function initConfig(
  providers: readonly BuiltinProvider[],
  keyEnv: Readonly<Record<BuiltinProvider, string>>,
): string {
  const [executor, ...others] = providers;
  if (executor === undefined) throw new Error('initConfig needs at least one provider');
  const head = ['# okstra configuration; docs/config.md describes every key.', '#'];
  let roster: string[];
  if (others.length === 0) {
    const another = (['codex', 'claude', 'gemini'] as const).find((p) => p !== executor) ?? 'codex';
    roster = [
      `# ${SINGLE_VENDOR_LABEL.charAt(0).toUpperCase()}${SINGLE_VENDOR_LABEL.slice(1)}: ${executor} writes each stage and a fresh,`,
      `# read-only ${executor} session verifies it, so no other vendor's model checks the`,
      `# work; every report says "${SINGLE_VENDOR_LABEL}". For cross-vendor`,
      `# verification add another vendor's key (gh secret set ${keyEnv[another]}) and`,
      `# list it: verifiers: [${another}]`,
      `executor: ${executor}`,
      `verifiers: [${executor}]`,
    ];
  } else {
    roster = [
      `# Cross-vendor verification: ${executor} writes each stage; ${others.join(' and ')} ${others.length === 1 ? 'verifies' : 'verify'} it in`,
      `# fresh read-only sessions, beside a fresh ${executor} session (leave that one out`,
      '# with excludeExecutorFromVerifiers: true).',
      `executor: ${executor}`,
      `verifiers: [${others.join(', ')}]`,
    ];
  }
  return [
    ...head,
    ...roster,
    '',
    "# Commands okstra runs after each stage's own validation commands, in a clean",
    "# checkout of the stage's head. Never guessed: list your project's own.",
    '# qaCommands:',
    '#   - npm ci',
    '#   - npm test',
    '',
    '# Spend limits the model gateway enforces, in tokens and/or US dollars.',
    '# budgets:',
    '#   stage: { usd: 5 }',
    '',
  ].join('\n');
}
