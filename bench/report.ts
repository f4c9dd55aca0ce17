// Report rendering speed: a 2,000-finding report rendered to every format
// (full Markdown, PR comment, check run with annotations, summary) should
// take well under 100 ms, so the Action's synthesis phase never waits on it.
// Smoke: 40 findings, 3 renders.
import { readFileSync } from 'node:fs';
import {
  renderCheckRun,
  renderComment,
  renderMarkdown,
  renderSummary,
  type FinalReport,
  type Finding,
} from '../src/core/report/index.js';
import { validateRun } from '../src/core/conformance/index.js';
import { fmt, sized, summarize, verdict } from './stats.js';

const TARGET_MS = 100;
const SEVERITIES = ['blocking', 'major', 'minor', 'info'] as const;

/** The withheld-FAIL example with `n` findings of every severity, each with a paragraph of agent text. */
function bigReport(n: number): FinalReport {
  const report = JSON.parse(
    readFileSync(new URL('../examples/reports/fail-withheld.json', import.meta.url), 'utf8'),
  ) as FinalReport;
  const raiser = report.verifiers[0];
  if (!raiser) throw new Error('examples/reports/fail-withheld.json has no verifier');
  report.findings = Array.from({ length: n }, (_, i): Finding => ({
    id: `F${i + 1}`,
    severity: SEVERITIES[i % SEVERITIES.length] ?? 'info',
    title: `Finding ${i + 1}: the limiter ignores <burst> for @team keys`,
    detail:
      `Line ${i + 1} reads the bucket without locking.\nA concurrent take() can overdraw it; see \`take()\` and | the refill path |.\n`.repeat(
        3,
      ),
    file: raiser.evidenceRead[i % raiser.evidenceRead.length] ?? null,
    line: (i % 300) + 1,
    endLine: (i % 300) + 3,
    raisedBy: raiser.worker,
    confirmedBy: [],
    refutedBy: [],
    disposition: 'standing',
  }));
  raiser.findings = report.findings.map((f) => f.id);
  for (const v of report.verifiers.slice(1)) v.findings = [];
  return report;
}

function renderAll(report: FinalReport): number {
  return (
    renderMarkdown(report).markdown.length +
    renderComment(report).body.length +
    renderCheckRun(report).requests.length +
    renderSummary(report).markdown.length
  );
}

function time(fn: () => unknown): number[] {
  for (let i = 0; i < sized(5, 1); i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < sized(30, 3); i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

export async function benchReport(): Promise<string[]> {
  const findings = sized(2000, 40);
  const report = bigReport(findings);
  const all = summarize(time(() => renderAll(report)));
  const each = (
    [
      ['markdown', () => renderMarkdown(report)],
      ['comment', () => renderComment(report)],
      ['check run', () => renderCheckRun(report)],
      ['summary', () => renderSummary(report)],
    ] as const
  ).map(([name, fn]) => `  ${name}: p50 ${fmt(summarize(time(fn)).p50)}`);
  const conformance = summarize(time(() => validateRun({ report })));
  const sizes = `markdown ${renderMarkdown(report).markdown.length.toLocaleString('en-US')} chars, comment ${renderComment(report).body.length.toLocaleString('en-US')}, ${renderCheckRun(report).annotations.length} annotations`;
  return [
    `render ${findings} findings to every format: p50 ${fmt(all.p50)}, p99 ${fmt(all.p99)}, mean ${fmt(all.mean)} (${verdict(all.p99, TARGET_MS)})`,
    ...each,
    `  sizes: ${sizes}`,
    `validateRun on the same report: p50 ${fmt(conformance.p50)}, p99 ${fmt(conformance.p99)}`,
  ];
}
