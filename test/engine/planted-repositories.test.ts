/**
 * A whole stage, wired as `okstra run` wires it (real agent users when run as
 * root), whose executor or QA command is an attacking stand-in
 * (test/fixtures/agents/repo-planter.mjs) that plants git repositories whose
 * config names a root payload: the payload must never run, no secret may be
 * read, and a stage whose verifier answers FAIL must not end done. The
 * control that shows each planted repository runs its payload under a plain
 * git is test/git/nested-repositories.test.ts.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { layersAvailable } from '../../src/workspace/layer-mounts.js';
import { spawnCli } from '../helpers/spawn-cli.js';
import { tempDir } from '../helpers/git-repos.js';
import {
  completed,
  engineFor,
  executorOnly,
  ledgerRows,
  makeProject,
  SCRIPTED_AGENT,
  WRITES_STAGE_FILE,
  type AgentScript,
  type Project,
} from './helpers.js';

const PLANTER = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'agents', 'repo-planter.mjs');
const CANARY = 'okstra-canary-planted-7c1d9e';
const layered = await layersAvailable();
const FAILING_REVIEWER: AgentScript = { rules: [{ when: { role: 'verifier' }, do: { verifierResult: 'FAIL' } }] };

afterEach(() => {
  vi.unstubAllEnvs();
  for (const dir of planterDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const planterDirs: string[] = [];

/**
 * The planter's config, in a folder agents can read; the marker in one only root writes. The submodule's
 * repository is planted at the commit the project's gitlink records ({@link addSubmodule}), fetched from `repo`.
 */
function planterConfig(
  p: { scratch: string },
  rewrite?: { file: string; content: string },
): { config: string; marker: string; submodule(repo: string, id: string): void } {
  const markerDir = tempDir('okstra-marker-');
  planterDirs.push(markerDir);
  const marker = join(markerDir, 'marker');
  const config = join(p.scratch, 'planter.json');
  const write = (extra: Record<string, unknown>): void =>
    writeFileSync(config, JSON.stringify({ marker, canary: CANARY, ...(rewrite ? { rewrite } : {}), ...extra }));
  write({});
  return {
    config,
    marker,
    submodule: (repo, id) => write({ submodule: SUBMODULE, submoduleCommit: { repo, id } }),
  };
}

const SUBMODULE = 'mods/lib';

/** Records a submodule at mods/lib in the project's base (a gitlink and .gitmodules; never checked out). */
async function addSubmodule(p: Project, planFiles?: string): Promise<string> {
  if (planFiles !== undefined) {
    const plan = readFileSync(p.planFile, 'utf8');
    writeFileSync(p.planFile, plan.replace('- **Files:** `src/stage-1.txt`', `- **Files:** ${planFiles}`));
  }
  writeFileSync(join(p.dir, '.gitmodules'), `[submodule "lib"]\n\tpath = ${SUBMODULE}\n\turl = ./nowhere\n`);
  const head = await p.git.ok(['rev-parse', 'HEAD']);
  await p.git.ok(['update-index', '--add', '--cacheinfo', `160000,${head},${SUBMODULE}`]);
  await p.git.ok(['add', '.gitmodules', p.planFile]);
  await p.git.ok(['commit', '--quiet', '-m', 'a submodule']);
  return head;
}

const ran = (marker: string): string => (existsSync(marker) ? readFileSync(marker, 'utf8') : '');

async function stageRun(p: Project): Promise<Awaited<ReturnType<typeof completed>>> {
  vi.stubEnv('OKSTRA_TEST_SECRET', CANARY);
  return completed(await (await engineFor(p)).run(1));
}

for (const trees of ['checkout', 'layered'] as const) {
  describe.skipIf(trees === 'layered' && !layered)(`repositories planted in ${trees} stage trees`, () => {
    it('by the executor: the stage ends contract-violated naming each, and no payload runs', async () => {
      vi.stubEnv('OKSTRA_STAGE_TREES', trees);
      let planted: ReturnType<typeof planterConfig> | null = null;
      const p = await makeProject({
        plan: 'linear.md',
        config: (paths) => {
          planted = planterConfig(paths);
          const script = join(paths.scratch, 'builder.script.json');
          const agent = `${process.execPath} ${SCRIPTED_AGENT} --script ${script}`;
          return {
            providers: { builder: { command: `${process.execPath} ${PLANTER} ${planted.config} -- ${agent}` } },
          };
        },
        agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: {} },
      });
      const { marker, submodule } = planted as unknown as ReturnType<typeof planterConfig>;
      submodule(p.dir, await addSubmodule(p));
      const { report } = await stageRun(p);
      expect(ran(marker)).toBe('');
      expect(report.executor.status).toBe('contract-violated');
      for (const folder of ['vendor/emb', 'linked', SUBMODULE])
        expect(JSON.stringify(report.executor)).toContain(`${folder}/.git`);
      expect(JSON.stringify(report.executor)).toContain('nested git repository');
      expect(report.verdict).toMatchObject({ value: 'FAIL', runStatus: 'contract-violated' });
      expect((await ledgerRows(p)).at(-1)).toMatchObject({ status: 'failed', reason: 'contract-violated' });
    });

    it('by a QA command after the commit, under a verifier that answers FAIL: the stage fails, and no payload turns the FAIL into a PASS', async () => {
      vi.stubEnv('OKSTRA_STAGE_TREES', trees);
      let planted: ReturnType<typeof planterConfig> | null = null;
      const p = await makeProject({
        plan: 'linear.md',
        config: (paths) => {
          // Run as root, the payload would make the reviewer's script answer PASS before the verifiers start.
          planted = planterConfig(paths, {
            file: join(paths.scratch, 'reviewer.script.json'),
            content: JSON.stringify({ verifierResult: 'PASS' }),
          });
          return { qaCommands: [`${process.execPath} ${PLANTER} ${planted.config}`] };
        },
        agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: FAILING_REVIEWER },
      });
      const { marker, submodule } = planted as unknown as ReturnType<typeof planterConfig>;
      submodule(p.dir, await addSubmodule(p));
      const { report } = await stageRun(p);
      expect(ran(marker)).toBe('');
      expect(report.qa.every((q) => q.passed)).toBe(true);
      // The reviewer's own FAIL, not a run that broke: every verifier's answer was used.
      expect(report.verdict).toMatchObject({ value: 'FAIL', runStatus: 'failed' });
      expect(report.verifiers.map((v) => [v.worker, v.status, v.verdict])).toContainEqual([
        'Reviewer worker',
        'done',
        'FAIL',
      ]);
      expect(report.verifiers.every((v) => v.status === 'done')).toBe(true);
      expect((await ledgerRows(p)).at(-1)).toMatchObject({ status: 'failed' });
      expect(readFileSync(join(p.scratch, 'reviewer.script.json'), 'utf8')).not.toContain('"PASS"');
    });
  });
}

describe('the bundled CLI', () => {
  it('`okstra run` whose executor plants repositories: exit 1, the report names them, no payload runs', async () => {
    let planted: ReturnType<typeof planterConfig> | null = null;
    const p = await makeProject({
      plan: 'linear.md',
      config: (paths) => {
        planted = planterConfig(paths);
        const agent = `${process.execPath} ${SCRIPTED_AGENT} --script ${join(paths.scratch, 'builder.script.json')}`;
        return { providers: { builder: { command: `${process.execPath} ${PLANTER} ${planted.config} -- ${agent}` } } };
      },
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: {} },
    });
    const { marker, submodule } = planted as unknown as ReturnType<typeof planterConfig>;
    submodule(p.dir, await addSubmodule(p));
    const run = await spawnCli(['run', '--plan', p.planFile, '--stage', '1', '--repo', p.dir], {
      cwd: p.dir,
      env: { ...process.env, OKSTRA_TEST_SECRET: CANARY } as Record<string, string>,
    });
    expect(ran(marker)).toBe('');
    expect(run.exitCode, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toContain(`${SUBMODULE}/.git`);
    expect((await ledgerRows(p)).at(-1)).toMatchObject({ status: 'failed', reason: 'contract-violated' });
  });
});

describe('submodules in a stage', () => {
  async function removingSubmodule(planFiles: string): Promise<Project> {
    const p = await makeProject({
      plan: 'linear.md',
      agents: { builder: executorOnly({ ...WRITES_STAGE_FILE, deleteFiles: [SUBMODULE] }), reviewer: {} },
    });
    await addSubmodule(p, planFiles);
    return p;
  }

  it("removing a submodule the stage's files do not name breaks the executor's contract", async () => {
    const p = await removingSubmodule('`src/stage-1.txt`');
    const { report } = await stageRun(p);
    expect(report.executor.status).toBe('contract-violated');
    expect(JSON.stringify(report.executor)).toContain(`a submodule the stage's files do not name: ${SUBMODULE}`);
  });

  it('a stage whose files name the submodule may remove it', async () => {
    const p = await removingSubmodule(`\`src/stage-1.txt\`, \`${SUBMODULE}\``);
    const { report } = await stageRun(p);
    expect(report.executor.status).toBe('done');
    expect(report.git.changedFiles).toContain(SUBMODULE);
    expect(report.verdict.value).toBe('PASS');
  });
});
