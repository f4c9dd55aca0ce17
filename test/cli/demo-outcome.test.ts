import { describe, expect, it } from 'vitest';
import { demoOutcome } from '../../src/cli/exit-codes.js';
import { EXIT_INFRA, EXIT_OK, EXIT_REFUSED, EXIT_USAGE } from '../../src/cli/io.js';

describe('demoOutcome', () => {
  it('is done, exit 0, when the stages ended done and status worked', () => {
    expect(demoOutcome(EXIT_OK, EXIT_OK)).toEqual({ verdict: 'done', exitCode: EXIT_OK });
  });

  it('is done but exit 1 when the closing status failed', () => {
    expect(demoOutcome(EXIT_OK, EXIT_USAGE)).toEqual({ verdict: 'done', exitCode: EXIT_REFUSED });
  });

  it('stops with exit 3 when a worker could not do its job, whatever status said', () => {
    expect(demoOutcome(EXIT_INFRA, EXIT_OK)).toEqual({
      verdict: 'stopped: a worker could not do its job (its reason is above, exit 3)',
      exitCode: EXIT_INFRA,
    });
  });

  it('stops with exit 1 at a FAIL the fix run did not repair', () => {
    expect(demoOutcome(EXIT_REFUSED, EXIT_OK)).toEqual({
      verdict: 'stopped at a FAIL the fix run did not repair (exit 1)',
      exitCode: EXIT_REFUSED,
    });
  });
});
