import { describe, expect, it } from 'vitest';
import { formatPlanResult, parsePlan, PLAN_CODES, type PlanParseResult } from '../../src/core/plan/index.js';

const md = (...lines: string[]): string => `${lines.join('\n')}\n`;
const parse = (text: string, path = 'plans/demo.md'): PlanParseResult => parsePlan(text, { path });

/** The only diagnostic with `code`, checked for position and wording. */
function expectOne(result: PlanParseResult, code: string, at: string, message: string): void {
  const found = [...result.errors, ...result.warnings].filter((d) => d.code === code);
  expect(found.map((d) => `${d.line}:${d.column}`)).toEqual([at]);
  expect(found[0]?.message).toContain(message);
  expect(found[0]?.hint).toBeTruthy();
  expect(found[0]?.path).toBe('plans/demo.md');
}

const STAGE_MAP = ['## Stage Map', ''];

describe('stage map diagnostics', () => {
  it('reports a missing Stage Map at 1:1 with a hint', () => {
    const result = parse(md('# Plan', '', '## Steps', '', '### Stage 1: A', '', '- depends-on: none'));
    expectOne(result, PLAN_CODES.missingStageMap, '1:1', 'no Stage Map section');
    expect(result.errors[0]?.hint).toContain('## Stage Map');
    expect(result.plan?.stages).toEqual([]);
  });

  it('points at a Stage Map heading of the wrong level', () => {
    const result = parse(md('# Plan', '', '### Stage Map', '', '### Stage 1: A'));
    expectOne(result, PLAN_CODES.missingStageMap, '3:1', 'is a level-3 heading');
  });

  it('reports a second Stage Map and where the first is', () => {
    const result = parse(
      md(
        ...STAGE_MAP,
        '### Stage 1: A',
        '- depends-on: none',
        '',
        '## Stage Map (again)',
        '',
        '### Stage 2: B',
        '- depends-on: 1',
      ),
    );
    expectOne(result, PLAN_CODES.duplicateStageMap, '6:1', 'the first is at line 1');
    expect(result.plan?.stages.map((s) => s.number)).toEqual([1]);
  });

  it('reports a Stage Map without stages', () => {
    expectOne(parse(md('# Plan', '', '## Stage Map', '', 'Nothing yet.')), PLAN_CODES.noStages, '3:1', 'has no stages');
  });
});

describe('stage heading diagnostics', () => {
  it.each([
    ['### Stage 2.5: Half', PLAN_CODES.stageNumberNotInteger, '3:11', 'stage number "2.5" is not a whole number'],
    ['### Stage 0: Zero', PLAN_CODES.stageNumberNotPositive, '3:11', 'stage number 0 is not positive'],
    ['### Stage -1 - Negative', PLAN_CODES.stageNumberNotPositive, '3:11', 'stage number -1 is not positive'],
    ['### Stage two: Word', PLAN_CODES.stageNumberNotANumber, '3:11', 'stage number "two" is not a number'],
    ['### Stage: Nothing', PLAN_CODES.stageHeadingInvalid, '3:10', 'has no stage number'],
  ])('%s is not a stage', (heading, code, at, message) => {
    const result = parse(
      md(...STAGE_MAP, heading, '', '- depends-on: none', '', '### Stage 1: Real', '', '- depends-on: none'),
    );
    expectOne(result, code, at, message);
    expect(result.plan?.stages.map((s) => s.number)).toEqual([1]);
  });

  it('reports a stage without a title but keeps the stage', () => {
    const result = parse(md(...STAGE_MAP, '### Stage 3:', '', '- depends-on: none'));
    expectOne(result, PLAN_CODES.stageTitleMissing, '3:12', 'stage 3 has no title');
    expect(result.plan?.stages.map((s) => [s.number, s.title])).toEqual([[3, '']]);
  });

  it('reports a missing separator between number and title', () => {
    const result = parse(md(...STAGE_MAP, '### Stage 3 Schema', '', '- depends-on: none'));
    expectOne(result, PLAN_CODES.stageHeadingInvalid, '3:12', 'no separator');
    expect(result.plan?.stages[0]?.title).toBe('Schema');
  });

  it('reports a duplicate stage number and where the first one is', () => {
    const result = parse(
      md(...STAGE_MAP, '### Stage 1: A', '', '- depends-on: none', '', '### Stage 1: B', '', '- depends-on: none'),
    );
    expectOne(result, PLAN_CODES.duplicateStage, '7:1', 'stage 1 is defined twice (first at line 3)');
    expect(result.plan?.stages.map((s) => s.title)).toEqual(['A']);
  });

  it('reports an empty stage', () => {
    const result = parse(md(...STAGE_MAP, '### Stage 1: Empty', '', '### Stage 2: Full', '', '- depends-on: 1'));
    expectOne(result, PLAN_CODES.emptyStage, '3:1', 'stage 1 is empty');
  });

  it('warns about a stage heading outside the Stage Map', () => {
    const result = parse(
      md('## Background', '', '### Stage 7: Old', '', ...STAGE_MAP, '### Stage 1: A', '', '- depends-on: none'),
    );
    expectOne(result, PLAN_CODES.stageOutsideStageMap, '3:1', 'stage 7 is outside the Stage Map');
    expect(result.errors).toEqual([]);
  });
});

describe('field diagnostics', () => {
  it('reports an unknown field at its key with a did-you-mean, and keeps its value', () => {
    const text = md(...STAGE_MAP, '### Stage 1: A', '', '- depends-on: none', '- **Exit contrat:** done');
    const result = parse(text);
    expectOne(
      result,
      PLAN_CODES.unknownField,
      '6:5',
      'unknown field `Exit contrat` in stage 1; did you mean `Exit contract`?',
    );
    expect(result.errors.map((d) => d.code)).toEqual([PLAN_CODES.unknownField]);
    expect(result.plan?.stages[0]?.extraFields).toEqual({ 'Exit contrat': 'done' });
    const lenient = parsePlan(text, { path: 'plans/demo.md', lenient: true });
    expect(lenient.errors).toEqual([]);
    expect(lenient.warnings.filter((d) => d.code === PLAN_CODES.unknownField).map((d) => d.hint)).toEqual([
      expect.stringContaining('it is kept as an extra field'),
    ]);
    expect(lenient.plan?.stages[0]?.extraFields).toEqual({ 'Exit contrat': 'done' });
  });

  it('warns about an item of the field list that is not key: value', () => {
    const result = parse(md(...STAGE_MAP, '### Stage 1: A', '', '- depends-on: none', '- remember the migration'));
    expectOne(result, PLAN_CODES.fieldNotKeyValue, '6:1', 'not a `key: value` field');
  });

  it('reports a field given twice', () => {
    const result = parse(md(...STAGE_MAP, '### Stage 1: A', '', '- files: a.ts', '- Files: b.ts'));
    expectOne(result, PLAN_CODES.duplicateField, '6:1', 'field "Files" is given twice (first on line 5)');
    expect(result.plan?.stages[0]?.files).toEqual(['a.ts']);
  });

  it('reports each bad depends-on entry at its own column', () => {
    const result = parse(
      md(
        ...STAGE_MAP,
        '### Stage 1: A',
        '',
        '- depends-on: none',
        '',
        '### Stage 2: B',
        '',
        '- **Depends-on:** 1, foo, 1.5',
      ),
    );
    const found = result.errors.filter((d) => d.code === PLAN_CODES.invalidDependency);
    expect(found.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      '9:22 stage 2: "foo" in depends-on is not a stage number',
      '9:27 stage 2: "1.5" in depends-on is not a stage number',
    ]);
    expect(result.plan?.stages[1]?.dependsOn).toEqual([1]);
  });

  it('warns about a dependency listed twice', () => {
    const result = parse(
      md(...STAGE_MAP, '### Stage 1: A', '- depends-on: none', '### Stage 2: B', '- depends-on: 1, Stage 1'),
    );
    expectOne(result, PLAN_CODES.duplicateDependency, '6:18', 'depends on stage 1 more than once');
  });
});

describe('dependency graph diagnostics', () => {
  it('reports a dependency on an unknown stage at the entry', () => {
    const result = parse(
      md(...STAGE_MAP, '### Stage 1: A', '- depends-on: none', '### Stage 2: B', '- depends-on: 1, 7'),
    );
    expectOne(
      result,
      PLAN_CODES.unknownDependency,
      '6:18',
      'stage 2 depends on stage 7, which is not in the Stage Map',
    );
    expect(result.errors[0]?.hint).toContain('1, 2');
  });

  it('reports a self-dependency', () => {
    const result = parse(md(...STAGE_MAP, '### Stage 1: A', '- depends-on: 1'));
    expectOne(result, PLAN_CODES.selfDependency, '4:15', 'stage 1 depends on itself');
    expect(result.errors.map((d) => d.code)).toEqual([PLAN_CODES.selfDependency]);
  });

  it('prints a cycle as a path starting at its smallest stage, once', () => {
    const result = parse(
      md(
        ...STAGE_MAP,
        '### Stage 1: Root',
        '- depends-on: none',
        '### Stage 2: A',
        '- depends-on: 1, 4',
        '### Stage 3: B',
        '- depends-on: 2',
        '### Stage 4: C',
        '- depends-on: 3',
      ),
    );
    expectOne(result, PLAN_CODES.dependencyCycle, '6:18', 'dependency cycle: 2 → 4 → 3 → 2');
  });

  it('reports every independent cycle', () => {
    const result = parse(
      md(
        ...STAGE_MAP,
        '### Stage 1: A',
        '- depends-on: 2',
        '### Stage 2: B',
        '- depends-on: 1',
        '### Stage 5: C',
        '- depends-on: 6',
        '### Stage 6: D',
        '- depends-on: 5',
      ),
    );
    expect(result.errors.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      '4:15 dependency cycle: 1 → 2 → 1 (each stage depends on the next)',
      '8:15 dependency cycle: 5 → 6 → 5 (each stage depends on the next)',
    ]);
  });

  it('accepts a diamond and a long chain without stack trouble', () => {
    const stages = Array.from(
      { length: 3000 },
      (_, i) => `### Stage ${i + 1}: S${i + 1}\n- depends-on: ${i === 0 ? 'none' : i}\n`,
    );
    expect(parse(md(...STAGE_MAP, ...stages)).errors).toEqual([]);
    const diamond = md(
      ...STAGE_MAP,
      '### Stage 1: A',
      '- depends-on: none',
      '### Stage 2: B',
      '- depends-on: 1',
      '### Stage 3: C',
      '- depends-on: 1',
      '### Stage 4: D',
      '- depends-on: 2, 3',
    );
    expect(parse(diamond).errors).toEqual([]);
  });
});

describe('reporting', () => {
  it('reports every problem of a file at once, errors and warnings sorted by position', () => {
    const result = parse(
      md(
        '---',
        'id: Bad Id',
        'bse: main',
        '---',
        ...STAGE_MAP,
        '### Stage 1: A',
        '- depends-on: 9',
        '- Fils: a.ts',
        '### Stage 1: Again',
        '- depends-on: none',
        '### Stage 2:',
      ),
    );
    expect(result.errors.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual(
      [
        `2:5 ${PLAN_CODES.unsafePlanId}`,
        `8:15 ${PLAN_CODES.unknownDependency}`,
        `10:1 ${PLAN_CODES.duplicateStage}`,
        `12:12 ${PLAN_CODES.stageTitleMissing}`,
        `12:1 ${PLAN_CODES.emptyStage}`,
        `9:3 ${PLAN_CODES.unknownField}`,
      ].sort(byPosition),
    );
    expect(result.warnings.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual([
      `3:1 ${PLAN_CODES.frontMatterUnknownKey}`,
      `7:1 ${PLAN_CODES.stageWithoutValidation}`,
      `10:1 ${PLAN_CODES.stageWithoutValidation}`,
    ]);
    expect(result.plan?.id).toBe('Bad Id');
  });

  it('formats diagnostics as path:line:column lines with hints and a summary', () => {
    const result = parse(md(...STAGE_MAP, '### Stage 1: A', '- depends-on: 1', '- validation: none'));
    expect(formatPlanResult(result)).toEqual([
      'plans/demo.md:4:15: error: stage 1 depends on itself',
      '  hint: remove it from its own depends-on',
      'plans/demo.md: 1 error, 0 warnings, 1 stage',
    ]);
  });
});

function byPosition(a: string, b: string): number {
  const [la, ca] = (a.split(' ')[0] as string).split(':').map(Number) as [number, number];
  const [lb, cb] = (b.split(' ')[0] as string).split(':').map(Number) as [number, number];
  return la - lb || ca - cb;
}
