import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo, tempDir } from '../helpers/git-repos.js';
import { runCli } from '../helpers/cli.js';
import { Git } from '../../src/git/git.js';
import { ledgerRowsAt } from '../helpers/ledger-rows-at.js';

const T0 = new Date('2026-11-29T12:00:00Z');
const later = (seconds: number): Date => new Date(T0.getTime() + seconds * 1000);

async function append(repo: string, args: string[], now = T0) {
  return runCli(['ledger', 'append', '--plan-id', 'demo', '--repo', repo, ...args], { now });
}

describe('okstra ledger append / show / release', () => {
  it('claims, refuses a second live claim, and lets a claim land after failed', async () => {
    const { dir } = await makeRepo();
    expect(await append(dir, ['--stage', '1', '--status', 'started', '--run-id', 'r1'])).toMatchObject({ exitCode: 0 });

    const second = await append(dir, ['--stage', '1', '--status', 'started', '--run-id', 'r2'], later(60));
    expect(second.exitCode).toBe(1);
    expect(second.stderr).toBe('okstra: stage 1 already in progress by run r1 until 2026-11-29T14:00:00.000Z\n');

    expect(
      await append(
        dir,
        ['--stage', '1', '--status', 'failed', '--run-id', 'r1', '--reason', 'verdict-fail'],
        later(120),
      ),
    ).toMatchObject({ exitCode: 0 });
    expect(await append(dir, ['--stage', '1', '--status', 'started', '--run-id', 'r2'], later(180))).toMatchObject({
      exitCode: 0,
    });

    const shown = await runCli(['ledger', 'show', '--plan-id', 'demo', '--repo', dir, '--json']);
    const rows = (
      JSON.parse(shown.stdout) as {
        rows: { line: number; believed: boolean; row: { status: string; run_id: string } }[];
      }
    ).rows;
    expect(rows.map((r) => `${r.line}:${r.believed}:${r.row.status}:${r.row.run_id}`)).toEqual([
      '1:true:started:r1',
      '2:true:failed:r1',
      '3:true:started:r2',
    ]);
  });

  it('writes a done row with its carry and report in one commit, and needs them', async () => {
    const { dir, git } = await makeRepo();
    const files = tempDir();
    writeFileSync(join(files, 'carry.json'), '{"apis":["GET /health"]}\n');
    writeFileSync(join(files, 'report.md'), '# report\n');
    await append(dir, ['--stage', '2', '--status', 'started', '--run-id', 'r1']);

    const incomplete = await append(dir, ['--stage', '2', '--status', 'done', '--run-id', 'r1']);
    expect(incomplete.exitCode).toBe(2);
    expect(incomplete.stderr).toContain('--status done needs --carry FILE, --report FILE, --head-commit REV');

    const ok = await append(dir, [
      '--stage',
      '2',
      '--status',
      'done',
      '--run-id',
      'r1',
      '--head-commit',
      'HEAD',
      '--carry',
      join(files, 'carry.json'),
      '--report',
      join(files, 'report.md'),
    ]);
    expect(ok.exitCode, ok.stderr).toBe(0);
    const names = (await git.ok(['show', '--name-only', '--format=', 'okstra-ledger'])).split('\n').sort();
    expect(names).toEqual([
      'plans/demo/carry/stage-2.json',
      'plans/demo/reports/stage-2/r1.md',
      'plans/demo/state.json',
    ]);
    expect(await git.ok(['show', 'okstra-ledger:plans/demo/carry/stage-2.json'])).toBe('{"apis":["GET /health"]}');
    const row = (await ledgerRowsAt(git, 'demo'))[1];
    expect(row).toMatchObject({
      status: 'done',
      head_commit: await git.ok(['rev-parse', 'HEAD']),
      carry_path: 'plans/demo/carry/stage-2.json',
      report_path: 'plans/demo/reports/stage-2/r1.md',
    });
  });

  it('refuses a carry file that is not JSON, before writing anything', async () => {
    const { dir } = await makeRepo();
    const files = tempDir();
    writeFileSync(join(files, 'carry.json'), '{nope');
    writeFileSync(join(files, 'r.json'), '{}');
    await append(dir, ['--stage', '1', '--status', 'started', '--run-id', 'r1']);
    const res = await append(dir, [
      '--stage',
      '1',
      '--status',
      'done',
      '--run-id',
      'r1',
      '--head-commit',
      'HEAD',
      '--carry',
      join(files, 'carry.json'),
      '--report',
      join(files, 'r.json'),
    ]);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(/carry file .*carry\.json is not valid JSON/);
  });

  it('releases a stale claim, refuses a live one without --force, and refuses the late terminal row', async () => {
    const { dir } = await makeRepo();
    await append(dir, ['--stage', '3', '--status', 'started', '--run-id', 'r1', '--lease-seconds', '600']);

    const live = await runCli(['ledger', 'release', '--plan-id', 'demo', '--stage', '3', '--repo', dir], {
      now: later(60),
    });
    expect(live.exitCode).toBe(1);
    expect(live.stderr).toContain(
      'stage 3 is claimed by run r1 until 2026-11-29T12:10:00.000Z (lease still live); pass --force',
    );

    const released = await runCli(
      ['ledger', 'release', '--plan-id', 'demo', '--stage', '3', '--repo', dir, '--actor', 'ops'],
      { now: later(601) },
    );
    expect(released).toMatchObject({ exitCode: 0, stdout: 'released: stage 3 claim of run r1 (failed, abandoned)\n' });

    const late = await append(
      dir,
      ['--stage', '3', '--status', 'failed', '--run-id', 'r1', '--reason', 'verdict-fail'],
      later(700),
    );
    expect(late.exitCode).toBe(1);
    expect(late.stderr).toContain(
      'late failed row from run r1 refused: its claim on stage 3 was released (failed, abandoned)',
    );

    const again = await runCli(['ledger', 'release', '--plan-id', 'demo', '--stage', '3', '--repo', dir], {
      now: later(800),
    });
    expect(again.stderr).toContain('stage 3 has no claim to release (its position is failed)');
  });

  it('leaves the work tree and index alone', async () => {
    const { dir, git } = await makeRepo();
    writeFileSync(join(dir, 'README.md'), 'edited\n');
    await git.ok(['add', 'README.md']);
    writeFileSync(join(dir, 'new.txt'), 'x\n');
    const before = { status: await git.ok(['status', '--porcelain']), index: readFileSync(join(dir, '.git/index')) };
    await append(dir, ['--stage', '1', '--status', 'started', '--run-id', 'r1']);
    expect(await git.ok(['status', '--porcelain'])).toBe(before.status);
    expect(readFileSync(join(dir, '.git/index')).equals(before.index)).toBe(true);
  });

  it('answers bad input with usage errors (exit 2) and a missing repository with exit 1', async () => {
    const { dir } = await makeRepo();
    const badStage = await append(dir, ['--stage', 'two', '--status', 'started', '--run-id', 'r1']);
    expect(badStage.exitCode).toBe(2);
    expect(badStage.stderr).toContain('"two" is not a positive whole number');
    const badStatus = await append(dir, ['--stage', '1', '--status', 'finished', '--run-id', 'r1']);
    expect(badStatus.stderr).toContain('"finished" is not one of: started, done, failed');
    const badPlan = await runCli(['ledger', 'show', '--plan-id', 'Bad Id', '--repo', dir]);
    expect(badPlan.exitCode).toBe(2);
    const noRepo = await runCli(['ledger', 'show', '--plan-id', 'demo', '--repo', tempDir()]);
    expect(noRepo).toMatchObject({ exitCode: 1 });
    expect(noRepo.stderr).toContain('is not a git repository; pass --repo DIR');
    const noRemote = await runCli(['ledger', 'show', '--plan-id', 'demo', '--repo', dir, '--remote', 'upstream']);
    expect(noRemote.stderr).toContain('has no remote named "upstream"');
  });

  it('prints help for every ledger command', async () => {
    for (const sub of ['show', 'append', 'release', 'repair']) {
      const res = await runCli(['ledger', sub, '--help']);
      expect(res.exitCode).toBe(0);
      expect(res.stdout).toContain(`Usage: okstra ledger ${sub}`);
    }
  });

  it('refuses a lease longer than readers believe', async () => {
    const { dir } = await makeRepo();
    const res = await append(dir, [
      '--stage',
      '1',
      '--status',
      'started',
      '--run-id',
      'r1',
      '--lease-seconds',
      String(24 * 3600 + 1),
    ]);
    expect(res).toMatchObject({
      exitCode: 2,
      stderr:
        'okstra: --lease-seconds 86401 is longer than the 86400 s (24 h) a reader believes; a longer claim would be ignored\n',
    });
    expect(
      await append(dir, [
        '--stage',
        '1',
        '--status',
        'started',
        '--run-id',
        'r1',
        '--lease-seconds',
        String(24 * 3600),
      ]),
    ).toMatchObject({ exitCode: 0 });
  });

  it('reports a corrupt ledger with its line instead of skipping it', async () => {
    const { dir } = await makeRepo();
    await append(dir, ['--stage', '1', '--status', 'started', '--run-id', 'r1']);
    const wt = join(dir, '.wt');
    await new Git(dir).ok(['worktree', 'add', '--quiet', wt, 'okstra-ledger']);
    writeFileSync(join(wt, 'plans/demo/notes.txt'), 'by hand\n');
    await new Git(wt).ok(['add', '.']);
    await new Git(wt).ok(['commit', '--quiet', '-m', 'corrupt\n\nokstra-row: {"v":1}']);
    const res = await runCli(['ledger', 'show', '--plan-id', 'demo', '--repo', dir]);
    expect(res.exitCode).toBe(1);
    expect(res.stderr).toMatch(
      /^okstra: the ledger is corrupt: okstra-ledger:plans\/demo:2: the row of commit [0-9a-f]{12}: not a valid ledger row/,
    );
  });
});
