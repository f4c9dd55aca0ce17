import { resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { BUILTIN_PROVIDERS, type BuiltinProvider, type OkstraConfig } from '../../core/config/index.js';
import { checkAgentClis, type CliCheck } from '../../providers/cli-check.js';
import { describeInstall, installAgentClis } from '../../providers/cli-install.js';
import { agentClisDir } from '../../providers/cli-locate.js';
import { pinnedSpec } from '../../providers/cli-pins.js';
import { builtinOf, isBuiltin, verifierRefs } from '../../providers/index.js';
import { readRepoConfig } from '../read-config.js';
import { EXIT_INFRA, EXIT_OK, EXIT_REFUSED, type CliIo } from '../io.js';
import { renderTable } from '../table.js';
import { checkBoundary, createSandbox } from '../../sandbox/sandbox.js';

/**
 * `okstra doctor`: which agent CLIs are installed, their versions against the
 * pins, and which credentials are present (names only). Exit 1 when a CLI the
 * repository's roster needs is missing, broken or has no key.
 *
 * `okstra install-clis`: installs the pinned CLIs into okstra's CLI cache
 * (what the Action's `install-clis` input and `npm test` use too).
 */
export function registerDoctorCommands(program: Command, io: CliIo, setExit: (code: number) => void): void {
  program
    .command('doctor')
    .description(
      'Check the agent CLIs (installed? version vs pin?) and their API keys (set? — names only). Exit 1 when the roster cannot run.',
    )
    .option('--repo <dir>', 'the repository whose .okstra/config.yml names the roster (default: current directory)')
    .option('--config <file>', 'the okstra config (default: <repo>/.okstra/config.yml)')
    .option('--json', 'print the checks as JSON')
    .action(async (opts: { repo?: string; config?: string; json?: boolean }) => {
      const config = await readConfigFor(io, opts);
      const needed = neededClis(config, io.env);
      const checks = await checkAgentClis(config, io.env);
      const isolation = await isolationCheck(config, io.env);
      const problems = [
        ...checks.filter((c) => needed.includes(c.ref)).flatMap(problemsOf),
        ...(isolation.problem ? [`isolation: ${isolation.problem}`] : []),
      ];
      if (opts.json)
        io.out(JSON.stringify({ cacheDir: agentClisDir(io.env), needed, checks, isolation, problems }, null, 2));
      else printDoctor(io, checks, needed, problems, isolation);
      setExit(problems.length === 0 ? EXIT_OK : EXIT_REFUSED);
    });

  program
    .command('install-clis')
    .description(
      `Install the pinned agent CLIs (${BUILTIN_PROVIDERS.map(pinnedSpec).join(', ')}) into okstra's CLI cache; already installed ones are skipped.`,
    )
    .option('--only <list>', 'comma-separated CLIs to install (claude, codex, gemini, copilot)', parseRefs)
    .action(async (opts: { only?: BuiltinProvider[] }) => {
      io.out(`okstra install-clis: into ${agentClisDir(io.env)}`);
      const outcomes = await installAgentClis({ refs: opts.only ?? BUILTIN_PROVIDERS, env: io.env });
      for (const outcome of outcomes) io.out(describeInstall(outcome));
      setExit(outcomes.some((o) => o.status === 'failed') ? EXIT_INFRA : EXIT_OK);
    });
}

function parseRefs(value: string): BuiltinProvider[] {
  const refs = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = refs.filter((r) => !isBuiltin(r));
  if (unknown.length > 0 || refs.length === 0)
    throw new InvalidArgumentError(`"${value}" is not a comma-separated list of claude, codex, gemini, copilot.`);
  return refs as BuiltinProvider[];
}

/** The config doctor judges: `--config`, else the one in `--repo` (or the current folder), else the defaults. */
function readConfigFor(io: CliIo, opts: { repo?: string; config?: string }): Promise<OkstraConfig> {
  return readRepoConfig(io, opts.repo ? resolve(io.cwd, opts.repo) : io.cwd, opts.config);
}

/** The built-ins this repository's runs use by default: the executor, the verifiers and the critic. */
function neededClis(config: OkstraConfig, env: CliIo['env']): BuiltinProvider[] {
  const refs = [config.executor, ...verifierRefs({}, config, env), ...(config.critic ? [config.critic] : [])];
  const clis = refs.map((ref) => builtinOf(ref, config));
  return BUILTIN_PROVIDERS.filter((ref) => clis.includes(ref));
}

/** What keeps one CLI from running (not installed, does not start, no key), each with its fix; `demo --executor` checks with it too. */
export function problemsOf(check: CliCheck): string[] {
  const out: string[] = [];
  if (!check.launch)
    out.push(
      `${check.ref}: ${check.product} is not installed — run \`okstra install-clis\` (or \`npm install -g ${pinnedSpec(check.ref)}\`)`,
    );
  else if (check.versionProblem)
    out.push(`${check.ref}: ${check.product} at ${check.launch.file} does not start: ${check.versionProblem}`);
  const platform = check.platform;
  if (platform?.state === 'missing')
    out.push(
      `${check.ref}: via ${platform.via}: no credentials (${platform.source})${platform.fix ? ` — ${platform.fix}` : ''}`,
    );
  else if (!platform && !check.keySet)
    out.push(`${check.ref}: ${check.keyEnv} is not set (the secret ${check.product} needs)`);
  return out;
}

/** A key is set or missing; a platform's default chain is only proved by a request, so doctor says it did not try. */
function credentialState(check: CliCheck): string {
  const platform = check.platform;
  if (!platform) return check.keySet ? 'set' : 'missing';
  const state = platform.state === 'unchecked' ? 'not checked (tried at run time)' : platform.state;
  return `via ${platform.via}: ${state}`;
}

function versionState(check: CliCheck): string {
  if (!check.launch) return 'not installed';
  if (check.versionProblem) return `broken: ${check.versionProblem}`;
  return check.version === check.pinnedVersion
    ? 'ok'
    : `differs from the pin (adapters are proven against ${check.pinnedVersion})`;
}

function where(check: CliCheck): string {
  if (!check.launch) return `looked in ${check.searched.join('; ')}`;
  const how = { override: 'OKSTRA_*_BIN', pinned: 'pinned install', path: 'PATH' }[check.launch.source];
  return `${how}: ${[check.launch.file, ...check.launch.prefixArgs].join(' ')}`;
}

interface IsolationCheck {
  mode: 'os-user' | 'none';
  statement: string;
  problem: string | null;
}

/** Who agents would run as here, proved the way the Action proves it before a run (an agent user may not read okstra's environment). */
async function isolationCheck(config: OkstraConfig, env: CliIo['env']): Promise<IsolationCheck> {
  let sandbox;
  try {
    sandbox = await createSandbox({ configured: config.isolation, shell: 'cli', env });
  } catch (error) {
    return { mode: 'none', statement: '', problem: error instanceof Error ? error.message : String(error) };
  }
  try {
    const problem = await checkBoundary(sandbox);
    return {
      mode: sandbox.mode,
      statement:
        sandbox.mode === 'os-user'
          ? "agents run as separate unprivileged users (okstra-agent-N, no sudo); checked: one cannot read okstra's environment"
          : sandbox.statement,
      problem,
    };
  } finally {
    await sandbox.close();
  }
}

function printDoctor(
  io: CliIo,
  checks: CliCheck[],
  needed: BuiltinProvider[],
  problems: string[],
  isolation: IsolationCheck,
): void {
  io.out(`agent CLIs (pins in src/providers/cli-pins.ts; cache ${agentClisDir(io.env)})\n`);
  io.out(
    renderTable(
      ['cli', 'pin', 'found', 'state', 'where'],
      checks.map((c) => [c.ref, c.pinnedVersion, c.version ?? '-', versionState(c), where(c)]),
    ),
  );
  io.out('\ncredentials (names only; values are never printed)\n');
  io.out(
    renderTable(
      ['variable', 'for', 'state', 'base URL'],
      checks.map((c) => [c.keyEnv, c.ref, credentialState(c), c.baseUrl ?? '(vendor default)']),
    ),
  );
  io.out(`\nisolation: ${isolation.statement || isolation.problem || ''}`);
  io.out(
    `\nthis repository's runs use: ${needed.length > 0 ? needed.join(', ') : 'no built-in CLI (command providers only)'}`,
  );
  io.out(
    problems.length === 0
      ? 'doctor: ready'
      : `doctor: ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
  );
}
