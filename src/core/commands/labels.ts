import type { Command } from './grammar.js';
import { stageNumber } from './values.js';

export const RUN_LABEL = 'okstra:run';
const STAGE_LABEL = /^okstra:stage-(.+)$/;

/**
 * What a pull request label asks for: `okstra:run` runs the plan's chain,
 * `okstra:stage-N` runs stage N. Null for labels that are not okstra's; an
 * error for an `okstra:` label that cannot be read, so it is answered.
 */
export function labelCommand(name: string): { ok: true; command: Command } | { ok: false; error: string } | null {
  const options = { plan: null, executor: null, verifiers: null, models: {} };
  if (name === RUN_LABEL) return { ok: true, command: { verb: 'run', options } };
  const m = STAGE_LABEL.exec(name);
  if (m) {
    const stage = stageNumber(m[1] as string);
    return stage.ok
      ? { ok: true, command: { verb: 'stage', stage: stage.value, options } }
      : { ok: false, error: `label \`${name.replace(/`/g, '')}\`: ${stage.error}` };
  }
  if (name.startsWith('okstra:'))
    return {
      ok: false,
      error: `label \`${name.replace(/`/g, '')}\` is not one okstra knows (use \`${RUN_LABEL}\` or \`okstra:stage-N\`)`,
    };
  return null;
}
