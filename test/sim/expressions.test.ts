import { describe, expect, it } from 'vitest';
import { condition, evaluate, interpolate } from './expressions.js';

const ctx = {
  inputs: { plan: '.okstra/plans/p.md', 'pr-number': '7', stage: '', reset: false },
  github: {
    event_name: 'issue_comment',
    token: 'ghs_x',
    event: { comment: { body: 'Please /okstra stage 2' }, inputs: { plan: 'p' } },
  },
  secrets: { GITHUB_TOKEN: 'ghs_x' },
  vars: {},
  steps: { 'app-token': { outputs: {} } },
};

describe('workflow expressions', () => {
  it('reads contexts, hyphenated names, brackets and missing properties (null) as GitHub does', () => {
    expect(evaluate('inputs.pr-number', ctx)).toBe('7');
    expect(evaluate("github.event.inputs['plan']", ctx)).toBe('p');
    expect(evaluate('vars.OKSTRA_APP_ID', ctx)).toBeNull();
    expect(evaluate('INPUTS.Plan', ctx)).toBe('.okstra/plans/p.md');
  });

  it('|| and && return an operand; == coerces and ignores case; ! negates', () => {
    expect(evaluate("inputs.stage || inputs.stages || 'all'", ctx)).toBe('all');
    expect(evaluate("inputs.plan && 'summary' || 'summary,check,comment'", ctx)).toBe('summary');
    expect(evaluate("github.event_name == 'schedule' && 'continue' || inputs.mode", ctx)).toBeNull();
    expect(evaluate("github.event_name == 'ISSUE_COMMENT'", ctx)).toBe(true);
    expect(evaluate("vars.OKSTRA_APP_ID != ''", ctx)).toBe(false);
    expect(evaluate('!inputs.reset', ctx)).toBe(true);
    expect(evaluate('steps.app-token.outputs.token || github.token', ctx)).toBe('ghs_x');
  });

  it('writes expressions into text, keeps the type of a whole-value one, and reads an if: without ${{ }}', () => {
    expect(interpolate('okstra ${{ inputs.plan }} · pr ${{ inputs.pr-number }}', ctx)).toBe(
      'okstra .okstra/plans/p.md · pr 7',
    );
    expect(interpolate('${{ inputs.reset }}', ctx)).toBe(false);
    expect(
      condition("contains(github.event.comment.body, '/OKSTRA') && startsWith(github.event_name, 'issue')", ctx),
    ).toBe(true);
    expect(condition('${{ always() }}', ctx)).toBe(true);
  });

  it('throws naming the expression for a context or function the simulation does not provide', () => {
    expect(() => evaluate('env.FOO', ctx)).toThrow(/cannot evaluate `env\.FOO`: the context `env` is not one/);
    expect(() => evaluate("hashFiles('**/x')", ctx)).toThrow(
      /`hashFiles\('\*\*\/x'\)`: the function `hashFiles` is not supported/,
    );
    expect(() => evaluate('inputs.plan ||', ctx)).toThrow(/cannot evaluate/);
  });
});
