import { describe, expect, it } from 'vitest';
import { fencedLineMask, splitLines } from '../../src/core/contracts/index.js';
import { mermaidFlowchart } from '../../src/core/graph/mermaid.js';
import { parsePlan, type Plan } from '../../src/core/plan/index.js';
import {
  HANDOFF_BODY_LIMIT,
  attributionText,
  finalCheckName,
  finalCheckOutput,
  handoffPullRequestBody,
  handoffPullRequestMarker,
  handoffPullRequestTitle,
  handoffTotal,
  renderFinalReport,
  stackedPullRequestBody,
  stackedPullRequestMarker,
  stackedPullRequestTitle,
  type HandoffBodyInput,
  type HandoffStage,
  type StackedBodyInput,
} from '../../src/core/report/final-pr.js';
import { CHECK_OUTPUT_LIMIT } from '../../src/core/report/check-run.js';
import type {
  AttributedFinding,
  FinalVerificationReport,
} from '../../src/core/report/schema/final-verification-report.js';
import { validateFinalVerificationReport } from '../../src/core/report/validate-schema.js';
import { finalVerificationSample } from '../helpers/final-verification-sample.js';

const sha = (c: string): string => c.repeat(40);

const PLAN_TEXT = [
  '# Demo',
  '',
  'Make the demo greet people by name.',
  '',
  '## Stage Map',
  '',
  '### Stage 1: One',
  '',
  '- **Depends-on:** none',
  '- **Exit-contract:** `greet("Ann")` returns "Hello, Ann"',
  '',
  '### Stage 2: Two',
  '',
  '- **Depends-on:** 1',
  '',
].join('\n');

function plan(text = PLAN_TEXT): Plan {
  const parsed = parsePlan(text, { path: '.okstra/plans/demo.md' });
  if (!parsed.plan || parsed.errors.length > 0)
    throw new Error(`fixture plan does not parse: ${parsed.errors[0]?.message}`);
  return { ...parsed.plan, id: 'demo' };
}

/** The Markdown outside fenced code blocks: where a mention would notify and HTML would render. */
function outsideCode(md: string): string {
  const lines = splitLines(md);
  const fenced = fencedLineMask(lines);
  return lines.filter((_, i) => !fenced[i]).join('\n');
}

function finding(overrides: Partial<AttributedFinding> = {}): AttributedFinding {
  return {
    id: 'F2',
    severity: 'minor',
    title: 'naming',
    detail: 'the helper name is vague',
    file: 'src/b.ts',
    line: 7,
    endLine: 9,
    raisedBy: 'Reviewer worker',
    confirmedBy: [],
    refutedBy: [],
    disposition: 'standing',
    stages: [2],
    commits: [sha('b')],
    ...overrides,
  };
}

/** The sample made accepted: no fix stages, a verified row, one non-blocking finding standing. */
function accepted(findings: AttributedFinding[] = [finding()]): FinalVerificationReport {
  const sample = finalVerificationSample();
  const row = sample.ledgerRow;
  if (row?.status !== 'verification-failed') throw new Error('the sample holds a verification-failed row');
  const verified = {
    v: row.v,
    plan_id: row.plan_id,
    status: 'verified' as const,
    run_id: row.run_id,
    at: row.at,
    plan_blob: row.plan_blob,
    base_commit: row.base_commit,
    final_head: row.final_head,
    final_branch: row.final_branch,
    done_heads: row.done_heads,
    report_path: row.report_path,
  };
  return {
    ...sample,
    verdict: { value: 'accepted', reasons: [], fixStages: [], rebuildStages: [] },
    qa: sample.qa.map((q) => ({ ...q, passed: true, exitCode: 0 })),
    verifiers: sample.verifiers.map((v) => ({ ...v, verdict: 'PASS', findings: findings.map((f) => f.id) })),
    findings,
    ledgerRow: verified,
  };
}

function stages(overrides: Partial<HandoffStage> = {}): HandoffStage[] {
  return [
    {
      number: 1,
      title: 'One',
      verdict: 'PASS',
      attempts: 1,
      head: sha('a'),
      reportUrl: 'https://example.test/r/1',
      checkUrl: 'https://example.test/c/1',
      tokens: 1200,
      costUsd: 0.5,
    },
    {
      number: 2,
      title: 'Two',
      verdict: 'PASS',
      attempts: 2,
      head: sha('b'),
      reportUrl: null,
      checkUrl: null,
      tokens: 800,
      costUsd: 0.25,
      ...overrides,
    },
  ];
}

function handoffInput(overrides: Partial<HandoffBodyInput> = {}): HandoffBodyInput {
  return {
    plan: plan(),
    planIntro: 'Make the demo greet people by name.',
    report: accepted(),
    stages: stages(),
    links: { finalReportUrl: 'https://example.test/final' },
    ciNote: null,
    ...overrides,
  };
}

describe('the fixtures', () => {
  it('are schema-valid final verification reports', () => {
    expect(validateFinalVerificationReport(finalVerificationSample()).ok).toBe(true);
    const check = validateFinalVerificationReport(accepted());
    expect(check.ok ? [] : check).toEqual([]);
  });
});

describe('finalCheckName and titles', () => {
  it('names the check like the stage checks', () => {
    expect(finalCheckName('demo')).toBe('okstra: demo · final');
  });

  it('titles the hand-off pull request from the plan, in plain text and within 256 characters', () => {
    expect(handoffPullRequestTitle({ id: 'demo', title: 'Greet  people\nby name' })).toBe(
      'Greet people by name (okstra: demo)',
    );
    expect(handoffPullRequestTitle({ id: 'demo', title: null })).toBe('okstra: demo');
    expect(handoffPullRequestTitle({ id: 'demo', title: '  ' })).toBe('okstra: demo');
    expect(handoffPullRequestTitle({ id: 'demo', title: 'x'.repeat(400) })).toHaveLength(256);
    expect(stackedPullRequestTitle({ id: 'demo', title: 'Demo' }, stages()[1] as HandoffStage)).toBe(
      'Demo · stage 2: Two (okstra: demo)',
    );
  });
});

describe('finalCheckOutput', () => {
  it('fails a rejected verification and names the stages to fix with the GitHub commands', () => {
    const out = finalCheckOutput(finalVerificationSample());
    expect(out.conclusion).toBe('failure');
    expect(out.title).toBe('Final verification rejected · 2 stages · 1 blocking, 0 other · fix stage 1');
    expect(out.summary).toContain('`/okstra retry 1`');
    expect(out.summary).toContain('`/okstra retry 2`');
    expect(out.summary).toContain('`/okstra final`');
    expect(out.summary).toContain('`F1` **a breaks b** — `src/a.ts:3` · attributed to stage 1 (commit aaaaaaa)');
    expect(out.text).toContain('## ❌ Final verification rejected');
    expect((out.text ?? '').length).toBeLessThanOrEqual(CHECK_OUTPUT_LIMIT);
  });

  it('passes an accepted one', () => {
    const out = finalCheckOutput(accepted());
    expect(out.conclusion).toBe('success');
    expect(out.title).toBe('Final verification accepted · 2 stages · 0 blocking, 1 other');
    expect(out.summary).toContain('**Accepted:**');
    expect(out.summary).not.toContain('/okstra retry');
  });

  it('keeps the text under the Checks API limit however many findings there are, with a count of the cut', () => {
    const many = Array.from({ length: 3000 }, (_, i) =>
      finding({ id: `F${i}`, severity: 'blocking', detail: 'd'.repeat(400), stages: [1] }),
    );
    const out = finalCheckOutput({ ...finalVerificationSample(), findings: many });
    expect(out.summary.length).toBeLessThanOrEqual(CHECK_OUTPUT_LIMIT);
    expect(out.summary).toContain('- … and 2,990 more');
    expect((out.text ?? '').length).toBeLessThanOrEqual(CHECK_OUTPUT_LIMIT);
    expect(out.text).toMatch(/Left out: .*findings \([\d,]+ of 3,000\)/);
  });
});

describe('renderFinalReport', () => {
  it('shows the verdict, stages with done heads, QA, verifiers, attributed findings, what to fix and spend', () => {
    const md = renderFinalReport(finalVerificationSample(), { how: 'github' });
    expect(md).toContain('## ❌ Final verification rejected — `demo`: Demo');
    expect(md).toContain('`okstra/demo/stage-2` 0000000..bbbbbbb');
    expect(md).toContain('2 files changed, +10 −1');
    expect(md).toContain('**Why:**\n\n- Reviewer worker answered FAIL with 1 blocking finding');
    expect(md).toContain('### What to fix');
    expect(md).toContain('- **Fix stage 1** — One: `/okstra retry 1`');
    expect(md).toContain('- **Then re-run stage 2** — Two (it builds on a stage to fix): `/okstra retry 2`');
    expect(md).toContain('- **Then verify the whole change again:** `/okstra final`');
    expect(md).toContain(
      '| 1 | One | 🔧 to fix | `aaaaaaa` | `okstra/demo/stage-1` | 1 | `plans/demo/reports/stage-1/r1.json` |',
    );
    expect(md).toContain('| 2 | Two | 🔁 to rebuild | `bbbbbbb` | `okstra/demo/stage-2` | 2 | — |');
    expect(md).toContain('### QA at the final head (1/2 QA commands passed)');
    expect(md).toContain('| ✅ | stage 1 | stage 1 | `npm test` | 0 | 5 ms |');
    expect(md).toContain('| ❌ | config | lint | `npm run lint` | 1 | 5 ms |');
    expect(md).toContain('<details><summary>lint — exit 1</summary>');
    expect(md).toContain('| Reviewer worker | done | FAIL | 1 | 1 file |');
    expect(md).toContain(
      '- **blocking** · `F1` · **a breaks b** — `src/a.ts:3` · attributed to stage 1 (commit aaaaaaa) · raised by Reviewer worker',
    );
    expect(md).toContain('### Spend\n\n10 in / 5 out · cost unknown, as the agent CLIs reported');
    expect(md).toContain("⚠️ **Agents ran with okstra's own privileges");
  });

  it('gives the local commands with the plan path for the CLI', () => {
    const md = renderFinalReport(finalVerificationSample(), { how: 'cli', planPath: 'plans/demo.md' });
    expect(md).toContain('`okstra run --plan plans/demo.md --stage 1`');
    expect(md).toContain('`okstra run --plan plans/demo.md --stage 2`');
    expect(md).toContain('`okstra final --plan plans/demo.md`');
    expect(md).not.toContain('/okstra retry');
    const defaulted = renderFinalReport(finalVerificationSample(), { how: 'cli' });
    expect(defaulted).toContain('`okstra run --plan .okstra/plans/demo.md --stage 1`');
  });

  it('says what comes next after an accepted one, and that nothing stands when nothing does', () => {
    const md = renderFinalReport(accepted([]), { how: 'cli' });
    expect(md).toContain('## ✅ Final verification accepted');
    expect(md).toContain('`okstra handoff --plan .okstra/plans/demo.md` creates or updates the final branch');
    expect(md).toContain('No finding stands.');
    expect(md).not.toContain('### What to fix');
    expect(renderFinalReport(accepted([]), { how: 'github' })).toContain(
      "**Next:** the hand-off pull request from `okstra/demo/stage-2` into the plan's base branch.",
    );
  });

  it('says when no stage could be named, and keeps refuted findings apart', () => {
    const report = finalVerificationSample();
    const md = renderFinalReport(
      {
        ...report,
        verdict: { ...report.verdict, fixStages: [], rebuildStages: [] },
        findings: [
          finding({ severity: 'blocking', stages: [], commits: [], file: null, line: null, endLine: null }),
          finding({ id: 'F9', disposition: 'refuted', refutedBy: ['Other worker'] }),
        ],
      },
      { how: 'github' },
    );
    expect(md).toContain('No finding could be attributed to a stage');
    expect(md).toContain('— — · attributed to no stage');
    expect(md).toContain('<details><summary>Refuted findings (1)</summary>');
    expect(md).toContain('refuted by Other worker');
  });

  it('escapes hostile agent and command text', () => {
    const report = finalVerificationSample();
    const md = renderFinalReport(
      {
        ...report,
        verdict: { ...report.verdict, reasons: ['@everyone look </details><!-- hidden'] },
        qa: report.qa.map((q) => ({ ...q, label: '</details><b>x</b>', outputTail: '```\n</details>\n@everyone' })),
        findings: [
          finding({
            severity: 'blocking',
            title: '@everyone </details>',
            detail: '<!-- hide -->\n# heading\n@org/team please',
          }),
        ],
      },
      { how: 'github' },
    );
    const rendered = outsideCode(md);
    expect(rendered).not.toMatch(/@everyone/);
    expect(rendered).not.toContain('<!--');
    expect(rendered).not.toContain('@org/team');
    expect(rendered).not.toContain('<b>');
    // Command output stays verbatim, inside a fence its backticks cannot close.
    expect(md).toContain('````\n```\n</details>\n@everyone\n````');
    // Every </details> is one of ours: as many as the <details> we opened.
    expect(rendered.split('</details>').length - 1).toBe(rendered.split('<details>').length - 1);
    expect(md).not.toMatch(/^# heading/m);
  });

  it('redacts secrets in agent text', () => {
    const report = finalVerificationSample();
    const token = `ghp_${'A'.repeat(36)}`;
    const md = renderFinalReport({ ...report, findings: [finding({ detail: `leaked ${token}` })] }, { how: 'github' });
    expect(md).not.toContain(token);
  });
});

describe('attributionText', () => {
  it('names stages and short commits, and counts commits past five', () => {
    const commits = ['1', '2', '3', '4', '5', '6', '7'].map(sha);
    expect(attributionText(finding({ stages: [1, 3], commits }))).toBe(
      'attributed to stages 1, 3 (commits 1111111, 2222222, 3333333, 4444444, 5555555 and 2 more)',
    );
    expect(attributionText(finding({ stages: [2], commits: [] }))).toBe('attributed to stage 2');
  });
});

describe('handoffPullRequestBody', () => {
  it('starts with the marker and holds every section', () => {
    const body = handoffPullRequestBody(handoffInput());
    expect(body.startsWith(`${handoffPullRequestMarker('demo')}\n`)).toBe(true);
    expect(handoffPullRequestMarker('demo')).toBe('<!-- okstra:handoff plan=demo -->');
    expect(body).toContain('## Demo (`demo`)');
    expect(body).toContain('### Goal\n\n> Make the demo greet people by name.');
    expect(body).toContain(
      '| 1 | One | ✅ PASS | 1 | `aaaaaaa` | [report](https://example.test/r/1) | [check](https://example.test/c/1) | 1,200 | $0.50 |',
    );
    expect(body).toContain('| 2 | Two | ✅ PASS | 2 | `bbbbbbb` | — | — | 800 | $0.25 |');
    expect(body).toContain(`### Stage graph\n\n\`\`\`mermaid\n${mermaidFlowchart(plan())}\n\`\`\``);
    expect(body).toContain('- **Verdict:** accepted at `bbbbbbb` on `okstra/demo/stage-2`');
    expect(body).toContain('- **Verifiers:** Reviewer worker: PASS');
    expect(body).toContain('- **QA at the final head:** 2/2 QA commands passed');
    expect(body).toContain('- **Report:** [the final verification report](https://example.test/final)');
    // Stages $0.75, the final verification's cost unknown: a lower bound, never a plain sum.
    expect(body).toContain(
      '**Total spend** (stages and final verification): 2,015 tokens · ≥ $0.75 (cost unknown for the final verification)',
    );
    expect(body).toContain('### What to look at (1)');
    expect(body).toContain('- **minor** · `F2` · **naming** — `src/b.ts:7-9` · attributed to stage 2 (commit bbbbbbb)');
    expect(body).not.toContain('[!IMPORTANT]');
  });

  it('says cost unknown, never $0, for a stage without a cost, and when no cost is known at all', () => {
    const body = handoffPullRequestBody(handoffInput({ stages: stages({ costUsd: null }) }));
    expect(body).toContain('| 2 | Two | ✅ PASS | 2 | `bbbbbbb` | — | — | 800 | cost unknown |');
    expect(body).toContain('≥ $0.50 (cost unknown for stage 2, the final verification)');
    const none = stages().map((s) => ({ ...s, costUsd: null }));
    expect(handoffTotal(none, accepted())).toBe('2,015 tokens · cost unknown');
    expect(handoffPullRequestBody(handoffInput({ stages: none }))).not.toContain('$0');
  });

  it('gives a plain total when every cost is known', () => {
    const report = accepted();
    const known = {
      ...report,
      usage: {
        ...report.usage,
        workers: report.usage.workers.map((w) => ({ ...w, costUsd: 0.1 })),
        total: { ...report.usage.total, costUsd: 0.1 },
      },
    };
    expect(handoffTotal(stages(), known)).toBe('2,015 tokens · $0.85');
  });

  it('shows the CI note when given', () => {
    const note = 'Opened with GITHUB_TOKEN, so no workflow ran on it. Close and reopen it, or configure the App.';
    const body = handoffPullRequestBody(handoffInput({ ciNote: note }));
    // Plain text, escaped like everything else: the note's underscore stays a character.
    expect(body).toContain(`> [!IMPORTANT]\n> ${note.replace('_', '\\_')}`);
  });

  it('says so when no non-blocking finding stands', () => {
    const body = handoffPullRequestBody(handoffInput({ report: accepted([]) }));
    expect(body).toContain('No non-blocking finding stands from the final verification');
  });

  it('escapes hostile plan and agent text', () => {
    const hostilePlan = {
      ...plan(),
      title: '</details> @everyone',
      stages: plan().stages.map((s) => ({ ...s, title: '"]\n</details> @everyone' })),
    };
    const report = accepted([finding({ title: '<!-- x --> @everyone', detail: '</details>\n@everyone' })]);
    const body = handoffPullRequestBody(
      handoffInput({
        plan: hostilePlan,
        report: { ...report, plan: { ...report.plan, title: '</details> @everyone' } },
        planIntro: '<!-- hidden -->\n</details>\n@everyone please merge\n# Not a heading',
        stages: stages({ title: '</details> @everyone' }),
        ciNote: '@everyone </details>',
      }),
    );
    const rendered = outsideCode(body);
    expect(rendered).not.toMatch(/@everyone/);
    expect(rendered).not.toContain('</details>');
    expect(body).not.toContain('</details>');
    expect(body.indexOf('<!--')).toBe(0);
    expect(body.split('<!--')).toHaveLength(2);
    expect(body).not.toMatch(/^# Not a heading/m);
  });

  it('stays under the body limit with a count of what it cut', () => {
    const many = Array.from({ length: 2000 }, (_, i) => finding({ id: `F${i}`, detail: 'x'.repeat(600) }));
    const manyStages: HandoffStage[] = Array.from({ length: 600 }, (_, i) => ({
      ...(stages()[0] as HandoffStage),
      number: i + 1,
      title: `Stage ${i + 1} ${'t'.repeat(80)}`,
    }));
    const body = handoffPullRequestBody(
      handoffInput({ report: accepted(many), stages: manyStages, planIntro: 'goal '.repeat(5000) }),
    );
    expect(body.length).toBeLessThanOrEqual(HANDOFF_BODY_LIMIT);
    expect(body.startsWith(handoffPullRequestMarker('demo'))).toBe(true);
    expect(body).toContain('### Goal');
    expect(body).toContain('**Total spend**');
    expect(body).toMatch(
      /Shortened to fit GitHub's pull request size limit\. Left out: stage table \([\d,]+ of 600\); findings for the reviewer \(all 2,000\); stage graph\./,
    );
    expect(body).toContain('[the final verification report](https://example.test/final)');
    const small = handoffPullRequestBody(handoffInput({ report: accepted(many.slice(0, 50)), maxChars: 8000 }));
    expect(small.length).toBeLessThanOrEqual(8000);
    expect(small).toContain('Left out:');
  });

  it('refuses a rejected verification and a report of another plan', () => {
    expect(() => handoffPullRequestBody(handoffInput({ report: finalVerificationSample() }))).toThrow(
      /final verification of plan demo was rejected; a hand-off needs an accepted one/,
    );
    expect(() => handoffPullRequestBody(handoffInput({ plan: { ...plan(), id: 'other' } }))).toThrow(
      'the final verification report is for plan demo, not other',
    );
  });
});

describe('stackedPullRequestBody', () => {
  function stackedInput(overrides: Partial<StackedBodyInput> = {}): StackedBodyInput {
    return {
      plan: plan(),
      stage: stages()[0] as HandoffStage,
      report: accepted(),
      baseBranch: 'main',
      stack: [
        { number: 1, title: 'One', pullRequest: null },
        { number: 2, title: 'Two', pullRequest: 12 },
      ],
      links: { finalReportUrl: 'https://example.test/final' },
      ciNote: null,
      ...overrides,
    };
  }

  it("shows the stage's title, exit contract, report and place in the stack", () => {
    const body = stackedPullRequestBody(stackedInput());
    expect(body.startsWith(`${stackedPullRequestMarker('demo', 1)}\n`)).toBe(true);
    expect(body).toContain('## Stage 1: One — `demo`: Demo');
    expect(body).toContain('**Place in the stack:** 1 of 2 · merges into `main` · depends on no stage');
    expect(body).toContain('- **→ this pull request: stage 1 — One**\n- #12 stage 2 — Two');
    expect(body).toContain('### Exit contract\n\n> \\`greet("Ann")\\` returns "Hello, Ann"');
    expect(body).toContain('[stage report](https://example.test/r/1) · [check](https://example.test/c/1)');
    expect(body).toContain(
      'final verification accepted at `bbbbbbb` ([final verification report](https://example.test/final))',
    );
    const second = stackedPullRequestBody(
      stackedInput({ stage: stages()[1] as HandoffStage, baseBranch: 'okstra/demo/stage-1', ciNote: 'no CI ran' }),
    );
    expect(second).toContain('**Place in the stack:** 2 of 2 · merges into `okstra/demo/stage-1` · depends on stage 1');
    expect(second).toContain('- (not opened yet) stage 1 — One');
    expect(second).toContain('_The plan writes no exit contract for this stage._');
    expect(second).toContain('> [!IMPORTANT]\n> no CI ran');
    expect(second).toContain('2 attempts · head `bbbbbbb` · 800 tokens · $0.25');
  });

  it('refuses a stage the plan or the stack does not hold, and a rejected verification', () => {
    const ghost = { ...(stages()[0] as HandoffStage), number: 9 };
    expect(() => stackedPullRequestBody(stackedInput({ stage: ghost }))).toThrow('plan demo has no stage 9');
    expect(() => stackedPullRequestBody(stackedInput({ stack: [] }))).toThrow(
      'stage 1 is not in the stack it is given (empty)',
    );
    expect(() => stackedPullRequestBody(stackedInput({ report: finalVerificationSample() }))).toThrow(/rejected/);
  });

  it('escapes hostile titles and keeps a long stack short', () => {
    const stack = Array.from({ length: 200 }, (_, i) => ({
      number: i + 1,
      title: '@everyone </details>',
      pullRequest: i + 100,
    }));
    const body = stackedPullRequestBody(
      stackedInput({ stack, stage: { ...(stages()[0] as HandoffStage), title: '<!-- x -->' } }),
    );
    expect(body).not.toMatch(/@everyone/);
    expect(body).not.toContain('</details>');
    expect(body.split('<!--')).toHaveLength(2);
    expect(body).toContain('- … 140 later');
  });
});
