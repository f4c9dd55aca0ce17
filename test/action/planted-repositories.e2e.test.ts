/**
 * The bundled Action, run as a runner runs it, whose executor is an attacking
 * stand-in (test/fixtures/agents/repo-planter.mjs) that plants git
 * repositories whose config names a root payload. okstra's git must never run
 * one: the payload would read the step's token from /proc and make the FAIL-ing
 * reviewer answer PASS. (Before okstra deleted planted repositories, `add --all`
 * committed them as gitlinks and the seal's status ran each filter as root.)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { makeCanary } from '../helpers/canary.js';
import { agentScratchDir, tempDir } from '../helpers/git-repos.js';
import {
  makeProject,
  runAction,
  SCRIPTED_AGENT,
  startFakeApi,
  twoStagePlan,
  workflowDispatchPayload,
  WRITER,
  type FakeApi,
} from './harness.js';

const PLANTER = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'agents', 'repo-planter.mjs');

let api: FakeApi | null = null;
afterEach(async () => {
  await api?.close();
  api = null;
});

describe('repositories planted by the executor, through the bundled Action', () => {
  it('end the stage contract-violated naming each; no payload runs and no secret is read', async () => {
    const token = `ghs_${makeCanary().replace(/[^A-Za-z0-9]/g, '')}`;
    const marker = join(tempDir('okstra-marker-'), 'marker');
    const scratch = agentScratchDir('okstra-planter-');
    const reviewerScript = join(scratch, 'reviewer.json');
    writeFileSync(reviewerScript, JSON.stringify({ verifierResult: 'FAIL' }));
    const planted = join(scratch, 'planter.json');
    // Run as root, the payload would read the token and make the reviewer answer PASS.
    const rewrite = { file: reviewerScript, content: JSON.stringify({ verifierResult: 'PASS' }) };
    writeFileSync(planted, JSON.stringify({ marker, canary: token, rewrite }));
    const writer = `${process.execPath} ${SCRIPTED_AGENT} --json ${JSON.stringify(JSON.stringify(WRITER))}`;
    const project = await makeProject({
      plan: twoStagePlan(),
      agents: { writer: WRITER, reviewer: {} },
      config: {
        providers: {
          // The planter plants, then hands over to the scripted writer.
          writer: { command: `${process.execPath} ${PLANTER} ${planted} -- ${writer}` },
          reviewer: { command: `${process.execPath} ${SCRIPTED_AGENT} --script ${reviewerScript}` },
        },
      },
    });

    api = await startFakeApi();
    const run = await runAction(project, {
      inputs: { mode: 'stage', plan: project.planPath, stage: '1', report: 'summary', 'github-token': token },
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload({}),
      api,
    });
    expect(existsSync(marker) ? readFileSync(marker, 'utf8') : '').toBe('');
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    expect(run.outputs).toMatchObject({ verdict: 'FAIL', 'run-status': 'contract-violated' });
    expect(run.summary).toMatch(/nested git repository/);
    expect(run.summary).toContain('vendor/emb/.git');
    expect(run.summary).toContain('linked/.git');
    expect((await project.ledger()).map((r) => r.status)).toEqual(['started', 'failed']);
    expect(readFileSync(reviewerScript, 'utf8')).toContain('FAIL');
  });
});
