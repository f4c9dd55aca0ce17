import { protectedChanges, qaDefinitions, type ProtectedChange } from '../core/scope/qa-definitions.js';
import { stageByNumber } from '../core/graph/index.js';
import { readBlobs } from '../git/git.js';
import type { EngineDeps, RunStageRequest } from './types.js';

/**
 * What the stage changed of what judges it (src/core/scope/qa-definitions.ts):
 * read at the stage's base, where the executor had touched nothing, and at
 * its head. One `cat-file` for both package.json versions.
 */
export async function protectedEvidence(
  req: RunStageRequest,
  deps: EngineDeps,
  changed: readonly string[],
  base: string,
  head: string,
): Promise<ProtectedChange[]> {
  if (changed.length === 0) return [];
  const stage = stageByNumber(req.plan, req.stage);
  const commands = [
    ...stage.validation.map((v) => v.cmd),
    ...req.config.qaCommands.map((q) => (typeof q === 'string' ? q : q.cmd)),
  ];
  const [before, after] = await readBlobs(deps.workspace.git, [`${base}:package.json`, `${head}:package.json`]);
  const scripts = { before: scriptsOf(before?.content ?? null), after: scriptsOf(after?.content ?? null) };
  return protectedChanges({
    changed,
    definitions: qaDefinitions(commands, scripts.before),
    stageFiles: stage.files,
    configured: req.config.protected,
    scripts,
  });
}

/** package.json's `scripts`, or none when there is no such file or it is not a JSON object with string scripts. */
function scriptsOf(text: string | null): Record<string, string> {
  if (text === null) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    const scripts = (parsed as { scripts?: unknown } | null)?.scripts;
    if (!scripts || typeof scripts !== 'object') return {};
    return Object.fromEntries(Object.entries(scripts).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    // A manifest that is no JSON runs no script; the change itself still shows in the diff.
    return {};
  }
}
