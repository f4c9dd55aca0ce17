import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { okstraVersion } from '../../src/cli/version.js';
import { runCli } from '../helpers/cli.js';
import { spawnCli } from '../helpers/spawn-cli.js';
import { tempDir } from '../helpers/git-repos.js';
import packageJson from '../../package.json' with { type: 'json' };

describe('okstra --version', () => {
  it("prints package.json's version, in-process and from the bundled CLI", async () => {
    const inProcess = await runCli(['--version']);
    expect(inProcess.exitCode).toBe(0);
    expect(inProcess.stdout.trim()).toBe(packageJson.version);
    const bundled = await spawnCli(['-V']);
    expect(bundled.exitCode, bundled.stderr).toBe(0);
    expect(bundled.stdout.trim()).toBe(packageJson.version);
  });

  it('walks up to the okstra package.json, skipping other packages, and says so when there is none', () => {
    const root = tempDir();
    const inner = join(root, 'okstra', 'node_modules', 'other', 'dist');
    mkdirSync(inner, { recursive: true });
    writeFileSync(join(root, 'okstra', 'package.json'), JSON.stringify({ name: 'okstra', version: '9.8.7' }));
    writeFileSync(
      join(root, 'okstra', 'node_modules', 'other', 'package.json'),
      JSON.stringify({ name: 'other', version: '1.0.0' }),
    );
    expect(okstraVersion(inner)).toBe('9.8.7');
    const lonely = join(tempDir(), 'a', 'b');
    mkdirSync(lonely, { recursive: true });
    writeFileSync(join(lonely, 'package.json'), '{ not json');
    expect(okstraVersion(lonely)).toMatch(/^unknown \(no okstra package\.json from .* upwards\)$/);
  });

  it('lists the exit codes in the help', async () => {
    const res = await runCli(['--help']);
    expect(res.exitCode).toBe(0);
    expect(res.stdout).toMatch(
      /Exit codes:[\s\S]*1 {2}a FAIL verdict[\s\S]*3 {2}okstra or a provider could not do its job/,
    );
  });
});

describe('okstra demo --executor precheck', () => {
  it('stops with exit 3 and the reason when the executor CLI is not installed and has no key, before creating anything', async () => {
    const dir = join(tempDir(), 'demo');
    const env = {
      OKSTRA_CLAUDE_BIN: join(tempDir(), 'no-such-claude'),
      OKSTRA_AGENT_CLIS_DIR: tempDir(),
      PATH: '/nonexistent',
      ANTHROPIC_API_KEY: '',
    };
    const res = await runCli(['demo', '--executor', 'claude', '--dir', dir], { env });
    expect(res.exitCode).toBe(3);
    expect(res.stderr).toContain('demo: the claude executor cannot run here, so no stage was started');
    expect(res.stderr).toContain('ANTHROPIC_API_KEY is not set');
    expect(res.stderr).toMatch(/claude: .*(not installed|does not start)/);
    expect(res.stdout).not.toContain('== chain');
    expect(existsSync(dir)).toBe(false);
  });

  it('an executor that passes the checks but fails its run ends the demo with exit 3 and no fix run', async () => {
    const bin = join(tempDir(), 'claude-that-fails.mjs');
    writeFileSync(
      bin,
      "if (process.argv.includes('--version')) { console.log('2.1.0 (Claude Code)'); } else { console.error('API Error: 529 overloaded'); process.exitCode = 1; }\n",
    );
    chmodSync(bin, 0o755);
    const res = await runCli(['demo', '--executor', 'claude', '--dir', join(tempDir(), 'demo')], {
      env: { OKSTRA_CLAUDE_BIN: bin, ANTHROPIC_API_KEY: 'sk-test-not-real' },
    });
    expect(res.exitCode, res.stderr).toBe(3);
    expect(res.stdout).not.toContain('== fix run');
    expect(res.stdout).toContain('okstra demo: stopped: a worker could not do its job');
  });

  it('an unknown executor is a usage error naming the choices', async () => {
    const res = await runCli(['demo', '--executor', 'clod']);
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain('"clod" is not one of: claude, codex, gemini');
  });
});
