import { describe, expect, it } from 'vitest';
import {
  ANNOTATIONS_PER_REQUEST,
  CHECK_OUTPUT_LIMIT,
  annotationPath,
  batchAnnotations,
  findingAnnotations,
  renderCheckRun,
  type Finding,
} from '../../src/core/report/index.js';
import { checkRunName } from '../../src/core/commands/index.js';
import { failReport, manyFindingsReport, passReport } from '../fixtures/reports/build.js';
import { leaks, makeHostile } from '../fixtures/reports/hostile.js';

function finding(over: Partial<Finding>): Finding {
  return {
    id: 'F1',
    severity: 'minor',
    title: 't',
    detail: 'd',
    file: 'src/a.ts',
    line: 3,
    endLine: null,
    raisedBy: 'Claude worker',
    confirmedBy: [],
    refutedBy: [],
    disposition: 'standing',
    ...over,
  };
}

describe('renderCheckRun', () => {
  it('names the check by plan and stage and fails anything but a passed run', () => {
    expect(renderCheckRun(passReport())).toMatchObject({ name: checkRunName('rate-limits', 2), conclusion: 'success' });
    expect(renderCheckRun(failReport()).conclusion).toBe('failure');
    const errored = passReport();
    errored.verdict = { value: 'FAIL', runStatus: 'error', reasons: ['runner lost'] };
    expect(renderCheckRun(errored).conclusion).toBe('failure');
  });

  it('titles with the verdict and the counts', () => {
    expect(renderCheckRun(failReport()).title).toBe('FAIL — 1 blocking, 0 major, 1 minor, 0 info · QA 2/2');
    const cv = failReport();
    cv.verdict.runStatus = 'contract-violated';
    expect(renderCheckRun(cv).title.startsWith('FAIL (contract-violated) — ')).toBe(true);
  });

  it('keeps summary and text of a 2,000-finding report within 65,535 characters each', () => {
    const out = renderCheckRun(manyFindingsReport(2000));
    expect(out.summary.length).toBeLessThanOrEqual(CHECK_OUTPUT_LIMIT);
    expect(out.text.length).toBeLessThanOrEqual(CHECK_OUTPUT_LIMIT);
    expect(out.summary).toContain('Shortened to fit');
    expect(out.cuts.text.map((c) => c.id)).toContain('findings-minor');
    for (const r of out.requests) {
      expect(r.output.summary.length).toBeLessThanOrEqual(CHECK_OUTPUT_LIMIT);
      expect(r.output.annotations.length).toBeLessThanOrEqual(ANNOTATIONS_PER_REQUEST);
    }
  });

  it('batches annotations 50 per request, text only on the first, title and summary on each', () => {
    const out = renderCheckRun(manyFindingsReport(2000));
    // 2,000 findings, every tenth refuted: 1,800 annotations.
    expect(out.annotations).toHaveLength(1800);
    expect(out.requests).toHaveLength(36);
    expect(out.requests.map((r) => r.output.annotations.length)).toEqual(Array(36).fill(50));
    expect(out.requests[0]?.output.text).toBe(out.text);
    expect(out.requests[1]?.output.text).toBeUndefined();
    expect(out.requests.every((r) => r.output.title === out.title && r.output.summary === out.summary)).toBe(true);
    expect(out.requests.flatMap((r) => r.output.annotations)).toEqual(out.annotations);
  });

  it('sends one request without annotations when no finding has a location', () => {
    const r = passReport();
    r.findings = [];
    const out = renderCheckRun(r);
    expect(out.requests).toEqual([
      { output: { title: out.title, summary: out.summary, text: out.text, annotations: [] } },
    ]);
  });

  it('defuses agent text in summary, text and annotations', () => {
    const out = renderCheckRun(makeHostile(failReport()));
    expect(leaks(out.summary)).toEqual([]);
    expect(leaks(out.text)).toEqual([]);
    const messages = out.annotations.map((a) => `${a.title}\n${a.message}`).join('\n');
    expect(messages).toContain('[REDACTED:github-token]');
    expect(messages).not.toContain('ghp_F4k3');
  });
});

describe('findingAnnotations', () => {
  it('maps severity to level and keeps the line range', () => {
    const list = findingAnnotations([
      finding({ id: 'B', severity: 'blocking', line: 10, endLine: 12 }),
      finding({ id: 'M', severity: 'major' }),
      finding({ id: 'm', severity: 'minor' }),
      finding({ id: 'i', severity: 'info' }),
    ]);
    expect(list.map((a) => [a.annotation_level, a.start_line, a.end_line])).toEqual([
      ['failure', 10, 12],
      ['warning', 3, 3],
      ['notice', 3, 3],
      ['notice', 3, 3],
    ]);
    expect(list[0]?.title).toBe('[blocking] B: t');
  });

  it('skips refuted findings and findings without file or line', () => {
    const list = findingAnnotations([
      finding({ id: 'R', disposition: 'refuted', refutedBy: ['Gemini worker'] }),
      finding({ id: 'N', file: null, line: null }),
      finding({ id: 'L', line: null }),
      finding({ id: 'K' }),
    ]);
    expect(list.map((a) => a.title)).toEqual(['[minor] K: t']);
  });

  it('writes paths relative to the repository root', () => {
    expect(annotationPath('./src/a.ts')).toBe('src/a.ts');
    expect(annotationPath('src\\win\\a.ts')).toBe('src/win/a.ts');
    expect(annotationPath('/abs/a.ts')).toBeNull();
    expect(findingAnnotations([finding({ file: './src/a.ts' })])[0]?.path).toBe('src/a.ts');
  });

  it('clips titles to 255 characters', () => {
    const [a] = findingAnnotations([finding({ title: 'x'.repeat(1000) })]);
    expect(a?.title.length).toBe(255);
  });
});

describe('batchAnnotations', () => {
  it('splits into groups of 50 keeping order', () => {
    const items = Array.from({ length: 120 }, (_, i) => i);
    const batches = batchAnnotations(items);
    expect(batches.map((b) => b.length)).toEqual([50, 50, 20]);
    expect(batches.flat()).toEqual(items);
    expect(batchAnnotations([])).toEqual([]);
  });
});
