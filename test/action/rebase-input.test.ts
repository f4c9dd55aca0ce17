import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseInputs, type InputName } from '../../src/action/inputs.js';

const action = parse(readFileSync(join(import.meta.dirname, '..', '..', 'action.yml'), 'utf8')) as {
  inputs: Record<string, { description: string; default?: string }>;
};

/** Inputs as a runner hands them over: action.yml's defaults, then what the workflow set. */
function parsed(given: Partial<Record<InputName, string>>) {
  return parseInputs((name) => given[name] ?? action.inputs[name]?.default ?? '');
}

describe('the rebase input', () => {
  it('is declared in action.yml, off by default, and says what it does', () => {
    expect(action.inputs.rebase?.default).toBe('false');
    expect(action.inputs.rebase?.description).toContain('okstra run\n--rebase'.replace('\n', ' '));
  });

  it('is true only when set, with mode stage', () => {
    const on = parsed({ mode: 'stage', plan: 'p.md', stage: '2', rebase: 'true' });
    expect(on).toMatchObject({ ok: true, inputs: { mode: 'stage', stage: 2, rebase: true } });
    expect(parsed({ plan: 'p.md', stage: '2', rebase: 'TRUE' })).toMatchObject({ ok: true, inputs: { rebase: true } });
    expect(parsed({ plan: 'p.md', stage: '2' })).toMatchObject({ ok: true, inputs: { rebase: false } });
    // A workflow's unset boolean input passes "false", whatever the mode.
    expect(parsed({ mode: 'chain', plan: 'p.md', rebase: 'false' })).toMatchObject({
      ok: true,
      inputs: { rebase: false },
    });
  });

  it('refuses a value that is not a boolean, and true with any mode but stage, naming the input', () => {
    expect(parsed({ plan: 'p.md', stage: '2', rebase: 'yes' })).toEqual({
      ok: false,
      errors: ['input "rebase": got "yes"; expected true or false (true only with mode stage, for a fix run)'],
    });
    expect(parsed({ mode: 'chain', plan: 'p.md', rebase: 'true' })).toEqual({
      ok: false,
      errors: [
        'input "rebase": got "true"; expected false or no value with mode chain (rebase moves a failed stage\'s preserved branch onto its current base before a fix run, with mode stage)',
      ],
    });
    expect(parsed({ mode: 'reconcile', plan: 'p.md', stage: '2', rebase: 'true' })).toMatchObject({
      ok: false,
      errors: [expect.stringMatching(/^input "rebase": got "true"; expected false or no value with mode reconcile/)],
    });
  });
});
