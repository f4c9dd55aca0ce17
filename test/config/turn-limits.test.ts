import { describe, expect, it } from 'vitest';
import { parseConfig, turnLimitsFor, type OkstraConfig } from '../../src/core/config/index.js';
import { formatDiagnostic } from '../../src/core/diagnostics.js';

const parsed = (text: string): OkstraConfig => {
  const { config, errors } = parseConfig(text, 'c.yml');
  expect(errors.map(formatDiagnostic)).toEqual([]);
  return config as OkstraConfig;
};

describe('limits.turns and providers.<name>.maxTurns', () => {
  it('resolve per provider: its own number, its own role, else the role limit', () => {
    const config = parsed(
      'limits:\n  turns: {executor: 80}\nproviders:\n  claude: {maxTurns: 20}\n  gemini:\n    maxTurns: {executor: 500}\n',
    );
    expect(turnLimitsFor(config, 'claude')).toEqual({ executor: 20, verifier: 20 });
    expect(turnLimitsFor(config, 'gemini')).toEqual({ executor: 500, verifier: 150 });
    expect(turnLimitsFor(config, 'codex')).toEqual({ executor: 80, verifier: 150 });
    expect(turnLimitsFor(parsed(''), 'claude')).toEqual({ executor: 300, verifier: 150 });
  });

  it('bad limits are named at their line with what is allowed', () => {
    const { config, errors } = parseConfig(
      'limits:\n  turns:\n    executor: 0\n    verifer: 5\nproviders:\n  claude: {maxTurns: 2.5}\n',
      'c.yml',
    );
    expect(config).toBeNull();
    const lines = errors.map(formatDiagnostic).join('\n');
    expect(lines).toContain('c.yml:3:');
    expect(lines).toMatch(/limits\.turns\.executor: Too small/);
    expect(lines).toContain('unknown key "verifer" (did you mean "verifier"?)');
    expect(lines).toContain(
      'c.yml:6:22: error: providers.claude.maxTurns: a whole number of turns from 1 to 10000, or per role: {executor: N, verifier: N}',
    );
  });

  it('a typo-sized limit is refused', () => {
    const { errors } = parseConfig('limits: {turns: {verifier: 150000}}\n', 'c.yml');
    expect(errors.map((e) => e.message)).toEqual(['limits.turns.verifier: Too big: expected number to be <=10000']);
  });
});
