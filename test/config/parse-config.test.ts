import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/core/config/index.js';
import { formatDiagnostic } from '../../src/core/diagnostics.js';

describe('parseConfig', () => {
  it('fills every default for an empty file', () => {
    const { config, errors } = parseConfig('', '.okstra/config.yml');
    expect(errors).toEqual([]);
    expect(config).toMatchObject({
      executor: 'claude',
      qaCommands: [],
      convergence: { rounds: 2 },
      critic: null,
      ledgerBranch: 'okstra-ledger',
      plansDir: '.okstra/plans',
    });
  });

  it('accepts named command providers and qa commands in both forms', () => {
    const text =
      'executor: aider\nverifiers: [claude, codex]\nproviders:\n  aider:\n    command: aider --yes\n    name: Aider\nqaCommands:\n  - npm test\n  - cmd: npm run lint\n    label: lint\n';
    const { config, errors } = parseConfig(text, 'c.yml');
    expect(errors).toEqual([]);
    expect(config?.providers.aider).toEqual({ command: 'aider --yes', name: 'Aider' });
    expect(config?.qaCommands).toEqual(['npm test', { cmd: 'npm run lint', label: 'lint' }]);
  });

  it('names the file, line, key and what is allowed for an unknown key', () => {
    const { config, errors } = parseConfig('executor: codex\nqaComands: [npm test]\n', '.okstra/config.yml');
    expect(config).toBeNull();
    expect(errors.map(formatDiagnostic)).toEqual([
      '.okstra/config.yml:2:1: error: unknown key "qaComands" (did you mean "qaCommands"?)\n  hint: allowed here: executor, verifiers, excludeExecutorFromVerifiers, providers, qaCommands, protected, convergence, critic, fallback, timeouts, concurrency, ledgerBranch, plansDir, leaseMinutes, isolation, budgets, limits, pricing, bot, planner, planning, approval, handoff',
    ]);
  });

  it('reports nested unknown keys and bad values at their lines, all at once', () => {
    const text =
      'timeouts:\n  executorMinutes: -1\nproviders:\n  claude:\n    baseURL: http://gw\nconvergence: {rounds: 9}\n';
    const { errors } = parseConfig(text, 'c.yml');
    expect(errors.map((e) => [e.code, e.line, e.message])).toEqual([
      ['config/invalid-value', 2, 'timeouts.executorMinutes: Too small: expected number to be >0'],
      ['config/unknown-key', 5, 'providers.claude: unknown key "baseURL" (did you mean "baseUrl"?)'],
      ['config/invalid-value', 6, 'convergence.rounds: Too big: expected number to be <=5'],
    ]);
  });

  it('isolation, budgets and pricing: accepted when valid, each bad value named at its line', () => {
    const good = parseConfig(
      'isolation: none\nbudgets:\n  worker: {tokens: 1000}\n  plan: {usd: 5}\npricing:\n  my-model: {input: 1, output: 2}\n',
      'c.yml',
    );
    expect(good.errors).toEqual([]);
    expect(good.config).toMatchObject({
      isolation: 'none',
      budgets: { worker: { tokens: 1000 }, plan: { usd: 5 } },
      pricing: { 'my-model': { input: 1, output: 2 } },
    });
    expect(parseConfig('', 'c.yml').config).toMatchObject({ isolation: 'auto', budgets: {}, pricing: {} });
    const bad = parseConfig(
      'isolation: off\nbudgets:\n  stage: {usd: -1}\n  run: {tokens: 5}\npricing:\n  m: {input: 1}\n',
      'c.yml',
    );
    expect(bad.errors.map((e) => [e.code, e.line])).toEqual([
      ['config/invalid-value', 1],
      ['config/invalid-value', 3],
      ['config/unknown-key', 4],
      ['config/invalid-value', 6],
    ]);
  });

  it('budgets.day: a per-day plan limit, and a limit that sets neither tokens nor usd is named as limiting nothing', () => {
    expect(parseConfig('budgets:\n  day: {usd: 5}\n', 'c.yml').config).toMatchObject({ budgets: { day: { usd: 5 } } });
    const empty = parseConfig('budgets:\n  day: {}\n', 'c.yml');
    expect(empty.errors.map((e) => [e.code, e.line])).toEqual([['config/invalid-value', 2]]);
    expect(empty.errors[0]?.message).toBe(
      'budgets.day: a budget limit sets tokens, usd or both, e.g. {usd: 5}; an empty one would limit nothing',
    );
  });

  it('refuses providers that are neither built in nor defined', () => {
    const { errors } = parseConfig('executor: claud\nproviders:\n  aider:\n    name: Aider\n', 'c.yml');
    expect(errors.map((e) => [e.code, e.line])).toEqual([
      ['config/unknown-provider', 1],
      ['config/provider-without-command', 4],
    ]);
    expect(errors[0]?.message).toBe('executor: unknown provider "claud" (did you mean "claude"?)');
  });

  it('reports invalid YAML with its line', () => {
    const { errors } = parseConfig('executor: [codex\n', 'c.yml');
    expect(errors[0]).toMatchObject({ code: 'config/invalid-yaml', path: 'c.yml' });
  });
});

describe('fallback:', () => {
  it('names providers per role, tried in order; absent means none', () => {
    const { config, errors } = parseConfig(
      'executor: claude\nverifiers: [codex]\nfallback:\n  executor: [codex, gemini]\n  verifiers: [gemini]\n',
      '.okstra/config.yml',
    );
    expect(errors).toEqual([]);
    expect(config?.fallback).toEqual({ executor: ['codex', 'gemini'], verifiers: ['gemini'] });
    expect(parseConfig('', 'c.yml').config?.fallback).toEqual({ executor: [], verifiers: [] });
  });

  it('refuses a bad fallback naming the file, the line and what to do', () => {
    const text =
      'executor: claude\nfallback:\n  executor: [claude]\n  verifiers:\n    - gemini\n    - claude\n    - gemini\n    - gemnii\n  reviewers: [codex]\n';
    const { config, errors } = parseConfig(text, '.okstra/config.yml');
    expect(config).toBeNull();
    expect(errors.map(formatDiagnostic)).toEqual([
      '.okstra/config.yml:9:3: error: fallback: unknown key "reviewers"\n  hint: allowed here: executor, verifiers',
    ]);
    // Once the unknown key is gone, the rules that need the whole config speak, each at its line.
    const fixed = parseConfig(text.replace('  reviewers: [codex]\n', ''), '.okstra/config.yml');
    expect(formatDiagnostic(fixed.errors[0] as (typeof fixed.errors)[number])).toBe(
      '.okstra/config.yml:3:14: error: fallback.executor.0: "claude" is the executor itself; a fallback takes over when the executor\'s provider cannot work\n  hint: name another provider than the executor "claude" (e.g. codex, gemini or copilot)',
    );
    expect(fixed.errors.map((e) => [e.code, e.line, e.message])).toEqual([
      [
        'config/fallback-is-executor',
        3,
        'fallback.executor.0: "claude" is the executor itself; a fallback takes over when the executor\'s provider cannot work',
      ],
      [
        'config/fallback-verifies-executor',
        6,
        'fallback.verifiers.1: "claude" is the executor; as a verifier fallback it would verify its own work',
      ],
      ['config/fallback-duplicate', 7, 'fallback.verifiers.2: "gemini" is listed twice'],
      ['config/unknown-provider', 8, 'fallback.verifiers.3: unknown provider "gemnii" (did you mean "gemini"?)'],
    ]);
  });
});

describe('providers.<name>.via: a cloud platform', () => {
  it('accepts Claude on Vertex AI with a location and a project, and names what is missing', () => {
    const good = parseConfig(
      'providers:\n  claude:\n    via: vertex\n    region: us-east5\n    projectId: my-project-123\n',
      'c.yml',
    );
    expect(good.errors).toEqual([]);
    expect(good.config?.providers.claude).toEqual({ via: 'vertex', region: 'us-east5', projectId: 'my-project-123' });
    const bad = parseConfig('providers:\n  claude:\n    via: vertex\n    region: us-east-1\n', 'c.yml');
    expect(bad.errors.map((e) => [e.line, e.message])).toEqual([
      [
        3,
        'providers.claude.via: via: vertex needs projectId, the Google Cloud project your Claude models are enabled in',
      ],
      [4, 'providers.claude.region: expected a Vertex AI location such as us-east5 or global'],
    ]);
  });

  it('accepts Codex on Azure OpenAI with the resource endpoint, and refuses it without one or for Claude', () => {
    const good = parseConfig(
      'providers:\n  codex:\n    via: azure\n    baseUrl: https://my-res.openai.azure.com/openai/v1\n',
      'c.yml',
    );
    expect(good.errors).toEqual([]);
    const bad = parseConfig('providers:\n  codex:\n    via: azure\n  claude:\n    via: azure\n', 'c.yml');
    expect(bad.errors.map((e) => [e.line, e.message])).toEqual([
      [
        3,
        'providers.codex.via: via: azure needs baseUrl, your resource’s endpoint, e.g. https://my-resource.openai.azure.com/openai/v1',
      ],
      [5, 'providers.claude.via: via: azure is for Codex only (providers.codex), not claude'],
      [
        5,
        'providers.claude.via: via: azure needs baseUrl, your resource’s endpoint, e.g. https://my-resource.openai.azure.com/openai/v1',
      ],
    ]);
  });

  it('accepts Claude on Bedrock with a region and a Bedrock model id', () => {
    const { config, errors } = parseConfig(
      'providers:\n  claude:\n    via: bedrock\n    region: eu-central-1\n    model: eu.anthropic.claude-sonnet-4-5-20250929-v1:0\n',
      'c.yml',
    );
    expect(errors).toEqual([]);
    expect(config?.providers.claude).toEqual({
      via: 'bedrock',
      region: 'eu-central-1',
      model: 'eu.anthropic.claude-sonnet-4-5-20250929-v1:0',
    });
  });

  it('names each misconfiguration at its line: no region, another provider, a key variable, a region without via', () => {
    const text = [
      'providers:',
      '  claude:',
      '    via: bedrock',
      '    apiKeyEnv: MY_KEY',
      '  codex:',
      '    via: bedrock',
      '    region: us-east-1',
      '  gemini:',
      '    region: us-east-1',
      '',
    ].join('\n');
    const { config, errors } = parseConfig(text, 'c.yml');
    expect(config).toBeNull();
    expect(errors.map((e) => [e.line, e.message])).toEqual([
      [3, 'providers.claude.via: via: bedrock needs a region, an AWS region such as us-east-1 (region: …)'],
      [
        4,
        "providers.claude.apiKeyEnv: does not apply with via: bedrock: okstra authenticates each request with the job's AWS credentials (AWS_ACCESS_KEY_ID, …)",
      ],
      [6, 'providers.codex.via: via: bedrock is for Claude Code only (providers.claude), not codex'],
      [9, 'providers.gemini.region: region only applies with via (e.g. via: bedrock)'],
    ]);
    expect(parseConfig('providers:\n  claude:\n    via: azure-ai\n', 'c.yml').errors.map((e) => e.line)).toEqual([3]);
    expect(
      parseConfig('providers:\n  claude:\n    via: bedrock\n    region: US-East\n', 'c.yml').errors[0]?.message,
    ).toMatch(/an AWS region such as us-east-1/);
  });
});
