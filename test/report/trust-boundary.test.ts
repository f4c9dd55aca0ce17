import { describe, expect, it } from 'vitest';
import {
  renderCheckRun,
  renderComment,
  renderMarkdown,
  renderSummary,
  type FinalReport,
} from '../../src/core/report/index.js';
import { manyFindingsReport, passReport } from '../fixtures/reports/build.js';
import { FAKE_TOKEN, HOSTILE_DETAIL, HOSTILE_TITLE, leaks } from '../fixtures/reports/hostile.js';
import { budgetReport } from './budget-report.js';

const NO_ISOLATION =
  "⚠️ **Agents ran with okstra's own privileges (isolation: none): they could read the run's secrets.**";

/** Every Markdown view of one report, by name. */
function views(report: FinalReport, maxChars?: number): Record<string, string> {
  const check = renderCheckRun(report);
  return {
    markdown: renderMarkdown(report, maxChars === undefined ? {} : { maxChars }).markdown,
    comment: renderComment(report, maxChars === undefined ? {} : { maxChars }).body,
    summary: renderSummary(report, maxChars === undefined ? {} : { maxChars }).markdown,
    'check summary': check.summary,
  };
}

function unisolated(report: FinalReport): FinalReport {
  report.isolation = { mode: 'none', detail: "agents ran with okstra's own privileges (isolation: none)" };
  return report;
}

describe('the isolation statement', () => {
  it.each(Object.keys(views(passReport())))('%s: warns near the top when agents were not isolated', (name) => {
    const text = views(unisolated(passReport()))[name] ?? '';
    const at = text.indexOf(NO_ISOLATION);
    expect(at).toBeGreaterThan(0);
    // Right under the headline, before the reasons and the carry outcome.
    expect(at).toBeLessThan(text.indexOf('Carry written'));
  });

  it('keeps the warning when a tight limit cuts everything else', () => {
    const report = unisolated(manyFindingsReport(500));
    const { body, cuts } = renderComment(report, { maxChars: 4_000 });
    expect(body.length).toBeLessThanOrEqual(4_000);
    expect(cuts.length).toBeGreaterThan(0);
    expect(body).toContain(NO_ISOLATION);
  });

  it('states isolated agents in one line, and says nothing for reports that predate the field', () => {
    expect(renderMarkdown(budgetReport()).markdown).toContain(
      '🔒 **Isolation:** agents ran as okstra-agent-1…3 without sudo',
    );
    const old = renderMarkdown(passReport()).markdown;
    expect(old).not.toContain('Isolation');
    expect(old).not.toContain('isolation: none');
  });
});

describe('a budget stop', () => {
  const line =
    '💸 **Budget exceeded:** the stage budget (`budgets.stage`) of 250,000 tokens was reached with 263,000 tokens spent; the model gateway refused the next request of Claude worker.';

  it.each(Object.keys(views(budgetReport())))(
    '%s: names the budget, the spend and the stopped worker, and labels the verdict',
    (name) => {
      const text = views(budgetReport())[name] ?? '';
      expect(text).toContain('❌ FAIL (budget exceeded)');
      expect(text).toContain(line);
      expect(text).toContain(
        'budget exceeded: stage budget 250,000 tokens reached (263,000 tokens spent) (Claude worker, verifier)',
      );
    },
  );

  it('puts "budget exceeded" in the check title and fails the check', () => {
    const check = renderCheckRun(budgetReport());
    expect(check.title.startsWith('FAIL (budget exceeded) — ')).toBe(true);
    expect(check.conclusion).toBe('failure');
  });

  it('shows the stopped verifier in the verifier table', () => {
    expect(renderMarkdown(budgetReport()).markdown).toContain('| Claude worker | budget-exceeded | — | 0 | 2 files |');
  });
});

describe('tokens and cost', () => {
  it('gives the total as a lower bound and names the model without a price', () => {
    const total = '260,000 in / 25,000 out · ≥ $1.03 (cost unknown for gemini-3-pro-preview), metered by okstra';
    const { markdown, ...short } = views(budgetReport());
    expect(markdown).toContain(`Roster and usage (total ${total})`);
    for (const [name, text] of Object.entries(short)) expect(text, name).toContain(`**Usage:** ${total}`);
  });

  it('lists each worker with its tokens and cost ("cost unknown" when none is known) in the short formats', () => {
    const { markdown } = renderSummary(budgetReport());
    expect(markdown).toContain(
      '**Usage by worker**\n\n- Codex worker: 120,000 in / 18,000 out · $0.42\n- Claude worker: 80,000 in / 4,000 out · $0.61\n- Gemini worker: 60,000 in / 3,000 out · cost unknown\n',
    );
  });

  it('marks a partial worker cost and keeps sub-cent costs visible', () => {
    const r = budgetReport();
    const codex = r.usage.workers[0];
    if (codex) Object.assign(codex, { costUsd: 0.004, costComplete: false });
    expect(renderSummary(r).markdown).toContain('- Codex worker: 120,000 in / 18,000 out · ≥ $0.0040\n');
  });

  it('says "cost unknown" for a run whose cost is not known at all', () => {
    const r = passReport();
    r.usage.total.costUsd = null;
    for (const w of r.usage.workers) w.costUsd = null;
    expect(renderSummary(r).markdown).toContain('**Usage:** 260,000 in / 25,000 out · cost unknown');
  });

  it('tables every gateway request in the full report only', () => {
    const { markdown } = renderMarkdown(budgetReport());
    expect(markdown).toContain("Model requests (5, metered by okstra's gateway)");
    expect(markdown).toContain(
      '| Codex worker | executor | `gpt-5.5` | `/responses` | 200 | 70,000 in (20,000 cached, 0 cache write) / 10,000 out | $0.25 | 31s | 812 ms | 1 |',
    );
    expect(markdown).toContain('| Claude worker | verifier | `claude-opus-4` | `/v1/messages` | refused (budget) |');
    expect(markdown).toContain('| cost unknown |');
    expect(renderComment(budgetReport()).body).not.toContain('Model requests');
  });

  it('says who counted the figures', () => {
    const r = passReport();
    r.usage.metered = 'self-reported';
    expect(renderSummary(r).markdown).toContain(', as the agent CLIs reported');
  });
});

describe('upstream errors', () => {
  function withUpstream(): FinalReport {
    const r = budgetReport();
    r.executor.upstreamError = { status: 529, message: 'Overloaded: the API is busy' };
    const gemini = r.verifiers[1];
    if (gemini) gemini.upstreamError = { status: null, message: 'connect ECONNREFUSED' };
    r.critic = {
      worker: 'Gemini worker',
      status: 'error',
      gaps: 0,
      findings: [],
      evidenceRead: [],
      usage: null,
      durationMs: 10,
      upstreamError: { status: 500, message: 'internal' },
    };
    r.roster.push({ name: 'Gemini worker', provider: 'gemini', model: 'gemini-3-pro-preview', function: 'critic' });
    return r;
  }

  it('shows status and message where the worker status is shown', () => {
    const { markdown } = renderMarkdown(withUpstream());
    expect(markdown).toContain('Executor: Codex worker — done (upstream 529: Overloaded: the API is busy)');
    expect(markdown).toContain('| Gemini worker | done (upstream connection failed: connect ECONNREFUSED) | PASS |');
    expect(markdown).toContain('**Critic:** Gemini worker — error (upstream 500: internal)');
    expect(renderCheckRun(withUpstream()).text).toContain('(upstream 529: Overloaded: the API is busy)');
  });

  it('escapes and clips hostile upstream, model and path text', () => {
    const r = withUpstream();
    r.executor.upstreamError = { status: 400, message: `${HOSTILE_TITLE}\n${HOSTILE_DETAIL}${'x'.repeat(5_000)}` };
    const req = r.usage.requests?.[4];
    if (req) Object.assign(req, { model: `${HOSTILE_TITLE}|x`, path: `/v1/${HOSTILE_TITLE}` });
    for (const [name, text] of Object.entries(views(r))) {
      // Model and path are shown as code spans, where GitHub renders no mention or HTML.
      expect(leaks(text.replace(/(`+)(?:(?!\1)[^\n])*?\1/g, '``')), name).toEqual([]);
      expect(text, name).not.toContain(FAKE_TOKEN);
      expect(text, name).not.toContain('x'.repeat(300));
    }
  });
});
