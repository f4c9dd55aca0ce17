import { describe, expect, it } from 'vitest';
import { parsePlan, type Plan } from '../../src/core/plan/index.js';
import {
  PLAN_PR_BODY_LIMIT,
  planCheckName,
  planCheckOutput,
  planPullRequestBody,
  planPullRequestMarker,
  planPullRequestTitle,
} from '../../src/core/report/plan-pr.js';
import type { StandingPlanFinding } from '../../src/core/report/schema/plan-review-report.js';
import { validatePlanReviewReport } from '../../src/core/report/validate-schema.js';
import { planReviewReport, worker } from './report-fixture.js';

const PLAN_TEXT = [
  '---',
  'id: add-login',
  '---',
  '# Add login',
  '',
  '## Stage Map',
  '',
  '### Stage 1: Sessions table',
  '',
  '- **Depends-on:** none',
  '- **Files:** `migrations/001.sql`, `src/auth/sessions.ts`',
  '- **Validation:** `npm test -- sessions`',
  '',
  '### Stage 2: Login endpoint',
  '',
  '- **Depends-on:** 1',
  '- **Validation:** `npm test -- login` and `npm run lint`',
  '',
].join('\n');

function plan(text = PLAN_TEXT): Plan {
  const parsed = parsePlan(text, { path: '.okstra/plans/add-login.md' });
  if (!parsed.plan || parsed.errors.length > 0)
    throw new Error(`fixture plan does not parse: ${parsed.errors[0]?.message}`);
  return parsed.plan;
}

function finding(overrides: Partial<StandingPlanFinding> = {}): StandingPlanFinding {
  return {
    severity: 'blocking',
    category: 'validation-cannot-fail',
    stage: 2,
    title: 'Validation cannot fail',
    detail: 'It always passes.',
    reviewer: 'Codex worker',
    ...overrides,
  };
}

describe('planPullRequestBody', () => {
  it('has every section: goal, graph, stage table, verdicts, findings, questions, spend, approve and re-plan', () => {
    const body = planPullRequestBody(planReviewReport(), plan());
    expect(body.startsWith(planPullRequestMarker('add-login'))).toBe(true);
    expect(body).toContain('## okstra plan: Add login (`add-login`)');
    expect(body).toContain('✅ **The plan is valid**');
    expect(body).toContain('### Goal (from issue #12)\n\n> Users can log in with a password.');
    expect(body).toContain(
      '```mermaid\nflowchart TD\n  s1["1: Sessions table"]\n  s2["2: Login endpoint"]\n  s1 --> s2\n```',
    );
    expect(body).toContain('| 1 | Sessions table | — | 1 | `migrations/001.sql`, `src/auth/sessions.ts` |');
    expect(body).toContain('| 2 | Login endpoint | 1 | 2 | — |');
    expect(body).toContain('| Codex worker (model-x) | approve | 0 | 1 |');
    expect(body).toMatch(
      /\| Gemini worker \(model-x\) \| no result \(contract-violated: no "### Plan Review Result" heading/,
    );
    expect(body).toContain('### Advisory findings (1)');
    expect(body).toContain('- **advisory** · stage 2 · Codex worker · `other` — Name the handler');
    expect(body).toContain('### Open questions (2)');
    expect(body).toContain('- **C1** (required) How long is a session valid?');
    expect(body).toContain('- **C2** (optional) Remember me?');
    expect(body).not.toContain('Hash?');
    expect(body).toContain(
      "edit the plan's Clarification Items table on this pull request to answer".replace('edit', 'Edit'),
    );
    expect(body).toContain('approval is refused while a required item has no answer');
    expect(body).toContain('3,000 in / 600 out tokens · $0.03 · 2 planner rounds');
    expect(body).toContain('approve this pull request, or comment `/okstra approve`');
    expect(body).toContain('`/okstra replan`');
    expect(body).toContain('🔒 **Isolation:**');
  });

  it('says "cost unknown" when no cost is known, and warns when agents were not isolated', () => {
    const base = planReviewReport();
    const body = planPullRequestBody(
      {
        ...base,
        usage: { ...base.usage, total: { inputTokens: 10, outputTokens: 5, costUsd: null } },
        isolation: { mode: 'none', detail: 'agents ran as root' },
      },
      plan(),
    );
    expect(body).toContain('10 in / 5 out tokens · cost unknown');
    expect(body).toContain('isolation: none');
  });

  it('escapes hostile text from the goal, titles and findings', () => {
    const hostile =
      '</details><!-- hidden --> @octocat <img src=x onerror=alert(1)> [x](javascript:alert(1))\n# Heading';
    const report = planReviewReport({
      goal: hostile,
      standingFindings: [finding({ title: hostile, detail: hostile, reviewer: 'Codex worker' })],
      clarifications: [{ id: '@team', question: hostile, answer: null, optional: false }],
    });
    const hostilePlan = plan(
      PLAN_TEXT.replace('# Add login', '# Add </details> @octocat <!--').replace(
        'Sessions table',
        'Sessions <b>@octocat</b> "] --> s9 | `x`',
      ),
    );
    const body = planPullRequestBody(report, hostilePlan);
    expect(body).not.toContain('</details>');
    expect(body.split('\n').slice(1).join('\n')).not.toContain('<!--');
    // Code blocks notify nobody, so the Mermaid block may keep the text; everywhere else the mention is broken.
    expect(body.replace(/```mermaid[\s\S]*?```/, '')).not.toMatch(/@octocat/);
    expect(body).not.toContain('<img');
    expect(body).not.toMatch(/^# Heading/m);
    expect(body).toContain('&lt;/details&gt;');
    expect(body).toContain('@\u200boctocat');
    expect(body).toContain('s1["1: Sessions #lt;b#gt;@octocat#lt;/b#gt; #quot;] --#gt; s9 | #96;x#96;"]');
    expect(body).toContain('| 1 | Sessions &lt;b&gt;@\u200boctocat&lt;/b&gt; "\\] --&gt; s9 \\| \\`x\\` |');
    expect(validatePlanReviewReport(report).ok).toBe(true);
  });

  it('redacts secrets an agent wrote into a finding', () => {
    const secret = `ghp_${'a'.repeat(36)}`;
    const body = planPullRequestBody(
      planReviewReport({ standingFindings: [finding({ detail: `token ${secret}` })] }),
      plan(),
    );
    expect(body).not.toContain(secret);
  });

  it('stays under the limit, cutting findings with a count of what was left out', () => {
    const many = Array.from({ length: 400 }, (_, i) =>
      finding({ title: `Finding ${i}`, detail: 'x'.repeat(3000), severity: i % 2 === 0 ? 'blocking' : 'advisory' }),
    );
    const report = planReviewReport({
      outcome: 'blocked',
      reason: '200 blocking findings stand',
      standingFindings: many,
    });
    const body = planPullRequestBody(report, plan(), { reportUrl: 'https://example.test/report.json' });
    expect(body.length).toBeLessThanOrEqual(PLAN_PR_BODY_LIMIT);
    expect(body).toMatch(/more not shown here/);
    expect(body).toContain('Shortened to fit');
    expect(body).toContain('[the plan-review report](https://example.test/report.json)');
    expect(body).toContain('`/okstra approve`');
    expect(body).toContain('### Goal');

    const small = planPullRequestBody(report, plan(), { maxChars: 8000 });
    expect(small.length).toBeLessThanOrEqual(8000);
    expect(small).toContain('### Spend');
  });

  it('clips details to keep one finding from taking the whole body', () => {
    const body = planPullRequestBody(
      planReviewReport({ standingFindings: [finding({ detail: 'y'.repeat(10_000) })] }),
      plan(),
    );
    expect(body).not.toContain('y'.repeat(1501));
    expect(body).toContain('…');
  });

  it('shows no graph or stage table for an invalid plan and offers only a re-plan', () => {
    const firstRound = planReviewReport().rounds[0];
    const report = planReviewReport({
      outcome: 'invalid',
      reason: 'the draft still has 1 error after 2 repair rounds',
      rounds: firstRound ? [{ ...firstRound, reviews: [] }] : [],
      stages: [],
      standingFindings: [],
    });
    const body = planPullRequestBody(report, plan());
    expect(body).toContain('❌ **No valid plan**');
    expect(body).toContain('**Why:** the draft still has 1 error after 2 repair rounds');
    expect(body).not.toContain('```mermaid');
    expect(body).toContain('Nobody reviewed the plan: it never parsed.');
    expect(body).not.toContain('/okstra approve');
    expect(body).toContain('/okstra replan');
  });
});

describe('planPullRequestTitle', () => {
  it('is plain text with the id, or the id alone', () => {
    expect(planPullRequestTitle({ id: 'add-login', title: 'Add\nlogin \u202e' })).toBe(
      'okstra plan: Add login (add-login)',
    );
    expect(planPullRequestTitle({ id: 'add-login', title: null })).toBe('okstra plan: add-login');
    expect(planPullRequestTitle({ id: 'x', title: 'y'.repeat(400) }).length).toBeLessThanOrEqual(256);
  });
});

describe('planCheckOutput and planCheckName', () => {
  it('succeeds exactly when the outcome is valid', () => {
    expect(planCheckOutput(planReviewReport()).conclusion).toBe('success');
    expect(planCheckOutput(planReviewReport({ outcome: 'blocked', reason: 'r' })).conclusion).toBe('failure');
    expect(planCheckOutput(planReviewReport({ outcome: 'invalid', reason: 'r' })).conclusion).toBe('failure');
  });

  it('titles with stages, findings and required open questions; lists blocking findings with a count', () => {
    const blocking = Array.from({ length: 12 }, (_, i) => finding({ title: `B${i} @octocat` }));
    const out = planCheckOutput(
      planReviewReport({ outcome: 'blocked', reason: 'blocking findings stand', standingFindings: blocking }),
    );
    expect(out.title).toBe('Plan blocked · 2 stages · 12 blocking, 0 advisory · 1 required question open');
    expect(out.summary).toContain('⛔ **The plan is blocked**');
    expect(out.summary).toContain('**Why:** blocking findings stand');
    expect(out.summary).toContain('- stage 2 · Codex worker · `validation-cannot-fail` — B0 @\u200boctocat');
    expect(out.summary).toContain('- … and 2 more');
    expect(out.summary).toContain('**Open questions:** 1 required, 1 optional.');
    expect(out.summary).toContain('**Spend:**');
  });

  it('names the check in the style of the stage checks', () => {
    expect(planCheckName('add-login')).toBe('okstra: add-login · plan');
  });

  it('renders a report whose reviewers all failed', () => {
    const first = planReviewReport().rounds[0];
    if (!first) throw new Error('the fixture has a first round');
    const out = planPullRequestBody(
      planReviewReport({
        rounds: [
          {
            ...first,
            diagnostics: { errors: [], warnings: [] },
            reviews: [
              { reviewer: worker('Codex worker', { status: 'timeout' }), verdict: null, findings: [], problem: null },
            ],
          },
        ],
      }),
      plan(),
    );
    expect(out).toContain('| Codex worker (model-x) | no result (timeout) | 0 | 0 |');
  });
});
