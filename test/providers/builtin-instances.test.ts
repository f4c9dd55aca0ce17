import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/core/config/index.js';
import { builtinOf, providerKind, resolveProvider, rosterNameFor } from '../../src/providers/registry.js';
import { buildRoster } from '../../src/providers/roster.js';
import { builtinRefs } from '../../src/providers/run-providers.js';
import { config } from './helpers.js';

// Copilot CLI serves several vendors' models: a second Copilot worker under its own name (`cli: copilot`) with
// another vendor's model makes a cross-vendor roster with one CLI.
const twoCopilots = config({
  executor: 'copilot',
  verifiers: ['copilot-claude'],
  providers: {
    copilot: { model: 'gpt-5.5' },
    'copilot-claude': { cli: 'copilot', model: 'claude-sonnet-4.5', apiKeyEnv: 'OTHER_KEY' },
  },
});

describe('a built-in agent CLI under another name (`cli:`)', () => {
  it('runs that CLI’s adapter under its own roster name, settings and model', () => {
    expect(builtinOf('copilot-claude', twoCopilots)).toBe('copilot');
    expect(builtinOf('copilot', twoCopilots)).toBe('copilot');
    expect(builtinOf('command:x', twoCopilots)).toBeNull();
    expect(providerKind('copilot-claude', twoCopilots)).toBe('copilot');
    expect(rosterNameFor('copilot-claude', twoCopilots)).toBe('Copilot-claude worker');
    expect(resolveProvider('copilot-claude', twoCopilots, { env: {} })).toMatchObject({
      kind: 'copilot',
      rosterName: 'Copilot-claude worker',
    });

    const roster = buildRoster({}, twoCopilots, { env: {} });
    expect(roster.executor).toMatchObject({ name: 'Copilot worker', kind: 'copilot', model: 'gpt-5.5' });
    expect(roster.verifiers.map((v) => [v.name, v.kind, v.model])).toEqual([
      ['Copilot worker', 'copilot', 'gpt-5.5'],
      ['Copilot-claude worker', 'copilot', 'claude-sonnet-4.5'],
    ]);
    // One CLI to install for both workers.
    expect(builtinRefs(twoCopilots, { executor: null, verifiers: null })).toEqual(['copilot']);
  });

  it('is checked where it is written: neither `cli` nor `command`, both, or a built-in renamed to another CLI', () => {
    const errors = (providers: string): Array<[string, number]> =>
      parseConfig(`executor: codex\nproviders:\n${providers}`, 'c.yml').errors.map((e) => [e.code, e.line]);
    // Located at the entry's body, as for a command provider without `command`.
    expect(errors('  copilot-claude:\n    model: claude-sonnet-4.5\n')).toEqual([
      ['config/provider-without-command', 4],
    ]);
    expect(errors('  copilot-claude:\n    cli: copilot\n    command: copilot -p x\n')).toEqual([
      ['config/cli-with-command', 4],
    ]);
    expect(errors('  claude:\n    cli: codex\n')).toEqual([['config/builtin-with-cli', 4]]);
    expect(errors('  copilot-claude:\n    cli: copilot\n    model: claude-sonnet-4.5\n')).toEqual([]);
    expect(errors('  aider:\n    cli: aider\n')).toEqual([['config/invalid-value', 4]]);
    // Copilot's own setting, nobody else's.
    expect(errors('  codex:\n    wireApi: completions\n')).toEqual([['config/wire-api-not-copilot', 4]]);
    expect(
      errors('  copilot:\n    wireApi: completions\n  gh-models:\n    cli: copilot\n    wireApi: completions\n'),
    ).toEqual([]);
  });
});
