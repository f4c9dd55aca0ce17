import * as core from '@actions/core';
import { existsSync } from 'node:fs';
import { mark } from '../process/timings.js';
import { installClisFor } from './install-clis.js';
import { coreIo } from './core-io.js';
import { runAction } from './main.js';
import { okstraLine } from '../core/text/okstra-line.js';
import { agentClisDir } from '../providers/cli-locate.js';
import { handBackToRunner, mainStepNeedsBoundary, reexecIfNeeded } from './privilege.js';

/**
 * The runner side of the Action: `@actions/core` behind the ActionIo port,
 * the process environment, and one rule — whatever happens, a failure fails
 * the step. A non-Error thrown value fails it too, never leaving it green.
 */
export async function run(): Promise<void> {
  // A hosted runner's user can become root, so agents must run as another user, which takes root to create (privilege.ts).
  if (await reexecIfNeeded(mainStepNeedsBoundary(process.env), (line) => core.info(line))) return;
  try {
    await runAction({
      io: coreIo(),
      readInput: (name) => core.getInput(name),
      env: process.env,
      cwd: process.cwd(),
      installClis: installClisFor,
    });
  } catch (error) {
    core.setFailed(okstraLine(error instanceof Error ? error.message : String(error)));
  } finally {
    const problem = handBackToRunner(
      [process.env.GITHUB_WORKSPACE ?? process.cwd(), agentClisDir(process.env)].filter(existsSync),
      process.env,
    );
    if (problem) core.warning(problem);
    mark('action:end');
  }
}
