import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './git-repos.js';

const restore: Array<() => void> = [];

/** The shell lines that set `$cmd` to a git call's subcommand: the first word after any `-c k=v`. */
const SUBCOMMAND = `for a in "$@"; do case "$a" in -c) skip=1;; *) if [ -n "$skip" ]; then skip=; else cmd="$a"; break; fi;; esac; done`;

/**
 * Puts a `git` first on PATH whose script `body(log, real)` writes to the
 * log file and runs the real git with PATH `real`; returns the log's lines.
 * Undone by {@link restoreGitShims}.
 */
function installGitShim(body: (log: string, real: string) => string): () => string[] {
  const dir = tempDir('okstra-git-shim-');
  const log = join(dir, 'shim.log');
  const real = process.env.PATH ?? '';
  writeFileSync(join(dir, 'git'), `#!/bin/sh\n${SUBCOMMAND}\n${body(log, real)}\n`);
  chmodSync(join(dir, 'git'), 0o755);
  writeFileSync(log, '');
  process.env.PATH = `${dir}:${real}`;
  restore.push(() => (process.env.PATH = real));
  return () => readFileSync(log, 'utf8').split('\n').filter(Boolean);
}

/**
 * A `git` first on PATH that logs each call's subcommand, so a test can count
 * what an operation costs. Undone by {@link restoreGitShims}; register it with `afterEach`.
 */
export function countGitCalls(): { calls: () => string[] } {
  return { calls: installGitShim((log, real) => `echo "$cmd" >> "${log}"\nPATH="${real}" exec git "$@"`) };
}

/**
 * A `git` first on PATH that keeps every line okstra writes to a `cat-file`'s stdin (the objects it asks for, in
 * every round of one process), passing them on as they come. Undone by {@link restoreGitShims}.
 */
export function recordCatFileQuestions(): { questions: () => string[] } {
  return {
    questions: installGitShim(
      (log, real) =>
        `if [ "$cmd" = cat-file ]; then tee -a "${log}" | PATH="${real}" git "$@"; else PATH="${real}" exec git "$@"; fi`,
    ),
  };
}

/** Puts PATH back as it was before the shims of this test. */
export function restoreGitShims(): void {
  restore.splice(0).forEach((r) => r());
}
