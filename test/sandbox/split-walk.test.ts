import { mkdirSync, rmSync, symlinkSync, utimesSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileClock } from '../../src/sandbox/fs-access.js';
import { changedSince, splitWalk } from '../../src/workspace/tree-walk.js';
import { tempDir } from '../helpers/git-repos.js';

/** A checkout-like tree: files at the top, `src/` with ten folders of files (two levels), and a `-dash` folder. */
function tree(): string {
  const dir = tempDir('okstra-split-walk-');
  writeFileSync(join(dir, 'README.md'), 'top\n');
  mkdirSync(join(dir, '.git'));
  writeFileSync(join(dir, '.git', 'HEAD'), 'ref\n');
  for (let d = 0; d < 10; d++)
    for (let s = 0; s < 3; s++) {
      const folder = join(dir, 'src', `d${d}`, `s${s}`);
      mkdirSync(folder, { recursive: true });
      for (let f = 0; f < 5; f++) writeFileSync(join(folder, `f${f}.txt`), `${d}${s}${f}\n`);
    }
  mkdirSync(join(dir, '-dash', 'inner'), { recursive: true });
  writeFileSync(join(dir, '-dash', 'inner', 'x'), 'x\n');
  mkdirSync(join(dir, 'build', 'out'), { recursive: true });
  writeFileSync(join(dir, 'build', 'out', 'o.bin'), 'o\n');
  return dir;
}

const both = async (dir: string, since: bigint, leaveOut: string[], folders: boolean) => ({
  split: (await changedSince(dir, since, leaveOut, { folders, split: true })).sort(),
  single: (await changedSince(dir, since, leaveOut, { folders })).sort(),
});

describe('changedSince with the walk split among processes', () => {
  it('shares a big tree out among finds and judges what it opened itself', () => {
    const dir = tree();
    const plan = splitWalk(dir, new Set(['.git']));
    expect(plan).not.toBeNull();
    const starts = plan?.groups.flat() ?? [];
    expect(starts.length).toBeGreaterThanOrEqual(8);
    expect(starts).toContain('src/d3');
    // What was opened to find them, and what lay beside: judged here, never given to find.
    expect(plan?.judged.map((j) => j.path)).toEqual(expect.arrayContaining(['', 'src', 'README.md']));
    expect(starts.some((s) => s === '.git' || s.startsWith('.git/'))).toBe(false);
  });

  it('finds exactly what one find finds: changes at every depth, beside the start points and in them, leave-outs kept out', async () => {
    const dir = tree();
    const since = await fileClock(join(tempDir(), 'clock'));
    // A top-level file (judged here), its mtime put back; a deep file in a start point; a new file in an opened folder;
    // a deletion (its folder changes); a link; a name that begins with '-'; changes inside left-out paths.
    const before = statSync(join(dir, 'README.md'));
    writeFileSync(join(dir, 'README.md'), 'changed\n');
    utimesSync(join(dir, 'README.md'), before.atime, before.mtime);
    writeFileSync(join(dir, 'src', 'd7', 's2', 'f4.txt'), 'changed\n');
    writeFileSync(join(dir, 'src', 'new.txt'), 'new\n');
    rmSync(join(dir, 'src', 'd1', 's0', 'f0.txt'));
    symlinkSync('README.md', join(dir, 'src', 'd9', 'link'));
    writeFileSync(join(dir, '-dash', 'inner', 'x'), 'changed\n');
    writeFileSync(join(dir, '.git', 'HEAD'), 'moved\n');
    writeFileSync(join(dir, 'build', 'out', 'o.bin'), 'rebuilt\n');

    for (const folders of [false, true]) {
      const { split, single } = await both(dir, since, ['.git', 'build/out'], folders);
      expect(split).toEqual(single);
      expect(split).toEqual(
        expect.arrayContaining([
          'README.md',
          'src/d7/s2/f4.txt',
          'src/new.txt',
          'src/d9/link',
          '-dash/inner/x',
          ...(folders ? ['src', 'src/d1/s0', 'src/d9'] : []),
        ]),
      );
      expect(split.some((p) => p.startsWith('.git') || p.startsWith('build/out'))).toBe(false);
    }
  });

  it('walks in one process where sharing would not pay: a small tree, or a folder of hundreds of files', async () => {
    const small = tempDir('okstra-split-walk-small-');
    mkdirSync(join(small, 'a'));
    writeFileSync(join(small, 'a', 'f'), 'x\n');
    expect(splitWalk(small, new Set())).toBeNull();
    const flat = tempDir('okstra-split-walk-flat-');
    for (let i = 0; i < 600; i++) writeFileSync(join(flat, `f${i}`), 'x\n');
    expect(splitWalk(flat, new Set())).toBeNull();
    // And still answers (one find).
    const since = await fileClock(join(tempDir(), 'clock'));
    writeFileSync(join(flat, 'f9'), 'y\n');
    expect(await changedSince(flat, since, [], { split: true })).toEqual(['f9']);
  });
});
