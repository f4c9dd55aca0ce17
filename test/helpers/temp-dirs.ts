import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/** A temporary directory removed after the current test (test/setup.ts runs {@link removeTempDirs} after each). */
export function tempDir(prefix = 'okstra-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/**
 * Removes every directory {@link tempDir} made. Called from the setup file, which runs for each test file: a hook
 * this module registered when loaded would be the first file's only, as fast files share a worker process and
 * load this module once (vitest.config.ts).
 */
export function removeTempDirs(): void {
  while (made.length > 0) rmSync(made.pop() as string, { recursive: true, force: true });
}
