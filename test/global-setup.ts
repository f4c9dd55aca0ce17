import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

/**
 * Bundles the CLI and the Action (main and post step) from the current
 * sources once per test run, so tests that spawn them as real processes
 * exercise this checkout, not a stale dist/.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  // Inside the checkout, so the bundle finds prompts/ and examples/ by walking up, as dist/cli.js does. Not under
  // node_modules, which a git worktree may link to another checkout's: node runs a module from its real path, so the
  // bundle would walk up into that checkout and see a path other than the one it was started by (`okstra` then did
  // nothing: src/cli/main.ts runs only as the started file).
  const cache = join(dirname(fileURLToPath(import.meta.url)), '..', '.cache', 'test-bundles');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'okstra-test-cli-'));
  // @ts-expect-error -- plain ESM build script without type declarations
  const { bundle } = (await import('../scripts/build.mjs')) as { bundle: (outdir: string) => Promise<void> };
  await bundle(dir);
  project.provide('okstraCliPath', join(dir, 'cli.js'));
  project.provide('okstraActionPath', join(dir, 'index.js'));
  project.provide('okstraActionPostPath', join(dir, 'post.js'));
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    okstraCliPath: string;
    okstraActionPath: string;
    okstraActionPostPath: string;
  }
}
