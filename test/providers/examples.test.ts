import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseCarryEvidence,
  parseCriticResult,
  parseReverifyResult,
  parseVerifierResult,
} from '../../src/core/contracts/index.js';
import { resolveProvider } from '../../src/providers/registry.js';
import { tempDir } from '../helpers/git-repos.js';
import { EXAMPLE_AGENT_MJS, EXAMPLE_AGENT_SH, SCRIPTED_AGENT, config, request } from './helpers.js';

/** What a contract parser returned, or a failure that shows the agent's text. */
function ok<T extends { ok: boolean }>(parsed: T, text: string): Extract<T, { ok: true }> {
  if (!parsed.ok)
    throw new Error(`${(parsed as { reason?: string }).reason ?? 'not parsed'}\n--- final text ---\n${text}`);
  return parsed as Extract<T, { ok: true }>;
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
    expect(ok(parseCarryEvidence(executed.finalText, { stage: 2 }), executed.finalText).carry).toMatchObject({
      stage: 2,
      filesChanged: ['hello.txt'],
    });

    const verified = await provider.run(
      request(worktree, { worker: 'Hello worker', role: 'verifier', readOnly: true }),
    );
    expect(verified.status).toBe('done');
    expect(ok(parseVerifierResult(verified.finalText), verified.finalText).result.verdict).toBe('PASS');

    const empty = tempDir('okstra-worktree-');
    const failed = await provider.run(request(empty, { worker: 'Hello worker', role: 'verifier', readOnly: true }));
    expect(existsSync(join(empty, 'hello.txt'))).toBe(false);
    expect(ok(parseVerifierResult(failed.finalText), failed.finalText).result.verdict).toBe('FAIL');
  });
});

describe('the scripted stand-in agent', () => {
  const standIn = (script: object) => {
    const cfg = config({
      providers: { stand: { command: `'${process.execPath}' '${SCRIPTED_AGENT}' --json '${JSON.stringify(script)}'` } },
    });
    return resolveProvider('stand', cfg, { env: { PATH: process.env.PATH } });
  };

  it("answers every role, by default, with a block okstra's contract parsers accept", async () => {
    const provider = standIn({});
    const executed = await provider.run(request(tempDir()));
    expect(ok(parseCarryEvidence(executed.finalText, { stage: 2 }), executed.finalText).carry.stage).toBe(2);
    const verified = await provider.run(request(tempDir(), { role: 'verifier', readOnly: true }));
    expect(ok(parseVerifierResult(verified.finalText), verified.finalText).result.verdict).toBe('PASS');
    const prompt =
      '## Disputed finding\n\nThe verifiers disagree.\n\n```text\nid: F3\nseverity: blocking\ntitle: x\n```\n';
    const reverified = await provider.run(request(tempDir(), { role: 'reverify', readOnly: true, prompt }));
    expect(
      ok(parseReverifyResult(reverified.finalText, { findingId: 'F3' }), reverified.finalText).result.position,
    ).toBe('confirm');
    const criticised = await provider.run(request(tempDir(), { role: 'critic', readOnly: true }));
    expect(ok(parseCriticResult(criticised.finalText), criticised.finalText).result.gaps).toEqual([]);
  });

  it('fails, refutes or reports gaps when a rule says so', async () => {
    const provider = standIn({
      rules: [
        { when: { role: 'verifier', stage: 3 }, do: { verifierResult: 'FAIL' } },
        { when: { role: 'reverify' }, do: { reverifyResult: { position: 'refute', findingId: 'F9' } } },
        {
          when: { role: 'critic' },
          do: { criticResult: { gaps: [{ severity: 'major', title: 'Missed edge case', file: 'src/a.ts', line: 3 }] } },
        },
      ],
    });
    const failed = await provider.run(
      request(tempDir(), { role: 'verifier', readOnly: true, context: { planId: 'p', stage: 3, runId: 'r' } }),
    );
    expect(ok(parseVerifierResult(failed.finalText), failed.finalText).result).toMatchObject({
      verdict: 'FAIL',
      findings: [{ severity: 'blocking' }],
    });
    const passed = await provider.run(request(tempDir(), { role: 'verifier', readOnly: true }));
    expect(ok(parseVerifierResult(passed.finalText), passed.finalText).result.verdict).toBe('PASS');
    const refuted = await provider.run(request(tempDir(), { role: 'reverify', readOnly: true }));
    expect(ok(parseReverifyResult(refuted.finalText, { findingId: 'F9' }), refuted.finalText).result.position).toBe(
      'refute',
    );
    const critic = await provider.run(request(tempDir(), { role: 'critic', readOnly: true }));
    expect(ok(parseCriticResult(critic.finalText), critic.finalText).result.gaps).toHaveLength(1);
  });

  it('counts calls per role, worker and stage (a fix run can behave differently)', async () => {
    const provider = standIn({
      stateDir: tempDir(),
      rules: [{ when: { role: 'executor', call: 1 }, do: { exitCode: 1, stderr: 'first attempt fails\n' } }],
    });
    const first = await provider.run(request(tempDir()));
    expect(first).toMatchObject({
      status: 'error',
      errorMessage: expect.stringMatching(/exited with code 1: first attempt fails$/) as string,
    });
    const second = await provider.run(request(tempDir()));
    expect(second.status).toBe('done');
    expect(ok(parseCarryEvidence(second.finalText), second.finalText).carry.stage).toBe(2);
  });
});
