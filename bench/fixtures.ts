import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the engine and Action benchmarks share: the stand-in agent, a git identity and a one-stage plan. */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const STAND_IN_AGENT = join(REPO_ROOT, 'test', 'fixtures', 'agents', 'scripted-agent.mjs');
export const BENCH_IDENTITY = {
  GIT_AUTHOR_NAME: 'b',
  GIT_AUTHOR_EMAIL: 'b@okstra.invalid',
  GIT_COMMITTER_NAME: 'b',
  GIT_COMMITTER_EMAIL: 'b@okstra.invalid',
};

/** A one-stage plan whose executor writes out.txt; `frontMatter` adds lines such as `base: main`. */
export function oneStagePlan(frontMatter: readonly string[] = []): string {
  return [
    '---',
    'id: bench',
    ...frontMatter,
    '---',
    '# Bench',
    '',
    '## Stage Map',
    '',
    '### Stage 1: One file',
    '',
    '- depends-on: none',
    '- files: `out.txt`',
    '- validation: `test -f out.txt`',
    '- exit contract: out.txt exists',
    '',
    'Write out.txt.',
    '',
  ].join('\n');
}
