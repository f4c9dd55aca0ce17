import { describe, expect, it } from 'vitest';
import { CommandProvider } from '../../src/providers/command.js';
import { ProviderError } from '../../src/providers/errors.js';
import {
  resolveProvider,
  rosterNameFor,
  type BuiltinFactory,
  type ProviderDeps,
} from '../../src/providers/registry.js';
import {
  buildRoster,
  defaultVerifiers,
  parseModelOverrides,
  planningRosterRequest,
  verifierRefs,
} from '../../src/providers/roster.js';
import type { Provider } from '../../src/providers/types.js';
import { config } from './helpers.js';

/** Stand-in built-ins: the real adapters arrive later; the registry lets a test plug these in. */
function fakeBuiltin(defaultModel: string): BuiltinFactory {
  return ({ ref, rosterName }): Provider => ({
    kind: ref,
    rosterName,
    defaultModel,
    run: () => Promise.reject(new Error('not used')),
  });
}

const deps: ProviderDeps = {
  // No keys: the default verifiers do not depend on the environment the tests run in.
  env: {},
  builtins: {
    claude: fakeBuiltin('claude-default'),
    codex: fakeBuiltin('codex-default'),
    gemini: fakeBuiltin('gemini-default'),
  },
};

function errorOf(fn: () => unknown): ProviderError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ProviderError) return error;
    throw error;
  }
  throw new Error('expected a ProviderError');
}

describe('resolveProvider', () => {
  it("resolves the built-ins to their agent CLI adapters, with fixed roster names and the CLI's own default model", () => {
    for (const [ref, rosterName] of [
      ['claude', 'Claude worker'],
      ['codex', 'Codex worker'],
      ['gemini', 'Gemini worker'],
    ] as const) {
      expect(resolveProvider(ref, config())).toMatchObject({ kind: ref, rosterName, defaultModel: null });
    }
  });

  it('resolves a named command provider and an anonymous command: ref', () => {
    const cfg = config({ providers: { aider: { command: 'node scripts/agent.mjs --fast' } } });
    const named = resolveProvider('aider', cfg);
    expect(named).toBeInstanceOf(CommandProvider);
    expect(named).toMatchObject({
      kind: 'command',
      rosterName: 'Aider worker',
      defaultModel: null,
      file: 'node',
      args: ['scripts/agent.mjs', '--fast'],
    });
    const anonymous = resolveProvider(`command:./agent.sh --mode "read only"`, cfg);
    expect(anonymous).toMatchObject({
      kind: 'command',
      rosterName: 'Command worker',
      file: './agent.sh',
      args: ['--mode', 'read only'],
    });
  });

  it('refuses unknown names (with a suggestion), bad command lines and a provider without a command', () => {
    const cfg = config({ providers: { aider: { command: 'aider' } } });
    const unknown = errorOf(() => resolveProvider('aidr', cfg));
    expect(unknown.code).toBe('provider/unknown');
    expect(unknown.message).toMatch(/unknown provider "aidr" \(did you mean "aider"\?\)/);

    const quotes = errorOf(() => resolveProvider(`command:node 'oops`, cfg));
    expect(quotes.code).toBe('provider/bad-command-line');
    expect(quotes.message).toMatch(/unbalanced single quote/);
    expect(errorOf(() => resolveProvider('command:  ', cfg)).code).toBe('provider/bad-command-line');

    const pipe = errorOf(() => resolveProvider('x', config({ providers: { x: { command: 'agent | tee log' } } })));
    expect(pipe.message).toMatch(/^providers\.x\.command: .*unquoted "\|"/);

    // The parser refuses this config; a hand-built one still gets a clear error.
    const bare = { ...cfg, providers: { x: {} } };
    expect(errorOf(() => resolveProvider('x', bare)).code).toBe('provider/without-command');
  });

  it('uses a plugged-in adapter for a built-in', () => {
    expect(resolveProvider('codex', config(), deps)).toMatchObject({
      kind: 'codex',
      rosterName: 'Codex worker',
      defaultModel: 'codex-default',
    });
  });
});

describe('rosterNameFor', () => {
  it('fixes names per provider', () => {
    const cfg = config({
      providers: {
        aider: { command: 'aider' },
        'my-agent': { command: 'a', name: 'Local LLM' },
        claude: { model: 'opus' },
      },
    });
    expect(rosterNameFor('claude', cfg)).toBe('Claude worker');
    expect(rosterNameFor('codex', cfg)).toBe('Codex worker');
    expect(rosterNameFor('gemini', cfg)).toBe('Gemini worker');
    expect(rosterNameFor('command:./x', cfg)).toBe('Command worker');
    expect(rosterNameFor('aider', cfg)).toBe('Aider worker');
    expect(rosterNameFor('my-agent', cfg)).toBe('Local LLM worker');
  });
});

describe('buildRoster', () => {
  it("defaults: the config's executor, and as verifiers the executor's own provider plus every configured provider", () => {
    const cfg = config({ executor: 'codex', providers: { claude: { model: 'opus' }, aider: { command: 'aider' } } });
    const roster = buildRoster({}, cfg, deps);
    expect(roster.executor).toMatchObject({
      ref: 'codex',
      name: 'Codex worker',
      kind: 'codex',
      model: 'codex-default',
    });
    expect(roster.verifiers.map((v) => v.name)).toEqual(['Codex worker', 'Claude worker', 'Aider worker']);
    expect(roster.critic).toBeNull();
  });

  it('uses config.verifiers when set, still with the executor first, and drops it with excludeExecutorFromVerifiers', () => {
    const cfg = config({ executor: 'claude', verifiers: ['codex', 'gemini', 'codex'] });
    expect(verifierRefs({}, cfg)).toEqual(['claude', 'codex', 'gemini']);
    expect(verifierRefs({}, { ...cfg, excludeExecutorFromVerifiers: true })).toEqual(['codex', 'gemini']);
    expect(verifierRefs({ excludeExecutorFromVerifiers: true }, cfg)).toEqual(['codex', 'gemini']);
  });

  it('lets CLI/Action overrides beat the config', () => {
    const cfg = config({
      executor: 'claude',
      verifiers: ['codex'],
      critic: 'gemini',
      providers: { aider: { command: 'aider' } },
    });
    const roster = buildRoster({ executor: 'aider', verifiers: ['gemini'], critic: null }, cfg, deps);
    expect(roster.executor.name).toBe('Aider worker');
    expect(roster.verifiers.map((v) => v.ref)).toEqual(['aider', 'gemini']);
    expect(roster.critic).toBeNull();
    expect(buildRoster({}, cfg, deps).critic).toMatchObject({ ref: 'gemini', name: 'Gemini worker', kind: 'gemini' });
  });

  it('shares one provider per ref across roles', () => {
    const roster = buildRoster({ executor: 'claude', verifiers: ['codex'], critic: 'codex' }, config(), deps);
    expect(roster.verifiers[0]?.provider).toBe(roster.executor.provider);
    expect(roster.critic?.provider).toBe(roster.verifiers[1]?.provider);
  });

  it('refuses a roster without a verifier, saying how to add one', () => {
    const cfg = config({ executor: 'claude', excludeExecutorFromVerifiers: true });
    const error = errorOf(() => buildRoster({}, cfg, deps));
    expect(error.code).toBe('roster/no-verifier');
    expect(error.message).toMatch(/^a run needs at least one verifier/);
    expect(error.message).toContain('verifiers: [codex, gemini]');
  });

  it('refuses two anonymous command providers in one run, telling the user to name them', () => {
    const error = errorOf(() => buildRoster({ executor: 'command:./a.sh', verifiers: ['command:./b.sh'] }, config()));
    expect(error.code).toBe('roster/duplicate-name');
    expect(error.message).toMatch(/two anonymous command providers in one run would both be "Command worker"/);
    expect(error.message).toContain('under `providers:`');
  });

  it('allows one anonymous command provider in several roles', () => {
    const roster = buildRoster({ executor: 'command:./a.sh' }, config());
    expect(roster.executor.name).toBe('Command worker');
    expect(roster.verifiers.map((v) => v.name)).toEqual(['Command worker']);
  });

  it('refuses two providers that would share a roster name', () => {
    const cfg = config({ providers: { 'my-claude': { command: 'x', name: 'Claude' } } });
    const error = errorOf(() => buildRoster({ executor: 'claude', verifiers: ['my-claude'] }, cfg, deps));
    expect(error.code).toBe('roster/duplicate-name');
    expect(error.message).toMatch(/"claude" and "my-claude" would both be "Claude worker"/);
  });

  it('picks models: override > providers.<name>.model > provider default', () => {
    const cfg = config({
      executor: 'claude',
      verifiers: ['codex', 'gemini', 'aider'],
      providers: {
        claude: { model: 'opus' },
        codex: { model: 'gpt-5.5' },
        aider: { command: 'aider', model: 'local-7b', timeoutMinutes: 5 },
      },
    });
    const roster = buildRoster({ models: { codex: 'gpt-override' } }, cfg, deps);
    const models = Object.fromEntries([roster.executor, ...roster.verifiers].map((m) => [m.name, m.model]));
    expect(models).toEqual({
      'Claude worker': 'opus',
      'Codex worker': 'gpt-override',
      'Gemini worker': 'gemini-default',
      'Aider worker': 'local-7b',
    });
    expect(roster.verifiers.find((v) => v.ref === 'aider')?.timeoutMs).toBe(300_000);
    expect(roster.executor.timeoutMs).toBeNull();
    const anonymous = buildRoster({ executor: 'command:./a.sh', models: { command: 'tiny' } }, config(), deps);
    expect(anonymous.executor.model).toBe('tiny');
    expect(buildRoster({ executor: 'command:./a.sh' }, config(), deps).executor.model).toBeNull();
  });

  it('refuses a models override for a provider that does not exist', () => {
    const error = errorOf(() => buildRoster({ models: { cladue: 'opus' } }, config(), deps));
    expect(error.code).toBe('models/bad-override');
    expect(error.message).toMatch(/unknown provider "cladue" \(did you mean "claude"\?\)/);
  });

  it('builds the default roster (claude executing and verifying) on the Claude Code adapter', () => {
    const roster = buildRoster({}, config(), { env: {} });
    expect(roster.executor).toMatchObject({ ref: 'claude', kind: 'claude', name: 'Claude worker', model: null });
    expect(roster.verifiers.map((v) => v.ref)).toEqual(['claude']);
  });
});

describe('the default roster (no verifiers configured)', () => {
  const keys = { ANTHROPIC_API_KEY: 'a', OPENAI_API_KEY: 'o', GEMINI_API_KEY: 'g' };

  it('verifies with every other vendor whose key is present, after the executor’s own fresh session', () => {
    expect(verifierRefs({}, config(), keys)).toEqual(['claude', 'codex', 'gemini']);
    expect(verifierRefs({}, config({ executor: 'codex' }), { OPENAI_API_KEY: 'o', GEMINI_API_KEY: 'g' })).toEqual([
      'codex',
      'gemini',
    ]);
    // A key that is blank is no key.
    expect(verifierRefs({}, config(), { ANTHROPIC_API_KEY: 'a', OPENAI_API_KEY: ' ', GEMINI_API_KEY: '' })).toEqual([
      'claude',
    ]);
    // With excludeExecutorFromVerifiers the other vendors alone verify.
    expect(verifierRefs({}, config({ excludeExecutorFromVerifiers: true }), keys)).toEqual(['codex', 'gemini']);
  });

  it('reads a key under providers.<name>.apiKeyEnv, and keeps providers configured under providers: with or without a key', () => {
    const cfg = config({ providers: { gemini: { apiKeyEnv: 'MY_GEMINI' }, aider: { command: 'aider' } } });
    expect(defaultVerifiers(cfg, { GEMINI_API_KEY: 'g' })).toEqual(['gemini', 'aider']);
    expect(defaultVerifiers(cfg, { MY_GEMINI: 'g', OPENAI_API_KEY: 'o' })).toEqual(['gemini', 'aider', 'codex']);
    expect(defaultVerifiers(config(), {})).toEqual([]);
  });

  it('never changes an explicit roster: configured or requested verifiers win over the keys present', () => {
    expect(verifierRefs({}, config({ verifiers: ['gemini'] }), keys)).toEqual(['claude', 'gemini']);
    expect(verifierRefs({ verifiers: ['codex'] }, config(), keys)).toEqual(['claude', 'codex']);
    expect(verifierRefs({}, config({ executor: 'gemini', verifiers: ['gemini'] }), keys)).toEqual(['gemini']);
  });

  it('builds the roster from the keys in deps.env, the environment the providers read', () => {
    const roster = buildRoster({}, config(), { ...deps, env: { ANTHROPIC_API_KEY: 'a', GEMINI_API_KEY: 'g' } });
    expect(roster.executor.ref).toBe('claude');
    expect(roster.verifiers.map((v) => v.name)).toEqual(['Claude worker', 'Gemini worker']);
    expect(buildRoster({}, config(), { ...deps, env: { ANTHROPIC_API_KEY: 'a' } }).verifiers.map((v) => v.ref)).toEqual(
      ['claude'],
    );
  });

  it('lets the other keyed vendors review a plan by default', () => {
    expect(planningRosterRequest(config(), {}, keys)).toMatchObject({
      executor: 'claude',
      verifiers: ['codex', 'gemini'],
    });
    expect(planningRosterRequest(config(), {}, { ANTHROPIC_API_KEY: 'a' })).toMatchObject({ verifiers: ['claude'] });
  });
});

describe('parseModelOverrides', () => {
  it('parses provider=model pairs, repeated or comma-separated', () => {
    expect(parseModelOverrides(['claude=opus', 'codex=gpt-5.5,gemini=gemini-3-pro', ' aider = local:7b '])).toEqual({
      claude: 'opus',
      codex: 'gpt-5.5',
      gemini: 'gemini-3-pro',
      aider: 'local:7b',
    });
    expect(parseModelOverrides([])).toEqual({});
    expect(parseModelOverrides(['command=tiny', 'claude=opus', 'claude=opus'])).toEqual({
      command: 'tiny',
      claude: 'opus',
    });
  });

  it.each([
    ['claude', /needs the form <provider>=<model>/],
    ['=opus', /names no provider/],
    ['claude=', /needs a model name/],
    ['claude=two words', /needs a model name without spaces/],
    ['Claude=opus', /"Claude" is not a provider name/],
  ])('refuses %j', (item, message) => {
    const error = errorOf(() => parseModelOverrides([item]));
    expect(error.code).toBe('models/bad-override');
    expect(error.message).toMatch(message);
  });

  it('refuses two different models for one provider', () => {
    expect(() => parseModelOverrides(['claude=opus', 'claude=sonnet'])).toThrow(
      /gives claude two models \("opus" and "sonnet"\)/,
    );
  });
});
