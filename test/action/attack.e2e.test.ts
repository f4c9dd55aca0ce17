/**
 * Attacking stand-in agents (test/fixtures/agents/attacker.mjs) run through
 * the BUNDLED Action exactly as a runner runs it: the executor, the verifier
 * and a QA command each try every way to a secret or a write path that
 * decides their verdict, and send what they got to a collector on 127.0.0.1.
 * With the trust boundary on (the default) they get nothing; the same
 * attackers with `isolation: none` get the secrets, which shows the test can
 * fail.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { Git } from '../../src/git/git.js';
import { makeCanary, reveals } from '../helpers/canary.js';
import { persistCheckoutCredentials } from '../helpers/checkout-credentials.js';
import { agentScratchDir, tempDir } from '../helpers/git-repos.js';
import { makeProject, PASSING_REVIEWER, runAction, SCRIPTED_AGENT, startFakeApi, twoStagePlan, workflowDispatchPayload, WRITER, type ActionRun, type FakeApi } from './harness.js';

const ATTACKER = join(import.meta.dirname, '..', 'fixtures', 'agents', 'attacker.mjs');

interface Loot {
  role: string;
  uid: number;
  gid: number;
  cwd: string;
  reads: Record<string, string>;
  denied: Record<string, string>;
  writes: Record<string, string>;
  git: { config?: string; updateRef?: string; push?: string };
}

let api: FakeApi | null = null;
let collector: { url: string; loot: Loot[]; close(): Promise<void> } | null = null;
/** Markers a run without the boundary did manage to write outside the temporary folders. */
const landed: string[] = [];
afterEach(async () => {
  await api?.close();
  await collector?.close();
  api = null;
  collector = null;
  for (const path of landed.splice(0)) rmSync(path, { force: true });
});

async function startCollector(): Promise<NonNullable<typeof collector>> {
  const loot: Loot[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      loot.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Loot);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}/loot`, loot, close: () => new Promise<void>((r) => server.close(() => r())) };
}

interface Scenario {
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

async function attackedRun(isolation: 'auto' | 'none'): Promise<Scenario> {
  const canaries = {
    githubToken: makeCanary(),
    anthropic: makeCanary(),
    openai: makeCanary(),
    gemini: makeCanary(),
    runtimeToken: makeCanary(),
    idToken: makeCanary(),
    checkoutToken: `ghs_${makeCanary().replace(/[^A-Za-z0-9]/g, '')}`,
    runnerFile: makeCanary(),
  };
  collector = await startCollector();
  const scratch = agentScratchDir('okstra-attack-');
  const marker = `ATTACK-${Math.random().toString(36).slice(2)}`;

  // The runner's folders as on a hosted runner: RUNNER_TEMP world-readable (the checkout's v6 credential file lives
  // there), a private file of the runner in it, the runner's HOME, and a temp folder private to the runner's user.
  const runnerTemp = tempDir('okstra-runner-temp-');
  chmodSync(runnerTemp, 0o755);
  writeFileSync(join(runnerTemp, '.credentials'), `{"token":"${canaries.runnerFile}"}\n`, { mode: 0o600 });
  const home = tempDir('okstra-runner-home-');
  writeFileSync(join(home, '.git-credentials'), `https://x-access-token:${canaries.checkoutToken}@github.com\n`, { mode: 0o600 });
  const tmpRoot = tempDir('okstra-runner-tmp-');
  const files = { output: join(scratch, 'output'), summary: join(scratch, 'summary.md'), state: join(scratch, 'state'), temp: join(tempDir('okstra-step-'), 'temp') };
  mkdirSync(files.temp, { recursive: true });
  for (const f of [files.output, files.summary, files.state]) writeFileSync(f, '', { mode: 0o644 });
  const actionDir = dirname(inject('okstraActionPath'));

  const agentCommand = (script: object): string => `${process.execPath} ${ATTACKER} --attack ${join(scratch, 'attack.json')} -- ${process.execPath} ${SCRIPTED_AGENT} --json ${JSON.stringify(JSON.stringify(script))}`;
  const plan = twoStagePlan().replace('- **Validation:** `test -f src/stage-1.txt`', `- **Validation:** \`${process.execPath} ${ATTACKER} --attack ${join(scratch, 'attack.json')} --role qa && test -f src/stage-1.txt\``);
  const project = await makeProject({
    plan,
    agents: { writer: WRITER, reviewer: PASSING_REVIEWER },
    config: { isolation, providers: { writer: { command: agentCommand(WRITER) }, reviewer: { command: agentCommand(PASSING_REVIEWER) } } },
  });
  await persistCheckoutCredentials(project.workspace, runnerTemp, canaries.checkoutToken);

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
      read: [project.workspace, runnerTemp, home, actionDir, files.state],
      write: [...forbiddenWrites, files.output, files.summary, files.state],
      worktreesUnder: [tmpRoot],
      ledgerBranch: 'okstra-ledger',
    }),
  );
  for (const f of [files.output, files.summary, files.state]) chmodSync(f, 0o644);

  const remote = new Git(project.bare);
  const ledgerBefore = await remote.resolveCommit('refs/heads/okstra-ledger');
  api = await startFakeApi();
  const run = await runAction(project, {
    inputs: { mode: 'stage', plan: project.planPath, stage: '1', report: 'summary,check', 'github-token': canaries.githubToken, 'anthropic-api-key': canaries.anthropic, 'openai-api-key': canaries.openai, 'gemini-api-key': canaries.gemini },
    eventName: 'workflow_dispatch',
    payload: workflowDispatchPayload({}),
    api,
    files,
    env: { RUNNER_TEMP: runnerTemp, HOME: home, TMPDIR: tmpRoot, ACTIONS_RUNTIME_TOKEN: canaries.runtimeToken, ACTIONS_ID_TOKEN_REQUEST_TOKEN: canaries.idToken },
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
    ledgerRows: async () => (await project.ledger()).map((r) => ({ status: r.status, run_id: r.run_id })),
    remoteLedger: () => remote.resolveCommit('refs/heads/okstra-ledger'),
  };
}

/** Which canaries an attacker's loot reveals, in any encoding. */
function revealed(loot: Loot[], canaries: Record<string, string>): string[] {
  const text = loot.map((l) => JSON.stringify(l)).join('\n');
  return Object.entries(canaries)
    .filter(([, secret]) => reveals(text, secret))
    .map(([name]) => name);
}

describe('attacking stand-in agents against the trust boundary', () => {
  it('with isolation (the default), the executor, the verifier and a QA command reach no secret, write nothing outside their own tree, and cannot touch the ledger', async () => {
    const s = await attackedRun('auto');
    expect(s.run.exitCode, s.run.stdout + s.run.stderr).toBe(0);
    expect(s.run.stdout).toMatch(/isolation: agents and QA commands ran as separate unprivileged users/);

    // Every attacker ran and reported: executor, QA, verifier, each as an unprivileged agent user (one at a time here, so one user may serve them in turn).
    expect(s.loot.map((l) => l.role).sort()).toEqual(['executor', 'qa', 'verifier']);
    expect(s.loot.every((l) => l.uid !== 0 && l.uid !== process.getuid?.() && l.gid !== 0)).toBe(true);

    // Nothing secret in anything they could read, in any form.
    expect(revealed(s.loot, s.canaries)).toEqual([]);
    for (const l of s.loot) {
      // okstra's own environment and the runner's private files were refused by the kernel, not merely empty.
      expect(Object.entries(l.denied).filter(([p]) => /\/proc\/\d+\/environ$/.test(p)).length).toBeGreaterThan(0);
      expect(l.git.config ?? '').not.toMatch(/extraheader/i);
    }

    // No write outside the allowed paths landed; the runner's file commands are untouched by them.
    for (const l of s.loot) for (const path of s.forbiddenWrites) expect(l.writes[path], `${l.role} → ${path}`).not.toBe('written');
    for (const path of s.forbiddenWrites) expect(existsSync(path), path).toBe(false);
    for (const l of s.loot) for (const [path, result] of Object.entries(l.writes)) if (/ATTACK-.*-(executor|verifier|qa)\.txt$/.test(path) && !path.includes('-own-tree-')) expect(result, `${l.role} wrote into another session's tree ${path}`).not.toBe('written');
    // (What an attacker appends is `<marker>:<role>:<uid>`; the executor's own marker file may be named in the report.)
    expect(readFileSync(s.run.files.output, 'utf8')).not.toContain(`${s.marker}:`);
    expect(readFileSync(s.run.files.summary, 'utf8')).not.toContain(`${s.marker}:`);
    expect(readFileSync(s.run.files.state, 'utf8')).not.toContain(`${s.marker}:`);
    expect(readFileSync('/etc/passwd', 'utf8')).not.toContain(`${s.marker}:`);

    // The verifier could not write the tree it reviews; the executor could write its own (and only that).
    const verifier = s.loot.find((l) => l.role === 'verifier');
    expect(Object.entries(verifier?.writes ?? {}).find(([p]) => p.endsWith('-own-tree-verifier.txt'))?.[1]).toMatch(/EACCES|EPERM|EROFS/);
    const executor = s.loot.find((l) => l.role === 'executor');
    expect(Object.entries(executor?.writes ?? {}).find(([p]) => p.endsWith('-own-tree-executor.txt'))?.[1]).toBe('written');

    // The ledger: neither moved locally nor pushed by an agent; only okstra's two rows for this run are on it.
    for (const l of s.loot) {
      expect(l.git.updateRef).not.toBe('moved');
      expect(l.git.push).not.toBe('pushed');
    }
    expect(await s.ledgerRows()).toEqual([expect.objectContaining({ status: 'started' }), expect.objectContaining({ status: 'done' })]);
    const rows = await s.ledgerRows();
    expect(new Set(rows.map((r) => r.run_id)).size).toBe(1);

    // And no canary in what okstra itself wrote or sent.
    const log = (s.run.stdout + s.run.stderr).split('\n').filter((l) => !l.startsWith('::add-mask::')).join('\n');
    const sent = (api?.requests ?? []).map((r) => r.raw).join('\n');
    for (const [name, secret] of Object.entries(s.canaries)) {
      expect(reveals(log, secret), `log reveals ${name}`).toBe(false);
      expect(reveals(s.run.summary, secret), `summary reveals ${name}`).toBe(false);
      expect(reveals(sent, secret), `a request reveals ${name}`).toBe(false);
    }
  });

  it('the same attackers with isolation: none get the secrets and write outside their tree (the attack works when the boundary is off)', async () => {
    const s = await attackedRun('none');
    // The executor at least ran (with the ledger in reach it can end the run there, which okstra then calls a contract violation).
    expect(s.loot.length).toBeGreaterThanOrEqual(1);
    expect(s.loot.some((l) => l.git.updateRef === 'moved' || l.git.push === 'pushed')).toBe(true);
    // okstra's environment (its inputs as the runner gave them, the runtime token) is readable from /proc.
    expect(revealed(s.loot, s.canaries)).toEqual(expect.arrayContaining(['githubToken', 'anthropic', 'runtimeToken']));
    expect(s.forbiddenWrites.some((path) => existsSync(path))).toBe(true);
    // The report says plainly that agents ran with okstra's privileges.
    expect(s.run.summary + s.run.stdout).toMatch(/isolation: none|okstra's own privileges/);
  });
});
