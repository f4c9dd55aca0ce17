import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePlan, PLAN_CODES, type ClarificationItem } from '../../src/core/plan/index.js';

const md = (...lines: string[]): string => `${lines.join('\n')}\n`;
const STAGES = ['## Stage Map', '', '### Stage 1: A', '', '- depends-on: none', '- validation: none'];
const items = (text: string): ClarificationItem[] => parsePlan(text, { path: 'plan.md' }).plan?.clarifications ?? [];
const fixture = (name: string): string => readFileSync(join(import.meta.dirname, '../fixtures/plans', name), 'utf8');

describe('clarification items', () => {
  it('reads a table by its Question / Answer / # headers; empty and TBD answers are null', () => {
    expect(items(fixture('clarifications-table.md'))).toEqual([
      {
        id: 'C1',
        question: 'Which database holds sessions?',
        answer: 'Postgres, table `sessions`',
        optional: false,
        position: { line: 7, column: 1 },
      },
      {
        id: 'C2',
        question: 'Do we keep the legacy endpoint?',
        answer: null,
        optional: false,
        position: { line: 8, column: 1 },
      },
      { id: 'C3', question: 'Rate limit per user?', answer: null, optional: false, position: { line: 9, column: 1 } },
    ]);
  });

  it('finds the columns by name in any order', () => {
    const text = md(
      '## Clarification Items',
      '',
      '| User answer | Open question | ID |',
      '|---|---|---|',
      '| yes | Keep it? | 7 |',
      '',
      ...STAGES,
    );
    expect(items(text)).toEqual([
      { id: '7', question: 'Keep it?', answer: 'yes', optional: false, position: { line: 5, column: 1 } },
    ]);
  });

  it('falls back to the first two columns when the headers say nothing', () => {
    const text = md(
      '## Clarification Items',
      '',
      '| Topic | Decision |',
      '|---|---|',
      '| Cache? | Redis |',
      '| Queue? | — |',
      '',
      ...STAGES,
    );
    expect(items(text).map((item) => [item.id, item.question, item.answer])).toEqual([
      [null, 'Cache?', 'Redis'],
      [null, 'Queue?', null],
    ]);
  });

  it('reads the list form: answer line, nested answer item, answer paragraph, or none', () => {
    expect(items(fixture('clarifications-list.md'))).toEqual([
      {
        id: '1',
        question: 'Which database holds sessions?',
        answer: 'Postgres',
        optional: false,
        position: { line: 5, column: 1 },
      },
      {
        id: '2',
        question: 'Do we keep the legacy endpoint?',
        answer: 'yes, until v3',
        optional: false,
        position: { line: 7, column: 1 },
      },
      {
        id: '3',
        question: 'Rate limit per user?',
        answer: '100 requests per minute',
        optional: false,
        position: { line: 9, column: 1 },
      },
      {
        id: '4',
        question: 'Should the cache be warmed on deploy?',
        answer: null,
        optional: false,
        position: { line: 12, column: 1 },
      },
    ]);
  });

  it('gives bullet items no id', () => {
    const text = md(
      '## Clarification Items',
      '',
      '- Which region?',
      '  **Answer:** eu-west-1',
      '- Which owner?',
      '',
      ...STAGES,
    );
    expect(items(text).map((item) => [item.id, item.question, item.answer])).toEqual([
      [null, 'Which region?', 'eu-west-1'],
      [null, 'Which owner?', null],
    ]);
  });

  it('is empty without a Clarification Items section, and ignores a second one with a warning', () => {
    expect(items(md(...STAGES))).toEqual([]);
    const result = parsePlan(md('## Clarification Items', '- A?', '## Clarification Items', '- B?', ...STAGES), {
      path: 'plan.md',
    });
    expect(result.plan?.clarifications.map((item) => item.question)).toEqual(['A?']);
    expect(result.warnings.map((w) => `${w.line}:${w.column} ${w.code}`)).toEqual([
      `3:1 ${PLAN_CODES.duplicateClarificationItems}`,
    ]);
  });
});
