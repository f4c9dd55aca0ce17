import { chmodSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../src/core/config/schema.js';
import { overrideVariable } from '../../src/providers/cli-locate.js';
import { resolveProvider } from '../../src/providers/registry.js';
import { tempDir } from '../helpers/git-repos.js';
import { request } from './helpers.js';

/**
 * The adapter frame around a CLI, with a stand-in program put in place by
 * OKSTRA_<NAME>_BIN: what it is given (arguments, environment, a private
 * HOME that is removed afterwards) and how missing pieces are reported. The
 * real binaries are exercised in test/contract.
 */

/** A stand-in CLI that records its argv, env and HOME contents, and prints a Claude-style result. */
function fakeCli(dir: string): { bin: string; record: string } {
  const record = join(dir, 'record.json');
  const bin = join(dir, 'fake-cli.mjs');
  writeFileSync(
    bin,
    `import { readdirSync, writeFileSync } from 'node:fs';
const input = await new Promise((r) => { let s = ''; process.stdin.on('data', (c) => (s += c)); process.stdin.on('end', () => r(s)); });
writeFileSync(${JSON.stringify(record)}, JSON.stringify({ argv: process.argv.slice(2), env: process.env, input, home: readdirSync(process.env.HOME, { recursive: true }) }));
process.stdout.write(JSON.stringify({ type: 'result', subtype: 'success', is_error: false, result: 'ok', session_id: 's', usage: { input_tokens: 1, output_tokens: 2 } }));
`,
  );
  chmodSync(bin, 0o755);
  return { bin, record };
}

const engineEnv = (extra: Record<string, string>): Record<string, string> => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  GITHUB_TOKEN: 'ghs_must_not_leak',
  OPENAI_API_KEY: 'sk-other-provider',
  AWS_SECRET_ACCESS_KEY: 'must-not-leak',
  ...extra,
});

describe('AgentCliProvider', () => {
  it('starts the CLI in the worktree with only its own key, a private HOME and quiet settings; the HOME is removed afterwards', async () => {
    const dir = tempDir();
    const { bin, record } = fakeCli(dir);
    const tmp = tempDir('okstra-dispatch-parent-');
    const config = ConfigSchema.parse({
      providers: { claude: { baseUrl: 'http://gateway.example', apiKeyEnv: 'MY_CLAUDE_KEY' } },
    });
    const provider = resolveProvider('claude', config, {
      env: engineEnv({ [overrideVariable('claude')]: bin, MY_CLAUDE_KEY: 'sk-mine' }),
      tmpDir: tmp,
    });
    const result = await provider.run(request(dir, { worker: 'Claude worker', model: 'opus', prompt: 'the prompt\n' }));

    expect(result).toMatchObject({
      status: 'done',
      finalText: 'ok',
      sessionId: 's',
      usage: { inputTokens: 1, outputTokens: 2 },
    });
    const seen = JSON.parse(readFileSync(record, 'utf8')) as {
      argv: string[];
      env: Record<string, string>;
      input: string;
      home: string[];
    };
    expect(seen.input).toBe('the prompt\n');
    expect(seen.env.ANTHROPIC_API_KEY).toBe('sk-mine');
    expect(seen.env.ANTHROPIC_BASE_URL).toBe('http://gateway.example');
    expect(seen.env.CLAUDE_CODE_MAX_RETRIES).toBe('0');
    expect(seen.env.DISABLE_TELEMETRY).toBe('1');
    for (const leaked of ['GITHUB_TOKEN', 'OPENAI_API_KEY', 'AWS_SECRET_ACCESS_KEY', 'MY_CLAUDE_KEY'])
      expect(seen.env[leaked], leaked).toBeUndefined();
    const home = seen.env.HOME ?? '';
    expect(home.startsWith(tmp)).toBe(true);
    expect(seen.env.CLAUDE_CONFIG_DIR).toBe(join(home, '.claude'));
    expect(seen.argv).toEqual(
      expect.arrayContaining([
        '-p',
        '--output-format',
        'stream-json',
        '--verbose',
        '--permission-mode',
        'acceptEdits',
        '--model',
        'opus',
        '--safe-mode',
      ]),
    );
    expect(seen.argv.slice(-2)).toEqual(['--allowedTools', 'Bash']);
    expect(readdirSync(tmp)).toEqual([]); // the private folder is gone
  });

  it('runs every role but the executor in the read-only mode of its CLI', async () => {
    const dir = tempDir();
    const { bin, record } = fakeCli(dir);
    const argvFor = async (ref: 'claude' | 'codex' | 'gemini', readOnly: boolean): Promise<string[]> => {
      const key = { claude: 'ANTHROPIC_API_KEY', codex: 'OPENAI_API_KEY', gemini: 'GEMINI_API_KEY' }[ref];
      const provider = resolveProvider(ref, ConfigSchema.parse({}), {
        env: engineEnv({ [overrideVariable(ref)]: bin, [key]: 'k' }),
      });
      await provider.run(request(dir, { role: readOnly ? 'verifier' : 'executor', readOnly }));
      return (JSON.parse(readFileSync(record, 'utf8')) as { argv: string[] }).argv;
    };
    const pair = (argv: string[], flag: string): string | undefined => argv[argv.indexOf(flag) + 1];
    expect(pair(await argvFor('claude', true), '--permission-mode')).toBe('plan');
    expect(await argvFor('claude', true)).not.toContain('--allowedTools');
    expect(pair(await argvFor('codex', true), '--sandbox')).toBe('read-only');
    expect(pair(await argvFor('codex', false), '--sandbox')).toBe('workspace-write');
    expect(pair(await argvFor('gemini', true), '--approval-mode')).toBe('plan');
    expect(await argvFor('gemini', true)).toContain('--admin-policy');
    expect(pair(await argvFor('gemini', false), '--approval-mode')).toBe('yolo');
  });

  it('says how to install a CLI that is nowhere to be found', async () => {
    const provider = resolveProvider('codex', ConfigSchema.parse({}), {
      env: { PATH: '/nonexistent', OKSTRA_AGENT_CLIS_DIR: '/nonexistent/cache', OPENAI_API_KEY: 'k' },
    });
    const result = await provider.run(request(tempDir()));
    expect(result.status).toBe('error');
    expect(result.errorMessage).toMatch(
      /^Codex is not installed: run `okstra install-clis` \(installs @openai\/codex@0\.171\.0 into \/nonexistent\/cache\/codex@0\.171\.0\), or `npm install -g @openai\/codex@0\.171\.0`, or set OKSTRA_CODEX_BIN/,
    );
    expect(result.errorMessage).toContain('`codex` on PATH');
  });

  it('names the secret when the key is missing or blank, before starting anything', async () => {
    const dir = tempDir();
    const { bin, record } = fakeCli(dir);
    for (const value of [undefined, '  ']) {
      const env = engineEnv({
        [overrideVariable('gemini')]: bin,
        ...(value !== undefined ? { GEMINI_API_KEY: value } : {}),
      });
      const result = await resolveProvider('gemini', ConfigSchema.parse({}), { env }).run(request(dir));
      expect(result.status).toBe('error');
      expect(result.errorMessage).toMatch(
        /^GEMINI_API_KEY is not set: Gemini CLI needs an API key\. Set the secret GEMINI_API_KEY/,
      );
    }
    expect(existsSync(record)).toBe(false);
  });

  it('reports a CLI that exits without a result as an error with its last stderr line', async () => {
    const dir = tempDir();
    const bin = join(dir, 'crash.mjs');
    writeFileSync(bin, "process.stderr.write('boom: config unreadable\\n'); process.exit(3);\n");
    const provider = resolveProvider('claude', ConfigSchema.parse({}), {
      env: engineEnv({ [overrideVariable('claude')]: bin, ANTHROPIC_API_KEY: 'k' }),
    });
    const result = await provider.run(request(dir));
    expect(result).toMatchObject({
      status: 'error',
      exitCode: 3,
      errorMessage: 'Claude Code exited with code 3: Claude Code printed no JSON result',
    });
    expect(result.stderrTail).toContain('boom: config unreadable');
  });
});
