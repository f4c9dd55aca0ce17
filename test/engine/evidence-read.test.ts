/**
 * Evidence actually read, end to end: a real repository, the engine wired as
 * `okstra run` wires it, stand-in agents as real processes. The Command
 * provider prints no tool events, so its evidence is self-reported; a
 * provider whose results carry `opened` (as the agent CLI adapters' do) has
 * its verifiers' citations judged against it.
 */
import { describe, expect, it } from 'vitest';
import { validateRun, violationKind } from '../../src/core/conformance/index.js';
import { renderMarkdown } from '../../src/core/report/index.js';
import { OpenedCollector } from '../../src/providers/opened-files.js';
import type { OpenedFiles, Provider } from '../../src/providers/types.js';
import {
  completed,
  engineFor,
  executorOnly,
  makeProject,
  WRITES_STAGE_FILE,
  type AgentScript,
  type Engine,
} from './helpers.js';

const verifierSays = (result: Record<string, unknown>): AgentScript => ({
  rules: [{ when: { role: 'verifier' }, do: { verifierResult: result } }],
});
const CITES_STAGE_FILE = {
  verdict: 'PASS',
  findings: [{ severity: 'minor', title: 'Terse content', file: 'src/stage-1.txt', line: 1 }],
  evidenceRead: ['src/stage-1.txt'],
};

/** Makes a roster verifier's provider report `opened` as a CLI adapter would, for every dispatch. */
function withEvents(engine: Engine, worker: string, opened: OpenedFiles): void {
  const member = engine.prepared.request.roster.verifiers.find((m) => m.name === worker);
  if (!member) throw new Error(`no verifier ${worker} on the roster`);
  const inner = member.provider;
  const wrapped: Provider = {
    kind: inner.kind,
    rosterName: inner.rosterName,
    defaultModel: inner.defaultModel,
    run: async (request) => ({ ...(await inner.run(request)), opened }),
  };
  member.provider = wrapped;
}

describe('evidence actually read', () => {
  it('Command providers have no events: every verifier entry says self-reported, and the stage passes on their word', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: verifierSays(CITES_STAGE_FILE) },
    });
    const { report } = completed(await (await engineFor(p)).run(1));
    expect(report.verdict.value).toBe('PASS');
    expect(report.verifiers.map((v) => [v.worker, v.evidence, v.unreadCitations])).toEqual([
      ['Builder worker', 'self-reported', undefined],
      ['Reviewer worker', 'self-reported', undefined],
    ]);
    expect(renderMarkdown(report).markdown).toContain('1 file (self-reported)');
  });

  it('a verifier whose events show it opened what it cites counts; one that cites a file it never opened is discounted and the stage FAILs', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: {
        builder: executorOnly(WRITES_STAGE_FILE),
        reviewer: verifierSays(CITES_STAGE_FILE),
        auditor: verifierSays(CITES_STAGE_FILE),
      },
    });
    const engine = await engineFor(p);
    withEvents(engine, 'Reviewer worker', { source: 'events', files: ['src/stage-1.txt'] });
    withEvents(engine, 'Auditor worker', { source: 'events', files: ['README.md'] });
    const outcome = completed(await engine.run(1));
    const { report } = outcome;

    const reviewer = report.verifiers.find((v) => v.worker === 'Reviewer worker');
    const auditor = report.verifiers.find((v) => v.worker === 'Auditor worker');
    expect(reviewer).toMatchObject({ status: 'done', verdict: 'PASS', evidence: 'events' });
    expect(reviewer?.unreadCitations).toBeUndefined();
    expect(auditor).toMatchObject({
      status: 'contract-violated',
      verdict: null,
      findings: [],
      evidence: 'events',
      unreadCitations: ['src/stage-1.txt'],
    });
    expect(auditor?.failure?.reason).toMatch(/never opened \(src\/stage-1\.txt\); its result was discounted/);
    // Only the counted verifiers' findings are in the report: the discounted one's are gone with its answer.
    expect(report.findings.map((f) => f.raisedBy)).not.toContain('Auditor worker');
    expect(report.verdict).toMatchObject({ value: 'FAIL', runStatus: 'failed' });
    expect(report.verdict.reasons).toContain(
      "Auditor worker's result was discounted: it cited src/stage-1.txt without opening it",
    );
    expect(report.stageSidecarEvidence).toMatchObject({ carryPath: null });
    expect(validateRun({ report }).filter((v) => violationKind(v.code) === 'protecting')).toEqual([]);
    const markdown = renderMarkdown(report).markdown;
    expect(markdown).toContain('1 file (tool events); cited unopened: `src/stage-1.txt`');
    expect(markdown).toContain('never opened');
  });

  it('a session that printed the whole diff (git diff without paths) has opened every changed file', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: verifierSays(CITES_STAGE_FILE) },
    });
    const engine = await engineFor(p);
    withEvents(engine, 'Reviewer worker', { source: 'events', files: [], wholeDiff: true });
    const { report } = completed(await engine.run(1));
    expect(report.verifiers.find((v) => v.worker === 'Reviewer worker')).toMatchObject({
      status: 'done',
      verdict: 'PASS',
      evidence: 'events',
    });
    expect(report.verdict.value).toBe('PASS');
  });

  it('a session whose only read was `git show --stat HEAD` opened nothing: its citation is discounted', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: verifierSays(CITES_STAGE_FILE) },
    });
    const engine = await engineFor(p);
    // What the collector makes of the command, as a CLI adapter feeds it the session's shell calls.
    const collector = new OpenedCollector(p.dir);
    collector.addCommand('git show --stat HEAD');
    withEvents(engine, 'Reviewer worker', collector.result(true));
    const { report } = completed(await engine.run(1));
    expect(report.verifiers.find((v) => v.worker === 'Reviewer worker')).toMatchObject({
      status: 'contract-violated',
      evidence: 'events',
      unreadCitations: ['src/stage-1.txt'],
    });
    expect(report.verdict.value).toBe('FAIL');
  });

  it('a committed `*.js -diff` does not hide the change from reviewers: their prompt holds its real text', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      files: { '.gitattributes': '*.js -diff\n', 'src/app.js': 'export const answer = 41;\n' },
      agents: ({ recordFile }) => ({
        builder: executorOnly({
          ...WRITES_STAGE_FILE,
          writeFiles: { 'src/stage-{{STAGE}}.txt': 'stage\n', 'src/app.js': 'export const answer = 42;\n' },
        }),
        reviewer: { record: recordFile('reviewer') },
      }),
    });
    const engine = await engineFor(p);
    completed(await engine.run(1));
    // The control: the project's own git hides the change.
    const stageBranch = 'okstra/linear/stage-1';
    expect(await p.git.ok(['diff', `main..${stageBranch}`, '--', 'src/app.js'])).toMatch(/Binary files .* differ/);
    const prompt = p.records('reviewer').find((r) => r.role === 'verifier')?.prompt ?? '';
    expect(prompt).toContain('## Change under review');
    expect(prompt).toContain('-export const answer = 41;');
    expect(prompt).toContain('+export const answer = 42;');
    expect(prompt).not.toMatch(/Binary files .* differ/);
  });

  it('a plain git diff the tree turns into "Binary files differ" backs no citation of that file; with --text it does', async () => {
    const citesApp = {
      verdict: 'PASS',
      findings: [{ severity: 'minor', title: 'Off by one', file: 'src/app.js', line: 1 }],
      evidenceRead: ['src/app.js'],
    };
    const project = () =>
      makeProject({
        plan: 'linear.md',
        files: { '.gitattributes': '*.js -diff\n', 'src/app.js': 'export const answer = 41;\n' },
        agents: {
          builder: executorOnly({
            ...WRITES_STAGE_FILE,
            writeFiles: { 'src/stage-{{STAGE}}.txt': 'stage\n', 'src/app.js': 'export const answer = 42;\n' },
          }),
          reviewer: verifierSays(citesApp),
        },
      });
    const judged = async (command: string) => {
      const p = await project();
      const engine = await engineFor(p);
      const collector = new OpenedCollector(p.dir);
      collector.addCommand(command);
      withEvents(engine, 'Reviewer worker', collector.result(true));
      const { report } = completed(await engine.run(1));
      return report.verifiers.find((v) => v.worker === 'Reviewer worker');
    };
    expect(await judged('git diff main..HEAD')).toMatchObject({
      status: 'contract-violated',
      unreadCitations: ['src/app.js'],
    });
    expect(await judged('git diff main..HEAD -- src/app.js')).toMatchObject({ status: 'contract-violated' });
    expect(await judged('git diff --text main..HEAD')).toMatchObject({ status: 'done', evidence: 'events' });
  });
});
