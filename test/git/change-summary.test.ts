import { writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changeSummary, parseRawNumstat } from '../../src/git/change-summary.js';
import { StageWorkspace } from '../../src/workspace/stage-workspace.js';
import { makeRepo } from '../helpers/git-repos.js';

describe('changeSummary', () => {
  it('answers what diff --name-only and diff --shortstat answer, renames, binaries and deletions included', async () => {
    const { dir, git } = await makeRepo();
    writeFileSync(join(dir, 'keep.txt'), 'a\nb\nc\n');
    writeFileSync(
      join(dir, 'move-me.txt'),
      'a long enough line that git will see the same file after a rename\n'.repeat(5),
    );
    writeFileSync(join(dir, 'gone.txt'), 'bye\n');
    await git.ok(['add', '--all']);
    await git.ok(['commit', '--quiet', '-m', 'before']);
    const base = await git.ok(['rev-parse', 'HEAD']);
    writeFileSync(join(dir, 'keep.txt'), 'a\nB\nc\nd\n');
    await git.ok(['mv', 'move-me.txt', 'moved with space.txt']);
    rmSync(join(dir, 'gone.txt'));
    writeFileSync(join(dir, 'image.bin'), Buffer.from([0, 1, 2, 0, 255, 0]));
    await git.ok(['add', '--all']);
    await git.ok(['commit', '--quiet', '-m', 'after']);
    const head = await git.ok(['rev-parse', 'HEAD']);

    const ws = new StageWorkspace(dir);
    const summary = await changeSummary(git, base, head);
    expect(summary.files).toEqual(await ws.changedFiles(base, head));
    expect(summary.stat).toEqual(await ws.diffStat(base, head));
    expect(summary.files).toContain('moved with space.txt');
    expect(summary.files).not.toContain('move-me.txt');
  });

  it('an empty change has no files and no lines', async () => {
    const { git } = await makeRepo();
    const head = await git.ok(['rev-parse', 'HEAD']);
    expect(await changeSummary(git, head, head)).toEqual({
      files: [],
      stat: { files: 0, insertions: 0, deletions: 0 },
      gitlinks: [],
      renamedFrom: [],
    });
  });

  it('a commit that does not exist is a git error naming the diff', async () => {
    const { git } = await makeRepo();
    const head = await git.ok(['rev-parse', 'HEAD']);
    await expect(changeSummary(git, head, '0'.repeat(40))).rejects.toThrow(/git diff failed/);
  });

  it('reads gitlinks from the raw records, renames and all: added, removed or moved, never followed', () => {
    const z = (id: string): string => id.repeat(40);
    const fields = [
      `:000000 160000 ${z('0')} ${z('a')} A`,
      'vendor/lib',
      `:160000 000000 ${z('b')} ${z('0')} D`,
      'mods/old',
      `:100644 100644 ${z('c')} ${z('d')} R091`,
      'from.txt',
      'to.txt',
      '-\t-\tvendor/lib',
      '-\t-\tmods/old',
      '1\t2\t',
      'from.txt',
      'to.txt',
      '',
    ];
    expect(parseRawNumstat(fields)).toEqual({
      files: ['vendor/lib', 'mods/old', 'to.txt'],
      stat: { files: 3, insertions: 1, deletions: 2 },
      gitlinks: ['vendor/lib', 'mods/old'],
      renamedFrom: ['from.txt'],
    });
  });
});
