import { refusedDispatch } from './refused-dispatch.js';
import type { ProviderCause } from '../core/verdict/availability.js';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { BuiltinProvider, ProviderConfig } from '../core/config/schema.js';
import { clip } from '../core/text/truncate.js';
import { meaningfulStderrLine } from '../core/report/failure.js';
import { isSubscriptionToken, missingKeyMessage, readCredential } from './cli-credentials.js';
import { locateAgentCli, overrideVariable, agentClisDir, pinnedInstallDir, type CliLaunch } from './cli-locate.js';
import { AGENT_CLI_PINS, pinnedSpec } from './cli-pins.js';
import { pickEnv } from './env.js';
import type { ProcessResult } from './process.js';
import {
  cutShort,
  howItEnded,
  inDispatchFolder,
  runDispatchProcess,
  stderrTailWith,
  withoutLines,
} from './dispatch-run.js';
import type { ProviderDeps } from './provider-deps.js';
import type { DispatchRequest, DispatchResult, DispatchUsage, OpenedFiles, Provider } from './types.js';
import { DEFAULT_UPSTREAMS, openRoute } from './metering.js';
import { agentCliActivityParser, forwardActivity } from './activity.js';
import { platformRoute, platformWithoutGateway, type PlatformRoute } from './platforms.js';
import type { PlatformAccess } from '../sandbox/gateway/index.js';

/**
 * What the three agent CLI adapters share: find the pinned program, check the
 * key, give each dispatch a private HOME (and config dir) that is removed
 * afterwards, start the CLI through okstra's one process runner (prompt on
 * stdin, tree-killing timeout, capped output, nothing of the engine's
 * environment but the basics), and turn what came back into a
 * DispatchResult. Each CLI's own knowledge — flags, config files, output
 * shape, error quirks — lives in its {@link AgentCliSpec}.
 */

/** What a CLI is told of its platform: never a credential, only where the models are. */
export type CliPlatform =
  { via: 'bedrock'; region: string } | { via: 'vertex'; region: string; projectId: string } | { via: 'azure' };

function cliPlatform(access: PlatformAccess): CliPlatform {
  if (access.kind === 'bedrock') return { via: 'bedrock', region: access.region };
  if (access.kind === 'vertex') return { via: 'vertex', region: access.region, projectId: access.projectId };
  return { via: 'azure' };
}

/** What a spec gets to build one invocation. */
export interface CliRunContext {
  request: DispatchRequest;
  /**
   * The per-dispatch folder, removed when the dispatch ends. okstra's own: the
   * agent may enter it but not write it, so files okstra puts here (a policy)
   * stay as written.
   */
  dir: string;
  /** `HOME` of the CLI process, inside {@link dir}, the agent's alone. */
  home: string;
  /** A folder inside {@link dir} the agent may write, for files the CLI hands back (its last message). */
  outDir: string;
  apiKey: { name: string; value: string };
  /** `providers.<name>.baseUrl`, when configured. */
  baseUrl: string | null;
  /** The provider's settings under `providers:` (its own name's, for a built-in CLI under another name). */
  config: ProviderConfig | undefined;
  /** The cloud platform the CLI must speak (`providers.<name>.via`); its base URL is then the gateway's route. */
  platform: CliPlatform | null;
  /** The CLI's own turn limit for this role, where it has one. */
  maxTurns: number;
  /** The pinned install's folder in okstra's CLI cache (okstra's own, read-only to agents); null for another program. */
  installDir: string | null;
}

export interface CliCommand {
  args: string[];
  /** The CLI's own variables: its key, base URL, quiet and no-retry switches. */
  env: Record<string, string>;
}

export type FailureKind = 'auth' | 'turn-limit' | 'api' | 'crash';

export interface CliOutcome {
  /** The CLI finished its task (a non-zero exit is an error regardless). */
  ok: boolean;
  finalText: string;
  sessionId: string | null;
  usage: DispatchUsage | null;
  /** When not ok: the CLI's own message and what kind of failure it is. */
  failure?: { kind: FailureKind; message: string };
  /** Lines worth keeping in the report (e.g. tool calls the read-only mode refused). */
  notes?: string[];
  /** What the session opened, read from the CLI's tool events (see opened-files.ts). */
  opened?: OpenedFiles;
}

export interface AgentCliSpec {
  readonly ref: BuiltinProvider;
  /** Writes the CLI's config files under `ctx.home` and returns its arguments and variables. */
  prepare(ctx: CliRunContext): Promise<CliCommand>;
  /** Reads the finished process (and any file the CLI wrote in `ctx.dir`). */
  interpret(result: ProcessResult, ctx: CliRunContext): Promise<CliOutcome>;
  /** Stderr lines that are always there and never help (colour warnings, start-up chatter). */
  readonly stderrNoise?: readonly RegExp[];
  /** Why this CLI cannot run the request at all (checked before anything starts), or null. */
  refuse?(request: DispatchRequest, config: ProviderConfig | undefined): string | null;
}

/** Turn limits where a CLI has one: generous, so okstra's timeout is what normally ends a runaway session. */
export const DEFAULT_MAX_TURNS = { executor: 300, readOnly: 150 } as const;

/** Engine variables a CLI process sees; HOME and TMPDIR are replaced by private folders. */
const PASSTHROUGH_ENV = ['PATH', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TZ'] as const;

export interface AgentCliProviderOptions {
  spec: AgentCliSpec;
  rosterName: string;
  config: ProviderConfig | undefined;
  deps: ProviderDeps;
  maxTurns?: { executor: number; readOnly: number };
}

export class AgentCliProvider implements Provider {
  readonly kind: BuiltinProvider;
  readonly rosterName: string;
  /** null: the CLI's own default model, unless the config or the run names one. */
  readonly defaultModel = null;
  private readonly options: AgentCliProviderOptions;

  constructor(options: AgentCliProviderOptions) {
    this.kind = options.spec.ref;
    this.rosterName = options.rosterName;
    this.options = options;
  }

  private get product(): string {
    return AGENT_CLI_PINS[this.kind].product;
  }

  async run(request: DispatchRequest): Promise<DispatchResult> {
    const { config, deps } = this.options;
    const engineEnv = deps.env ?? process.env;
    const ready = this.readiness(request, engineEnv);
    if (!ready.ok) return refusedDispatch(ready.message, ready.cause);
    const { launch, platform, credential } = ready;
    const upstream = platform?.upstream ?? config?.baseUrl ?? DEFAULT_UPSTREAMS[this.kind];
    // A plan's token (not a cloud platform's access) is billed to the subscription.
    const billing = !platform && isSubscriptionToken(this.kind, credential.name) ? 'subscription' : undefined;
    const route = openRoute(request, this.kind, upstream, credential.value, {
      ...(billing ? { billing } : {}),
      ...(platform ? { platform: platform.access } : {}),
    });
    const where = { parent: deps.tmpDir ?? tmpdir(), prefix: `okstra-${this.kind}-`, privateNames: ['tmp', 'out'] };
    return inDispatchFolder(request, route, where, async ({ dir, path }) => {
      // HOME stays okstra's until the spec has written the CLI's config into it; then it is given to the agent whole.
      const home = path('home');
      await mkdir(home, { mode: 0o700 });
      const limits = this.options.maxTurns ?? DEFAULT_MAX_TURNS;
      const ctx: CliRunContext = {
        request,
        dir,
        home,
        outDir: path('out'),
        // Through the gateway the CLI holds only its per-dispatch credential; the real key stays in okstra.
        apiKey: { name: credential.name, value: route?.credential ?? credential.value },
        baseUrl: route?.baseUrl ?? config?.baseUrl ?? null,
        config,
        platform: platform ? cliPlatform(platform.access) : null,
        maxTurns: request.readOnly ? limits.readOnly : limits.executor,
        installDir: launch.source === 'pinned' ? pinnedInstallDir(agentClisDir(engineEnv), this.kind) : null,
      };
      const command = await this.options.spec.prepare(ctx);
      // The config files the spec wrote become the agent's own, with the rest of its HOME.
      if (request.lease) await request.lease.giveWrite(home);
      const env = { ...pickEnv(engineEnv, PASSTHROUGH_ENV), ...command.env, ...request.lease?.env, ...request.env };
      const result = await runDispatchProcess(
        request,
        {
          file: launch.file,
          args: [...launch.prefixArgs, ...command.args],
          env: { ...env, HOME: home, TMPDIR: path('tmp') },
          stdin: { input: request.prompt },
          onLine: forwardActivity(agentCliActivityParser(this.kind, request.cwd), request.onActivity),
        },
        deps,
      );
      return this.toDispatchResult(result, ctx, launch);
    });
  }

  /**
   * What must hold before anything starts: the spec accepts the request, the
   * CLI is installed, a platform has its gateway, and there is a key (on a
   * platform okstra's own credentials authenticate the gateway's requests, so
   * the CLI gets a stand-in only).
   */
  private readiness(
    request: DispatchRequest,
    engineEnv: Readonly<Record<string, string | undefined>>,
  ):
    | { ok: true; launch: CliLaunch; platform: PlatformRoute | null; credential: { name: string; value: string } }
    | { ok: false; message: string; cause?: ProviderCause } {
    const { spec, config } = this.options;
    const refusal = spec.refuse?.(request, config) ?? null;
    if (refusal !== null) return { ok: false, message: refusal };
    const lookup = locateAgentCli(this.kind, { env: engineEnv });
    if (!lookup.found)
      return { ok: false, message: this.notInstalledMessage(lookup.searched, engineEnv), cause: 'cli-missing' };
    const platform = platformRoute(config, engineEnv, this.kind);
    if (platform && !request.gateway)
      return { ok: false, message: platformWithoutGateway(this.kind, platform.access.kind), cause: 'no-credential' };
    const credential = platform
      ? (platform.key ?? { name: 'ANTHROPIC_AUTH_TOKEN', value: '' })
      : readCredential(this.kind, config, engineEnv);
    if (credential.value === null)
      return {
        ok: false,
        message: missingKeyMessage(this.product, this.kind, credential.name),
        cause: 'no-credential',
      };
    return {
      ok: true,
      launch: lookup.launch,
      platform,
      credential: { name: credential.name, value: credential.value },
    };
  }

  private async toDispatchResult(
    result: ProcessResult,
    ctx: CliRunContext,
    launch: CliLaunch,
  ): Promise<DispatchResult> {
    const { spec } = this.options;
    const base = { durationMs: result.durationMs, exitCode: result.exitCode };
    const noise = spec.stderrNoise ?? [];
    const stderr =
      noise.length === 0 ? result.stderr : withoutLines(result.stderr, (l) => noise.some((re) => re.test(l)));
    if (result.spawnError !== null) {
      return {
        ...base,
        status: 'error',
        finalText: '',
        sessionId: null,
        usage: null,
        stderrTail: stderrTailWith(stderr, []),
        errorMessage: `${this.product} (${launch.file}) could not be started: ${result.spawnError}`,
      };
    }
    const outcome = await spec.interpret(result, ctx);
    // Output cut at its head lost the first tool events: the set would prove nothing.
    const opened: OpenedFiles | undefined =
      outcome.opened && result.stdoutTruncated ? { source: 'self-reported' } : outcome.opened;
    const common = {
      ...base,
      finalText: outcome.finalText,
      sessionId: outcome.sessionId,
      usage: outcome.usage,
      stderrTail: stderrTailWith(stderr, outcome.notes ?? []),
      ...(opened ? { opened } : {}),
    };
    const stopped = cutShort(result, this.product, ctx.request.timeoutMs);
    if (stopped) return { ...common, ...stopped };
    if (outcome.ok && result.exitCode === 0) return { ...common, status: 'done' };
    return { ...common, status: 'error', errorMessage: this.failureMessage(result, ctx, outcome.failure, stderr) };
  }

  private failureMessage(
    result: ProcessResult,
    ctx: CliRunContext,
    failure: CliOutcome['failure'],
    stderr: string,
  ): string {
    const message = clip(oneLine(failure?.message ?? (meaningfulStderrLine(stderr) || 'no error message')), 600);
    switch (failure?.kind) {
      case 'auth':
        return `${this.product} rejected the API key in ${ctx.apiKey.name}: ${message}. Check the secret ${ctx.apiKey.name}${ctx.baseUrl ? ` and providers.${this.kind}.baseUrl (${ctx.baseUrl})` : ''}`;
      case 'turn-limit':
        return `${this.product} stopped at its turn limit (${ctx.maxTurns} turns) before finishing: ${message}`;
      default:
        return `${this.product} ${howItEnded(result)}: ${message}`;
    }
  }

  private notInstalledMessage(searched: string[], env: Readonly<Record<string, string | undefined>>): string {
    const spec = pinnedSpec(this.kind);
    return `${this.product} is not installed: run \`okstra install-clis\` (installs ${spec} into ${pinnedInstallDir(agentClisDir(env), this.kind)}), or \`npm install -g ${spec}\`, or set ${overrideVariable(this.kind)} to the program. Looked in: ${searched.join('; ')}`;
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
