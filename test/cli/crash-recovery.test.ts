/**
 * Fault injection: `okstra run` (the bundled CLI, a real process) is killed
 * with SIGKILL at every phase boundary of a stage run while stand-in agents
 * are still running. After each kill: the ledger parses, no `done` row lacks
 * its carry, no process of the stand-ins is left, and the stage reaches PASS
 * with at most one command (`okstra run` again). The commands used per kill
 * point are printed at the end.
 *
 * The phase is read from the PROGRESS lines on stdout, from the stand-ins'
 * own records (they are running) and from the stage branch (the executor's
 * commit landed). The two persistence points last milliseconds, so there the
 * run pauses through the test hook OKSTRA_TEST_HOOK_PAUSE_AT
 * (src/engine/test-hook.ts), inert unless set.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { stageBranchName } from '../../src/core/ids.js';
import {
  LEDGER_BRANCH,
  WRITES_STAGE_FILE,
  ledgerRows,
  makeProject,
  type AgentScript,
  type Project,
  type ScratchPaths,
} from '../engine/helpers.js';
import { spawnCli } from '../helpers/spawn-cli.js';

const HANG = (p: ScratchPaths, name: string): AgentScript => ({
  record: p.recordFile(name),
  spawnGrandchild: { pidFile: join(p.scratch, `grandchild-${name}-{{ROLE}}.pid`) },
  hang: true,
});

interface KillPoint {
  name: string;
  /** The stand-ins of the killed run. */
  agents(p: ScratchPaths): { builder: AgentScript; reviewer: AgentScript };
  env?: Record<string, string>;
  /** True once the run is where this point kills it. */
  reached(lines: readonly string[], p: Project): Promise<boolean> | boolean;
}

const branch = stageBranchName('linear', 1);
const normalReviewer: AgentScript = {};

const KILL_POINTS: KillPoint[] = [
  {
    name: 'after claim',
    agents: (p) => ({
      builder: { rules: [{ when: { role: 'executor' }, do: HANG(p, 'executor') }] },
      reviewer: normalReviewer,
    }),
    reached: (lines) => lines.some((l) => l.startsWith('PROGRESS: phase-1-intake')),
  },
  {
    name: 'during executor',
    agents: (p) => ({
      builder: {
        rules: [
          {
            when: { role: 'executor' },
            do: { ...HANG(p, 'executor'), writeFiles: { 'src/half-done.txt': 'partial\n' } },
          },
        ],
      },
      reviewer: normalReviewer,
    }),
    reached: (_lines, p) => grandchildPids(p).length >= 1,
  },
  {
    name: 'after executor commit',
    agents: (p) => ({
      builder: {
        rules: [
          { when: { role: 'executor' }, do: WRITES_STAGE_FILE },
          { when: { role: 'verifier' }, do: HANG(p, 'builder-verifier') },
        ],
      },
      reviewer: HANG(p, 'reviewer-verifier'),
    }),
    reached: async (lines, p) =>
      lines.some((l) => l.startsWith('PROGRESS: phase-5-collect') && l.includes('status=done')) &&
      (await p.git.resolveCommit(`refs/heads/${branch}`)) !== (await p.git.resolveCommit('main')),
  },
  {
    name: 'during verifiers',
    agents: (p) => ({
      builder: {
        rules: [
          { when: { role: 'executor' }, do: WRITES_STAGE_FILE },
          { when: { role: 'verifier' }, do: HANG(p, 'builder-verifier') },
        ],
      },
      reviewer: HANG(p, 'reviewer-verifier'),
    }),
    reached: (_lines, p) => grandchildPids(p).length >= 2,
  },
  {
    name: 'during convergence',
    agents: (p) => ({
      builder: {
        rules: [
          { when: { role: 'executor' }, do: WRITES_STAGE_FILE },
          { when: { role: 'reverify' }, do: HANG(p, 'builder-reverify') },
        ],
      },
      reviewer: {
        rules: [
          { when: { role: 'verifier' }, do: { verifierResult: 'FAIL' } },
          { when: { role: 'reverify' }, do: HANG(p, 'reviewer-reverify') },
        ],
      },
    }),
    reached: (lines, p) =>
      lines.some((l) => l.startsWith('PROGRESS: phase-5.5-convergence')) && grandchildPids(p).length >= 1,
  },
  {
    name: 'during persistence, before the ledger commit',
    agents: () => ({
      builder: { rules: [{ when: { role: 'executor' }, do: WRITES_STAGE_FILE }] },
      reviewer: normalReviewer,
    }),
    env: { OKSTRA_TEST_HOOK_PAUSE_AT: 'persist-before-ledger' },
    reached: (lines) => lines.some((l) => l.includes('TEST HOOK: paused at persist-before-ledger')),
  },
  {
    name: 'during persistence, after the ledger commit',
    agents: () => ({
      builder: { rules: [{ when: { role: 'executor' }, do: WRITES_STAGE_FILE }] },
      reviewer: normalReviewer,
    }),
    env: { OKSTRA_TEST_HOOK_PAUSE_AT: 'persist-after-ledger' },
    reached: (lines) => lines.some((l) => l.includes('TEST HOOK: paused at persist-after-ledger')),
  },
];

const commandsUsed: Array<{ point: string; commands: number }> = [];

afterAll(() => {
  if (commandsUsed.length === 0) return;
  console.log(
    [
      'crash recovery: commands used after a SIGKILL of okstra, per kill point',
      ...commandsUsed.map((c) => `  ${c.point.padEnd(48)} ${c.commands}`),
    ].join('\n'),
  );
});

describe('okstra run killed with SIGKILL at every phase boundary', () => {
  it.each(KILL_POINTS)('$name: no agent left, ledger clean, PASS with at most one command', async (point) => {
    const p = await makeProject({ plan: 'linear.md', agents: (paths) => point.agents(paths) });
    const killed = await runAndKill(p, point);
    expect(killed.killed, `never reached "${point.name}"; output:\n${killed.lines.join('\n')}`).toBe(true);

    await expectNoStandInLeft(p);
    await expectLedgerSound(p);

    // The stand-ins of the next run behave.
    p.script('builder', { rules: [{ when: { role: 'executor' }, do: WRITES_STAGE_FILE }] });
    p.script('reviewer', {});
    let commands = 0;
    const last = (await ledgerRows(p)).filter((r) => r.stage === 1).at(-1);
    if (last?.status !== 'done') {
      const again = await spawnCli(['run', '--plan', p.planFile, '--stage', '1', '--repo', p.dir], { cwd: p.dir });
      commands += 1;
      expect(again.exitCode, `${again.stdout}\n${again.stderr}`).toBe(0);
      expect(again.stdout).toMatch(/stage 1 PASS/);
      if (last?.status === 'started')
        expect(again.stdout).toMatch(/is no longer running; its claim on stage 1 is released \(failed, abandoned\)/);
    }
    await expectLedgerSound(p);
    const rows = (await ledgerRows(p)).filter((r) => r.stage === 1);
    expect(rows.at(-1)?.status).toBe('done');
    // The dead run's claim ended as abandoned, never as a second failure of the stage.
    expect(
      rows.filter((r) => r.status === 'failed').every((r) => r.status === 'failed' && r.reason === 'abandoned'),
    ).toBe(true);
    // Every claim says which process made it.
    for (const r of rows)
      if (r.status === 'started')
        expect(r.claimant).toMatchObject({ host: expect.any(String), pid: expect.any(Number) });
    commandsUsed.push({ point: point.name, commands });
    expect(commands).toBeLessThanOrEqual(1);
  });
});

/** Starts `okstra run` on stage 1 and SIGKILLs it once `point` is reached. */
async function runAndKill(p: Project, point: KillPoint): Promise<{ killed: boolean; lines: string[] }> {
  const child = spawn(
    process.execPath,
    [inject('okstraCliPath'), 'run', '--plan', p.planFile, '--stage', '1', '--repo', p.dir],
    {
      cwd: p.dir,
      env: { ...process.env, ...point.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: string[] = [];
  createInterface({ input: child.stdout }).on('line', (l) => lines.push(l));
  createInterface({ input: child.stderr }).on('line', (l) => lines.push(`stderr: ${l}`));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let done = false;
  void exited.then(() => (done = true));
  const deadline = Date.now() + 45_000;
  let killed = false;
  while (!done && Date.now() < deadline) {
    if (await point.reached(lines, p)) {
      killed = child.kill('SIGKILL');
      break;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  if (!killed && !done) child.kill('SIGKILL');
  await exited;
  return { killed, lines };
}

/** The grandchildren the hanging stand-ins started (their pid files), i.e. how many stand-ins are running. */
function grandchildPids(p: Pick<Project, 'scratch'>): number[] {
  return readdirSync(p.scratch)
    .filter((f) => f.startsWith('grandchild-') && f.endsWith('.pid'))
    .map((f) => Number(readFileSync(join(p.scratch, f), 'utf8').trim()))
    .filter((pid) => Number.isInteger(pid) && pid > 0);
}

/** Processes whose command line names this project's scratch folder: every stand-in and what it started. */
function standIns(p: Project): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const state = /^State:\s+(\S)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1];
      if (state === 'Z') continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(p.scratch)) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

async function expectNoStandInLeft(p: Project): Promise<void> {
  const recorded = [
    ...p.records('executor'),
    ...p.records('builder-verifier'),
    ...p.records('reviewer-verifier'),
    ...p.records('builder-reverify'),
    ...p.records('reviewer-reverify'),
  ].map((r) => r.pid);
  const watched = [...recorded, ...grandchildPids(p)];
  const alive = (pid: number): boolean =>
    existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  // The watchdog acts the moment okstra dies; allow the kernel a moment to deliver it.
  const deadline = Date.now() + 10_000;
  let left = [...watched.filter(alive), ...standIns(p)];
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    left = [...watched.filter((pid) => existsSync(`/proc/${pid}`) && alive(pid)), ...standIns(p)];
  }
  expect(left, 'stand-in agent processes outlived okstra').toEqual([]);
}

/** The ledger parses (ledgerRows throws on a malformed line) and every `done` row's carry is on the ledger branch. */
async function expectLedgerSound(p: Project): Promise<void> {
  const rows = await ledgerRows(p);
  for (const r of rows) {
    if (r.status !== 'done') continue;
    const carry = await p.git.run(['cat-file', '-e', `${LEDGER_BRANCH}:${r.carry_path}`]);
    expect(carry.exitCode, `done row of run ${r.run_id} without its carry ${r.carry_path}`).toBe(0);
  }
}
