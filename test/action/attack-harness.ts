/**
 * A run of the BUNDLED Action, exactly as a runner runs it, whose executor,
 * verifier and QA command are attacking stand-ins
 * (test/fixtures/agents/attacker.mjs): each tries every way to a secret or a
 * write path that decides its verdict and sends what it got to a collector on
 * 127.0.0.1. Canary values stand in for every secret the step holds.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, inject } from 'vitest';
import { Git } from '../../src/git/git.js';
import { ledgerRowsAt } from '../helpers/ledger-rows-at.js';
import { startCollector, type LootCollector } from '../helpers/loot-collector.js';
import { makeCanary, revealedAmong } from '../helpers/canary.js';
import { persistCheckoutCredentials } from '../helpers/checkout-credentials.js';
import { agentScratchDir, tempDir } from '../helpers/git-repos.js';
import {
  makeProject,
  PASSING_REVIEWER,
  runAction,
  SCRIPTED_AGENT,
  startFakeApi,
  twoStagePlan,
  workflowDispatchPayload,
  WRITER,
  type ActionRun,
  type FakeApi,
} from './harness.js';

const ATTACKER = join(import.meta.dirname, '..', 'fixtures', 'agents', 'attacker.mjs');

const SAFE_ANYWHERE = { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'safe.directory', GIT_CONFIG_VALUE_0: '*' };

export interface Loot {
  role: string;
  uid: number;
  gid: number;
  cwd: string;
  reads: Record<string, string>;
  denied: Record<string, string>;
  writes: Record<string, string>;
  git: { config?: string; updateRef?: string; push?: string };
}

export let api: FakeApi | null = null;
let collector: LootCollector<Loot> | null = null;
/** Markers a run without the boundary did manage to write outside the temporary folders. */
const landed: string[] = [];
afterEach(async () => {
  await api?.close();
  await collector?.close();
  api = null;
  collector = null;
  for (const path of landed.splice(0)) rmSync(path, { force: true });
});

export interface Scenario {
  run: ActionRun;
  loot: Loot[];
  canaries: Record<string, string>;
  /** Files an attacker tried to create outside what it may write. */
  forbiddenWrites: string[];
  ledgerBefore: string | null;
  ledgerRows: () => Promise<Array<{ status: string; run_id: string }>>;
  remoteLedger: () => Promise<string | null>;
  workspace: string;
  marker: string;
}

export interface AttackOptions {
  isolation: 'auto' | 'none';
  /** Run the step as this unprivileged user (a hosted runner's, with passwordless sudo); its folders become its own. */
  runner?: { uid: number; gid: number };
}

export async function attackedRun(o: AttackOptions): Promise<Scenario> {
  const { isolation } = o;
  const canaries = {
    githubToken: makeCanary(),
    anthropic: makeCanary(),
    openai: makeCanary(),
    gemini: makeCanary(),
    runtimeToken: makeCanary(),
    idToken: makeCanary(),
    checkoutToken: `ghs_${makeCanary().replace(/[^A-Za-z0-9]/g, '')}`,
    runnerFile: makeCanary(),
    dotEnv: makeCanary(),
  };
  collector = await startCollector<Loot>();
  const scratch = agentScratchDir('okstra-attack-');
  const marker = `ATTACK-${Math.random().toString(36).slice(2)}`;

  // The runner's folders as on a hosted runner: RUNNER_TEMP world-readable (the checkout's v6 credential file lives
  // there), a private file of the runner in it, the runner's HOME, and a temp folder private to the runner's user.
  const runnerTemp = tempDir('okstra-runner-temp-');
  chmodSync(runnerTemp, 0o755);
  writeFileSync(join(runnerTemp, '.credentials'), `{"token":"${canaries.runnerFile}"}\n`, { mode: 0o600 });
  const home = tempDir('okstra-runner-home-');
  writeFileSync(join(home, '.git-credentials'), `https://x-access-token:${canaries.checkoutToken}@github.com\n`, {
    mode: 0o600,
  });
  const tmpRoot = tempDir('okstra-runner-tmp-');
  const files = {
    output: join(scratch, 'output'),
    summary: join(scratch, 'summary.md'),
    state: join(scratch, 'state'),
    temp: join(tempDir('okstra-step-'), 'temp'),
  };
  mkdirSync(files.temp, { recursive: true });
  for (const f of [files.output, files.summary, files.state]) writeFileSync(f, '', { mode: 0o644 });
  const actionDir = dirname(inject('okstraActionPath'));

  const agentCommand = (script: object): string =>
    `${process.execPath} ${ATTACKER} --attack ${join(scratch, 'attack.json')} -- ${process.execPath} ${SCRIPTED_AGENT} --json ${JSON.stringify(JSON.stringify(script))}`;
  const plan = twoStagePlan().replace(
    '- **Validation:** `test -f src/stage-1.txt`',
    `- **Validation:** \`${process.execPath} ${ATTACKER} --attack ${join(scratch, 'attack.json')} --role qa && test -f src/stage-1.txt\``,
  );
  const project = await makeProject({
    plan,
    agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
    config: {
      isolation,
      providers: { writer: { command: agentCommand(WRITER) }, reviewer: { command: agentCommand(PASSING_REVIEWER) } },
    },
  });
  await persistCheckoutCredentials(project.workspace, runnerTemp, canaries.checkoutToken);
  // A file an earlier step of the job wrote into the checkout, readable by all as a default umask leaves it.
  writeFileSync(join(project.workspace, '.env'), `API_KEY=${canaries.dotEnv}\n`, { mode: 0o644 });
  chmodSync(join(project.workspace, '.env'), 0o644);

  const forbiddenWrites = [
    join(project.workspace, `${marker}.txt`),
    join(project.workspace, '.git', `${marker}.txt`),
    join(project.workspace, '.git', 'refs', 'heads', `${marker}`),
    join(runnerTemp, `${marker}.txt`),
    join(actionDir, `${marker}.txt`),
    join(home, `${marker}.txt`),
    join(tmpRoot, `${marker}.txt`),
    join('/etc', `${marker}.txt`),
  ];
  writeFileSync(
    join(scratch, 'attack.json'),
    JSON.stringify({
      collector: collector.url,
      marker,
      read: [project.workspace, join(project.workspace, '.env'), runnerTemp, home, actionDir, files.state],
      write: [...forbiddenWrites, files.output, files.summary, files.state],
      worktreesUnder: [tmpRoot],
      ledgerBranch: 'okstra-ledger',
    }),
  );
  for (const f of [files.output, files.summary, files.state]) chmodSync(f, 0o644);

  if (o.runner) {
    // A hosted runner's folders belong to its user: the checkout, its temp folders, its HOME and the step's files.
    const ids = `${o.runner.uid}:${o.runner.gid}`;
    execFileSync('chown', [
      '-R',
      ids,
      dirname(project.workspace),
      runnerTemp,
      home,
      tmpRoot,
      dirname(files.temp),
      files.output,
      files.summary,
      files.state,
    ]);
    chmodSync(actionDir, 0o755);
  }
  const remote = new Git(project.bare, SAFE_ANYWHERE);
  const ledgerBefore = await remote.resolveCommit('refs/heads/okstra-ledger');
  api = await startFakeApi();
  const run = await runAction(project, {
    inputs: {
      mode: 'stage',
      plan: project.planPath,
      stage: '1',
      report: 'summary,check',
      'github-token': canaries.githubToken,
      'anthropic-api-key': canaries.anthropic,
      'openai-api-key': canaries.openai,
      'gemini-api-key': canaries.gemini,
    },
    eventName: 'workflow_dispatch',
    payload: workflowDispatchPayload({}),
    api,
    files,
    ...(o.runner ? { user: o.runner } : {}),
    env: {
      RUNNER_TEMP: runnerTemp,
      HOME: home,
      TMPDIR: tmpRoot,
      ACTIONS_RUNTIME_TOKEN: canaries.runtimeToken,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: canaries.idToken,
    },
  });
  landed.push(...forbiddenWrites.filter((path) => existsSync(path)));
  return {
    run,
    loot: collector.loot,
    canaries,
    forbiddenWrites,
    ledgerBefore,
    workspace: project.workspace,
    marker,
    ledgerRows: async () => {
      // The remote may belong to the runner's user now: read it as a trusting reader, not through git's ownership check.
      const rows = await ledgerRowsAt(new Git(project.bare, SAFE_ANYWHERE), project.planId);
      return rows.map((r) => ({ status: r.status, run_id: r.run_id ?? '' }));
    },
    remoteLedger: () => remote.resolveCommit('refs/heads/okstra-ledger'),
  };
}

/** Which canaries an attacker's loot reveals, in any encoding. */
export function revealed(loot: Loot[], canaries: Record<string, string>): string[] {
  return revealedAmong(loot.map((l) => JSON.stringify(l)).join('\n'), canaries);
}
