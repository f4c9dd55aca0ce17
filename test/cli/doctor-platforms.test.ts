import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/git-repos.js';

function fakeCli(dir: string, name: string, versionLine: string): string {
  const file = join(dir, name);
  writeFileSync(file, `#!/bin/sh\necho '${versionLine}'\n`);
  chmodSync(file, 0o755);
  return file;
}

const CONFIG = [
  'executor: claude',
  'verifiers: [codex, gemini]',
  'providers:',
  '  claude:',
  '    via: bedrock',
  '    region: us-east-1',
  '  gemini:',
  '    via: vertex',
  '    region: us-central1',
  '    projectId: my-project-123',
  '  codex:',
  '    via: azure',
  '    baseUrl: https://r.openai.azure.com/openai/v1',
  '',
].join('\n');

describe('okstra doctor on cloud platforms', () => {
  it('reports per platform where the credentials would come from, names only; a missing one is a problem, an API key is not asked for', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.okstra'));
    writeFileSync(join(dir, '.okstra', 'config.yml'), CONFIG);
    const env = {
      PATH: '/usr/bin:/bin',
      OKSTRA_AGENT_CLIS_DIR: join(dir, 'no-cache'),
      OKSTRA_CLAUDE_BIN: fakeCli(dir, 'claude', '2.1.197 (Claude Code)'),
      OKSTRA_CODEX_BIN: fakeCli(dir, 'codex', 'codex-cli 0.171.0'),
      OKSTRA_GEMINI_BIN: fakeCli(dir, 'gemini', '0.61.0'),
      AWS_ACCESS_KEY_ID: 'ASIAOKSTRADOCTOR0001',
      AWS_SECRET_ACCESS_KEY: 'okstra-doctor-secret-never-printed',
      AWS_SESSION_TOKEN: 'okstra-doctor-session-never-printed',
      GOOGLE_APPLICATION_CREDENTIALS: join(dir, 'no-such-credentials.json'),
    };
    const text = await runCli(['doctor', '--repo', dir], { env });
    expect(text.stdout).not.toMatch(/okstra-doctor-(secret|session)-never-printed|ASIAOKSTRADOCTOR0001/);
    expect(text.stdout).toMatch(/AWS_ACCESS_KEY_ID \+ AWS_SESSION_TOKEN\s+claude\s+via bedrock: set/);
    expect(text.stdout).toMatch(/GOOGLE_APPLICATION_CREDENTIALS names no file\s+gemini\s+via vertex: missing/);
    expect(text.stdout).toMatch(/AZURE_OPENAI_API_KEY or a Microsoft Entra sign-in\s+codex\s+via azure: missing/);
    expect(text.stdout).not.toContain('ANTHROPIC_API_KEY is not set');
    expect(text.stdout).toContain(
      'codex: via azure: no credentials (AZURE_OPENAI_API_KEY or a Microsoft Entra sign-in) — set AZURE_OPENAI_API_KEY, or sign in with azure/login (the reusable workflow: azure-client-id)',
    );
    expect(text.exitCode).toBe(1);

    // The key, and an Azure CLI on PATH (its sign-in is only tried at run time): nothing missing.
    writeFileSync(env.GOOGLE_APPLICATION_CREDENTIALS, '{}');
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    fakeCli(bin, 'az', 'azure-cli 2.70.0');
    const ready = await runCli(['doctor', '--repo', dir], { env: { ...env, PATH: `${bin}:/usr/bin:/bin` } });
    expect(ready.stdout).toMatch(/GOOGLE_APPLICATION_CREDENTIALS\s+gemini\s+via vertex: set/);
    expect(ready.stdout).toMatch(/Azure CLI's sign-in.*codex\s+via azure: not checked/);
    expect(ready.stdout).not.toMatch(/via (bedrock|vertex|azure): no credentials/);
  });
});
