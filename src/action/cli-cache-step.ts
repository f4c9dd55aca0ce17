import * as core from '@actions/core';
import { okstraLine } from '../core/text/okstra-line.js';
import { cliCacheKeyMode } from './cli-cache-mode.js';
import { coreIo } from './core-io.js';

/**
 * The job's `mode: cli-cache-key` step, on its own path from the entry: it
 * reads only the environment and okstra's pins (no other input, no token, no
 * checkout), so it loads neither the input parser nor the providers. Every
 * stage job runs it before its stage step, so what it loads is part of every
 * hop from a dispatch to the stage's claim. A failure fails the step, as
 * run.ts fails it.
 */
export function cliCacheKeyStep(): void {
  try {
    cliCacheKeyMode(coreIo(), process.env);
  } catch (error) {
    core.setFailed(okstraLine(error instanceof Error ? error.message : String(error)));
  }
}
