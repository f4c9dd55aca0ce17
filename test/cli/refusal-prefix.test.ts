/**
 * A refusal is one line in okstra's name: `okstra: …` once, never
 * `okstra: okstra: …`, whether or not the layer that worded the message named
 * okstra already.
 */
import { describe, expect, it } from 'vitest';
import { CliError, EXIT_INFRA, EXIT_REFUSED, type CliIo } from '../../src/cli/io.js';
import { runProgram } from '../../src/cli/program.js';
import { executorOnly, makeProject, WRITES_STAGE_FILE } from '../engine/helpers.js';
import { runCli } from '../helpers/cli.js';

describe('a refusal names okstra once', () => {
  it('`okstra run` of a plan nobody approved', async () => {
    const p = await makeProject({
      plan: 'linear.md',
      agents: { builder: executorOnly(WRITES_STAGE_FILE), reviewer: {} },
      config: { approval: { required: true } },
    });
    const res = await runCli(['run', '--plan', p.planFile, '--stage', '1', '--repo', p.dir], { cwd: p.dir });
    expect(res.exitCode, res.stderr).toBe(EXIT_REFUSED);
    expect(res.stderr).toMatch(/^okstra: plan linear is not approved at blob [0-9a-f]{40} /);
    expect(res.stderr).not.toContain('okstra: okstra:');
  });

  it('an error whose message already starts with okstra: (as the sandbox lock wait words it)', async () => {
    let stderr = '';
    const io: CliIo = {
      out: () => undefined,
      err: (t) => (stderr += t),
      cwd: process.cwd(),
      env: {},
      now: () => new Date(),
    };
    const held = 'okstra: /run/okstra/reach.lock is held for over 30 s; is another okstra run stuck?';
    const code = await runProgram(['stuck'], io, [
      (program) => {
        program.command('stuck').action(() => {
          throw new CliError(held, EXIT_INFRA);
        });
      },
    ]);
    expect(code).toBe(EXIT_INFRA);
    expect(stderr).toBe(held);
  });
});
