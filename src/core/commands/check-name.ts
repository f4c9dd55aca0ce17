import { planIdProblem } from '../ids.js';

/** A stage's check-run name, shared by the Action and the bot (docs/action.md, "Dispatch contract"): the bot finds its checks by it. */
export function checkRunName(planId: string, stage: number): string {
  return `okstra: ${planId} · stage ${stage}`;
}

const CHECK_NAME = /^okstra: (\S+) · stage ([1-9][0-9]{0,3})$/;

/**
 * The plan and stage an okstra check run is for, read back from its name
 * (`okstra: <plan> · stage <N>`, see checkRunName). Null for any other check,
 * so the bot leaves checks it does not own alone.
 */
export function parseCheckRunName(name: string): { planId: string; stage: number } | null {
  const m = CHECK_NAME.exec(name);
  if (!m) return null;
  const planId = m[1] as string;
  const stage = Number(m[2]);
  if (planIdProblem(planId) !== null || checkRunName(planId, stage) !== name) return null;
  return { planId, stage };
}
