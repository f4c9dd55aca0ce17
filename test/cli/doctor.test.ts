import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INSTALL_MARKER, pinnedInstallDir } from '../../src/providers/cli-locate.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/git-repos.js';

/** A stand-in CLI that answers `--version` like the real one would. */
function fakeCli(dir: string, name: string, versionLine: string): string {
  const file = join(dir, name);
  writeFileSync(file, `#!/bin/sh\necho '${versionLine}'\n`);
  chmodSync(file, 0o755);
  return file;
}

describe('okstra doctor', () => {
  it('reports installs against the pins and keys by name; exit 1 when the roster cannot run', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.okstra'));
    writeFileSync(
      join(dir, '.okstra', 'config.yml'),
      'executor: codex\nverifiers: [gemini]\nexcludeExecutorFromVerifiers: true\n',
    );
    const env = {
      PATH: '/usr/bin:/bin',
      OKSTRA_AGENT_CLIS_DIR: join(dir, 'no-cache'),
      OKSTRA_CLAUDE_BIN: fakeCli(dir, 'claude', '2.1.197 (Claude Code)'),
      OKSTRA_CODEX_BIN: fakeCli(dir, 'codex', 'codex-cli 0.170.0'),
      OKSTRA_GEMINI_BIN: '',
      OPENAI_API_KEY: 'sk-secret-value-never-printed',
      ANTHROPIC_API_KEY: '',
      GEMINI_API_KEY: '',
    };
    const text = await runCli(['doctor', '--repo', dir], { env });
    expect(text.exitCode).toBe(1);
    expect(text.stdout).not.toContain('sk-secret-value-never-printed');
    expect(text.stdout).toMatch(/claude\s+2\.1\.197\s+2\.1\.197\s+ok/);
    expect(text.stdout).toMatch(/codex\s+0\.171\.0\s+0\.170\.0\s+differs from the pin/);
    expect(text.stdout).toMatch(/gemini\s+0\.61\.0\s+-\s+not installed/);
    expect(text.stdout).toMatch(/OPENAI_API_KEY\s+codex\s+set/);
    expect(text.stdout).toContain("this repository's runs use: codex, gemini");
    expect(text.stdout).toContain('gemini: Gemini CLI is not installed — run `okstra install-clis`');
    expect(text.stdout).toContain('gemini: GEMINI_API_KEY is not set');
    expect(text.stdout).not.toContain('claude: ANTHROPIC_API_KEY is not set'); // claude is not in this roster

    const json = await runCli(['doctor', '--repo', dir, '--json'], { env });
    const report = JSON.parse(json.stdout) as {
      needed: string[];
      problems: string[];
      checks: Array<{ ref: string; version: string | null; keySet: boolean }>;
    };
    expect(report.needed).toEqual(['codex', 'gemini']);
    expect(report.problems).toHaveLength(2);
    expect(report.checks.map((c) => [c.ref, c.version, c.keySet])).toEqual([
      ['claude', '2.1.197', false],
      ['codex', '0.170.0', true],
      ['gemini', null, false],
      // Listed like every built-in; not installed here and not in this roster, so no problem.
      ['copilot', null, false],
    ]);
    expect(json.stdout).not.toContain('sk-secret-value-never-printed');
  });

  it('is ready when every CLI of the roster runs and has its key', async () => {
    const dir = tempDir();
    const env = {
      PATH: '/usr/bin:/bin',
      OKSTRA_AGENT_CLIS_DIR: join(dir, 'no-cache'),
      OKSTRA_CLAUDE_BIN: fakeCli(dir, 'claude', '2.1.197 (Claude Code)'),
      ANTHROPIC_API_KEY: 'k',
    };
    const res = await runCli(['doctor', '--repo', dir], { env });
    expect(res.stdout).toContain('doctor: ready');
    expect(res.exitCode).toBe(0);
    // These tests run as root: doctor proves the agents' boundary here.
    expect(res.stdout).toContain(
      "isolation: agents run as separate unprivileged users (okstra-agent-N, no sudo); checked: one cannot read okstra's environment",
    );
  });

  it('with isolation: none, says what agents could reach', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.okstra'));
    writeFileSync(join(dir, '.okstra', 'config.yml'), 'isolation: none\n');
    const env = {
      PATH: '/usr/bin:/bin',
      OKSTRA_AGENT_CLIS_DIR: join(dir, 'no-cache'),
      OKSTRA_CLAUDE_BIN: fakeCli(dir, 'claude', '2.1.197 (Claude Code)'),
      ANTHROPIC_API_KEY: 'k',
    };
    const res = await runCli(['doctor', '--repo', dir, '--json'], { env });
    const report = JSON.parse(res.stdout) as { isolation: { mode: string; statement: string } };
    expect(report.isolation.mode).toBe('none');
    expect(report.isolation.statement).toMatch(/could read the run's secrets/);
  });

  it('says when a found CLI does not start', async () => {
    const dir = tempDir();
    const broken = join(dir, 'claude');
    writeFileSync(broken, '#!/bin/sh\necho "native binary not installed" >&2\nexit 1\n');
    chmodSync(broken, 0o755);
    const res = await runCli(['doctor', '--repo', dir], {
      env: {
        PATH: '/usr/bin:/bin',
        OKSTRA_AGENT_CLIS_DIR: join(dir, 'none'),
        OKSTRA_CLAUDE_BIN: broken,
        ANTHROPIC_API_KEY: 'k',
      },
    });
    expect(res.exitCode).toBe(1);
    expect(res.stdout).toContain('does not start: `--version` failed (exit 1: native binary not installed)');
  });
});

describe('okstra install-clis', () => {
  it('skips CLIs whose pinned install is complete', async () => {
    const cache = tempDir();
    for (const ref of ['claude', 'codex', 'gemini'] as const) {
      mkdirSync(pinnedInstallDir(cache, ref), { recursive: true });
      writeFileSync(join(pinnedInstallDir(cache, ref), INSTALL_MARKER), '{}');
    }
    const res = await runCli(['install-clis', '--only', 'codex,gemini'], { env: { OKSTRA_AGENT_CLIS_DIR: cache } });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(res.stdout).toContain('codex: @openai/codex@0.171.0 already installed');
    expect(res.stdout).toContain('gemini: @google/gemini-cli@0.61.0 already installed');
    expect(res.stdout).not.toContain('claude:');
  });

  it('refuses an unknown CLI name as a usage error', async () => {
    const res = await runCli(['install-clis', '--only', 'claude,cursor']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain('is not a comma-separated list of claude, codex, gemini');
  });
});
