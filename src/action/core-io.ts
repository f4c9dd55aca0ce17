import * as core from '@actions/core';
import type { ActionIo } from './io.js';

/** `@actions/core` behind the ActionIo port: the only place the Action's logic meets the runner's commands. */
export function coreIo(): ActionIo {
  return {
    info: (line) => core.info(line),
    warning: (message) => core.warning(message),
    error: (message, where) =>
      core.error(message, where ? { file: where.file, startLine: where.line, startColumn: where.column } : {}),
    startGroup: (title) => core.startGroup(title),
    endGroup: () => core.endGroup(),
    setOutput: (name, value) => core.setOutput(name, value),
    setSecret: (value) => core.setSecret(value),
    saveState: (name, value) => core.saveState(name, value),
    setFailed: (message) => core.setFailed(message),
    setExitCode: (code) => {
      process.exitCode = code;
    },
    summary: async (markdown) => {
      await core.summary.addRaw(markdown, true).write();
    },
    now: () => new Date(),
  };
}
