import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hiddenFromPlainDiff, reviewDiff } from '../../src/git/change-diff.js';
import { makeRepo } from '../helpers/git-repos.js';

/** A repository whose own attributes and config would hide or rewrite the change of `src/app.js`. */
async function hostileRepo(): Promise<{
  git: Awaited<ReturnType<typeof makeRepo>>['git'];
  base: string;
  head: string;
}> {
  const { dir, git } = await makeRepo();
  writeFileSync(join(dir, '.gitattributes'), '*.js -diff\n*.txt diff=shout\n');
  writeFileSync(join(dir, 'src-app.js'), 'export const answer = 41;\n');
  writeFileSync(join(dir, 'notes.txt'), 'quiet\n');
  await git.ok(['add', '--all']);
  await git.ok(['commit', '--quiet', '-m', 'before']);
  const base = await git.ok(['rev-parse', 'HEAD']);
  writeFileSync(join(dir, 'src-app.js'), 'export const answer = 42;\n');
  writeFileSync(join(dir, 'notes.txt'), 'still quiet\n');
  await git.ok(['commit', '--quiet', '-am', 'after']);
  // A textconv and an external driver, as a repository's config could name them.
  await git.ok(['config', 'diff.shout.textconv', 'tr a-z A-Z <']);
  await git.ok(['config', 'diff.external', 'false']);
  return { git, base, head: await git.ok(['rev-parse', 'HEAD']) };
}

describe('reviewDiff', () => {
  it('prints every changed file as text, past -diff, textconv and external drivers', async () => {
    const { git, base, head } = await hostileRepo();
    // The control: git's own diff in that repository hides one change and rewrites the other.
    const plain = await git.run(['diff', `${base}..${head}`]);
    expect(plain.stdout + plain.stderr).not.toContain('+export const answer = 42;');
    const diff = await reviewDiff(git, base, head, 100_000);
    expect(diff.kind).toBe('inline');
    const text = diff.kind === 'inline' ? diff.text : '';
    expect(text).toContain('-export const answer = 41;\n+export const answer = 42;');
    expect(text).toContain('+still quiet');
    expect(text).not.toContain('STILL QUIET');
    expect(text).not.toMatch(/Binary files/);
  });

  it('stops at the limit and says the diff is too big', async () => {
    const { git, base, head } = await hostileRepo();
    expect(await reviewDiff(git, base, head, 40)).toEqual({ kind: 'too-big', limitBytes: 40 });
  });

  it("names the files the head tree's attributes hide from a plain diff, whatever the checkout holds", async () => {
    const { git, head } = await hostileRepo();
    // The checkout's own attributes say otherwise; only the head tree's count.
    writeFileSync(join(git.cwd, '.gitattributes'), '*.txt -diff\n');
    expect(await hiddenFromPlainDiff(git, head, ['src-app.js', 'notes.txt', 'missing.js', 'dir/x.md'])).toEqual([
      'src-app.js',
      'missing.js',
    ]);
    expect(await hiddenFromPlainDiff(git, head, [])).toEqual([]);
  });
});
