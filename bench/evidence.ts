import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countTests } from '../src/core/test-counts/index.js';
import { Git } from '../src/git/git.js';
import { overlayCommit } from '../src/git/overlay-commit.js';
import { runQa, type QaCommand } from '../src/engine/run-qa.js';
import { BENCH_IDENTITY } from './fixtures.js';
import { fmt, met, sized, summarize } from './stats.js';

/**
 * What okstra's own test evidence costs a stage whose QA is one test command
 * that takes `testMs`: QA at the head alone, against QA at the head plus the
 * base run (an overlay commit, a throwaway checkout, the same command again),
 * measured side by side; counting a 20,000-test TAP output; and final's
 * regression replay of one stage's tests against the final QA run.
 */

const TEST_FILE = (name: string, ms: number): string =>
  `import { test } from 'node:test';\nimport assert from 'node:assert';\nimport { ${name} } from '../src/math.mjs';\ntest('${name}', async () => { await new Promise((r) => setTimeout(r, ${ms})); assert.ok(${name}(2, 3) > 0); });\n`;

async function repo(root: string, testMs: number): Promise<{ git: Git; base: string; head: string }> {
  const dir = join(root, 'repo');
  mkdirSync(join(dir, 'src'), { recursive: true });
  mkdirSync(join(dir, 'test'), { recursive: true });
  const git = new Git(dir, BENCH_IDENTITY);
  await git.ok(['init', '--quiet', '--initial-branch=main']);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', scripts: { test: 'node --test test/' } }));
  writeFileSync(join(dir, 'src', 'math.mjs'), 'export const add = (a, b) => a + b;\n');
  writeFileSync(join(dir, 'test', 'add.test.mjs'), TEST_FILE('add', testMs));
  await git.ok(['add', '--all']);
  await git.ok(['commit', '--quiet', '-m', 'base']);
  const base = await git.ok(['rev-parse', 'HEAD']);
  writeFileSync(
    join(dir, 'src', 'math.mjs'),
    'export const add = (a, b) => a + b;\nexport const mul = (a, b) => a * b;\n',
  );
  writeFileSync(join(dir, 'test', 'mul.test.mjs'), TEST_FILE('mul', testMs));
  await git.ok(['add', '--all']);
  await git.ok(['commit', '--quiet', '-m', 'stage']);
  return { git, base, head: await git.ok(['rev-parse', 'HEAD']) };
}

const COMMANDS: QaCommand[] = [{ source: 'config', label: 'npm test', cmd: 'npm test --silent', timeoutMs: 60_000 }];

/** QA in a fresh checkout of `commit`, as okstra's base run and replay do; the checkout is part of the cost. */
async function qaAt(git: Git, root: string, commit: string): Promise<number> {
  const dir = mkdtempSync(join(root, 'tree-'));
  const t = performance.now();
  await git.ok(['worktree', 'add', '--quiet', '--detach', dir, commit]);
  const [run] = await runQa(COMMANDS, { cwd: dir, env: process.env });
  const ms = performance.now() - t;
  await git.ok(['worktree', 'remove', '--force', dir]);
  if (run?.count === null || run?.count === undefined) throw new Error('the bench test run was not counted');
  return ms;
}

export async function benchEvidence(): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'okstra-bench-evidence-'));
  try {
    const testMs = sized(1000, 50);
    const { git, base, head } = await repo(root, testMs);
    const runs = sized(3, 1);
    const alone: number[] = [];
    const withEvidence: number[] = [];
    for (let i = 0; i < runs; i++) {
      const headMs = await qaAt(git, root, head);
      alone.push(headMs);
      const t = performance.now();
      const overlay = await overlayCommit(git, {
        onto: base,
        from: head,
        paths: ['test/mul.test.mjs'],
        absent: 'keep',
        message: 'bench',
      });
      await qaAt(git, root, overlay.commit);
      withEvidence.push(headMs + (performance.now() - t));
    }
    const ratio = summarize(withEvidence).p50 / summarize(alone).p50;
    const tap = bigTap(sized(20_000, 200));
    const t = performance.now();
    const counted = countTests(tap);
    const countMs = performance.now() - t;
    if (counted?.run !== sized(20_000, 200)) throw new Error(`counted ${counted?.run ?? 'nothing'} of the TAP tests`);
    // Replay: the final head with one stage's tests laid over it, against the final QA in a checkout of the head.
    const replayStart = performance.now();
    const replay = await overlayCommit(git, {
      onto: head,
      from: base,
      paths: ['test/add.test.mjs'],
      absent: 'keep',
      message: 'bench',
    });
    await qaAt(git, root, replay.commit);
    const replayMs = performance.now() - replayStart;
    const finalMs = await qaAt(git, root, head);
    return [
      `stage QA with evidence (head, then base with the stage's tests) vs QA alone, a ${testMs} ms test command (n=${runs}): ${ratio.toFixed(2)}×  [target ≤ 2.05×: ${met(ratio <= 2.05)}]`,
      `counting a ${counted.run}-test TAP output: ${fmt(countMs)}  [target < 500 ms: ${met(countMs < 500)}]`,
      `final's regression replay of one stage vs the final QA run: ${(replayMs / finalMs).toFixed(2)}× (one extra QA run per replayed stage, none when no stage's tests were changed by another)`,
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function bigTap(n: number): string {
  const lines = ['TAP version 13'];
  for (let i = 1; i <= n; i++)
    lines.push(`# Subtest: test ${i}`, `ok ${i} - test ${i}`, '  ---', '  duration_ms: 0.1', '  ...');
  lines.push(
    `1..${n}`,
    `# tests ${n}`,
    '# suites 0',
    `# pass ${n}`,
    '# fail 0',
    '# cancelled 0',
    '# skipped 0',
    '# todo 0',
  );
  return `${lines.join('\n')}\n`;
}
