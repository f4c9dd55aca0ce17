import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FinalReportSchema } from '../../src/core/report/schema/final-report.js';
import { reportable, runQa, type QaCommand } from '../../src/engine/run-qa.js';
import { withoutSecrets } from '../../src/providers/env.js';
import { tempDir } from '../helpers/git-repos.js';
import { killQuietly, readPid, waitForDeath, waitForEsrch } from '../providers/helpers.js';

const QaResultSchema = FinalReportSchema.shape.qa.element;
const ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8' };

function qa(cmd: string, over: Partial<QaCommand> = {}): QaCommand {
  return { source: 'plan', label: cmd, cmd, timeoutMs: 20_000, ...over };
}

describe('runQa', () => {
  it('runs shell command lines in order in the worktree and records exit codes and output tails', async () => {
    const cwd = tempDir('okstra-worktree-');
    writeFileSync(join(cwd, 'data.txt'), 'one\ntwo\nthree\n');
    const results = await runQa(
      [
        qa('wc -l < data.txt && echo "cwd=$(pwd)"'),
        qa('echo out; echo err >&2; exit 3', { source: 'config', label: 'fails' }),
        qa('echo second >> order.log'),
        qa('test -f order.log && cat order.log'),
      ],
      { cwd, env: ENV },
    );
    expect(results.map((r) => [r.source, r.label, r.exitCode, r.passed])).toEqual([
      ['plan', 'wc -l < data.txt && echo "cwd=$(pwd)"', 0, true],
      ['config', 'fails', 3, false],
      ['plan', 'echo second >> order.log', 0, true],
      ['plan', 'test -f order.log && cat order.log', 0, true],
    ]);
    expect(results[0]?.outputTail).toBe(`3\ncwd=${cwd}`);
    expect(results[1]?.outputTail).toBe('out\nerr');
    expect(results[3]?.outputTail).toBe('second');
    for (const r of results) {
      // No test runner printed anything okstra recognises: nothing counted, and the report says so.
      expect(r.count).toBeNull();
      expect(reportable(r).tests).toBeNull();
      expect(QaResultSchema.safeParse(reportable(r)).success).toBe(true);
      expect(r.durationMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('fails a pipeline whose first command fails (pipefail)', async () => {
    const [result] = await runQa([qa('false | cat')], { cwd: tempDir(), env: ENV });
    expect(result).toMatchObject({ exitCode: 1, passed: false });
  });

  it('keeps only the tail of long output', async () => {
    const [result] = await runQa([qa('for i in $(seq 1 5000); do echo "line $i"; done')], { cwd: tempDir(), env: ENV });
    const lines = result?.outputTail.split('\n') ?? [];
    expect(lines[0]).toMatch(/earlier lines not shown/);
    expect(lines.at(-1)).toBe('line 5000');
    expect(lines.length).toBeLessThanOrEqual(51);
    const [short] = await runQa([qa('for i in $(seq 1 100); do echo "line $i"; done')], {
      cwd: tempDir(),
      env: ENV,
      maxTail: { lines: 3 },
    });
    expect(short?.outputTail).toBe('… (97 earlier lines not shown)\nline 98\nline 99\nline 100');
  });

  it('times out a command, kills its whole tree, and goes on with the next', async () => {
    const dir = tempDir();
    const pidFile = join(dir, 'bg.pid');
    let background: number | null = null;
    try {
      const results = await runQa(
        [qa(`sleep 1000 & echo $! > ${pidFile}; echo started; wait`, { timeoutMs: 700 }), qa('echo next')],
        { cwd: dir, env: ENV, killGraceMs: 300 },
      );
      background = readPid(pidFile);
      expect(results[0]).toMatchObject({ exitCode: null, passed: false });
      expect(results[0]?.outputTail).toMatch(
        /^started\nokstra: timed out after 700 ms; the command's process tree was killed$/,
      );
      expect(results[1]).toMatchObject({ exitCode: 0, passed: true, outputTail: 'next' });
      expect(await waitForDeath(background as number)).toBe(true);
      expect(await waitForEsrch(background as number)).toBe(true);
    } finally {
      killQuietly(background);
    }
  });

  it('reports a command whose shell cannot start as not passed with exit code null', async () => {
    const [result] = await runQa([qa('echo hi')], { cwd: tempDir(), env: ENV, shell: 'okstra-no-such-shell' });
    expect(result).toMatchObject({ exitCode: null, passed: false });
    expect(result?.outputTail).toMatch(/could not start okstra-no-such-shell: .*not found/);
  });

  it('treats an unknown command as a failed command (bash exit 127)', async () => {
    const [result] = await runQa([qa('okstra-no-such-tool --check')], { cwd: tempDir(), env: ENV });
    expect(result).toMatchObject({ exitCode: 127, passed: false });
    expect(result?.outputTail).toMatch(/okstra-no-such-tool: command not found/);
  });

  it('never lets a provider secret reach a QA command, even if the caller passed one', async () => {
    const dir = tempDir();
    const envDump = join(dir, 'env.txt');
    const engineEnv = {
      ...ENV,
      FAKE_OPENAI_API_KEY: 'sk-fake-openai',
      ANTHROPIC_API_KEY: 'sk-ant',
      GITHUB_TOKEN: 'ghs_x',
      AWS_SECRET_ACCESS_KEY: 'aws',
      DB_PASSWORD: 'pw',
      BASH_ENV: join(dir, 'evil.sh'),
      TOKENIZERS_PARALLELISM: 'false',
      CI: 'true',
    };
    writeFileSync(join(dir, 'evil.sh'), 'echo EVIL_STARTUP_RAN\n');
    const [result] = await runQa([qa(`env > ${envDump}; echo done`)], { cwd: dir, env: engineEnv });
    expect(result).toMatchObject({ passed: true, outputTail: 'done' });
    const seen = readFileSync(envDump, 'utf8');
    for (const name of [
      'FAKE_OPENAI_API_KEY',
      'ANTHROPIC_API_KEY',
      'GITHUB_TOKEN',
      'AWS_SECRET_ACCESS_KEY',
      'DB_PASSWORD',
      'BASH_ENV',
    ]) {
      expect(seen).not.toContain(`${name}=`);
    }
    expect(seen).not.toContain('sk-fake-openai');
    expect(seen).toContain('TOKENIZERS_PARALLELISM=false');
    expect(seen).toContain('CI=true');
  });

  it('calls onStart and onResult for each command', async () => {
    const events: string[] = [];
    await runQa([qa('true', { label: 'a' }), qa('false', { label: 'b' })], {
      cwd: tempDir(),
      env: ENV,
      onStart: (c, i) => events.push(`start ${i} ${c.label}`),
      onResult: (r, i) => events.push(`result ${i} ${r.label} ${r.passed}`),
    });
    expect(events).toEqual(['start 0 a', 'result 0 a true', 'start 1 b', 'result 1 b false']);
  });
});

describe('withoutSecrets', () => {
  it('drops secret-looking names and shell start-up hooks, keeps the rest', () => {
    expect(
      withoutSecrets({
        OPENAI_API_KEY: 'x',
        GEMINI_APIKEY: 'x',
        NPM_TOKEN: 'x',
        CLIENT_SECRET: 'x',
        GOOGLE_CREDENTIALS: 'x',
        SSH_PRIVATE_KEY: 'x',
        ENV: 'x',
        PATH: '/bin',
        TOKENIZERS_PARALLELISM: 'false',
        KEYBOARD: 'us',
        UNSET: undefined,
      }),
    ).toEqual({ PATH: '/bin', TOKENIZERS_PARALLELISM: 'false', KEYBOARD: 'us' });
  });
});
