import type { BuiltinProvider } from '../core/config/builtin-providers.js';

/**
 * The exact agent CLI versions okstra drives — the one place they are
 * written. The adapters' flags, config files, output parsing and error
 * quirks were measured against these versions (docs/providers.md); request
 * shapes and tool names change between releases, so a version bump is a
 * change to review, with the contract suite run against the new binaries.
 *
 * `okstra install-clis` (and `npm test`'s pretest) installs exactly these;
 * `okstra doctor` compares what it finds with them.
 */
export interface AgentCliPin {
  /** What users call it. */
  product: string;
  /** The npm package. */
  package: string;
  /** Exact version; never a range. */
  version: string;
  /** The program name a global install puts on PATH. */
  command: string;
}

export const AGENT_CLI_PINS: Readonly<Record<BuiltinProvider, AgentCliPin>> = {
  claude: { product: 'Claude Code', package: '@anthropic-ai/claude-code', version: '2.1.197', command: 'claude' },
  codex: { product: 'Codex', package: '@openai/codex', version: '0.171.0', command: 'codex' },
  gemini: { product: 'Gemini CLI', package: '@google/gemini-cli', version: '0.61.0', command: 'gemini' },
  copilot: { product: 'Copilot CLI', package: '@github/copilot', version: '1.0.102', command: 'copilot' },
};

/** `@anthropic-ai/claude-code@2.1.197`: what `npm install` is given. */
export function pinnedSpec(ref: BuiltinProvider): string {
  const pin = AGENT_CLI_PINS[ref];
  return `${pin.package}@${pin.version}`;
}
