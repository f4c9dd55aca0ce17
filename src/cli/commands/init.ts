import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { BUILTIN_PROVIDERS, type BuiltinProvider } from '../../core/config/index.js';
import { DEFAULT_CONFIG_PATH } from '../../core/config/schema.js';
import {
  initConfig,
  isPinned,
  parseProviderList,
  pinWorkflow,
  providersWithKeys,
  starterPlan,
} from '../../core/init/index.js';
import { DEFAULT_API_KEY_ENV } from '../../providers/cli-credentials.js';
import { choosePin, readActionPin } from '../action-pin.js';
import { CliError, EXIT_INFRA, EXIT_USAGE, type CliIo } from '../io.js';
import { planId } from '../options.js';
import { okstraPackageRoot } from '../package-root.js';

/**
 * `okstra init`: the no-server workflow (pinned to a commit), a cross-vendor
 * `.okstra/config.yml` and a starter plan, then the secrets to add. All or
 * nothing: an existing file stops it before anything is written, unless
 * `--force`.
 */

export const INIT_WORKFLOW_PATH = '.github/workflows/okstra.yml';
/** The packaged no-server workflow `init` copies (examples/ ships in the npm package). */
export const WORKFLOW_TEMPLATE = 'examples/workflows/okstra.yml';
const DEFAULT_PLAN_ID = 'first-plan';
const PLANS_DIR = '.okstra/plans';

/**
 * Which variables say a vendor is in use here: the one okstra reads (and the
 * workflow passes) first, then the names the vendors' own CLIs read, which a
 * developer may have set instead. Only the first is a secret to add.
 */
const KEY_NAMES: Readonly<Record<BuiltinProvider, readonly string[]>> = {
  claude: [DEFAULT_API_KEY_ENV.claude],
  codex: [DEFAULT_API_KEY_ENV.codex, 'CODEX_API_KEY'],
  gemini: [DEFAULT_API_KEY_ENV.gemini, 'GOOGLE_API_KEY'],
  copilot: [DEFAULT_API_KEY_ENV.copilot],
};

interface InitOptions {
  providers?: BuiltinProvider[];
  force?: boolean;
  dir: string;
  actionRef?: string;
  planId: string;
}

function providerList(value: string): BuiltinProvider[] {
  const parsed = parseProviderList(value);
  if (!parsed.ok) throw new InvalidArgumentError(parsed.message);
  return parsed.providers;
}

export function registerInitCommand(program: Command, io: CliIo): void {
  program
    .command('init')
    .description(
      'Set up okstra in a repository: the GitHub workflow (pinned to a commit), .okstra/config.yml with a cross-vendor roster, and a starter plan. Refuses to overwrite a file without --force.',
    )
    .option(
      '--providers <list>',
      `comma-separated vendors, the first executes and the others verify (${BUILTIN_PROVIDERS.join(', ')}); default: those whose API key is set here`,
      providerList,
    )
    .option('--force', 'overwrite files that exist')
    .option('--dir <dir>', 'the repository to set up', '.')
    .option('--action-ref <sha>', "the okstra Action commit the workflow pins; default: this release's commit")
    .option('--plan-id <id>', 'the starter plan’s id (and file name)', planId, DEFAULT_PLAN_ID)
    .action((opts: InitOptions) => runInit(io, opts));
}

/** Claude executes, Codex verifies: two vendors, the smallest setup okstra's cross-verification is meant for. */
const DEFAULT_PROVIDERS: readonly BuiltinProvider[] = ['claude', 'codex'];

function runInit(io: CliIo, opts: InitOptions): void {
  const root = resolve(io.cwd, opts.dir);
  if (!existsSync(root) || !statSync(root).isDirectory())
    throw new CliError(`--dir ${opts.dir}: ${root} is not a folder; create the repository first`, EXIT_USAGE);

  const withKeys = opts.providers ?? providersWithKeys(io.env, KEY_NAMES);
  // A first run on a laptop often has no key in its shell: it still gets a cross-vendor setup to edit, said so.
  const providers = withKeys.length > 0 ? withKeys : DEFAULT_PROVIDERS;
  if (withKeys.length === 0)
    io.err(
      `okstra init: no --providers and no API key set here (${BUILTIN_PROVIDERS.map((p) => KEY_NAMES[p].join(' or ')).join(', ')}); writing the cross-vendor default ${DEFAULT_PROVIDERS.join(' + ')} (name yours with --providers, e.g. --providers claude,gemini)`,
    );

  const packageRoot = okstraPackageRoot();
  const { pin, source } = choosePin(opts.actionRef, readActionPin(packageRoot));
  const templatePath = packageRoot === null ? null : join(packageRoot, WORKFLOW_TEMPLATE);
  if (templatePath === null || !existsSync(templatePath))
    throw new CliError(
      `okstra's workflow template ${WORKFLOW_TEMPLATE} is missing from its package; reinstall okstra`,
      EXIT_INFRA,
    );
  const workflow = pinWorkflow(readFileSync(templatePath, 'utf8'), pin);
  if (!workflow.ok) throw new CliError(workflow.message, EXIT_INFRA);

  const planPath = `${PLANS_DIR}/${opts.planId}.md`;
  const files = [
    { path: INIT_WORKFLOW_PATH, text: workflow.text, what: `the okstra workflow, ${pin.repository}@${pin.ref}` },
    { path: DEFAULT_CONFIG_PATH, text: initConfig(providers, DEFAULT_API_KEY_ENV), what: rosterText(providers) },
    { path: planPath, text: starterPlan(opts.planId, PLANS_DIR), what: 'a two-stage starter plan' },
  ];

  // Every file is checked before any is written: a refusal leaves the repository as it was.
  const existing = files.filter((f) => existsSync(join(root, f.path)));
  if (existing.length > 0 && !opts.force)
    throw new CliError(
      `not overwriting ${existing.map((f) => f.path).join(', ')} in ${root}; nothing was written. Pass --force to replace ${existing.length === 1 ? 'it' : 'them'}`,
      EXIT_USAGE,
    );

  for (const f of files) {
    const target = join(root, f.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, f.text);
  }

  const rel = relative(io.cwd, root);
  const where = rel === '' ? '.' : rel.startsWith('..') ? root : rel;
  io.out(`okstra init: wrote in ${where}`);
  const width = files.reduce((w, f) => Math.max(w, f.path.length), 0);
  for (const f of files) io.out(`  ${f.path.padEnd(width)}  ${f.what}${existing.includes(f) ? ' (replaced)' : ''}`);
  if (!isPinned(pin)) {
    const why =
      source === 'fallback'
        ? 'this okstra is not a release (no action-pin.json in its package)'
        : `--action-ref ${pin.ref} is not a commit SHA`;
    io.err(
      `okstra init: warning: the workflow is not pinned: ${why}, so it uses ${pin.repository}@${pin.ref}, which can move. Pin it with okstra init --force --action-ref <release commit sha>`,
    );
  }
  io.out('');
  io.out('Add the API keys as repository secrets (gh asks for each value):');
  for (const p of providers) io.out(`  gh secret set ${DEFAULT_API_KEY_ENV[p]}`);
  io.out('');
  io.out('Next: edit the plan, check it, and push the three files:');
  io.out(`  okstra plan validate ${join(where, planPath)}`);
  io.out(`  git -C ${where} add ${files.map((f) => f.path).join(' ')}`);
  io.out(`  git -C ${where} commit -m "Set up okstra" && git -C ${where} push`);
}

function rosterText(providers: readonly BuiltinProvider[]): string {
  const [executor, ...others] = providers;
  if (others.length === 0) return `${executor} executes and verifies (single-vendor verification)`;
  return `${executor} executes; ${others.join(', ')} ${others.length === 1 ? 'verifies' : 'verify'}`;
}
