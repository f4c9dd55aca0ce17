import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { Git } from '../../src/git/git.js';
import { tempDir } from '../helpers/git-repos.js';
import {
  makeProject,
  pullRequestLabeledPayload,
  runAction,
  SCRIPTED_AGENT,
  startFakeApi,
  twoStagePlan,
  WRITER,
  workflowDispatchPayload,
  type FakeApi,
} from './harness.js';

let api: FakeApi | null = null;
afterEach(async () => {
  await api?.close();
  api = null;
});

const gate = (name: string): string => readFileSync(join(import.meta.dirname, '..', '..', 'prompts', name), 'utf8');

describe('what a pull request cannot change', () => {
  it('a PR-head change to .okstra/config.yml, .okstra/prompts/ or prompts/ does not change the run: the rules come from the default branch', async () => {
    const evil = tempDir('okstra-evil-');
    const evilAgent = (what: string): string =>
      `${process.execPath} ${SCRIPTED_AGENT} --json ${JSON.stringify(JSON.stringify({ record: join(evil, `${what}.jsonl`), writeFiles: { 'pwned.txt': 'x\n' }, carry: true, verifierResult: 'PASS' }))}`;
    const project = await makeProject({
      plan: twoStagePlan(),
      agents: { writer: WRITER, reviewer: { verifierResult: 'PASS' } },
      // The default branch's own prompt override is honoured…
      files: { '.okstra/prompts/executor.md': `${gate('executor.md')}\nMAIN-OVERRIDE-MARKER\n` },
      // …while the pull request's edits to the rules are not.
      prFiles: {
        '.okstra/config.yml': stringify({
          executor: 'evil',
          verifiers: ['evil-reviewer'],
          excludeExecutorFromVerifiers: true,
          qaCommands: [`touch ${join(evil, 'qa-ran')}`],
          providers: { evil: { command: evilAgent('evil') }, 'evil-reviewer': { command: evilAgent('evil-reviewer') } },
        }),
        '.okstra/prompts/executor.md': `${gate('executor.md')}\nEVIL-PROMPT-MARKER\n`,
        'prompts/executor.md': `${gate('executor.md')}\nEVIL-PACKAGE-PROMPT-MARKER\n`,
      },
      shallow: true,
    });
    // The checkout is the pull request's head, as for a pull_request event.
    expect(await new Git(project.workspace).ok(['show', 'HEAD:.okstra/config.yml'])).toContain('evil');
    api = await startFakeApi();
    const run = await runAction(project, {
      inputs: { mode: 'stage', plan: project.planPath, stage: '1' },
      eventName: 'pull_request',
      payload: pullRequestLabeledPayload(3, project.head, 'okstra:stage-1'),
      api,
    });
    expect(run.exitCode, run.stdout).toBe(0);

    expect(run.stdout).toContain(
      `config: main@${project.main.slice(0, 12)}:.okstra/config.yml; prompt overrides: executor.md`,
    );
    expect(existsSync(join(evil, 'evil.jsonl'))).toBe(false);
    expect(existsSync(join(evil, 'evil-reviewer.jsonl'))).toBe(false);
    expect(existsSync(join(evil, 'qa-ran'))).toBe(false);
    const report = JSON.parse(readFileSync(run.outputs['report-json'] as string, 'utf8')) as {
      roster: Array<{ name: string }>;
      qa: Array<{ cmd: string }>;
      plan: { commit: string };
      run: { trigger: { kind: string; url: string } };
    };
    expect(report.roster.map((r) => r.name)).toEqual(['Writer worker', 'Reviewer worker']);
    expect(report.qa.map((q) => q.cmd)).toEqual(['test -f src/stage-1.txt']);
    // The plan itself is read from the commit the trigger names.
    expect(report.plan.commit).toBe(project.head);
    expect(report.run.trigger).toEqual({
      kind: 'label',
      actor: expect.any(String),
      url: 'https://github.com/octo-org/octo-repo/pull/3',
    });

    // The pull request's executor never touched the stage branch.
    const stageBranch = await project.remoteHead('okstra/two-stage/stage-1');
    expect(await project.show(stageBranch as string, 'pwned.txt')).toBeNull();
  });

  it("a pull_request_target-style run (triggered on main, the pull request's head checked out) still reads the rules from main, not from the checkout", async () => {
    const evil = tempDir('okstra-evil-');
    const project = await makeProject({
      plan: twoStagePlan(),
      agents: { writer: WRITER, reviewer: { verifierResult: 'PASS' } },
      prFiles: { '.okstra/config.yml': stringify({ qaCommands: [`touch ${join(evil, 'qa-ran')}`] }) },
    });
    api = await startFakeApi();
    const run = await runAction(project, {
      inputs: { mode: 'stage', plan: project.planPath, stage: '1' },
      eventName: 'pull_request_target',
      payload: pullRequestLabeledPayload(3, project.head, 'okstra:stage-1'),
      api,
      // The runner names main's commit; the checkout is the pull request's head, which is not that commit.
      env: { GITHUB_REF: 'refs/heads/main', GITHUB_SHA: project.main },
    });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(project.head).not.toBe(project.main);
    expect(run.stdout).toContain(`config: main@${project.main.slice(0, 12)}:.okstra/config.yml`);
    expect(run.stdout).not.toContain('(the commit the run was triggered for)');
    expect(existsSync(join(evil, 'qa-ran'))).toBe(false);
  });

  it('a run triggered on main with that commit checked out reads the rules from it, not from a main that moved since', async () => {
    const project = await makeProject({
      plan: twoStagePlan(),
      agents: { writer: WRITER, reviewer: { verifierResult: 'PASS' } },
    });
    expect(project.head).toBe(project.main);
    // main moves on the remote after the run was triggered: a config with a QA command that would fail the stage.
    const other = join(tempDir('okstra-pusher-'), 'clone');
    await new Git(tempDir('okstra-pusher-root-')).ok(['clone', '--quiet', project.bare, other]);
    const pusher = new Git(other);
    writeFileSync(join(other, '.okstra', 'config.yml'), stringify({ qaCommands: ['false'] }));
    await pusher.ok(['-c', 'user.name=x', '-c', 'user.email=x@x', 'commit', '--quiet', '-am', 'config moves on']);
    await pusher.ok(['push', '--quiet', 'origin', 'HEAD:main']);
    const moved = await pusher.ok(['rev-parse', 'HEAD']);

    api = await startFakeApi();
    const inputs = { mode: 'stage', plan: project.planPath, stage: '1' };
    const run = await runAction(project, {
      inputs,
      eventName: 'workflow_dispatch',
      payload: workflowDispatchPayload(inputs),
      api,
      env: { GITHUB_REF: 'refs/heads/main', GITHUB_SHA: project.head },
    });
    expect(run.exitCode, run.stdout).toBe(0);
    expect(run.stdout).toContain(
      `config: main@${project.head.slice(0, 12)}:.okstra/config.yml (the commit the run was triggered for)`,
    );
    // The moved config's QA command (`false`) would have failed the stage; the stage still builds on the moved main.
    expect(run.outputs).toMatchObject({ verdict: 'PASS' });
    expect(run.stdout).not.toContain(`config: main@${moved.slice(0, 12)}`);
  });

  it('the executor prompt holds the default branch override and not the pull request one', async () => {
    const project = await makeProject({
      plan: twoStagePlan(),
      agents: { writer: {}, reviewer: { verifierResult: 'PASS' } },
      files: { '.okstra/prompts/executor.md': `${gate('executor.md')}\nMAIN-OVERRIDE-MARKER\n` },
      prFiles: {
        '.okstra/prompts/executor.md': `${gate('executor.md')}\nEVIL-PROMPT-MARKER\n`,
        'prompts/executor.md': `${gate('executor.md')}\nEVIL-PACKAGE-PROMPT-MARKER\n`,
      },
    });
    project.script('writer', { ...WRITER, record: project.recordFile('writer') });
    api = await startFakeApi();
    const run = await runAction(project, {
      inputs: { mode: 'stage', plan: project.planPath, stage: '1' },
      eventName: 'pull_request',
      payload: pullRequestLabeledPayload(3, project.head, 'okstra:stage-1'),
      api,
    });
    expect(run.exitCode, run.stdout).toBe(0);
    const [call] = project.records('writer');
    expect(call?.prompt).toContain('MAIN-OVERRIDE-MARKER');
    expect(call?.prompt).not.toContain('EVIL-PROMPT-MARKER');
    expect(call?.prompt).not.toContain('EVIL-PACKAGE-PROMPT-MARKER');
  });
});
