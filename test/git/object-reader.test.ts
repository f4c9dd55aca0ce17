import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Git, GitError } from '../../src/git/git.js';
import { ObjectReader } from '../../src/git/object-reader.js';
import { makeRepo, tempDir } from '../helpers/git-repos.js';

async function repoWith(files: Record<string, string>): Promise<{ git: Git; head: string }> {
  const { dir, git } = await makeRepo();
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  await git.ok(['add', '--all']);
  await git.ok(['commit', '--quiet', '-m', 'files']);
  return { git, head: await git.ok(['rev-parse', 'HEAD']) };
}

describe('ObjectReader (one cat-file --batch asked in rounds)', () => {
  it('answers each round in the order asked, a later round decided by an earlier answer', async () => {
    const { git, head } = await repoWith({ 'a.txt': 'alpha\n', 'b.txt': 'beta\n' });
    const reader = await ObjectReader.open(git);
    try {
      const [tree, missing] = await Promise.all(reader.ask([`${head}^{tree}`, `${head}:nope.txt`]));
      expect(tree?.object?.type).toBe('tree');
      expect(missing).toEqual({ spec: `${head}:nope.txt`, object: null });
      const ids = (await git.ok(['ls-tree', '--object-only', head, 'a.txt', 'b.txt'])).split('\n');
      const blobs = await Promise.all(reader.ask([...ids].reverse()));
      reader.lastRoundAsked();
      expect(blobs.map((b) => b.object?.bytes.toString('utf8'))).toEqual(['beta\n', 'alpha\n']);
      expect(blobs.map((b) => b.object?.id)).toEqual([...ids].reverse());
    } finally {
      await reader.close();
    }
  });

  it('delivers an object larger than one pipe read whole, and the one after it', async () => {
    const big = `${'0123456789abcdef'.repeat(64 * 1024)}\n`;
    const { git, head } = await repoWith({ 'big.txt': big, 'small.txt': 'small\n' });
    const reader = await ObjectReader.open(git);
    try {
      const [b, s] = await Promise.all(reader.ask([`${head}:big.txt`, `${head}:small.txt`]));
      expect(b?.object?.bytes.length).toBe(big.length);
      expect(b?.object?.bytes.toString('utf8') === big).toBe(true);
      expect(s?.object?.bytes.toString('utf8')).toBe('small\n');
    } finally {
      await reader.close();
    }
  });

  it('answers a name that would break its line as missing without sending it, and keeps the others in step', async () => {
    const { git, head } = await repoWith({ 'a.txt': 'alpha\n' });
    const reader = await ObjectReader.open(git);
    try {
      const answers = await Promise.all(reader.ask([`${head}:a.txt\n${head}:a.txt`, '', `${head}:a.txt`]));
      expect(answers.map((a) => a.object?.bytes.toString('utf8') ?? null)).toEqual([null, null, 'alpha\n']);
    } finally {
      await reader.close();
    }
  });

  it("rejects what it was asked with git's own words when git cannot answer (not a repository)", async () => {
    const reader = await ObjectReader.open(new Git(tempDir('okstra-not-a-repo-')));
    const answers = reader.ask(['HEAD']);
    const failure = await Promise.all(answers).catch((error: unknown) => error);
    await reader.close();
    expect(failure).toBeInstanceOf(GitError);
    expect(String((failure as GitError).message)).toMatch(/not a git repository/i);
  });

  it('closed before every answer arrived: the unanswered are rejected and the process ends', async () => {
    const { git, head } = await repoWith({ 'a.txt': 'alpha\n' });
    const reader = await ObjectReader.open(git);
    const answers = reader.ask(Array.from({ length: 2000 }, () => `${head}:a.txt`));
    await reader.close();
    const settled = await Promise.allSettled(answers);
    // However many arrived before the close, the rest were rejected, not left pending.
    expect(settled.every((s) => s.status === 'fulfilled' || s.reason instanceof Error)).toBe(true);
    expect(settled.length).toBe(2000);
  });
});
