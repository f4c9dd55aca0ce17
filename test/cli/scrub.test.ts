import { describe, expect, it } from 'vitest';
import { scrubbingIo, type CliIo } from '../../src/cli/io.js';
import { echoForms, makeCanary, reveals } from '../helpers/canary.js';

describe('CLI: the environment keys are scrubbed from what it prints', () => {
  it('scrubs every form of a provider key from stdout and stderr, and hands the scrubber on for the ledger', () => {
    const key = makeCanary();
    const lines: string[] = [];
    const raw: CliIo = {
      out: (t) => lines.push(t),
      err: (t) => lines.push(t),
      cwd: '/',
      env: { ANTHROPIC_API_KEY: key, MY_PROVIDER_TOKEN: 'custom-token-123', HOME: '/home/x' },
      now: () => new Date(0),
    };
    const io = scrubbingIo(raw);
    const text = Object.values(echoForms(key)).join('\n');
    expect(reveals(text, key), 'the control').toBe(true);
    io.out(text);
    io.err(`custom-token-123 at /home/x`);
    expect(reveals(lines.join('\n'), key)).toBe(false);
    expect(lines[1]).toBe('*** at /home/x');
    expect(io.scrub?.appendRequest({ row: { detail: key } })).toEqual({ row: { detail: '***' } });
  });
});
