import { existsSync, readFileSync } from 'node:fs';
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
