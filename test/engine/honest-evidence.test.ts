/**
 * The other side of the evidence attacks: honest STAND-IN executors for the
 * same plans (a Node project whose QA is node's test runner through `npm
 * test`, a Python one whose QA is pytest) run every stage to done, pass final
 * verification, and are handed off. The checks
 * that refuse the attacks must not refuse honest work.
 */
import { describe, expect, it } from 'vitest';
import { validateFinalVerificationReport } from '../../src/core/report/validate-schema.js';
import { allLedgerRows, engineFor, finalRun, handOff, type AgentScript, type Project } from './helpers.js';
import { PYTHON, PYTHON_FILES, PYTHON_RIGHT, RIGHT_MUL, executor, hasPytest, project } from './evidence-fixtures.js';

async function throughHandoff(p: Project, stage1: AgentScript): Promise<void> {
  p.script('builder', {
    rules: [
      { when: { role: 'executor', stage: 1 }, do: stage1 },
      { when: { role: 'executor', stage: 2 }, do: executor({ 'src/stage-2.txt': 'stage 2\n' }) },
    ],
  });
  const engine = await engineFor(p);
  const chain = await engine.chain();
  expect(chain.status, engine.log.join('\n')).toBe('complete');
  // Stage 1 adds a test that fails at its base; stage 2's validation fails at its base.
  expect(
    chain.runs.map((r) => [r.report.verdict.value, r.report.evidence?.outcome, r.report.evidence?.problems]),
  ).toEqual([
    ['PASS', 'red-green', []],
    ['PASS', 'red-green', []],
  ]);
  const outcome = await finalRun(p, engine);
  if (outcome.kind !== 'completed') throw new Error(`final refused: ${outcome.reason}`);
  expect(validateFinalVerificationReport(outcome.report).ok).toBe(true);
  expect(outcome.report.verdict.value).toBe('accepted');
  // No stage changed another's tests: nothing to replay, no extra QA run.
  expect(outcome.report.regressionReplay).toBeUndefined();
  const branch = await handOff(engine);
  await engine.prepared.close();
  expect(await p.git.ok(['rev-parse', branch])).toBe(outcome.report.git.finalHead);
  expect((await allLedgerRows(p)).map((r) => ('stage' in r ? `${r.stage}:${r.status}` : r.status))).toEqual([
    '1:started',
    '1:done',
    '2:started',
    '2:done',
    'verified',
    'handed-off',
  ]);
}

describe('honest stages on the plans the attacks use', () => {
  it('a Node project: both stages done, final accepted, handed off', async () => {
    await throughHandoff(await project(executor(RIGHT_MUL)), executor(RIGHT_MUL));
  });

  it.skipIf(!hasPytest)('a Python project: both stages done, final accepted, handed off', async () => {
    await throughHandoff(await project(executor(PYTHON_RIGHT), PYTHON_FILES, PYTHON), executor(PYTHON_RIGHT));
  });
});
