import { describe, expect, it } from 'vitest';
import { LedgerFormatError } from '../../src/core/ledger/parse-ledger.js';
import { emptyResults, type CompletedRun, type RunResults } from '../../src/action/plan-run.js';
import { failOnUsersError, failureMessage, stepFailure } from '../../src/action/session-run.js';
import type { ActionIo } from '../../src/action/io.js';
import { RulesError } from '../../src/action/rules.js';
import { Scrubber } from '../../src/core/text/scrub.js';
import { ProviderError } from '../../src/providers/errors.js';

/** A finished stage run that ended with `runStatus`; stepFailure reads nothing else of it. */
const runEnded = (runStatus: string): CompletedRun =>
  ({ outcome: { report: { verdict: { runStatus } } }, localJson: '' }) as unknown as CompletedRun;

function results(failures: string[], runStatuses: string[] = []): RunResults {
  return { ...emptyResults(false), failures, runs: runStatuses.map(runEnded) };
}

describe('failureMessage', () => {
  it("is an Error's message, or anything else thrown as text", () => {
    expect(failureMessage(new Error('push refused'))).toBe('push refused');
    expect(failureMessage('plain words')).toBe('plain words');
    expect(failureMessage(42)).toBe('42');
  });

  it('says a corrupt ledger is corrupt, with where and the repair', () => {
    const message = failureMessage(new LedgerFormatError('okstra-ledger:plans/p/ledger.jsonl', 3, 'not JSON', 'p'));
    expect(message).toMatch(
      /^the ledger is corrupt: okstra-ledger:plans\/p\/ledger.jsonl:3: not JSON; remove it with /,
    );
  });
});

describe('stepFailure', () => {
  it('is null when nothing failed and nothing failed to publish', () => {
    expect(stepFailure(results([], ['ok']), [])).toBeNull();
  });

  it('joins the failures and the publishing problems into one message', () => {
    expect(stepFailure(results(['stage 2: FAIL']), ['the check run could not be updated'])).toEqual({
      message: 'stage 2: FAIL; publishing: the check run could not be updated',
      outagesOnly: false,
    });
  });

  it('is an outage only when every problem is a stage whose provider was unavailable', () => {
    expect(stepFailure(results(['stage 1: unavailable'], ['unavailable']), [])?.outagesOnly).toBe(true);
    expect(stepFailure(results(['stage 1: unavailable'], ['unavailable']), ['a comment failed'])?.outagesOnly).toBe(
      false,
    );
    expect(stepFailure(results(['a', 'b'], ['unavailable', 'error']), [])?.outagesOnly).toBe(false);
  });
});

describe('failOnUsersError', () => {
  /** The two calls failOnUsersError makes of the runner, recorded. */
  function runner(): { io: ActionIo; errors: string[]; failed: string[] } {
    const errors: string[] = [];
    const failed: string[] = [];
    const io = { error: (l: string) => errors.push(l), setFailed: (m: string) => failed.push(m) };
    return { io: io as unknown as ActionIo, errors, failed };
  }
  const scrub = new Scrubber(['s3cret-token-value']);

  it('fails the step on a config problem with every detail, then one scrubbed line', () => {
    const r = runner();
    const error = new RulesError('the config has 2 problems near s3cret-token-value', ['line 3: a', 'line 7: b']);
    expect(failOnUsersError(r.io, scrub, error)).toBeNull();
    expect(r.errors).toEqual(['line 3: a', 'line 7: b']);
    expect(r.failed).toEqual(['okstra: the config has 2 problems near ***']);
  });

  it('fails the step on a roster problem with its line', () => {
    const r = runner();
    expect(failOnUsersError(r.io, scrub, new ProviderError('provider/unknown', 'no provider named x'))).toBeNull();
    expect(r.failed).toEqual(['okstra: no provider named x']);
  });

  it('throws anything else on, failing nothing itself', () => {
    const r = runner();
    const error = new Error('git broke');
    expect(() => failOnUsersError(r.io, scrub, error)).toThrow(error);
    expect(r.failed).toEqual([]);
  });
});
