import { describe, expect, it } from 'vitest';
import { countNodeSpec } from '../../../src/core/test-counts/node-spec.js';
import { numbers, runnerOutput } from './fixtures.js';

describe("node's spec reporter (node --test --test-reporter=spec)", () => {
  it('totals from the ℹ summary', () => {
    const count = countNodeSpec(runnerOutput('node-spec.txt'));
    expect(numbers(count)).toEqual({ format: 'node-spec', run: 7, passed: 3, failed: 1, skipped: 3 });
  });

  it('ids from the ✔ ✖ ﹣ lines, not from the repeated failing-tests list', () => {
    expect(countNodeSpec(runnerOutput('node-spec.txt'))?.ids).toEqual({
      passed: ['adds', 'group', 'group > inner pass'],
      failed: ['fails'],
      skipped: ['group > inner skip', 'skipped one', 'todo one'],
    });
  });

  it('a describe suite ends like a test with subtests (node 20 prints both as ✔), so its name is an id too', () => {
    // The totals are node's, which do not count the suite; the extra id is harmless to compare, as both sides list it.
    const count = countNodeSpec(runnerOutput('node-spec-suite.txt'));
    expect(count?.run).toBe(1);
    expect(count?.ids.passed).toEqual(['suite', 'suite > inside']);
  });

  it('is not recognised without a summary', () => {
    expect(countNodeSpec('✔ adds (1ms)\n')).toBeNull();
  });
});
