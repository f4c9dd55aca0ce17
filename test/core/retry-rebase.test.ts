import { describe, expect, it } from 'vitest';
import { flatInputs } from '../helpers/contract.js';
import {
  dispatchInputs,
  knownProviders,
  parseCommandLine,
  usageText,
  type DispatchRequest,
} from '../../src/core/commands/index.js';

const ctx = { providers: knownProviders([]) };
const ok = (line: string) => {
  const r = parseCommandLine(line, ctx);
  if (!r.ok) throw new Error(`expected ${line} to parse: ${r.error}`);
  return r.command;
};
const err = (line: string): string => {
  const r = parseCommandLine(line, ctx);
  if (r.ok) throw new Error(`expected ${line} to be refused`);
  return r.error;
};

describe('/okstra retry N --rebase', () => {
  it('is a flag of retry that swallows no word and goes with the run options', () => {
    expect(ok('/okstra retry 2 --rebase')).toEqual({
      verb: 'retry',
      stage: 2,
      rebase: true,
      options: { plan: null, executor: null, verifiers: null, models: {} },
    });
    // A flag never takes the next word: the stage may follow it.
    expect(ok('/okstra retry --rebase 3 --plan p1 --executor codex')).toEqual({
      verb: 'retry',
      stage: 3,
      rebase: true,
      options: { plan: 'p1', executor: 'codex', verifiers: null, models: {} },
    });
    expect(ok('/okstra RETRY 2 --REBASE')).toMatchObject({ verb: 'retry', stage: 2, rebase: true });
    expect(ok('/okstra retry 2')).toMatchObject({ verb: 'retry', stage: 2, rebase: false });
  });

  it('refuses a value, a repeat, and the flag on commands that are not a fix run', () => {
    expect(err('/okstra retry 2 --rebase=true')).toBe('`--rebase` takes no value (write `--rebase` alone)');
    expect(err('/okstra retry 2 --rebase --rebase')).toBe('`--rebase` is given twice');
    expect(err('/okstra retry --rebase')).toBe('`retry` needs a stage number, e.g. `/okstra retry 2`');
    expect(err('/okstra stage 2 --rebase')).toBe(
      '`--rebase` is not an option of `stage` (options: --plan, --executor, --verifiers, --model)',
    );
    expect(err('/okstra run --rebase')).toBe(
      '`--rebase` is not an option of `run` (options: --plan, --executor, --verifiers, --model)',
    );
    expect(err('/okstra reconcile 2 --rebase')).toBe(
      '`--rebase` is not an option of `reconcile` (options: --plan, --executor, --verifiers, --model, --reset)',
    );
  });

  it('is in the help text, saying what it does', () => {
    expect(usageText(['claude'])).toContain(
      "`--rebase` first replays the branch onto the stage's current base (the base ref as it is now)",
    );
  });
});

describe('the rebase dispatch input', () => {
  const base: DispatchRequest = {
    mode: 'stage',
    planPath: '.okstra/plans/rate-limits.md',
    planRef: null,
    stages: [2],
    prNumber: 7,
    executor: null,
    verifiers: null,
    models: {},
    checkRunIds: new Map([[2, 123]]),
    trigger: 'comment',
    actor: 'octocat',
  };

  it('is sent as "true" only when asked, and only for mode stage', () => {
    expect(dispatchInputs({ ...base, rebase: true }).request).toContain('"rebase":true');
    expect(flatInputs(dispatchInputs({ ...base, rebase: true }))).toMatchObject({
      mode: 'stage',
      stage: '2',
      rebase: 'true',
    });
    expect(flatInputs(dispatchInputs(base))).not.toHaveProperty('rebase');
    expect(flatInputs(dispatchInputs({ ...base, rebase: false }))).not.toHaveProperty('rebase');
    expect(() => dispatchInputs({ ...base, mode: 'reconcile', rebase: true })).toThrow(
      'refusing to dispatch: rebase is for a fix run in mode stage, not reconcile',
    );
    expect(() =>
      dispatchInputs({
        ...base,
        mode: 'chain',
        stages: [2, 3],
        checkRunIds: new Map([
          [2, 1],
          [3, 2],
        ]),
        rebase: true,
      }),
    ).toThrow('rebase is for a fix run in mode stage, not chain');
  });
});
