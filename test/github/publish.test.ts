import nock from 'nock';
import { describe, expect, it } from 'vitest';
import type { CheckRunIds } from '../../src/github/stage-publisher.js';
import type { ActionIo } from '../../src/action/io.js';
import { StagePublisher } from '../../src/github/stage-publisher.js';
import { Scrubber } from '../../src/action/secrets.js';
import { FinalReportSchema } from '../../src/core/report/index.js';
import type { Plan } from '../../src/core/plan/types.js';
import type { Roster } from '../../src/providers/roster.js';
import type { StageCompleted } from '../../src/engine/types.js';
import passReport from '../../examples/reports/pass.json' with { type: 'json' };
import { API, client, REPO, useNock } from './setup.js';

useNock();

const SHA = 'b'.repeat(40);
const plan = {
  id: 'rate-limits',
  stages: [
    { number: 2, title: 'Limiter' },
    { number: 3, title: 'Headers' },
  ],
} as unknown as Plan;
const roster = {
  executor: { name: 'Claude worker' },
  verifiers: [{ name: 'Codex worker' }],
  critic: null,
} as unknown as Roster;

function fakeIo(): ActionIo & { lines: string[]; warnings: string[] } {
  const lines: string[] = [];
  const warnings: string[] = [];
  return {
    lines,
    warnings,
    info: (l) => lines.push(l),
    warning: (m) => warnings.push(m),
    error: (m) => lines.push(`error: ${m}`),
    startGroup: () => undefined,
    endGroup: () => undefined,
    setOutput: () => undefined,
    setSecret: () => undefined,
    saveState: () => undefined,
    setFailed: () => undefined,
    summary: async () => undefined,
    now: () => new Date('2026-11-29T10:00:00Z'),
  };
}

function publisher(
  io: ActionIo,
  o: {
    checkRunIds?: CheckRunIds;
    targets?: Array<'summary' | 'check' | 'comment'>;
    pr?: { number: number; headSha: string } | null;
  },
): StagePublisher {
  return new StagePublisher({
    io,
    client: client(),
    repo: REPO,
    targets: new Set(o.targets ?? ['summary']),
    checkRunIds: o.checkRunIds ?? { kind: 'none' },
    pr: o.pr ?? null,
    runUrl: 'https://github.com/octo-org/octo-repo/actions/runs/1/attempts/1',
    serverUrl: 'https://github.com',
    scrub: new Scrubber(['sk-secret-value']),
  });
}

function completed(stage: number): StageCompleted {
  const report = FinalReportSchema.parse(passReport);
  return {
    kind: 'completed',
    report: { ...report, stage: { ...report.stage, number: stage } },
    markdown: '# report',
    reportPath: `plans/rate-limits/reports/stage-${stage}/x.json`,
    ledgerCommit: 'c'.repeat(40),
  };
}

describe('StagePublisher', () => {
  it("tries a bot's check once; after GitHub refuses, it says so once and leaves every handed-over check alone", async () => {
    nock(API).patch('/repos/octo-org/octo-repo/check-runs/21').reply(403, {
      message: 'Invalid app_id `15368` - check run can only be modified by the GitHub App that created it.',
    });
    const io = fakeIo();
    const p = publisher(io, {
      checkRunIds: {
        kind: 'by-stage',
        ids: new Map([
          [2, 21],
          [3, 22],
        ]),
      },
    });
    expect(await p.started(plan, 2, 'gh-1-1-s2', roster)).toBeNull();
    expect(await p.completed(completed(2), 'c'.repeat(40))).toBeNull();
    expect(await p.started(plan, 3, 'gh-1-1-s3', roster)).toBeNull();
    expect(await p.completed(completed(3), 'c'.repeat(40))).toBeNull();
    expect(io.warnings).toHaveLength(1);
    expect(io.warnings[0]).toContain("pass that App's installation token as `github-token`");
    expect(p.problems).toEqual([]);
  });

  it('owns its checks on the PR head with report: check', async () => {
    const bodies: Array<{ conclusion?: string; details_url?: string; external_id?: string }> = [];
    nock(API)
      .post(
        '/repos/octo-org/octo-repo/check-runs',
        (b: { head_sha: string; status: string }) => b.head_sha === SHA && b.status === 'in_progress',
      )
      .reply(201, { id: 31 })
      .patch('/repos/octo-org/octo-repo/check-runs/31', (b: { conclusion?: string }) => bodies.push(b) > 0)
      .reply(200, { id: 31 });
    const p = publisher(fakeIo(), { targets: ['check'], pr: { number: 4, headSha: SHA } });
    expect(await p.started(plan, 2, 'gh-1-1-s2', roster)).toBe(31);
    expect(await p.completed(completed(2), 'c'.repeat(40))).toBe(31);
    expect(bodies[0]).toMatchObject({
      conclusion: 'success',
      details_url: 'https://github.com/octo-org/octo-repo/actions/runs/1/attempts/1',
      external_id: passReport.run.id,
    });
  });

  it('a failed publication is a problem that fails the step, not an exception that hides the verdict', async () => {
    nock(API)
      .post('/repos/octo-org/octo-repo/check-runs')
      .reply(403, { message: 'Resource not accessible by integration' });
    const io = fakeIo();
    const p = publisher(io, { targets: ['check'], pr: { number: 4, headSha: SHA } });
    expect(await p.started(plan, 2, 'gh-1-1-s2', roster)).toBeNull();
    expect(p.problems).toEqual([
      'could not create the check run for stage 2: HTTP 403: Resource not accessible by integration',
    ]);
  });

  it('does nothing without a token (no client) or without check and comment targets', async () => {
    const io = fakeIo();
    const none = new StagePublisher({
      io,
      client: null,
      repo: REPO,
      targets: new Set(['check', 'comment']),
      checkRunIds: { kind: 'single', id: 5 },
      pr: { number: 1, headSha: SHA },
      runUrl: null,
      serverUrl: 'https://github.com',
      scrub: new Scrubber([]),
    });
    expect(await none.started(plan, 2, 'r', roster)).toBeNull();
    expect(await none.completed(completed(2), 'c'.repeat(40))).toBeNull();
    const summaryOnly = publisher(io, {});
    expect(await summaryOnly.started(plan, 2, 'r', roster)).toBeNull();
    expect(await summaryOnly.completed(completed(2), 'c'.repeat(40))).toBeNull();
  });
});
