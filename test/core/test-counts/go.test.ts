import { describe, expect, it } from 'vitest';
import { countGoJson, countGoText } from '../../../src/core/test-counts/go.js';
import { numbers, runnerOutput } from './fixtures.js';

// go 1.19 on two packages: calc (TestAdd, TestBroken, TestLater skipped, TestGroup with subtest inner) and util (TestUtil).
describe('go test', () => {
  it('-json: each test and subtest event, ids pkg/TestX', () => {
    const count = countGoJson(runnerOutput('go-json.txt'));
    expect(numbers(count)).toEqual({ format: 'go-json', run: 6, passed: 4, failed: 1, skipped: 1 });
    expect(count?.ids).toEqual({
      passed: [
        'example.com/demo/calc/TestAdd',
        'example.com/demo/calc/TestGroup',
        'example.com/demo/calc/TestGroup/inner',
        'example.com/demo/util/TestUtil',
      ],
      failed: ['example.com/demo/calc/TestBroken'],
      skipped: ['example.com/demo/calc/TestLater'],
    });
  });

  it('-v: the --- PASS/FAIL/SKIP lines', () => {
    const count = countGoText(runnerOutput('go-v.txt'));
    expect(numbers(count)).toEqual({ format: 'go-text', run: 6, passed: 4, failed: 1, skipped: 1 });
    expect(count?.ids.passed).toEqual(['TestAdd', 'TestGroup', 'TestGroup/inner', 'TestUtil']);
  });

  it('without -v only failures are named: not counted', () => {
    expect(countGoText(runnerOutput('go-plain.txt'))).toBeNull();
  });

  it('packages with no tests (with or without -v) are a count of zero', () => {
    expect(numbers(countGoText(runnerOutput('go-none.txt')))).toEqual({
      format: 'go-text',
      run: 0,
      passed: 0,
      failed: 0,
      skipped: 0,
    });
  });

  it('-json is not recognised from other JSON lines', () => {
    expect(countGoJson('{"Action":"pass"}\n{"level":"info"}\n')).toBeNull();
    expect(countGoJson(runnerOutput('go-v.txt'))).toBeNull();
  });
});
