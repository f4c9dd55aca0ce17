import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePlan, PLAN_CODES } from '../../src/core/plan/index.js';

const fixture = readFileSync(join(import.meta.dirname, '../fixtures/plans/all-fields.md'), 'utf8');
const withoutPositions = (value: unknown): string =>
  JSON.stringify(value, (key, v: unknown) => (key === 'section' || key === 'body' ? undefined : v));

describe('line endings, BOM and non-ASCII text', () => {
  it('parses a CRLF file exactly like its LF twin, positions included', () => {
    const crlf = parsePlan(fixture.replace(/\n/g, '\r\n'), { path: 'all-fields.md' });
    const lf = parsePlan(fixture, { path: 'all-fields.md' });
    expect(fixture).not.toContain('\r');
    expect(crlf).toEqual(lf);
    expect(crlf.plan?.stages[0]?.section).not.toContain('\r');
  });

  it('parses a file with a byte-order mark like one without, front matter included', () => {
    const withBom = parsePlan(`\uFEFF${fixture}`, { path: 'all-fields.md' });
    expect(withBom).toEqual(parsePlan(fixture, { path: 'all-fields.md' }));
    expect(withBom.plan?.id).toBe('all-fields');
  });

  it('reports CRLF problems on the right line and column', () => {
    const text = ['## Stage Map', '', '### Stage 1: A', '- depends-on: 1, x'].join('\r\n');
    const result = parsePlan(`\uFEFF${text}\r\n`, { path: 'plan.md' });
    expect(result.errors.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual([
      `4:15 ${PLAN_CODES.selfDependency}`,
      `4:18 ${PLAN_CODES.invalidDependency}`,
    ]);
  });

  it('keeps non-ASCII titles and reports columns in characters', () => {
    const text = [
      '# Вход',
      '',
      '## Stage Map',
      '',
      '### Stage 1: Schéma — 数据库',
      '',
      '- **Depends-on:** 数据, 2',
    ].join('\n');
    const result = parsePlan(text, { path: 'plans/login.md' });
    expect(result.plan?.title).toBe('Вход');
    expect(result.plan?.stages[0]?.title).toBe('Schéma — 数据库');
    expect(result.errors.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual([
      `7:19 ${PLAN_CODES.invalidDependency}`,
      `7:23 ${PLAN_CODES.unknownDependency}`,
    ]);
  });

  it('gives the same plan for mixed line endings as for LF, apart from verbatim text', () => {
    const mixed = fixture
      .split('\n')
      .map((line, i) => (i % 2 === 0 ? `${line}\r` : line))
      .join('\n');
    expect(withoutPositions(parsePlan(mixed, { path: 'p.md' }))).toBe(
      withoutPositions(parsePlan(fixture, { path: 'p.md' })),
    );
  });
});
