import { describe, expect, it } from 'vitest';
import { parseConfig, type OkstraConfig } from '../../src/core/config/index.js';
import { planningRosterRequest } from '../../src/providers/roster.js';

const config = (yaml: string): OkstraConfig => parseConfig(yaml, 'c.yml').config as OkstraConfig;

describe('who drafts and who reviews a plan', () => {
  it('the planner is `planner:`, else the executor; the reviewers are the other providers', () => {
    expect(planningRosterRequest(config('executor: claude\nverifiers: [claude, codex, gemini]\n'))).toMatchObject({
      executor: 'claude',
      verifiers: ['codex', 'gemini'],
      excludeExecutorFromVerifiers: true,
      critic: null,
    });
    expect(
      planningRosterRequest(config('executor: claude\nplanner: codex\nverifiers: [claude, codex]\n')),
    ).toMatchObject({
      executor: 'codex',
      verifiers: ['claude'],
    });
  });

  it("the planner's own provider reviews only when it is the only one, in fresh sessions", () => {
    expect(planningRosterRequest(config('executor: claude\nverifiers: [claude]\n'))).toMatchObject({
      executor: 'claude',
      verifiers: ['claude'],
      excludeExecutorFromVerifiers: false,
    });
  });

  it('planning.reviewers, then the overrides, choose the reviewers', () => {
    const c = config('executor: claude\nverifiers: [codex]\nplanning:\n  reviewers: [gemini]\n');
    expect(planningRosterRequest(c).verifiers).toEqual(['gemini']);
    expect(planningRosterRequest(c, { planner: 'gemini', reviewers: ['claude', 'gemini'] })).toMatchObject({
      executor: 'gemini',
      verifiers: ['claude'],
    });
  });
});
