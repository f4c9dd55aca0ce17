import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigSchema, type OkstraConfig } from '../../src/core/config/schema.js';
import { DEFAULT_MAX_TURNS } from '../../src/providers/agent-cli.js';
import { overrideVariable } from '../../src/providers/cli-locate.js';
import { resolveProvider, type BuiltinContext } from '../../src/providers/registry.js';
import type { Provider } from '../../src/providers/types.js';
import { tempDir } from '../helpers/git-repos.js';
import { request } from './helpers.js';

/** A stand-in CLI that records its argv and Gemini's settings file, and answers like Claude Code. */
function fakeCli(dir: string): { bin: string; record: string } {
  const record = join(dir, 'record.json');
  const bin = join(dir, 'fake-cli.mjs');
  writeFileSync(
    bin,
    `import { readFileSync, writeFileSync } from 'node:fs';
let settings = null;
try { settings = JSON.parse(readFileSync(process.env.HOME + '/.gemini/settings.json', 'utf8')); } catch {}
process.stdin.resume(); process.stdin.on('end', () => {
  writeFileSync(${JSON.stringify(record)}, JSON.stringify({ argv: process.argv.slice(2), settings }));
  process.stdout.write(JSON.stringify({ type: 'result', subtype: 'success', is_error: false, result: 'ok', session_id: 's', usage: { input_tokens: 1, output_tokens: 2 } }));
});
`,
  );
  chmodSync(bin, 0o755);
  return { bin, record };
}

const KEYS = { claude: 'ANTHROPIC_API_KEY', codex: 'OPENAI_API_KEY', gemini: 'GEMINI_API_KEY' } as const;

async function seen(
  ref: 'claude' | 'gemini',
  config: OkstraConfig,
  readOnly: boolean,
): Promise<{ argv: string[]; settings: { model?: { maxSessionTurns?: number } } | null }> {
  const dir = tempDir();
  const { bin, record } = fakeCli(dir);
  const provider = resolveProvider(ref, config, {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', [overrideVariable(ref)]: bin, [KEYS[ref]]: 'k' },
  });
  await provider.run(request(dir, { role: readOnly ? 'verifier' : 'executor', readOnly }));
  return JSON.parse(readFileSync(record, 'utf8')) as {
    argv: string[];
    settings: { model?: { maxSessionTurns?: number } } | null;
  };
}

const maxTurnsArg = (argv: string[]): string | undefined => argv[argv.indexOf('--max-turns') + 1];

describe('turn limits from the config', () => {
  it("default to the adapters' constants (300 executor, 150 read-only)", async () => {
    const config = ConfigSchema.parse({});
    expect(config.limits.turns).toEqual({ executor: DEFAULT_MAX_TURNS.executor, verifier: DEFAULT_MAX_TURNS.readOnly });
    expect(maxTurnsArg((await seen('claude', config, false)).argv)).toBe('300');
    expect(maxTurnsArg((await seen('claude', config, true)).argv)).toBe('150');
  });

  it('limits.turns sets each role; providers.<name>.maxTurns overrides it for that provider, per role or as one number', async () => {
    const config = ConfigSchema.parse({
      limits: { turns: { executor: 40, verifier: 12 } },
      providers: { gemini: { maxTurns: { verifier: 7 } } },
    });
    expect(maxTurnsArg((await seen('claude', config, false)).argv)).toBe('40');
    expect(maxTurnsArg((await seen('claude', config, true)).argv)).toBe('12');
    expect((await seen('gemini', config, true)).settings?.model?.maxSessionTurns).toBe(7);
    expect((await seen('gemini', config, false)).settings?.model?.maxSessionTurns).toBe(40);
    const one = ConfigSchema.parse({ providers: { claude: { maxTurns: 25 } } });
    expect(maxTurnsArg((await seen('claude', one, false)).argv)).toBe('25');
    expect(maxTurnsArg((await seen('claude', one, true)).argv)).toBe('25');
  });

  it('the registry hands each built-in its own limits (codex gets them too and has no flag to use them)', () => {
    const contexts: BuiltinContext[] = [];
    const capture = (context: BuiltinContext): Provider => {
      contexts.push(context);
      return {
        kind: context.ref,
        rosterName: context.rosterName,
        defaultModel: null,
        run: () => Promise.reject(new Error('not run')),
      } as Provider;
    };
    const config = ConfigSchema.parse({ limits: { turns: { verifier: 60 } }, providers: { codex: { maxTurns: 9 } } });
    for (const ref of ['claude', 'codex'] as const) resolveProvider(ref, config, { builtins: { [ref]: capture } });
    expect(contexts.map((c) => [c.ref, c.maxTurns])).toEqual([
      ['claude', { executor: 300, readOnly: 60 }],
      ['codex', { executor: 9, readOnly: 9 }],
    ]);
  });
});
