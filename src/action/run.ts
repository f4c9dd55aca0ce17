import * as core from '@actions/core';
import { installClisFor } from './install-clis.js';
import { coreIo } from './core-io.js';
import { runAction } from './main.js';

/**
 * The runner side of the Action: `@actions/core` behind the ActionIo port,
 * the process environment, and one rule — whatever happens, a failure fails
 * the step. A non-Error thrown value fails it too, never leaving it green.
 */
export async function run(): Promise<void> {
  try {
    await runAction({ io: coreIo(), readInput: (name) => core.getInput(name), env: process.env, cwd: process.cwd(), installClis: installClisFor });
  } catch (error) {
    core.setFailed(`okstra: ${error instanceof Error ? error.message : String(error)}`);
  }
}
