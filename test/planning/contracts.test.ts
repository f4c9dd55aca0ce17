import { describe, expect, it } from 'vitest';
import {
  PLAN_CLOSE_MARKER,
  PLAN_OPEN_MARKER,
  parsePlanDraft,
  parsePlanReviewResult,
} from '../../src/core/contracts/index.js';

const PLAN = ['# Add login', '', '## Stage Map', '', '### Stage 1: Sessions', '', '- **Depends-on:** none'].join('\n');

function wrapped(plan: string): string {
  return `${PLAN_OPEN_MARKER}\n${plan}\n${PLAN_CLOSE_MARKER}`;
}

describe('parsePlanDraft', () => {
  it('returns the text between the markers with one trailing newline', () => {
    const parsed = parsePlanDraft(`Here is the plan.\n\n${wrapped(PLAN)}\n\nDone.`);
    expect(parsed).toEqual({ ok: true, markdown: `${PLAN}\n` });
  });

  it('keeps fenced blocks inside the plan as they are', () => {
    const plan = `${PLAN}\n- **Validation:**\n  \`\`\`sh\n  npm test\n  \`\`\`\n\n\n`;
    const parsed = parsePlanDraft(wrapped(plan));
    expect(parsed).toEqual({ ok: true, markdown: `${PLAN}\n- **Validation:**\n  \`\`\`sh\n  npm test\n  \`\`\`\n` });
  });

  it('takes the last complete pair when there are two', () => {
    const first = PLAN.replace('Sessions', 'First draft');
    const parsed = parsePlanDraft(`${wrapped(first)}\n\nOn second thought:\n\n${wrapped(PLAN)}\n`);
    expect(parsed).toEqual({ ok: true, markdown: `${PLAN}\n` });
  });

  it('ignores a trailing opening marker that is never closed and uses the last complete pair', () => {
    const parsed = parsePlanDraft(`${wrapped(PLAN)}\n${PLAN_OPEN_MARKER}\nunfinished`);
    expect(parsed).toEqual({ ok: true, markdown: `${PLAN}\n` });
  });

  it('normalises CRLF to LF and strips nothing else', () => {
    const crlf = `  intro\r\n${PLAN_OPEN_MARKER}\r\n\r\n${PLAN.replace(/\n/g, '\r\n')}  \r\n${PLAN_CLOSE_MARKER}\r\n`;
    const parsed = parsePlanDraft(crlf);
    expect(parsed).toEqual({ ok: true, markdown: `\n${PLAN}  \n` });
  });

  it('says what to do when the markers are missing', () => {
    const parsed = parsePlanDraft(`\`\`\`markdown\n${PLAN}\n\`\`\``);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problem).toContain('no plan markers');
    expect(parsed.problem).toContain(
      `put the whole plan file between a line \`${PLAN_OPEN_MARKER}\` and a line \`${PLAN_CLOSE_MARKER}\``,
    );
  });

  it('names an opening marker that is never closed', () => {
    const parsed = parsePlanDraft(`${PLAN_OPEN_MARKER}\n${PLAN}`);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toMatch(/never closed/);
  });

  it('names a closing marker with no opening one before it', () => {
    const parsed = parsePlanDraft(`${PLAN}\n${PLAN_CLOSE_MARKER}\n${PLAN_OPEN_MARKER}`);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toMatch(/line 8\) with no `<<<OKSTRA-PLAN` line before it/);
  });

  it('does not take a marker that shares its line with other text', () => {
    const parsed = parsePlanDraft(`I will write ${PLAN_OPEN_MARKER}\n${PLAN}\nthen ${PLAN_CLOSE_MARKER}`);
    expect(parsed.ok).toBe(false);
  });

  it('refuses an empty plan between the markers', () => {
    const parsed = parsePlanDraft(`${PLAN_OPEN_MARKER}\n  \n\n${PLAN_CLOSE_MARKER}`);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problem).toMatch(/is empty/);
  });
});

function reviewMessage(json: unknown): string {
  return `I read the plan.\n\n### Plan Review Result\n\`\`\`json\n${JSON.stringify(json, null, 2)}\n\`\`\`\n`;
}

const blocking = {
  severity: 'blocking',
  category: 'validation-cannot-fail',
  stage: 2,
  title: 'Validation always passes',
  detail: '`echo ok` cannot fail; run the tests the stage adds.',
};
const advisory = { ...blocking, severity: 'advisory', category: 'other', stage: null, title: 'Name the module' };

describe('parsePlanReviewResult', () => {
  it('reads an approve with advisory findings', () => {
    const parsed = parsePlanReviewResult(reviewMessage({ verdict: 'approve', summary: 'Fine.', findings: [advisory] }));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.result.verdict).toBe('approve');
    expect(parsed.result.findings).toEqual([advisory]);
    expect(JSON.parse(parsed.json)).toEqual({ verdict: 'approve', summary: 'Fine.', findings: [advisory] });
  });

  it('reads a revise with a blocking finding', () => {
    const parsed = parsePlanReviewResult(reviewMessage({ verdict: 'revise', summary: 'No.', findings: [blocking] }));
    expect(parsed.ok && parsed.result.findings[0]?.stage).toBe(2);
  });

  it('refuses revise without a blocking finding', () => {
    const parsed = parsePlanReviewResult(reviewMessage({ verdict: 'revise', summary: 'Hm.', findings: [advisory] }));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(/asks to revise but raises no blocking finding/);
  });

  it('refuses approve with a blocking finding', () => {
    const parsed = parsePlanReviewResult(reviewMessage({ verdict: 'approve', summary: '', findings: [blocking] }));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(/approves but raises 1 blocking finding: answer "revise"/);
  });

  it('locates bad JSON', () => {
    const text = '### Plan Review Result\n```json\n{ "verdict": "approve", }\n```';
    const parsed = parsePlanReviewResult(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(/invalid JSON in the "### Plan Review Result" block at line 1:/);
  });

  it('refuses a missing heading', () => {
    const parsed = parsePlanReviewResult('```json\n{}\n```');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toContain('no "### Plan Review Result" heading');
  });

  it('names every schema problem: unknown keys, unknown category, over-long title, too many findings', () => {
    const parsed = parsePlanReviewResult(
      reviewMessage({
        verdict: 'revise',
        summary: 'x',
        extra: true,
        findings: [{ ...blocking, category: 'typo', title: 'x'.repeat(201) }],
      }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.reason).toContain('plan review result schema');
    expect(parsed.reason).toContain('/findings/0/category');
    expect(parsed.reason).toContain('/findings/0/title');
    expect(parsed.reason).toMatch(/extra/);

    const many = parsePlanReviewResult(
      reviewMessage({ verdict: 'revise', summary: 'x', findings: Array.from({ length: 51 }, () => blocking) }),
    );
    expect(many.ok).toBe(false);
    if (!many.ok) expect(many.reason).toContain('/findings');
  });

  it('refuses a blank title, a stage 0 and a missing summary', () => {
    const parsed = parsePlanReviewResult(
      reviewMessage({ verdict: 'revise', findings: [{ ...blocking, title: '  ', stage: 0 }] }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.reason).toContain('missing property "summary"');
    expect(parsed.reason).toContain('/findings/0/stage');
    expect(parsed.reason).toContain('/findings/0/title');
  });
});
