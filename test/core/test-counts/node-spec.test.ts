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

  it('a suite (▶ … with a duration) is not a test id', () => {
    const text = ['▶ suite', '  ✔ inside (0.1ms)', '▶ suite (1.2ms)', 'ℹ tests 1', 'ℹ pass 1'].join('\n');
    expect(countNodeSpec(text)?.ids.passed).toEqual(['suite > inside']);
  });

  it('is not recognised without a summary', () => {
    expect(countNodeSpec('✔ adds (1ms)\n')).toBeNull();
  });
});
