import { describe, expect, it } from 'vitest';
import { parsePlan, PLAN_CODES, type PlanParseResult } from '../../src/core/plan/index.js';

const md = (...lines: string[]): string => `${lines.join('\n')}\n`;
const BODY = ['# The title', '', '## Stage Map', '', '### Stage 1: A', '', '- depends-on: none'];
const parse = (text: string, path = 'plans/add-login.md'): PlanParseResult => parsePlan(text, { path });
const at = (result: PlanParseResult, code: string): string[] =>
  [...result.errors, ...result.warnings]
    .filter((d) => d.code === code)
    .map((d) => `${d.line}:${d.column} ${d.message}`);

describe('front matter', () => {
  it('reads id, base and title', () => {
    const result = parse(md('---', 'id: login-v2', 'base: release/1.x', 'title: "Login, version 2"', '---', ...BODY));
    expect(result.errors).toEqual([]);
    expect(result.plan).toMatchObject({
      id: 'login-v2',
      base: 'release/1.x',
      title: 'Login, version 2',
      path: 'plans/add-login.md',
    });
  });

  it('defaults: id from the file stem, base null, title from the first level-1 heading', () => {
    const result = parse(md(...BODY), 'C:\\repo\\.okstra\\plans\\add-login.plan.md');
    expect(result.plan).toMatchObject({ id: 'add-login.plan', base: null, title: 'The title' });
  });

  it('has a null title when there is neither a front-matter title nor a level-1 heading', () => {
    expect(parse(md('## Stage Map', '### Stage 1: A', '- depends-on: none')).plan?.title).toBeNull();
  });

  it('treats `base: null` and an empty front matter as defaults', () => {
    expect(parse(md('---', 'base: null', '---', ...BODY)).plan?.base).toBeNull();
    const empty = parse(md('---', '---', ...BODY));
    expect(empty.errors).toEqual([]);
    expect(empty.plan?.id).toBe('add-login');
  });

  it('reads a leading `---` without a closing one as a thematic break, and lists after it as lists', () => {
    const result = parse(
      md('---', '', '## Stage Map', '', '### Stage 1: A', '', '- depends-on: none', '- files: a.ts'),
    );
    expect(result.errors).toEqual([]);
    expect(result.plan?.stages[0]?.files).toEqual(['a.ts']);
  });

  it('reports invalid YAML at the line of the problem in the plan file', () => {
    const result = parse(md('---', 'id: ok', 'title: a: b', '---', ...BODY));
    expect(at(result, PLAN_CODES.frontMatterInvalidYaml)).toEqual([
      '3:8 front matter is not valid YAML: Nested mappings are not allowed in compact mappings',
    ]);
  });

  it('reports duplicate keys as invalid YAML', () => {
    const result = parse(md('---', 'id: one', 'id: two', '---', ...BODY));
    expect(at(result, PLAN_CODES.frontMatterInvalidYaml)).toEqual([
      '3:1 front matter is not valid YAML: Map keys must be unique',
    ]);
  });

  it('reports front matter that is not a mapping', () => {
    expect(at(parse(md('---', '- a', '- b', '---', ...BODY)), PLAN_CODES.frontMatterNotMapping)).toEqual([
      '2:1 front matter must be a YAML mapping of keys to values',
    ]);
  });

  it('reports values that are not strings', () => {
    const result = parse(md('---', 'id: 42', 'title: [a]', '---', ...BODY));
    expect(at(result, PLAN_CODES.frontMatterInvalidValue)).toEqual([
      '2:5 front-matter `id` must be a string',
      '3:8 front-matter `title` must be a string',
    ]);
  });

  it('warns about unknown keys with a did-you-mean', () => {
    const result = parse(md('---', 'id: ok', 'bsae: main', 'owner: me', '---', ...BODY));
    expect(at(result, PLAN_CODES.frontMatterUnknownKey)).toEqual([
      '3:1 unknown front-matter key "bsae"',
      '4:1 unknown front-matter key "owner"',
    ]);
    expect(result.warnings[0]?.hint).toContain('did you mean `base`?');
    expect(result.warnings[1]?.hint).not.toContain('did you mean');
  });
});

describe('plan id', () => {
  it('reports an unsafe front-matter id at its value', () => {
    const result = parse(md('---', 'id: Add Login', '---', ...BODY));
    expect(at(result, PLAN_CODES.unsafePlanId)).toEqual([expect.stringMatching(/^2:5 plan id "Add Login" must match/)]);
    expect(result.errors[0]?.hint).toContain('id: add-login');
    expect(result.plan?.id).toBe('Add Login');
  });

  it('reports an unsafe id taken from the file name at 1:1 with a hint to set `id:`', () => {
    const result = parse(md(...BODY), 'plans/Add Login.md');
    expect(at(result, PLAN_CODES.unsafePlanId)).toEqual([
      expect.stringMatching(/^1:1 plan id "Add Login" must match .*taken from the file name$/),
    ]);
    expect(result.errors[0]?.hint).toContain('id: add-login');
  });

  it('rejects ids git cannot use in a ref', () => {
    const result = parse(md('---', 'id: v1..2', '---', ...BODY));
    expect(at(result, PLAN_CODES.unsafePlanId)).toEqual([expect.stringContaining('must not contain ".."')]);
  });
});
