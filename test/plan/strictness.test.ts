import { describe, expect, it } from 'vitest';
import {
  parsePlan,
  PLAN_CODES,
  unansweredClarifications,
  type Plan,
  type PlanParseResult,
} from '../../src/core/plan/index.js';

const md = (...lines: string[]): string => `${lines.join('\n')}\n`;
const parse = (text: string, lenient = false): PlanParseResult => parsePlan(text, { path: 'plans/demo.md', lenient });
/** Every diagnostic as `severity line:col code message`, in file order. */
const all = (result: PlanParseResult): string[] =>
  [...result.errors, ...result.warnings]
    .sort((a, b) => a.line - b.line || a.column - b.column)
    .map((d) => `${d.severity} ${d.line}:${d.column} ${d.code} ${d.message}`);

const STAGE_1 = ['## Stage Map', '', '### Stage 1: Schema', '', '- depends-on: none', '- validation: `npm test`', ''];

describe('unknown field keys', () => {
  const dependOn = md(...STAGE_1, '### Stage 2: API', '', '- **Depend on:** 1', '- validation: `npm test -- api`');

  it('are errors at the key, with a did-you-mean in the author’s spelling', () => {
    const result = parse(dependOn);
    expect(all(result)).toEqual([
      'error 10:5 plan/unknown-field unknown field `Depend on` in stage 2; did you mean `Depends on`?',
    ]);
    expect(result.errors[0]?.path).toBe('plans/demo.md');
    expect(result.errors[0]?.hint).toContain('known fields: `depends-on`');
    // The misspelt dependency is not read, which is why this must not pass silently.
    expect(result.plan?.stages[1]?.dependsOn).toEqual([]);
  });

  it('are warnings kept in extraFields when parsing leniently (the older behaviour)', () => {
    const result = parse(dependOn, true);
    expect(result.errors).toEqual([]);
    expect(all(result)).toEqual([
      'warning 10:5 plan/unknown-field unknown field `Depend on` in stage 2; did you mean `Depends on`?',
    ]);
    expect(result.warnings[0]?.hint).toContain('kept as an extra field');
    expect(result.plan?.stages[1]?.extraFields).toEqual({ 'Depend on': '1' });
  });

  it.each([
    ['- Dependson: 1', 'Dependson', 'Depends on', 3],
    ['- File: a.ts', 'File', 'Files', 3],
    ['- **Exit contact:** done', 'Exit contact', 'Exit contract', 5],
    ['- Validations: `npm test`', 'Validations', 'Validation', 3],
    ['- depend_on: 1', 'depend_on', 'depends_on', 3],
    ['- ROLBACK: revert', 'ROLBACK', 'ROLLBACK', 3],
    ['- **Exit-contrat**: done', 'Exit-contrat', 'Exit-contract', 5],
  ])('%s suggests the known field', (line, key, suggestion, column) => {
    const result = parse(md(...STAGE_1, '### Stage 2: API', '', '- depends-on: 1', line, '- validation: `x`'));
    expect(all(result)).toEqual([
      `error 11:${column} plan/unknown-field unknown field \`${key}\` in stage 2; did you mean \`${suggestion}\`?`,
    ]);
  });

  it('are errors without a suggestion when no known field is close', () => {
    const result = parse(md(...STAGE_1, '### Stage 2: API', '', '- depends-on: 1', '- Owner: platform team'));
    const unknown = result.errors.filter((d) => d.code === PLAN_CODES.unknownField);
    expect(unknown.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual(['11:3 unknown field `Owner` in stage 2']);
    expect(unknown[0]?.message).not.toContain('did you mean');
    expect(unknown[0]?.hint).toContain('move it below the field list');
  });

  it('are found on the micromark path too (a field list the line reader hands over)', () => {
    // The tab in the value sends the list to micromark; the result must be the same.
    const result = parse(md(...STAGE_1, '### Stage 2: API', '', '- depends-on: 1', '- Fils:\ta.ts', '- validation: x'));
    expect(all(result)).toEqual([
      'error 11:3 plan/unknown-field unknown field `Fils` in stage 2; did you mean `Files`?',
    ]);
  });

  it('leave prose in a stage body alone: lists after the field list, and lists with no field-like key', () => {
    const result = parse(
      md(
        ...STAGE_1,
        '### Stage 2: API',
        '',
        '- depends-on: 1',
        '- validation: `npm test`',
        '',
        'Steps:',
        '',
        '- Note: run the migration first',
        '- Owner: platform team',
        '',
        '### Stage 3: Docs',
        '',
        '- Note: the docs live in docs/',
        '- Audience: operators',
        '',
        'Fields:',
        '',
        '- depends-on: 2',
        '- validation: none',
      ),
    );
    expect(all(result)).toEqual([]);
    expect(result.plan?.stages[1]?.body).toContain('- Note: run the migration first');
    expect(result.plan?.stages[2]?.dependsOn).toEqual([2]);
  });
});

describe('stage headings of the wrong level', () => {
  it('reports a `## Stage 2` that closed the Stage Map, at its line and column', () => {
    const result = parse(md(...STAGE_1, '## Stage 2: API', '', '- depends-on: 1', '- validation: `x`'));
    expect(all(result)).toEqual([
      'error 8:1 plan/stage-heading-wrong-level `## Stage 2` is a level-2 heading; stages in this Stage Map are level-3 headings (`### Stage 2`)',
    ]);
    expect(result.errors[0]?.hint).toBe(
      'a level-2 heading ends the Stage Map, so this stage is not in the plan; write it as `### Stage 2: API`',
    );
    expect(result.plan?.stages.map((s) => s.number)).toEqual([1]);
  });

  it('reports a `#### Stage 2` inside a stage, which would only be body text', () => {
    const result = parse(md(...STAGE_1, '#### Stage 2: API', '', '- depends-on: 1'));
    expect(all(result)).toEqual([
      'error 8:1 plan/stage-heading-wrong-level `#### Stage 2` is a level-4 heading; stages in this Stage Map are level-3 headings (`### Stage 2`)',
    ]);
    expect(result.errors[0]?.hint).toContain('write it as `### Stage 2: API`');
  });

  it('reports every misplaced stage, at levels 1 to 6, including one with no title', () => {
    const result = parse(
      md(...STAGE_1, '##### Stage 5', '', '## Stage 2: B', '', 'text', '', '# Stage 3 — C', '', '## Stage 4.', ''),
    );
    expect(result.errors.map((d) => `${d.line}:${d.column} ${d.message.split(';')[0]}`)).toEqual([
      '8:1 `##### Stage 5` is a level-5 heading',
      '10:1 `## Stage 2` is a level-2 heading',
      '14:1 `# Stage 3` is a level-1 heading',
      '16:1 `## Stage 4` is a level-2 heading',
    ]);
  });

  it('leaves headings that only mention a stage, and stage headings in code or lists, alone', () => {
    const result = parse(
      md(
        ...STAGE_1,
        '#### Stage 1 recap',
        '',
        '#### Staged rollout',
        '',
        '```md',
        '#### Stage 2: inside a fence',
        '```',
        '',
        '- a list item',
        '  #### Stage 3: inside a list item',
        '',
        '## Risks',
      ),
    );
    expect(all(result)).toEqual([]);
  });

  it('are warnings when parsing leniently', () => {
    const result = parse(md(...STAGE_1, '#### Stage 2: API', '', '## Stage 3: UI'), true);
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual([
      `8:1 ${PLAN_CODES.stageHeadingWrongLevel}`,
      `10:1 ${PLAN_CODES.stageHeadingWrongLevel}`,
    ]);
  });
});

describe('a stage without validation', () => {
  it('is a warning at the stage heading with a hint to add a Validation field', () => {
    const result = parse(md(...STAGE_1, '### Stage 2: API', '', '- depends-on: 1', '- files: src/api.ts'));
    expect(result.errors).toEqual([]);
    expect(all(result)).toEqual([
      "warning 8:1 plan/stage-without-validation stage 2 has no validation command, so only the repository's `qaCommands` (if any) check its work",
    ]);
    expect(result.warnings[0]?.hint).toContain('`- **Validation:** npm test`');
  });

  it('is a warning for a stage with only a body, and for an empty validation field', () => {
    const result = parse(
      md(...STAGE_1, '### Stage 2: Body only', '', 'Just do it.', '', '### Stage 3: C', '- validation:'),
    );
    expect(result.warnings.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual([
      `8:1 ${PLAN_CODES.stageWithoutValidation}`,
      `12:1 ${PLAN_CODES.stageWithoutValidation}`,
    ]);
  });

  it('is silent when the author wrote `validation: none` on purpose', () => {
    const result = parse(md(...STAGE_1, '### Stage 2: Docs', '', '- depends-on: 1', '- **Validation:** none'));
    expect(all(result)).toEqual([]);
  });
});

describe('optional clarification items', () => {
  const STAGES = ['## Stage Map', '', '### Stage 1: A', '', '- depends-on: none', '- validation: none'];
  const plan = (...section: string[]): Plan => {
    const result = parse(md('## Clarification Items', '', ...section, '', ...STAGES));
    expect(result.errors).toEqual([]);
    return result.plan as Plan;
  };
  const flags = (p: Plan): Array<[string | null, boolean, string | null]> =>
    p.clarifications.map((item) => [item.id, item.optional, item.answer]);

  it('are marked `(optional)` in the question or the id, in any case', () => {
    const p = plan(
      '| # | Question | Answer |',
      '| --- | --- | --- |',
      '| C1 | Which database? | |',
      '| C2 | Dark mode too? (Optional) | |',
      '| C3 (optional) | Which logo? | |',
      '| C4 | Rate limit? (OPTIONAL) | 100/min |',
    );
    expect(flags(p)).toEqual([
      ['C1', false, null],
      ['C2', true, null],
      ['C3 (optional)', true, null],
      ['C4', true, '100/min'],
    ]);
    expect(unansweredClarifications(p).map((item) => item.id)).toEqual(['C1']);
  });

  it('are marked in the list form', () => {
    const p = plan('1. Which database?', '2. (optional) Dark mode too?', '3. Which region?', '   Answer: eu-west-1');
    expect(flags(p)).toEqual([
      ['1', false, null],
      ['2', true, null],
      ['3', false, 'eu-west-1'],
    ]);
    expect(unansweredClarifications(p).map((item) => item.id)).toEqual(['1']);
  });

  it('follow an `Optional` column that says yes', () => {
    const p = plan(
      '| ID | Question | Optional | Answer |',
      '| --- | --- | --- | --- |',
      '| 1 | Which database? | no | |',
      '| 2 | Dark mode? | Yes | |',
      '| 3 | Which logo? | | |',
      '| 4 | Which font? | **y** | |',
    );
    expect(flags(p)).toEqual([
      ['1', false, null],
      ['2', true, null],
      ['3', false, null],
      ['4', true, null],
    ]);
    expect(p.clarifications[1]?.question).toBe('Dark mode?');
    expect(unansweredClarifications(p).map((item) => item.id)).toEqual(['1', '3']);
  });

  it('follow a `Required` column that says no, and never take it for the answer column', () => {
    const p = plan(
      '| Question | Required | Answer |',
      '| --- | --- | --- |',
      '| Which database? | yes | Postgres |',
      '| Dark mode? | No | |',
      '| Which logo? | | |',
    );
    expect(flags(p)).toEqual([
      [null, false, 'Postgres'],
      [null, true, null],
      [null, false, null],
    ]);
    expect(unansweredClarifications(p).map((item) => item.question)).toEqual(['Which logo?']);
  });

  it('leave a plan with every required item answered with nothing unanswered', () => {
    expect(unansweredClarifications(plan('- Which region?', '  Answer: eu-west-1', '- Dark mode? (optional)'))).toEqual(
      [],
    );
    expect(unansweredClarifications(plan('Nothing to clarify.'))).toEqual([]);
  });
});
