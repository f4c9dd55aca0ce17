import { describe, expect, it } from 'vitest';
import { LedgerFormatError } from '../../src/core/ledger/parse-ledger.js';
import { emptyResults, type CompletedRun, type RunResults } from '../../src/action/plan-run.js';
import { failureMessage, stepFailure } from '../../src/action/session-run.js';

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
