import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePlan, type Stage } from '../../src/core/plan/index.js';

const md = (...lines: string[]): string => `${lines.join('\n')}\n`;
const fixture = (name: string): string => readFileSync(join(import.meta.dirname, '../fixtures/plans', name), 'utf8');
const stagesOf = (text: string): Stage[] => parsePlan(text, { path: 'plan.md' }).plan?.stages ?? [];

describe('stage headings', () => {
  it.each([
    ['### Stage 1: Schema', 1, 'Schema'],
    ['### Stage 2 — API', 2, 'API'],
    ['### Stage 3 – UI', 3, 'UI'],
    ['### Stage 4 - Docs', 4, 'Docs'],
    ['### Stage 5. Release', 5, 'Release'],
    ['### stage 6: lower case', 6, 'lower case'],
    ['### Stage 7: Closing hashes ###', 7, 'Closing hashes'],
    ['### Stage 8: Add `users.email`', 8, 'Add `users.email`'],
    ['### Stage 9: Schéma — 数据库', 9, 'Schéma — 数据库'],
  ])('%s', (heading, number, title) => {
    const [stage] = stagesOf(md('## Stage Map', '', heading, '', '- depends-on: none'));
    expect([stage?.number, stage?.title]).toEqual([number, title]);
  });

  it('opens the Stage Map with any level-2 heading containing "Stage Map"', () => {
    expect(stagesOf(md('## 5.5 Stage Map', '### Stage 1: A', 'Body.')).map((s) => s.number)).toEqual([1]);
  });

  it('ends the Stage Map at the next heading of level 1 or 2', () => {
    const text = md('## Stage Map', '### Stage 1: A', 'Body.', '## Appendix', '### Stage 2: Not in the map', 'Body.');
    const result = parsePlan(text, { path: 'plan.md' });
    expect(result.plan?.stages.map((s) => s.number)).toEqual([1]);
    expect(result.plan?.stages[0]?.section).toBe('### Stage 1: A\nBody.');
  });

  it('ends a stage at a level-3 heading that is not a stage; its content belongs to no stage', () => {
    const [one, two] = stagesOf(
      md(
        '## Stage Map',
        '### Stage 1: A',
        '',
        'Body A.',
        '',
        '### Risks',
        '',
        'Not part of stage 1.',
        '',
        '### Stage 2: B',
        '',
        'Body B.',
      ),
    );
    expect(one?.body).toBe('Body A.');
    expect(one?.section).toBe('### Stage 1: A\n\nBody A.');
    expect(two?.body).toBe('Body B.');
  });

  it('keeps level-4 headings in the body', () => {
    const [stage] = stagesOf(md('## Stage Map', '### Stage 1: A', '#### Steps', '1. Do it.'));
    expect(stage?.body).toBe('#### Steps\n1. Do it.');
  });

  it('ignores stage headings in code fences, block quotes, HTML comments, indented code and list items', () => {
    const [one, two, ...rest] = stagesOf(fixture('hidden-stages.md'));
    expect([one?.number, two?.number, rest.length]).toEqual([1, 2, 0]);
    for (const hidden of ['Stage 9', 'Stage 10', 'Stage 11', 'Stage 12', 'Stage 13', 'Stage 14', 'Stage 15']) {
      expect(one?.body).toContain(`### ${hidden}:`);
    }
    expect(two?.position).toEqual({ line: 32, column: 1 });
  });

  it('does not end a stage inside a fence that spans a would-be heading', () => {
    const [stage, next] = stagesOf(
      md(
        '## Stage Map',
        '### Stage 1: A',
        '',
        '````',
        '### Stage 2: fenced',
        '```',
        '### Stage 3: still fenced',
        '````',
        '',
        '### Stage 4: B',
        'Body.',
      ),
    );
    expect(stage?.body).toBe('````\n### Stage 2: fenced\n```\n### Stage 3: still fenced\n````');
    expect(next?.number).toBe(4);
  });
});

describe('body and section', () => {
  it('slices the original text: body without heading and field list, section with both', () => {
    const text = md(
      '## Stage Map',
      '',
      '### Stage 1: A',
      '',
      'Why this stage exists.',
      '',
      '- **Depends-on:** none',
      '- **Files:** `a.ts`',
      '',
      'Steps:',
      '',
      '1. *Edit* `a.ts`',
      '',
      '',
    );
    const [stage] = stagesOf(text);
    expect(stage?.body).toBe('Why this stage exists.\n\nSteps:\n\n1. *Edit* `a.ts`');
    expect(stage?.section).toBe(
      '### Stage 1: A\n\nWhy this stage exists.\n\n- **Depends-on:** none\n- **Files:** `a.ts`\n\nSteps:\n\n1. *Edit* `a.ts`',
    );
    expect(stage?.position).toEqual({ line: 3, column: 1 });
  });

  it('takes the first bullet list whose first item is key: value as the field list', () => {
    const [stage] = stagesOf(
      md(
        '## Stage Map',
        '### Stage 1: A',
        '',
        '- a step',
        '- another',
        '',
        'Then:',
        '',
        '- depends-on: none',
        '- files: x.ts',
        '',
        'Later:',
        '',
        '- Files: a later list stays in the body',
      ),
    );
    expect(stage?.files).toEqual(['x.ts']);
    expect(stage?.body).toBe('- a step\n- another\n\nThen:\n\nLater:\n\n- Files: a later list stays in the body');
  });

  it('does not take a list of unrelated `key: value` items for the field list', () => {
    const [stage] = stagesOf(
      md('## Stage Map', '### Stage 1: A', '', '- Note: run the migration first', '- Owner: db team'),
    );
    expect(stage?.extraFields).toEqual({});
    expect(stage?.body).toBe('- Note: run the migration first\n- Owner: db team');
  });

  it('accepts a stage with a body and no fields', () => {
    const result = parsePlan(md('## Stage Map', '### Stage 1: A', 'Just prose.'), { path: 'plan.md' });
    expect(result.errors).toEqual([]);
    expect(result.plan?.stages[0]).toMatchObject({
      dependsOn: [],
      files: [],
      validation: [],
      exitContract: null,
      rollback: null,
      body: 'Just prose.',
    });
  });
});
