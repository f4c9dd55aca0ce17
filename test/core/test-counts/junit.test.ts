import { describe, expect, it } from 'vitest';
import { countJunit, decodeEntities } from '../../../src/core/test-counts/junit.js';
import { numbers, runnerOutput } from './fixtures.js';

describe('JUnit XML', () => {
  it('pytest --junitxml: classname.name ids, xfail as skipped', () => {
    const count = countJunit(runnerOutput('pytest-junit.xml'));
    expect(numbers(count)).toEqual({ format: 'junit', run: 6, passed: 3, failed: 1, skipped: 2 });
    expect(count?.ids).toEqual({
      passed: ['tests.test_x.test_a', 'tests.test_x.test_p[1]', 'tests.test_x.test_p[2]'],
      failed: ['tests.test_x.test_b'],
      skipped: ['tests.test_x.test_c', 'tests.test_x.test_d'],
    });
  });

  it('vitest --reporter=junit: entity-decoded names', () => {
    const count = countJunit(runnerOutput('vitest-junit.xml'));
    expect(numbers(count)).toEqual({ format: 'junit', run: 6, passed: 2, failed: 1, skipped: 3 });
    expect(count?.ids.passed).toEqual(['math.test.mjs.adds', 'math.test.mjs.group > inner pass']);
  });

  // Hand-written (Maven could not fetch surefire's dependencies offline), in surefire 3.5's documented shape.
  it('Maven surefire: an error fails, CDATA output is not markup, a flaky pass passes', () => {
    const count = countJunit(runnerOutput('surefire-TEST-demo.MathTest.xml'));
    expect(numbers(count)).toEqual({ format: 'junit', run: 5, passed: 2, failed: 2, skipped: 1 });
    expect(count?.ids).toEqual({
      passed: ['demo.MathTest.adds', `demo.MathTest.quotes "a" & 'b'`],
      failed: ['demo.MathTest.errors', 'demo.MathTest.fails'],
      skipped: ['demo.MathTest.later'],
    });
  });

  it("single-quoted attributes, '>' in a value, self-closing and unclosed test cases", () => {
    const xml = [
      '<testsuite>',
      `<testcase classname='a.B' name='x > y'/>`,
      '<testcase name="only-name" ><skipped /></testcase>',
      '<!-- <testcase name="commented out"/> -->',
      '<testcase classname="a.B" name="cut"><failure message="m">',
    ].join('\n');
    expect(countJunit(xml)?.ids).toEqual({ passed: ['a.B.x > y'], failed: ['a.B.cut'], skipped: ['only-name'] });
  });

  it('a suite with no test cases is a count of zero; other XML is not a report', () => {
    expect(countJunit('<testsuites><testsuite name="x" tests="0"/></testsuites>')?.run).toBe(0);
    expect(countJunit('<project><build/></project>')).toBeNull();
  });

  it('decodes the five named entities and numeric references, leaves others', () => {
    expect(decodeEntities('&amp;&lt;&gt;&quot;&apos;&#65;&#x42;&nbsp;')).toBe(`&<>"'AB&nbsp;`);
  });
});
