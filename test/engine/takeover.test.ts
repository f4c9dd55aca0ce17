/**
 * Intake and a claim left by another run: taken over without --force only
 * when the claiming process is provably gone (this host, pid not running, or
 * a different boot); refused, with the one command that frees it, otherwise.
 * Also: the worktrees a dead run left are removed once the claim is held.
 */
import { execa } from 'execa';
import { existsSync, mkdtempSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stageBranchName } from '../../src/core/ids.js';
import type { StartedRow } from '../../src/core/ledger/index.js';
import { WRITES_STAGE_FILE, engineFor, ledgerRows, makeProject, type Engine, type Project } from './helpers.js';

async function setup(): Promise<{ p: Project; engine: Engine }> {
  const p = await makeProject({
    plan: 'linear.md',
    agents: { builder: { rules: [{ when: { role: 'executor' }, do: WRITES_STAGE_FILE }] }, reviewer: {} },
  });
  return { p, engine: await engineFor(p) };
}

async function claimAs(
  engine: Engine,
  runId: string,
  claimant: StartedRow['claimant'],
  leaseMinutes = 60,
): Promise<void> {
  const now = new Date();
  const row: StartedRow = {
    v: 1,
    plan_id: 'linear',
    stage: 1,
    status: 'started',
    run_id: runId,
    at: now.toISOString(),
    lease_until: new Date(now.getTime() + leaseMinutes * 60_000).toISOString(),
    branch: stageBranchName('linear', 1),
    ...(claimant ? { claimant } : {}),
  };
  await engine.prepared.deps.ledger.append({ row });
}

/** A pid that was just in use on this host and is not any more. */
async function deadPid(): Promise<number> {
  const child = execa(process.execPath, ['-e', '']);
  const pid = child.pid as number;
  await child;
  return pid;
}

describe('intake: a claim of another run', () => {
  it('a claim whose process on this host is gone is taken over: failed/abandoned for the dead run, then this run claims and passes', async () => {
    const { p, engine } = await setup();
    await claimAs(engine, 'dead-run', { host: hostname(), pid: await deadPid() });
    const outcome = await engine.run(1, 'taker');
    expect(outcome.kind).toBe('completed');
    const rows = (await ledgerRows(p)).map(
      (r) => `${r.run_id}:${r.status}${r.status === 'failed' ? `:${r.reason}` : ''}`,
    );
    expect(rows).toEqual(['dead-run:started', 'dead-run:failed:abandoned', 'taker:started', 'taker:done']);
    const abandoned = (await ledgerRows(p))[1];
    expect(abandoned?.status === 'failed' && abandoned.detail).toMatch(
      /^taken over by run taker: run dead-run's process \d+ on .+ is no longer running$/,
    );
    expect(engine.log.join('\n')).toContain(
      'its claim on stage 1 is released (failed, abandoned) and this run takes over',
    );
  });

  it('a claim made before this machine rebooted is taken over even if its pid is alive again', async () => {
    const { p, engine } = await setup();
    await claimAs(engine, 'before-reboot', { host: hostname(), pid: process.pid, boot: 'an-earlier-boot' });
    const outcome = await engine.run(1, 'after-reboot');
    if (!existsSync('/proc/sys/kernel/random/boot_id')) {
      expect(outcome.kind).toBe('refused');
      return;
    }
    expect(outcome.kind).toBe('completed');
    expect((await ledgerRows(p))[1]).toMatchObject({ status: 'failed', reason: 'abandoned', run_id: 'before-reboot' });
  });

  it('a claim whose process is alive here is refused: wait or stop it, no release suggested', async () => {
    const { p, engine } = await setup();
    await claimAs(engine, 'alive-run', { host: hostname(), pid: process.pid });
    const outcome = await engine.run(1);
    expect(outcome).toMatchObject({ kind: 'refused', code: 'in-progress' });
    if (outcome.kind !== 'refused') return;
    expect(outcome.reason).toContain(`stage 1 already in progress by run alive-run`);
    expect(outcome.reason).toContain(`is still running`);
    expect(outcome.reason).toContain('wait for it, or stop that process first');
    expect(outcome.reason).not.toContain('ledger release');
    expect((await ledgerRows(p)).map((r) => r.status)).toEqual(['started']);
  });

  it('a claim from another host cannot be judged: refused, naming the host and the release command with --force', async () => {
    const { engine } = await setup();
    await claimAs(engine, 'remote-run', { host: 'some-other-runner', pid: 4242 });
    const outcome = await engine.run(1);
    expect(outcome).toMatchObject({ kind: 'refused', code: 'in-progress' });
    if (outcome.kind !== 'refused') return;
    expect(outcome.reason).toContain('claimed the stage on host some-other-runner');
    expect(outcome.reason).toContain('`okstra ledger release --plan-id linear --stage 1 --force` frees it');
  });

  it('an expired claim with no claimant (older okstra) is refused with the plain release command', async () => {
    const { engine } = await setup();
    await claimAs(engine, 'old-run', undefined, -1);
    const outcome = await engine.run(1);
    expect(outcome).toMatchObject({ kind: 'refused', code: 'in-progress' });
    if (outcome.kind !== 'refused') return;
    expect(outcome.reason).toContain('recorded no claimant');
    expect(outcome.reason).toContain('its lease expired: `okstra ledger release --plan-id linear --stage 1` frees it');
  });

  it("the dead run's stage worktree (still registered, branch checked out) is removed, so the branch can be checked out again", async () => {
    const { p, engine } = await setup();
    const branch = stageBranchName('linear', 1);
    const main = await p.git.ok(['rev-parse', 'HEAD']);
    await p.git.ok(['update-ref', `refs/heads/${branch}`, main]);
    const left = join(mkdtempSync(join(tmpdir(), 'okstra-stage-')), '');
    await p.git.ok(['worktree', 'add', '--quiet', left, branch]);
    await claimAs(engine, 'killed-run', { host: hostname(), pid: await deadPid() });
    const outcome = await engine.run(1);
    expect(outcome.kind).toBe('completed');
    expect(existsSync(left)).toBe(false);
    expect(await p.git.ok(['worktree', 'list', '--porcelain'])).not.toContain(left);
  });
});
