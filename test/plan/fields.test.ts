import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePlan, type Stage } from '../../src/core/plan/index.js';

const md = (...lines: string[]): string => `${lines.join('\n')}\n`;
/** The first stage of a Stage Map whose stage 1 has the given field lines. */
const stage = (...fieldLines: string[]): Stage => {
  const result = parsePlan(md('## Stage Map', '', '### Stage 1: A', '', ...fieldLines), { path: 'plan.md' });
  const first = result.plan?.stages[0];
  if (!first) throw new Error('no stage parsed');
  return first;
};
const commands = (s: Stage): string[] =>
  s.validation.map((c) => `${c.phase} ${c.cmd} @${c.position.line}:${c.position.column}`);

describe('field keys', () => {
  it.each([
    '- depends-on: none',
    '- Depends-on: none',
    '- **Depends-on:** none',
    '- **Depends-on**: none',
    '- Depends on: none',
    '- DEPENDS_ON: none',
    '- dependencies: none',
    '* depends-on: none',
    '+ depends-on: none',
  ])('%s is the depends-on field', (line) => {
    const s = stage(line);
    expect(s.fieldPositions['depends-on']).toEqual({ line: 5, column: 1 });
    expect(s.extraFields).toEqual({});
  });

  it('accepts every spelling of the other fields', () => {
    const s = stage(
      '- files: a.ts',
      '- Validation commands: `x`',
      '- Stage exit contract: done',
      '- exit_contract-ignored: no',
      '- ROLLBACK: revert',
    );
    expect(Object.keys(s.fieldPositions)).toEqual(['files', 'validation', 'exit-contract', 'rollback']);
    expect(s.extraFields).toEqual({ 'exit_contract-ignored': 'no' });
  });
});

describe('field list shape', () => {
  it('keeps reading fields across blank lines between items (one loose list)', () => {
    const s = stage('- depends-on: none', '', '- files: a.ts', '', '- rollback: revert');
    expect([s.files, s.rollback]).toEqual([['a.ts'], 'revert']);
  });

  it('ends the field list at a different bullet character, which starts a new list', () => {
    const s = stage('- depends-on: none', '', '* files: a.ts');
    expect(s.files).toEqual([]);
    expect(s.body).toBe('* files: a.ts');
  });
});

describe('depends-on', () => {
  it.each([
    ['none', []],
    ['None', []],
    ['(none)', []],
    ['-', []],
    ['', []],
    ['`none`', []],
    ['1', [1]],
    ['1, 2', [1, 2]],
    ['Stage 1, stage 2', [1, 2]],
    ['`1`, `2`', [1, 2]],
    ['#3', [3]],
  ])('"%s"', (value, expected) => {
    expect(stage(`- depends-on: ${value}`).dependsOn).toEqual(expected);
  });

  it('accepts a nested list', () => {
    expect(stage('- depends-on:', '  - Stage 1', '  - 2').dependsOn).toEqual([1, 2]);
  });
});

describe('files', () => {
  it('reads an inline comma list, unwrapping backticks', () => {
    expect(stage('- files: `src/a.ts`, src/b.ts,`c d.ts`').files).toEqual(['src/a.ts', 'src/b.ts', 'c d.ts']);
  });

  it('keeps commas inside backticks', () => {
    expect(stage('- files: `weird,name.ts`, b.ts').files).toEqual(['weird,name.ts', 'b.ts']);
  });

  it('reads a nested list, one path per item, text after a code span being a note', () => {
    expect(
      stage('- Files:', '  - `src/api.ts` — the handler, with comments', '  - src/routes.ts', '  * `docs/*.md`').files,
    ).toEqual(['src/api.ts', 'src/routes.ts', 'docs/*.md']);
  });

  it('reads `none` as no files', () => {
    expect(stage('- files: none').files).toEqual([]);
  });
});

describe('validation', () => {
  it('reads one inline command without backticks', () => {
    expect(commands(stage('- validation: npm test && npm run lint'))).toEqual(['main npm test && npm run lint @5:15']);
  });

  it('reads every inline code span as a command and ignores the prose around them', () => {
    expect(commands(stage('- **Validation:** `npm test` then `npm run lint`'))).toEqual([
      'main npm test @5:19',
      'main npm run lint @5:35',
    ]);
  });

  it('unwraps double-backtick spans', () => {
    expect(commands(stage('- validation: ``grep -c "`" x``'))).toEqual(['main grep -c "`" x @5:15']);
  });

  it('reads a nested list with pre and post groups', () => {
    const s = stage(
      '- Validation:',
      '  - pre:',
      '    - `npm ci`',
      '    - npm run build',
      '  - `npm test`',
      '  - post: `npm run e2e`',
      '  - **Post:**',
      '    - `npm run smoke`',
    );
    expect(commands(s)).toEqual([
      'pre npm ci @7:7',
      'pre npm run build @8:7',
      'main npm test @9:5',
      'post npm run e2e @10:11',
      'post npm run smoke @12:7',
    ]);
  });

  it('reads a fenced code block, one command per line, skipping comments', () => {
    const s = stage('- validation:', '  ```sh', '  # set-up is in CI', '  npm test', '', '  npm run lint', '  ```');
    expect(commands(s)).toEqual(['main npm test @8:3', 'main npm run lint @10:3']);
  });

  it('reads nothing from `none`', () => {
    expect(stage('- validation: none').validation).toEqual([]);
  });
});

describe('exit contract, rollback and unknown fields', () => {
  it('keeps the verbatim Markdown of the value, nested content included', () => {
    const s = stage(
      '- **Exit contract:** `GET /users/:id` returns *200*.',
      '  - 404 for unknown ids',
      '  - never the hash',
      '- Rollback: `git revert HEAD`',
      '- Owner: **platform** team',
    );
    expect(s.exitContract).toBe('`GET /users/:id` returns *200*.\n- 404 for unknown ids\n- never the hash');
    expect(s.rollback).toBe('`git revert HEAD`');
    expect(s.extraFields).toEqual({ Owner: '**platform** team' });
  });

  it('reads an empty value as null', () => {
    expect(stage('- exit contract:', '- rollback:').exitContract).toBeNull();
  });

  it('records where each field was written', () => {
    const s = stage('- depends-on: none', '- files: a', '- validation: x', '- exit contract: y', '- rollback: z');
    expect(s.fieldPositions).toEqual({
      'depends-on': { line: 5, column: 1 },
      files: { line: 6, column: 1 },
      validation: { line: 7, column: 1 },
      'exit-contract': { line: 8, column: 1 },
      rollback: { line: 9, column: 1 },
    });
  });
});

describe('the all-fields fixture', () => {
  const allFields = readFileSync(join(import.meta.dirname, '../fixtures/plans/all-fields.md'), 'utf8');

  it('rejects its unknown `Owner` field unless parsed leniently', () => {
    const strict = parsePlan(allFields, { path: 'all-fields.md' });
    expect(strict.errors.map((e) => `${e.line}:${e.column} ${e.code} ${e.message}`)).toEqual([
      '41:3 plan/unknown-field unknown field `Owner` in stage 2',
    ]);
    expect(strict.warnings).toEqual([]);
  });

  it('parses every field shape leniently with one warning (the unknown `Owner` field)', () => {
    const result = parsePlan(allFields, { path: 'all-fields.md', lenient: true });
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((w) => `${w.line}:${w.column} ${w.code}`)).toEqual(['41:3 plan/unknown-field']);
    const [one, two, three, four] = result.plan?.stages ?? [];
    expect(result.plan).toMatchObject({ id: 'all-fields', base: 'release/2.x', title: 'Every field shape' });
    expect(one).toMatchObject({
      number: 1,
      title: 'Schema',
      dependsOn: [],
      files: ['db/schema.sql', 'src/db/users.ts'],
      exitContract: 'the `users` table has an `email` column.',
      rollback: '`git revert` the stage commit.',
    });
    expect(two).toMatchObject({
      number: 2,
      title: 'API',
      dependsOn: [1],
      files: ['src/api/users.ts', 'src/api/routes.ts'],
      extraFields: { Owner: 'platform team' },
    });
    expect(commands(two as Stage)).toEqual([
      'pre npm ci @34:7',
      'main npm test -- api @35:5',
      'main npm run lint @36:5',
      'post npm run e2e @37:11',
    ]);
    expect(two?.body).toBe('Some prose before the fields.\n\n#### Notes\n\nA level-4 heading is part of the body.');
    expect(three).toMatchObject({
      number: 3,
      title: 'UI',
      dependsOn: [1, 2],
      files: [],
      exitContract: 'the profile page shows the email',
      rollback: 'revert',
      body: '',
    });
    expect(commands(three as Stage)).toEqual(['main npm run build @54:3', 'main npm test -- ui @55:3']);
    expect(four).toMatchObject({ number: 4, title: 'Docs', dependsOn: [3], body: 'Write the docs.' });
  });
});
