import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/core/config/index.js';
import { builtinRefs } from '../../src/providers/run-providers.js';

describe('builtinRefs', () => {
  it('installs the fallback vendors too: a fallback without its CLI could not take over', () => {
    const { config } = parseConfig(
      'executor: claude\nverifiers: [claude]\nfallback:\n  executor: [codex]\n  verifiers: [gemini]\n',
      'c.yml',
    );
    if (!config) throw new Error('config did not parse');
    expect(builtinRefs(config, { executor: null, verifiers: null })).toEqual(['claude', 'codex', 'gemini']);
  });
});
