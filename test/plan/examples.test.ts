import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatPlanResult, parsePlan } from '../../src/core/plan/index.js';

const example = (name: string) => {
  const path = join(import.meta.dirname, '../../examples/plans', name);
  return parsePlan(readFileSync(path, 'utf8'), { path: `examples/plans/${name}` });
};

describe('example plans', () => {
  it('three-stage.md is a clean linear plan 1 → 2 → 3', () => {
    const result = example('three-stage.md');
    expect(formatPlanResult(result)).toEqual(['examples/plans/three-stage.md: 0 errors, 0 warnings, 3 stages']);
    const plan = result.plan;
    expect(plan).toMatchObject({ id: 'password-reset', base: 'main', title: 'Password reset by email' });
    expect(plan?.stages.map((s) => [s.number, s.dependsOn])).toEqual([
      [1, []],
      [2, [1]],
      [3, [2]],
    ]);
    for (const stage of plan?.stages ?? []) {
      expect(stage.validation.length).toBeGreaterThan(0);
      expect(stage.exitContract).toBeTruthy();
      expect(stage.rollback).toBeTruthy();
      expect(stage.files.length).toBeGreaterThan(0);
    }
    expect(plan?.stages[0]?.validation.map((c) => c.phase)).toEqual(['pre', 'main', 'main']);
    expect(plan?.clarifications.map((c) => [c.id, c.answer])).toEqual([
      ['C1', '30 minutes'],
      ['C2', 'Yes, all of them'],
      ['C3', 'The existing `Mailer` (Postmark)'],
    ]);
  });

  it('diamond.md is a clean plan 1 → 2, 3 → 4', () => {
    const result = example('diamond.md');
    expect(formatPlanResult(result)).toEqual(['examples/plans/diamond.md: 0 errors, 0 warnings, 4 stages']);
    expect(result.plan?.id).toBe('invoice-export');
    expect(result.plan?.title).toBe('Export invoices as CSV and PDF');
    expect(result.plan?.stages.map((s) => [s.number, s.dependsOn])).toEqual([
      [1, []],
      [2, [1]],
      [3, [1]],
      [4, [2, 3]],
    ]);
    expect(result.plan?.clarifications.map((c) => c.answer)).toEqual([
      "the organisation's time zone from its settings",
      'yes, with negative totals',
      null,
    ]);
  });
});

describe('docs/plan-format.md', () => {
  it('shows a minimal plan that parses cleanly', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/plan-format.md'), 'utf8');
    const minimal = /## A minimal plan\n\n```markdown\n([^]*?)\n```\n/.exec(doc)?.[1];
    expect(minimal).toBeDefined();
    const result = parsePlan(minimal ?? '', { path: 'plans/add-login.md' });
    expect(formatPlanResult(result)).toEqual(['plans/add-login.md: 0 errors, 0 warnings, 2 stages']);
  });
});
