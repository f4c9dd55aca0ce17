/**
 * go test run for real (when the toolchain is on the machine; the test
 * command's install script installs golang-go where it can): what okstra
 * reads from `go test -json` and `go test -v` is today's go's output, not
 * only the captured fixtures.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countTests } from '../../../src/core/test-counts/index.js';

const go = (() => {
  try {
    execFileSync('go', ['version']);
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!go)('go test, run for real', () => {
  const dir = mkdtempSync(join(tmpdir(), 'okstra-go-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'calc'));
  writeFileSync(join(dir, 'go.mod'), 'module example.com/calc\n\ngo 1.19\n');
  writeFileSync(join(dir, 'calc', 'calc.go'), 'package calc\n\nfunc Add(a, b int) int { return a + b }\n');
  writeFileSync(
    join(dir, 'calc', 'calc_test.go'),
    'package calc\n\nimport "testing"\n\nfunc TestAdd(t *testing.T) { if Add(2, 3) != 5 { t.Fatal("add") } }\nfunc TestWrong(t *testing.T) { if Add(2, 3) != 6 { t.Fatal("wrong") } }\nfunc TestLater(t *testing.T) { t.Skip("later") }\n',
  );
  const run = (flag: string): string => {
    const env = { ...process.env, GOCACHE: join(dir, '.cache'), GOPATH: join(dir, '.gopath'), GOFLAGS: '-mod=mod' };
    const r = spawnSync('go', ['test', flag, './...'], { cwd: dir, env, encoding: 'utf8' });
    return `${r.stdout}${r.stderr}`;
  };

  for (const [flag, format] of [
    ['-json', 'go-json'],
    ['-v', 'go-text'],
  ] as const)
    it(`go test ${flag}: one passed, one failed, one skipped, named`, () => {
      const count = countTests(run(flag));
      expect(count).toMatchObject({ format, run: 3, passed: 1, failed: 1, skipped: 1 });
      expect(count?.ids.failed.join(' ')).toContain('TestWrong');
      expect(count?.ids.skipped.join(' ')).toContain('TestLater');
    });
});
