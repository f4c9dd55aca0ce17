/**
 * Every input size ends in a verdict (limits in .okstra/config.yml): an oversized carry, a stage that changes too
 * many files or bytes, and a verifier that lists too many findings each end the run with a schema-valid report and
 * a terminal ledger row whose reason names the size and the cap; nothing oversized is pushed. Real git, real
 * processes, the scripted stand-in agents.
 */
import { describe, expect, it } from 'vitest';
import { checkFinalReport, type FinalReport } from '../../src/core/report/index.js';
import { Git } from '../../src/git/git.js';
import {
  completed,
  engineFor,
  executorOnly,
  LEDGER_BRANCH,
  ledgerRows,
  makeProject,
  remoteOf,
  stageBranch,
  WRITES_STAGE_FILE,
  type AgentScript,
  type Project,
} from './helpers.js';

function withheld(report: FinalReport): string | undefined {
  const evidence = report.stageSidecarEvidence;
  return 'withheld' in evidence ? evidence.withheld : undefined;
}

/** A project whose executor runs `behaviour` (over the stage file it always writes), with `limits` in its config. */
async function sizedProject(behaviour: AgentScript, limits: Record<string, unknown> = {}): Promise<Project> {
  return makeProject({
    plan: 'linear.md',
    agents: { builder: executorOnly({ ...WRITES_STAGE_FILE, ...behaviour }), reviewer: {} },
    config: { limits },
  });
}

/** Runs stage 1 against a bare remote, as the Action does: what the run pushed is on the remote. */
async function runPushing(p: Project): Promise<{ report: FinalReport; remote: string }> {
  const remote = await remoteOf(p);
  const engine = await engineFor(p, { repoDir: await remote.clone(), remote: 'origin' });
  const { report } = completed(await engine.run(1));
  expect(checkFinalReport(report)).toMatchObject({ ok: true });
  const rows = await ledgerRows(p, LEDGER_BRANCH, remote.bare);
  expect(rows.map((r) => r.status)).toEqual(['started', 'failed']);
  return { report, remote: remote.bare };
}

describe('size caps end a run in a verdict', () => {
  it('a carry over limits.carryBytes ends the stage contract-violated, naming its size and the cap; it is kept nowhere', async () => {
    const p = await sizedProject({ carryPadBytes: 9 * 1024 * 1024 });
    const engine = await engineFor(p);
    const { report } = completed(await engine.run(1));
    expect(checkFinalReport(report)).toMatchObject({ ok: true });
    expect(report.verdict).toMatchObject({ value: 'FAIL', runStatus: 'contract-violated' });
    const reason = report.verdict.reasons.join('\n');
    expect(reason).toMatch(/Stage Carry Evidence is 9 MiB \(\d+ bytes\), over the 64 KiB cap \(limits\.carryBytes/);
    // Neither the report nor the ledger holds the 9 MB: only its size is told.
    expect(report.stageSidecarEvidence.carryJson).toBeNull();
    expect(withheld(report)).toMatch(/over the 64 KiB cap/);
    expect(JSON.stringify(report).length).toBeLessThan(200_000);
    expect((await ledgerRows(p)).map((r) => r.status)).toEqual(['started', 'failed']);
  });

  it('a carry within a raised limits.carryBytes passes', async () => {
    const p = await sizedProject({ carryPadBytes: 100 * 1024 }, { carryBytes: 200 * 1024 });
    const { report } = completed(await (await engineFor(p)).run(1));
    expect(report.verdict).toMatchObject({ value: 'PASS' });
  });

  it('a stage changing more files than limits.stageFiles fails unreviewed, and its branch is not pushed', async () => {
    const p = await sizedProject({ manyFiles: { dir: 'node_modules', count: 30 } }, { stageFiles: 25 });
    const { report, remote } = await runPushing(p);
    expect(report.verdict).toMatchObject({ value: 'FAIL', runStatus: 'failed' });
    expect(report.verdict.reasons).toEqual([
      expect.stringMatching(
        /^the stage changed 31 files, over the cap of 25 \(limits\.stageFiles in \.okstra\/config\.yml\); nothing was pushed/,
      ),
    ]);
    expect(report.verifiers).toEqual([]);
    expect(withheld(report)).toMatch(/changed 31 files/);
    expect(await new Git(remote).resolveCommit(`refs/heads/${stageBranch(p, 1)}`)).toBeNull();
  });

  it('a 700 MB file (sparse) fails the stage on limits.stageBytes before anything is pushed', async () => {
    const p = await sizedProject({ sparseFiles: { 'assets/huge.bin': 700 * 1024 * 1024 } });
    const { report, remote } = await runPushing(p);
    expect(report.verdict).toMatchObject({ value: 'FAIL', runStatus: 'failed' });
    expect(report.verdict.reasons).toEqual([
      expect.stringMatching(
        /hold 700 MiB \(\d+ bytes\), over the 200 MiB cap \(limits\.stageBytes in \.okstra\/config\.yml\)/,
      ),
    ]);
    expect(await new Git(remote).resolveCommit(`refs/heads/${stageBranch(p, 1)}`)).toBeNull();
  }, 120_000);

  it('findings over limits.findingsPerVerifier are counted, not kept; the most severe are the ones kept', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: {
        builder: {
          rules: [
            { when: { role: 'executor' }, do: WRITES_STAGE_FILE },
            { when: { role: 'verifier' }, do: { verifierResult: 'FAIL', manyFindings: 50 } },
          ],
        },
      },
      config: { limits: { findingsPerVerifier: 10 } },
    });
    const { report } = completed(await (await engineFor(p)).run(1));
    expect(checkFinalReport(report)).toMatchObject({ ok: true });
    expect(report.verifiers).toHaveLength(1);
    expect(report.verifiers[0]).toMatchObject({ worker: 'Builder worker', findingsDropped: 40 });
    expect(report.findings.filter((f) => f.raisedBy === 'Builder worker')).toHaveLength(10);
    // The blocking finding came last of 50 and is still kept: the infos went first.
    expect(report.findings.some((f) => f.severity === 'blocking' && f.title === 'the last one listed')).toBe(true);
    expect(report.verdict).toMatchObject({ value: 'FAIL', runStatus: 'failed' });
  });

  it('150,000 findings from one verifier end in a verdict and a schema-valid report, not a stack overflow', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: {
        builder: {
          rules: [
            { when: { role: 'executor' }, do: WRITES_STAGE_FILE },
            { when: { role: 'verifier' }, do: { verifierResult: 'FAIL', manyFindings: 150_000 } },
          ],
        },
      },
    });
    const started = Date.now();
    const { report } = completed(await (await engineFor(p)).run(1));
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(checkFinalReport(report)).toMatchObject({ ok: true });
    expect(report.verifiers[0]).toMatchObject({ findingsDropped: 149_800 });
    expect(report.findings).toHaveLength(200);
    expect(report.verdict).toMatchObject({ value: 'FAIL', runStatus: 'failed' });
    expect((await ledgerRows(p)).map((r) => r.status)).toEqual(['started', 'failed']);
  }, 120_000);
});
