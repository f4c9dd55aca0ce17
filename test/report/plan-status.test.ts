import { describe, expect, it } from 'vitest';
import { outsideCodeBlocks } from '../fixtures/reports/hostile.js';
import {
  renderPlanStatus,
  renderStageFlowchart,
  stageViews,
  type StageStatusView,
} from '../../src/core/report/index.js';
import { deriveLedgerState } from '../../src/core/ledger/index.js';
import { planOf } from '../helpers/plans.js';

const STAGES: StageStatusView[] = [
  { number: 1, title: 'Schema', dependsOn: [], state: 'done', detail: 'head 0123abcd' },
  { number: 2, title: 'Limiter', dependsOn: [1], state: 'failed', detail: 'attempt 2 failed: 1 blocking finding' },
  { number: 3, title: 'API', dependsOn: [1], state: 'running' },
  { number: 4, title: 'Docs', dependsOn: [2, 3], state: 'blocked', detail: 'waits for stage 2' },
  { number: 5, title: 'Metrics', dependsOn: [1], state: 'ready' },
];

describe('renderPlanStatus', () => {
  it('shows counts, a row per stage and the flowchart', () => {
    const md = renderPlanStatus({ planId: 'rate-limits', planTitle: 'Rate limits', stages: STAGES });
    expect(md.startsWith('### okstra plan `rate-limits` — Rate limits\n')).toBe(true);
    expect(md).toContain('✅ 1 done · ❌ 1 failed · 🔄 1 running · 🟢 1 ready · ⛔ 1 blocked');
    expect(md).toContain('| 2 | Limiter | 1 | ❌ failed | attempt 2 failed: 1 blocking finding |');
    expect(md).toContain('| 4 | Docs | 2, 3 | ⛔ blocked | waits for stage 2 |');
    expect(md).toContain('```mermaid\nflowchart TD');
  });

  it('orders stages by number whatever the input order', () => {
    const md = renderPlanStatus({ planId: 'p', planTitle: null, stages: [...STAGES].reverse() });
    expect(md.indexOf('| 1 | Schema')).toBeLessThan(md.indexOf('| 5 | Metrics'));
  });

  it('escapes titles and details', () => {
    const md = renderPlanStatus({
      planId: 'p',
      planTitle: '@team <b>x</b>',
      stages: [{ number: 1, title: 'a | b @octocat', dependsOn: [], state: 'pending', detail: '<img src=x>' }],
    });
    expect(outsideCodeBlocks(md)).not.toMatch(/@team|@octocat/);
    expect(md).not.toMatch(/<b>|<img/);
    expect(md).toContain('a \\| b');
  });

  it('says so when the plan has no stages', () => {
    expect(renderPlanStatus({ planId: 'p', planTitle: null, stages: [] })).toContain('_The plan has no stages._');
  });
});

describe('renderStageFlowchart', () => {
  it('draws a node per stage coloured by state and an edge per dependency', () => {
    const chart = renderStageFlowchart(STAGES);
    expect(chart).toContain('  s1["1. Schema (done)"]:::done');
    expect(chart).toContain('  s4["4. Docs (blocked)"]:::blocked');
    expect(chart).toContain('  s2 --> s4');
    expect(chart).toContain('  s3 --> s4');
    expect(chart).toContain('  classDef failed ');
    // Only states in use get a class definition.
    expect(chart).not.toContain('classDef pending');
  });

  it('skips edges to unknown stages and quotes labels safely', () => {
    const chart = renderStageFlowchart([{ number: 2, title: 'say "hi"', dependsOn: [9], state: 'pending' }]);
    expect(chart).not.toContain('s9');
    expect(chart).toContain('s2["2. say #quot;hi#quot; (pending)"]:::pending');
  });
});

describe('renderPlanStatus with spend', () => {
  const spend = { tokens: 1_234_567, usd: 3.5, usdComplete: false, runs: 3 };

  it('adds a spend column and the plan total when the caller read the reports', () => {
    const stages: StageStatusView[] = STAGES.map((s) =>
      s.number === 1 ? { ...s, spend: { tokens: 1_000, usd: 0.5, usdComplete: true, runs: 1 } } : s,
    );
    const md = renderPlanStatus({ planId: 'rate-limits', planTitle: null, stages, spend });
    expect(md).toContain('**Spent so far:** 1,234,567 tokens · ≥ $3.50 · 3 runs');
    expect(md).toContain('| stage | title | depends on | state | detail | spend |');
    expect(md).toContain('| 1 | Schema | — | ✅ done | head 0123abcd | 1,000 tokens · $0.50 · 1 run |');
    expect(md).toContain('| 3 | API | 1 | 🔄 running |  | — |');
  });

  it('says "cost unknown" for a plan whose cost is not known at all', () => {
    const md = renderPlanStatus({
      planId: 'p',
      planTitle: null,
      stages: STAGES,
      spend: { tokens: 10, usd: null, usdComplete: false, runs: 1 },
    });
    expect(md).toContain('**Spent so far:** 10 tokens · cost unknown · 1 run');
    // No stage carries spend, so the table keeps its shape.
    expect(md).toContain('| stage | title | depends on | state | detail |\n');
  });
});

describe('stageViews with spend', () => {
  it("attaches each stage's spend and leaves stages without runs bare", () => {
    const spend = { tokens: 5, usd: 0.01, usdComplete: true, runs: 1 };
    const views = stageViews(
      planOf({ 1: [], 2: [1] }),
      deriveLedgerState([]),
      new Date('2026-03-01T00:00:00Z'),
      new Map([[2, spend]]),
    );
    expect(views.map((v) => [v.number, v.spend])).toEqual([
      [1, undefined],
      [2, spend],
    ]);
    expect(stageViews(planOf({ 1: [] }), deriveLedgerState([]), new Date(0))[0]).not.toHaveProperty('spend');
  });
});

describe('stageViews while a stage stands failed', () => {
  it('says of each ready stage that dispatch is paused until the fix run passes', () => {
    const at = '2026-03-01T10:00:00Z';
    const rows = [
      { v: 1, plan_id: 'p', stage: 1, status: 'started', run_id: 'a', at, lease_until: at },
      {
        v: 1,
        plan_id: 'p',
        stage: 1,
        status: 'done',
        run_id: 'a',
        at,
        head_commit: 'a'.repeat(40),
        completed_at: at,
        carry_path: 'c',
        report_path: 'r',
      },
      { v: 1, plan_id: 'p', stage: 2, status: 'failed', run_id: 'b', at, reason: 'verdict-fail' },
    ] as Parameters<typeof deriveLedgerState>[0];
    const views = stageViews(planOf({ 1: [], 2: [1], 3: [1] }), deriveLedgerState(rows), new Date(at));
    expect(views.map((v) => [v.number, v.state, v.detail])).toEqual([
      [1, 'done', 'head aaaaaaaaaaaa (run a)'],
      [2, 'failed', 'verdict-fail in run b'],
      [3, 'ready', 'held back: dispatch is paused until the fix run of stage 2 passes'],
    ]);
  });

  it('a stage whose provider was unavailable is ready again, and holds nothing back', () => {
    const at = '2026-03-01T10:00:00Z';
    const rows = [
      { v: 1, plan_id: 'p', stage: 1, status: 'started', run_id: 'a', at, lease_until: at },
      { v: 1, plan_id: 'p', stage: 1, status: 'failed', run_id: 'a', at, reason: 'unavailable' },
    ] as Parameters<typeof deriveLedgerState>[0];
    const views = stageViews(planOf({ 1: [], 2: [1] }), deriveLedgerState(rows), new Date(at));
    expect(views.map((v) => [v.number, v.state, v.detail])).toEqual([
      [1, 'ready', 'a provider was unavailable in run a; it runs again with the next sweep or run'],
      [2, 'pending', 'waits for stage 1'],
    ]);
  });
});
