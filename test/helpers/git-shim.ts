import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './git-repos.js';

const restore: Array<() => void> = [];

/**
 * A `git` first on PATH that logs each call's subcommand (the first word after any `-c k=v`), so a test can count
 * what an operation costs. Undone by {@link restoreGitShims}; register it with `afterEach`.
 */
export function countGitCalls(): { calls: () => string[] } {
  const dir = tempDir('okstra-git-shim-');
  const log = join(dir, 'calls.log');
  const real = process.env.PATH ?? '';
  writeFileSync(
    join(dir, 'git'),
    `#!/bin/sh\nfor a in "$@"; do case "$a" in -c) skip=1;; *) if [ -n "$skip" ]; then skip=; else echo "$a" >> "${log}"; break; fi;; esac; done\nPATH="${real}" exec git "$@"\n`,
  );
  chmodSync(join(dir, 'git'), 0o755);
  writeFileSync(log, '');
  process.env.PATH = `${dir}:${real}`;
  restore.push(() => (process.env.PATH = real));
  return { calls: () => readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}

/**
 * A `git` first on PATH that keeps every line okstra writes to a `cat-file`'s stdin (the objects it asks for, in
 * every round of one process), passing them on as they come. Undone by {@link restoreGitShims}.
 */
export function recordCatFileQuestions(): { questions: () => string[] } {
  const dir = tempDir('okstra-git-shim-');
  const log = join(dir, 'questions.log');
  const real = process.env.PATH ?? '';
  writeFileSync(
    join(dir, 'git'),
    `#!/bin/sh
for a in "$@"; do case "$a" in -c) skip=1;; *) if [ -n "$skip" ]; then skip=; else cmd="$a"; break; fi;; esac; done
if [ "$cmd" = cat-file ]; then tee -a "${log}" | PATH="${real}" git "$@"; else PATH="${real}" exec git "$@"; fi
`,
  );
  chmodSync(join(dir, 'git'), 0o755);
  writeFileSync(log, '');
  process.env.PATH = `${dir}:${real}`;
  restore.push(() => (process.env.PATH = real));
  return { questions: () => readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}

/** Puts PATH back as it was before the shims of this test. */
export function restoreGitShims(): void {
  restore.splice(0).forEach((r) => r());
}
