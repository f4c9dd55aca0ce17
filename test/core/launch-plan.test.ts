/** What a launch starts, decided before anything is created on GitHub. */
import { describe, expect, it } from 'vitest';
import { DISPATCH_INPUTS, REQUIRED_RUN_NAME } from '../../src/core/commands/index.js';
import {
  planLaunch,
  queuedSummary,
  refusedLaunchReason,
  type LaunchFacts,
} from '../../src/core/commands/launch-plan.js';
import { deriveLedgerState, type LedgerRow } from '../../src/core/ledger/index.js';

const WORKFLOW = [
  `run-name: "${REQUIRED_RUN_NAME}"`,
  'on:',
  '  workflow_dispatch:',
  '    inputs:',
  ...DISPATCH_INPUTS.map((i) => `      ${i}: {}`),
].join('\n');

const done = (stage: number): LedgerRow =>
  ({
    v: 1,
    plan_id: 'p',
    stage,
    status: 'done',
    run_id: `r${stage}`,
    at: '2026-03-01T10:00:00Z',
    head_commit: 'b'.repeat(40),
    completed_at: '2026-03-01T10:00:00Z',
    carry_path: 'c',
    report_path: 'r',
  }) as LedgerRow;

function facts(over: Partial<LaunchFacts> = {}): LaunchFacts {
  return {
    // 2 and 3 both follow 1 only: ready together once 1 is done.
    plan: {
      id: 'p',
      stages: [1, 2, 3].map((n) => ({ number: n, title: `S${n}`, dependsOn: n === 1 ? [] : [1] })),
    } as unknown as LaunchFacts['plan'],
    planBlob: 'f'.repeat(40),
    state: deriveLedgerState([done(1)]),
    config: { approval: { required: false } },
    what: { kind: 'run' },
    now: new Date('2026-03-01T12:00:00Z'),
    workflow: { path: '.github/workflows/okstra.yml', ref: 'main', text: WORKFLOW },
    howToApprove: 'approve it',
    ...over,
  };
}

describe('planLaunch', () => {
  it('starts one workflow run per stage', () => {
    expect(planLaunch(facts())).toEqual({
      ok: true,
      launch: { mode: 'stage', stages: [2, 3], runs: [[2], [3]], reset: false, rebase: false },
    });
  });

  it('carries --reset and --rebase only for reconcile and retry', () => {
    const reconcile = planLaunch(facts({ what: { kind: 'reconcile', stage: 1, reset: true } }));
    expect(reconcile.ok && reconcile.launch).toMatchObject({ mode: 'reconcile', reset: true, rebase: false });
  });

  it('refuses an unapproved plan when approval is required, naming how to approve', () => {
    const out = planLaunch(facts({ config: { approval: { required: true } } }));
    expect(out.ok).toBe(false);
    expect(!out.ok && out.reason).toContain('approve it');
  });

  it('refuses stages that cannot run, before looking at the workflow', () => {
    const out = planLaunch(
      facts({ what: { kind: 'stage', stage: 9 }, workflow: { path: 'w', ref: 'main', text: null } }),
    );
    expect(out.ok).toBe(false);
    expect(!out.ok && out.reason).not.toContain('workflow');
  });

  it('refuses a workflow that is missing or cannot report back', () => {
    expect(planLaunch(facts({ workflow: { path: 'w.yml', ref: 'main', text: null } }))).toEqual({
      ok: false,
      reason:
        'the workflow `w.yml` is not on `main`; docs/bot.md shows one (`bot.workflow` in the config names another).',
    });
    const broken = planLaunch(facts({ workflow: { path: 'w.yml', ref: 'main', text: 'on: push' } }));
    expect(!broken.ok && broken.reason).toMatch(/^the workflow `w.yml` cannot be used: .+\.$/);
  });
});

describe('the words of a launch', () => {
  const ask = { planId: 'p', actor: 'ada', origin: '[comment](u)', runsUrl: 'https://x/runs' };
  it('says who asked and what the queued workflow will do', () => {
    const plain = { reset: false, rebase: false };
    expect(queuedSummary({ mode: 'chain', ...plain }, [1, 2], ask)).toBe(
      'Requested by @ada ([comment](u)). Waiting for the [okstra workflow](https://x/runs) to run the chain 1 → 2 of plan `p`.',
    );
    expect(queuedSummary({ mode: 'stage', ...plain, rebase: true }, [2], ask)).toContain(
      "replay stage 2's preserved branch onto the stage's current base, then run it",
    );
    expect(queuedSummary({ mode: 'reconcile', ...plain, reset: true }, [2], ask)).toContain(
      "put stage 2's moved branch back at the head its done row records",
    );
    expect(queuedSummary({ mode: 'reconcile', ...plain }, [2], ask)).toContain('re-verify stage 2');
  });

  it("names GitHub's refusal and the stages that did start", () => {
    expect(refusedLaunchReason('w.yml', 'HTTP 422', [])).toBe('GitHub refused to start `w.yml` (`HTTP 422`).');
    expect(refusedLaunchReason('w.yml', 'x', [2])).toBe('GitHub refused to start `w.yml` (`x`); stage 2 did start.');
    expect(refusedLaunchReason('w.yml', 'x', [2, 3])).toContain('; stages 2, 3 did start.');
  });
});
