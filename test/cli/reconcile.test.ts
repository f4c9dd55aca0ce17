/**
 * The stale-SHA gate end to end, through the bundled CLI on real
 * repositories: a done stage's branch is moved afterwards (force-pushed on
 * the remote, or a hand commit), its dependents refuse naming both SHAs and
 * what moved it, and `okstra reconcile` either re-verifies the new head (a
 * run that appends a corrected `done` row) or, with --reset, puts the branch
 * back at the recorded head.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stageBranchName } from '../../src/core/ids.js';
import type { DoneRow } from '../../src/core/ledger/index.js';
import { Git } from '../../src/git/git.js';
import { WRITES_STAGE_FILE, ledgerRows, makeProject, remoteOf, show, type Project } from '../engine/helpers.js';
import { spawnCli } from '../helpers/spawn-cli.js';

const BRANCH = stageBranchName('linear', 1);

function project(): Promise<Project> {
  return makeProject({
    plan: 'linear.md',
    agents: { builder: { rules: [{ when: { role: 'executor' }, do: WRITES_STAGE_FILE }] }, reviewer: {} },
  });
}

async function okstra(dir: string, args: string[]): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  return spawnCli([...args, '--plan', join(dir, '.okstra/plans/linear.md'), '--repo', dir], { cwd: dir });
}

async function doneRowsOf(p: Project, gitDir: string, stage: number): Promise<DoneRow[]> {
  return (await ledgerRows(p, 'okstra-ledger', gitDir)).filter(
    (r): r is DoneRow => r.stage === stage && r.status === 'done',
  );
}

/** Rewrites the stage branch's last commit on the remote from another clone: same tree, new SHA, not a descendant. */
async function forcePushReworded(clone: string): Promise<string> {
  const git = new Git(clone);
  await git.ok(['checkout', '--quiet', '-B', 'hand', `origin/${BRANCH}`]);
  await git.ok(['commit', '--quiet', '--amend', '-m', 'reworded by hand']);
  await git.ok(['push', '--quiet', '--force', 'origin', `hand:refs/heads/${BRANCH}`]);
  return git.ok(['rev-parse', 'HEAD']);
}

describe('stale-SHA gate and okstra reconcile', () => {
  it('with a remote: a force-pushed done branch blocks its dependent naming both SHAs; reconcile re-verifies it and appends the corrected done row', async () => {
    const p = await project();
    const remote = await remoteOf(p);
    const work = await remote.clone();
    const first = await okstra(work, ['run', '--stage', '1', '--remote', 'origin']);
    expect(first.exitCode, first.stderr).toBe(0);
    // With a remote the ledger lives there.
    const [recorded] = await doneRowsOf(p, remote.bare, 1);
    expect(recorded?.head_commit).toMatch(/^[0-9a-f]{40}$/);

    const moved = await forcePushReworded(await remote.clone());
    expect(moved).not.toBe(recorded?.head_commit);

    const refused = await okstra(work, ['run', '--stage', '2', '--remote', 'origin']);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain('stale-SHA gate');
    expect(refused.stderr).toContain(`stage 1 is done at ${recorded?.head_commit}`);
    expect(refused.stderr).toContain(`now at ${moved}`);
    expect(refused.stderr).toMatch(
      /not a descendant of the recorded head: it was force-pushed or reset; its last update: "fetch[^"]*forced-update"/,
    );
    expect(refused.stderr).toContain('okstra reconcile --plan');
    // Refused before anything was written: stage 2 was never claimed.
    expect((await ledgerRows(p, 'okstra-ledger', remote.bare)).some((r) => r.stage === 2)).toBe(false);

    // The re-verifying run's carry says something else than the first one's: the new done row's carry replaces it.
    p.script('builder', {
      rules: [
        {
          when: { role: 'executor' },
          do: { ...WRITES_STAGE_FILE, carry: { summary: 'stage 1 as reworded, re-verified' } },
        },
      ],
    });
    const reconciled = await okstra(work, ['reconcile', '--stage', '1', '--remote', 'origin']);
    expect(reconciled.exitCode, `${reconciled.stdout}\n${reconciled.stderr}`).toBe(0);
    expect(reconciled.stdout).toMatch(/stage 1 PASS/);
    expect(await show(p, 'okstra-ledger', `plans/${p.planId}/carry/stage-1.json`, remote.bare)).toContain(
      'stage 1 as reworded, re-verified',
    );
    expect(reconciled.stdout).toContain(`re-verifying ${moved} (recorded ${recorded?.head_commit})`);
    const rows = (await ledgerRows(p, 'okstra-ledger', remote.bare)).filter((r) => r.stage === 1);
    expect(rows.map((r) => r.status)).toEqual(['started', 'done', 'started', 'done']);
    const corrected = rows.at(-1) as DoneRow;
    expect(corrected.head_commit).toBe(moved);
    expect(corrected.run_id).not.toBe(recorded?.run_id);
    // The dependent now runs on the new head.
    const second = await okstra(work, ['run', '--stage', '2', '--remote', 'origin']);
    expect(second.exitCode, second.stderr).toBe(0);
    expect((await doneRowsOf(p, remote.bare, 2))[0]?.base_commit).toBe(moved);
  });

  it('with a remote: reconcile --reset puts the force-pushed branch back at the recorded head, here and on the remote, and the dependent runs', async () => {
    const p = await project();
    const remote = await remoteOf(p);
    const work = await remote.clone();
    expect((await okstra(work, ['run', '--stage', '1', '--remote', 'origin'])).exitCode).toBe(0);
    const recorded = (await doneRowsOf(p, remote.bare, 1))[0]?.head_commit as string;
    const moved = await forcePushReworded(await remote.clone());

    // A fresh clone over the wire never saw the recorded head (the force-push dropped it from the branch): reset cannot restore it there.
    const fresh = join(p.scratch, 'fresh-clone');
    await new Git(p.scratch).ok(['clone', '--quiet', '--no-local', remote.bare, fresh]);
    const cannot = await okstra(fresh, ['reconcile', '--stage', '1', '--reset', '--remote', 'origin']);
    expect(cannot.exitCode).toBe(1);
    expect(cannot.stderr).toContain(`the recorded head ${recorded} of stage 1 is not in this repository`);

    const reset = await okstra(work, ['reconcile', '--stage', '1', '--reset', '--remote', 'origin']);
    expect(reset.exitCode, reset.stderr).toBe(0);
    expect(reset.stdout).toContain(`reset: ${BRANCH} moved from ${moved} back to ${recorded}`);
    expect(await new Git(remote.bare).resolveCommit(`refs/heads/${BRANCH}`)).toBe(recorded);
    expect(await new Git(work).resolveCommit(`refs/heads/${BRANCH}`)).toBe(recorded);
    // No ledger row: the done row is true again.
    expect(
      (await ledgerRows(p, 'okstra-ledger', remote.bare)).filter((r) => r.stage === 1).map((r) => r.status),
    ).toEqual(['started', 'done']);

    const again = await okstra(work, ['reconcile', '--stage', '1', '--reset', '--remote', 'origin']);
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain('is at its recorded head');
    const second = await okstra(work, ['run', '--stage', '2', '--remote', 'origin']);
    expect(second.exitCode, second.stderr).toBe(0);
  });

  it('without a remote: a hand commit on a done branch is named (commits added on top, the reflog), reconcile records it; reconcile refuses a stage that is not done or did not move', async () => {
    const p = await project();
    const notDone = await okstra(p.dir, ['reconcile', '--stage', '1']);
    expect(notDone.exitCode).toBe(1);
    expect(notDone.stderr).toContain('stage 1 is not done (its position is pending)');

    expect((await okstra(p.dir, ['run', '--stage', '1'])).exitCode).toBe(0);
    const recorded = (await doneRowsOf(p, p.dir, 1))[0]?.head_commit as string;
    const unmoved = await okstra(p.dir, ['reconcile', '--stage', '1']);
    expect(unmoved.exitCode).toBe(1);
    expect(unmoved.stderr).toContain(`is at its recorded head ${recorded}; nothing to reconcile`);

    // A person commits on the stage branch in a worktree of their own.
    const hand = join(p.scratch, 'hand-worktree');
    await p.git.ok(['worktree', 'add', '--quiet', hand, BRANCH]);
    const handGit = new Git(hand);
    await handGit.ok(['commit', '--quiet', '--allow-empty', '-m', 'hand fix']);
    const moved = await handGit.ok(['rev-parse', 'HEAD']);
    await p.git.ok(['worktree', 'remove', hand]);

    const refused = await okstra(p.dir, ['run', '--stage', '2']);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain(`stage 1 is done at ${recorded} but its branch ${BRANCH} is now at ${moved}`);
    expect(refused.stderr).toContain(
      `1 commit was added on top of the recorded head (${moved.slice(0, 12)} "hand fix"); its last update: "commit: hand fix"`,
    );

    const reconciled = await okstra(p.dir, ['reconcile', '--stage', '1']);
    expect(reconciled.exitCode, `${reconciled.stdout}\n${reconciled.stderr}`).toBe(0);
    expect((await doneRowsOf(p, p.dir, 1)).at(-1)?.head_commit).toBe(moved);
    expect((await okstra(p.dir, ['run', '--stage', '2'])).exitCode).toBe(0);
  });
});
