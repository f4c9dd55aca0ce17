import {
  frozenTestChanges,
  isTestPath,
  protectedChanges,
  qaDefinitions,
  runsNpmScripts,
  type ProtectedChange,
} from '../core/scope/qa-definitions.js';
import { stageByNumber } from '../core/graph/index.js';
import { changedEntries } from '../git/change-size.js';
import { readBlobs } from '../git/git.js';
import type { EngineDeps, RunStageRequest } from './types.js';

/**
 * What the stage changed of what judges it (src/core/scope/qa-definitions.ts):
 * read at the stage's base, where the executor had touched nothing, and at
 * its head (one `cat-file` for both package.json versions, and none when no
 * QA command runs a package manager); and the tests
 * the done stages it builds on made, each from its own done row's commits.
 */
export async function protectedEvidence(
  req: RunStageRequest,
  deps: EngineDeps,
  changed: readonly string[],
  base: string,
  head: string,
  doneStages: ReadonlyArray<{ number: number; base: string | null; head: string }>,
): Promise<ProtectedChange[]> {
  if (changed.length === 0) return [];
  const stage = stageByNumber(req.plan, req.stage);
  const commands = [
    ...stage.validation.map((v) => v.cmd),
    ...req.config.qaCommands.map((q) => (typeof q === 'string' ? q : q.cmd)),
  ];
  const [before, after] = runsNpmScripts(commands)
    ? await readBlobs(deps.workspace.git, [`${base}:package.json`, `${head}:package.json`])
    : [];
  const scripts = { before: scriptsOf(before?.content ?? null), after: scriptsOf(after?.content ?? null) };
  // Only a test this stage changed can be a done stage's: without one, no done stage's change is asked for.
  const frozen = changed.some(isTestPath) ? await frozenTests(deps, doneStages) : new Map<string, number>();
  return protectedChanges({
    changed,
    definitions: qaDefinitions(commands, scripts.before),
    stageFiles: stage.files,
    configured: req.config.protected,
    scripts,
  }).concat(frozenTestChanges(changed, frozen, stage.files));
}

/** The test files each done stage this one builds on added or changed, between its base and its done head. */
async function frozenTests(
  deps: EngineDeps,
  doneStages: ReadonlyArray<{ number: number; base: string | null; head: string }>,
): Promise<Map<string, number>> {
  const frozen = new Map<string, number>();
  for (const done of doneStages) {
    if (done.base === null) continue;
    // The paths alone, from the trees (no blob read, no rename search): one diff-tree per done stage.
    for (const path of (await changedEntries(deps.workspace.git, done.base, done.head)).paths)
      if (isTestPath(path) && !frozen.has(path)) frozen.set(path, done.number);
  }
  return frozen;
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
