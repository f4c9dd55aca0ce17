/**
 * Live progress on GitHub, from the bundled Action: a stand-in executor and
 * two stand-in verifiers stream Command-provider events while they work;
 * the stage's check run receives in-progress updates as the phases and
 * running workers change (coalesced, never after its completion), and the
 * Action's log holds the live lines and one group per worker.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROGRESS_INTERVAL_ENV } from '../../src/github/check-progress.js';
import {
  makeProject,
  pullRequestLabeledPayload,
  runAction,
  startFakeApi,
  twoStagePlan,
  WRITER,
  type FakeApi,
  type RecordedRequest,
} from './harness.js';

let api: FakeApi | null = null;
afterEach(async () => {
  await api?.close();
  api = null;
});

const CHECKS = '/repos/octo-org/octo-repo/check-runs';
const STREAMS = { count: 6, delayMs: 300 };

interface CheckBody {
  status?: string;
  conclusion?: string;
  output?: { title: string; summary: string };
}

const body = (r: RecordedRequest): CheckBody => r.body as CheckBody;

describe('the bundled Action: live progress of a stage', () => {
  it('updates the running check per phase with the running workers and the spend, and logs a group per worker', async () => {
    const project = await makeProject({
      plan: twoStagePlan('live'),
      agents: { writer: WRITER, alpha: { verifierResult: 'PASS' }, beta: { verifierResult: 'PASS' } },
    });
    // Each worker, once its events are out, runs until the running check has named it: the updates are spaced by
    // time (the rule under test), the workers' ends are not, so a loaded machine cannot end one unreported.
    const seen = (worker: string): string => join(project.scratch, `check-named-${worker}`);
    project.script('writer', { ...WRITER, events: STREAMS, until: { file: seen('writer'), timeoutMs: 20_000 } });
    project.script('alpha', {
      verifierResult: 'PASS',
      events: { ...STREAMS, file: 'src/alpha' },
      until: { file: seen('alpha'), timeoutMs: 20_000 },
    });
    project.script('beta', {
      verifierResult: 'PASS',
      events: { ...STREAMS, file: 'src/beta' },
      until: { file: seen('beta'), timeoutMs: 20_000 },
    });
    api = await startFakeApi({
      onRequest: (r) => {
        const title = r.method === 'PATCH' ? (body(r).output?.title ?? '') : '';
        const named = (head: string, worker: string): boolean => title.startsWith(head) && title.includes(worker);
        if (named('Running execute: ', 'Writer worker')) writeFileSync(seen('writer'), '');
        if (named('Running verify: ', 'Alpha worker')) writeFileSync(seen('alpha'), '');
        if (named('Running verify: ', 'Beta worker')) writeFileSync(seen('beta'), '');
      },
    });
    const run = await runAction(project, {
      inputs: {
        mode: 'stage',
        plan: project.planPath,
        stage: '1',
        report: 'summary,check',
        'github-token': 'ghs_okstraTestToken000000000000000000000',
      },
      eventName: 'pull_request',
      payload: pullRequestLabeledPayload(7, project.head, 'okstra:stage-1'),
      api,
      // Short, so the test is: the rule is the run's.
      env: { [PROGRESS_INTERVAL_ENV]: '250' },
    });
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);

    // ── the check run ────────────────────────────────────────────────────
    const checks = api.requests.filter((r) => r.path.startsWith(CHECKS));
    expect(checks[0]).toMatchObject({ method: 'POST', body: { status: 'in_progress' } });
    const id = (checks[0]?.body as { id?: number }).id ?? 9001;
    const completing = checks.findIndex((r) => body(r).status === 'completed');
    expect(completing, JSON.stringify(checks.map((r) => r.body))).toBeGreaterThan(0);
    // The completion is the last word: nothing after it but nothing at all.
    expect(checks.slice(completing + 1)).toEqual([]);
    expect(body(checks[completing] as RecordedRequest)).toMatchObject({ conclusion: 'success' });
    const updates = checks.slice(1, completing);
    for (const u of updates) {
      expect(u.method).toBe('PATCH');
      expect(u.path).toBe(`${CHECKS}/${id}`);
      expect(body(u).status).toBe('in_progress');
      expect(body(u).conclusion).toBeUndefined();
      // A progress update keeps the check's start time: it only changes the text.
      expect(u.body).not.toHaveProperty('started_at');
      expect(body(u).output?.summary).toMatch(/\*\*Spend so far:\*\* [\d,]+ tokens · /);
      expect(body(u).output?.summary).toContain('okstra is running stage 1 (Foundation) of plan `live`');
      expect(body(u).output?.title.length).toBeLessThanOrEqual(255);
    }
    const titles = updates.map((u) => body(u).output?.title ?? '');
    const heads = titles.map((t) => t.split(' · ')[0] ?? '');
    // One update per phase naming the worker running in it.
    expect(heads, titles.join('\n')).toContain('Running execute: Writer worker running');
    const verifying = heads.filter((h) => h.startsWith('Running verify: '));
    expect(
      verifying.some((h) => h.includes('Alpha worker')),
      titles.join('\n'),
    ).toBe(true);
    expect(
      verifying.some((h) => h.includes('Beta worker')),
      titles.join('\n'),
    ).toBe(true);
    // At most one update per phase per worker: no state is sent twice, and a phase gets no more
    // updates than its own start plus one per worker that started in it.
    expect(new Set(heads).size).toBe(heads.length);
    const byPhase = new Map<string, { updates: number; workers: Set<string> }>();
    for (const h of heads) {
      const m = /^Running (\w+)(?:: (.+) running)?$/.exec(h);
      expect(m, h).not.toBeNull();
      const entry = byPhase.get(m?.[1] ?? '') ?? { updates: 0, workers: new Set<string>() };
      entry.updates += 1;
      for (const w of (m?.[2] ?? '').split(', ').filter(Boolean)) entry.workers.add(w);
      byPhase.set(m?.[1] ?? '', entry);
    }
    for (const [phase, e] of byPhase) expect(e.updates, phase).toBeLessThanOrEqual(1 + e.workers.size);
    // The stand-ins report token counts as they go: the spend so far grows with them.
    expect(updates.some((u) => /\*\*Spend so far:\*\* [1-9][\d,]* tokens/.test(body(u).output?.summary ?? ''))).toBe(
      true,
    );

    // ── the log ──────────────────────────────────────────────────────────
    const lines = run.stdout.split('\n');
    // Live lines, timestamped and prefixed by the worker, while it works.
    expect(run.stdout).toMatch(/^\d\d:\d\d:\d\d Writer worker \(executor\) tool Read src\/step-1$/m);
    expect(run.stdout).toMatch(/^\d\d:\d\d:\d\d Alpha worker \(verifier\) tool Read src\/alpha-1$/m);
    // One group per worker, titled with its role, status, duration and tokens (the stand-ins stream 330, then 660,
    // and report no usage at the end), holding its own lines only.
    for (const [worker, role, file] of [
      ['Writer worker', 'executor', 'src/step'],
      ['Alpha worker', 'verifier', 'src/alpha'],
      ['Beta worker', 'verifier', 'src/beta'],
    ] as const) {
      const start = lines.findIndex((l) =>
        new RegExp(`^::group::${worker} · ${role} · done · \\d+s · 660 tokens$`).test(l),
      );
      expect(start, `${worker}\n${run.stdout}`).toBeGreaterThanOrEqual(0);
      const end = lines.indexOf('::endgroup::', start);
      const inside = lines.slice(start + 1, end);
      expect(inside).toHaveLength(STREAMS.count);
      for (const l of inside) expect(l).toMatch(new RegExp(`^\\d\\d:\\d\\d:\\d\\d ${worker} \\(${role}\\) `));
      expect(inside.filter((l) => l.includes(`tool Read ${file}-`))).toHaveLength(4);
    }
    // Groups never nest: each ::group:: is closed before the next opens.
    let open = false;
    for (const l of lines) {
      if (l.startsWith('::group::')) {
        expect(open, l).toBe(false);
        open = true;
      } else if (l === '::endgroup::') open = false;
    }
    expect(lines).toContain('::group::stage 1 · verify (continued)');
  });
});
