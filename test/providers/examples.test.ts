import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CarrySchema } from '../../src/core/report/schema/carry.js';
import { VerifierResultSchema } from '../../src/core/report/schema/verifier-result.js';
import { resolveProvider } from '../../src/providers/registry.js';
import { tempDir } from '../helpers/git-repos.js';
import { EXAMPLE_AGENT_MJS, EXAMPLE_AGENT_SH, SCRIPTED_AGENT, config, request } from './helpers.js';

/** The JSON of the fenced block under `### <title>`. */
function block(text: string, title: string): unknown {
  const match = new RegExp(`### ${title}\\s*\\n\\s*\`\`\`json\\n([\\s\\S]*?)\\n\`\`\``).exec(text);
  if (!match) throw new Error(`no ${title} block in:\n${text}`);
  return JSON.parse(match[1] as string);
}

describe('docs/providers.md', () => {
  it('shows the example programs exactly as they are tested here', () => {
    const doc = readFileSync(new URL('../../docs/providers.md', import.meta.url), 'utf8');
    expect(doc).toContain(`\`\`\`sh\n${readFileSync(EXAMPLE_AGENT_SH, 'utf8')}\`\`\``);
    expect(doc).toContain(`\`\`\`js\n${readFileSync(EXAMPLE_AGENT_MJS, 'utf8')}\`\`\``);
  });
});

// The two example programs of docs/providers.md, configured the way the docs say.
describe.each([
  ['shell', `sh '${EXAMPLE_AGENT_SH}'`],
  ['node', `'${process.execPath}' '${EXAMPLE_AGENT_MJS}'`],
])('the %s example in docs/providers.md', (_kind, command) => {
  const cfg = config({ executor: 'hello', providers: { hello: { command } } });

  it('executes (writes hello.txt, valid Stage Carry Evidence) and verifies (valid Verifier Result)', async () => {
    const worktree = tempDir('okstra-worktree-');
    const provider = resolveProvider('hello', cfg, { env: { PATH: process.env.PATH } });
    expect(provider.rosterName).toBe('Hello worker');

    const executed = await provider.run(request(worktree, { worker: 'Hello worker' }));
    expect(executed.status).toBe('done');
    expect(readFileSync(join(worktree, 'hello.txt'), 'utf8')).toBe('hello from Hello worker\n');
    expect(CarrySchema.parse(block(executed.finalText, 'Stage Carry Evidence'))).toMatchObject({ stage: 2, filesChanged: ['hello.txt'] });

    const verified = await provider.run(request(worktree, { worker: 'Hello worker', role: 'verifier', readOnly: true }));
    expect(verified.status).toBe('done');
    expect(VerifierResultSchema.parse(block(verified.finalText, 'Verifier Result'))).toMatchObject({ verdict: 'PASS' });

    const empty = tempDir('okstra-worktree-');
    const failed = await provider.run(request(empty, { worker: 'Hello worker', role: 'verifier', readOnly: true }));
    expect(existsSync(join(empty, 'hello.txt'))).toBe(false);
    expect(VerifierResultSchema.parse(block(failed.finalText, 'Verifier Result'))).toMatchObject({ verdict: 'FAIL' });
  });
});

describe('the scripted stand-in agent', () => {
  it('emits blocks the report schemas accept, by default and when told to fail', async () => {
    const cfg = config({ providers: { stand: { command: `'${process.execPath}' '${SCRIPTED_AGENT}' --json '{"rules":[{"when":{"stage":3},"do":{"verifierResult":"FAIL"}}]}'` } } });
    const provider = resolveProvider('stand', cfg, { env: { PATH: process.env.PATH } });
    const executed = await provider.run(request(tempDir()));
    expect(CarrySchema.safeParse(block(executed.finalText, 'Stage Carry Evidence')).success).toBe(true);
    const passed = await provider.run(request(tempDir(), { role: 'verifier', readOnly: true }));
    expect(VerifierResultSchema.parse(block(passed.finalText, 'Verifier Result')).verdict).toBe('PASS');
    const failed = await provider.run(request(tempDir(), { role: 'verifier', readOnly: true, context: { planId: 'p', stage: 3, runId: 'r' } }));
    expect(VerifierResultSchema.parse(block(failed.finalText, 'Verifier Result'))).toMatchObject({ verdict: 'FAIL', findings: [{ severity: 'blocking' }] });
  });

  it('counts calls per role, worker and stage (a fix run can behave differently)', async () => {
    const stateDir = tempDir();
    const script = { stateDir, rules: [{ when: { role: 'executor', call: 1 }, do: { exitCode: 1, stderr: 'first attempt fails\n' } }] };
    const cfg = config({ providers: { stand: { command: `'${process.execPath}' '${SCRIPTED_AGENT}' --json '${JSON.stringify(script)}'` } } });
    const provider = resolveProvider('stand', cfg, { env: { PATH: process.env.PATH } });
    const first = await provider.run(request(tempDir()));
    expect(first).toMatchObject({ status: 'error', errorMessage: expect.stringMatching(/exited with code 1: first attempt fails$/) as string });
    const second = await provider.run(request(tempDir()));
    expect(second.status).toBe('done');
  });
});
