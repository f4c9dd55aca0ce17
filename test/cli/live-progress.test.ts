/**
 * Live progress of `okstra run` (the bundled CLI, a real process) while a
 * stand-in executor streams Command-provider event lines for a few seconds:
 * under a pseudo-terminal (util-linux `script`) the redrawn block shows each
 * event while the agent still runs; through a pipe every event is one
 * timestamped line; `--quiet` prints none of it. The stream is kept on the
 * ledger branch and the report names it.
 */
import { spawn } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { LEDGER_BRANCH, ledgerRows, makeProject, show, WRITES_STAGE_FILE } from '../engine/helpers.js';
import { spawnCli } from '../helpers/spawn-cli.js';

const EVENTS = 6;
/** What the stand-in prints: tool events for files src/step-1, -2, -4, -5 and token counts after the 3rd and 6th. */
const TOOL_FILES = ['src/step-1', 'src/step-2', 'src/step-4', 'src/step-5'];

async function streamingProject() {
  return makeProject({
    plan: 'linear.md',
    agents: {
      builder: {
        rules: [{ when: { role: 'executor' }, do: { ...WRITES_STAGE_FILE, events: { count: EVENTS, delayMs: 400 } } }],
      },
      reviewer: {},
    },
  });
}

interface Frame {
  at: number;
  text: string;
}

/** Runs the CLI under `script(1)`, which gives it a pseudo-terminal; every chunk it draws is one frame. */
async function underPty(args: string[], cwd: string): Promise<{ frames: Frame[]; exitCode: number | null }> {
  const command = [process.execPath, inject('okstraCliPath'), ...args]
    .map((w) => `'${w.replace(/'/g, `'\\''`)}'`)
    .join(' ');
  const child = spawn('script', ['--quiet', '--flush', '--return', '--command', command, '/dev/null'], {
    cwd,
    env: { ...process.env, COLUMNS: '160', TERM: 'xterm' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const frames: Frame[] = [];
  child.stdout.on('data', (chunk: Buffer) => frames.push({ at: frames.length, text: chunk.toString('utf8') }));
  child.stderr.on('data', (chunk: Buffer) => frames.push({ at: frames.length, text: chunk.toString('utf8') }));
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { frames, exitCode };
}

describe('okstra run: live progress while an agent works', () => {
  it('under a terminal, the redrawn block shows each event before the executor finishes', async () => {
    const p = await streamingProject();
    const { frames, exitCode } = await underPty(['run', '--plan', p.planFile, '--stage', '1', '--repo', p.dir], p.dir);
    const all = frames.map((f) => f.text).join('');
    expect(exitCode, all).toBe(0);
    // The executor's collect line marks the end of its session: every event must have been drawn before it.
    const collected = frames.findIndex((f) => f.text.includes('PROGRESS: phase-5-collect'));
    expect(collected).toBeGreaterThan(0);
    const before = frames.slice(0, collected);
    for (const file of TOOL_FILES) {
      const frame = before.find((f) => f.text.includes(`(executor)`) && f.text.includes(`tool Read ${file}`));
      expect(frame, `a frame showing ${file} before the executor finished`).toBeDefined();
      // The block is a redraw (cursor up, clear), not a scrolling log line.
      expect(frame?.text).not.toMatch(/^\d\d:\d\d:\d\d /m);
    }
    expect(
      before.some((f) => /tokens/.test(f.text) && /\b\d+(\.\d)?k? tokens\b/.test(f.text)),
      'the tokens so far in the block',
    ).toBe(true);
    expect(all).toContain('\x1b[J');
    // Each event was its own frame: the block changed between consecutive events.
    const firsts = TOOL_FILES.map((file) => before.findIndex((f) => f.text.includes(`tool Read ${file}`)));
    expect([...firsts].sort((a, b) => a - b)).toEqual(firsts);
    expect(new Set(firsts).size).toBe(TOOL_FILES.length);
    expect(all).toMatch(/stage 1 PASS/);
  }, 60_000);

  it('through a pipe, every event is one timestamped line; --quiet prints only the outcome', async () => {
    const p = await streamingProject();
    const piped = await spawnCli(['run', '--plan', p.planFile, '--stage', '1', '--repo', p.dir], { cwd: p.dir });
    expect(piped.exitCode, piped.stderr).toBe(0);
    const lines = piped.stdout.split('\n');
    const events = lines.filter((l) => /^\d\d:\d\d:\d\d \S.* \(executor\) (tool|tokens|note) /.test(l));
    expect(events).toHaveLength(EVENTS);
    for (const file of TOOL_FILES)
      expect(events.filter((l) => l.endsWith(`(executor) tool Read ${file}`))).toHaveLength(1);
    expect(events.filter((l) => / \(executor\) tokens \d+ in, \d+ out$/.test(l))).toHaveLength(2);
    expect(lines.filter((l) => /^\d\d:\d\d:\d\d .* \(executor\) finished done /.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /\(verifier\) finished /.test(l)).length).toBeGreaterThanOrEqual(2);
    expect(piped.stdout).not.toContain('\x1b[');
    // The event lines are progress: none of them ends up as the executor's stderr in the report.
    const last = (await ledgerRows(p)).at(-1);
    const report = JSON.parse(
      (await show(p, LEDGER_BRANCH, last && 'report_path' in last ? (last.report_path ?? '') : '')) ?? '{}',
    ) as { activity?: { path: string; events: number; droppedEvents: number }; executor: { stderrTail?: string } };
    expect(report.activity?.events).toBeGreaterThanOrEqual(EVENTS);
    expect(report.activity?.droppedEvents).toBe(0);
    const kept = (await show(p, LEDGER_BRANCH, report.activity?.path ?? '')) ?? '';
    const rows = kept
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { worker: string; role: string; event: { kind: string; file?: string } });
    expect(rows.filter((r) => r.role === 'executor' && r.event.kind === 'tool').map((r) => r.event.file)).toEqual(
      TOOL_FILES,
    );
    expect(rows.filter((r) => r.event.kind === 'finished')).toHaveLength(3);
    expect(JSON.stringify(report.executor)).not.toContain('okstra_event');
    const md = (await show(p, LEDGER_BRANCH, report.activity?.path.replace(/\.activity\.jsonl$/, '.md') ?? '')) ?? '';
    expect(md).toContain(`Worker activity: ${report.activity?.events} events in \`${report.activity?.path}\``);

    const q = await streamingProject();
    const quiet = await spawnCli(['run', '--plan', q.planFile, '--stage', '1', '--repo', q.dir, '--quiet'], {
      cwd: q.dir,
    });
    expect(quiet.exitCode, quiet.stderr).toBe(0);
    expect(quiet.stdout).not.toMatch(/PROGRESS:|tool Read|finished done/);
    expect(quiet.stdout).toMatch(/stage 1 PASS/);
  }, 90_000);

  it('refuses --quiet with --verbose as bad usage', async () => {
    const p = await streamingProject();
    const both = await spawnCli(
      ['run', '--plan', p.planFile, '--stage', '1', '--repo', p.dir, '--quiet', '--verbose'],
      { cwd: p.dir },
    );
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toContain('--quiet and --verbose contradict each other');
    expect(await ledgerRows(p)).toEqual([]);
  }, 30_000);
});
