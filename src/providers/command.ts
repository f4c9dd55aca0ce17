import { refusedDispatch } from './refused-dispatch.js';
import { readAgentFile } from '../sandbox/fs-access.js';
import { DEFAULT_UPSTREAMS, openRoute } from './metering.js';
import { DEFAULT_API_KEY_ENV } from './cli-credentials.js';
import { tmpdir } from 'node:os';
import { existsSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import type { ProviderConfig } from '../core/config/schema.js';
import { clip } from '../core/text/truncate.js';
import { meaningfulStderrLine } from '../core/report/failure.js';
import { pickEnv, type EnvSource } from './env.js';
import { DEFAULT_MAX_OUTPUT_BYTES, type ProcessResult } from './process.js';
import {
  cutShort,
  howItEnded,
  inDispatchFolder,
  runDispatchProcess,
  stderrTailWith,
  withoutLines,
} from './dispatch-run.js';
import { parseCommandLine } from './shell-words.js';
import { commandActivityParser, forwardActivity, isCommandEventLine } from './activity.js';
import type { DispatchRequest, DispatchResult, DispatchUsage, Provider } from './types.js';
import { pushAll } from '../core/arrays.js';

/**
 * The Command provider: any program that speaks okstra's small contract
 * (docs/providers.md) can be a worker. okstra starts it once per dispatch,
 * without a shell, in the worktree, with:
 *
 * - the prompt on stdin and in `OKSTRA_PROMPT_FILE`;
 * - `OKSTRA_ROLE`, `OKSTRA_WORKER`, `OKSTRA_WORKTREE`, `OKSTRA_READ_ONLY`,
 *   `OKSTRA_PLAN_ID`, `OKSTRA_STAGE`, `OKSTRA_RUN_ID`, `OKSTRA_MODEL` (when a
 *   model is chosen), `OKSTRA_BASE_URL` (when configured),
 *   `OKSTRA_OUTPUT_FILE` and `OKSTRA_USAGE_FILE`;
 * - a fresh, private `HOME`; `PATH`, `LANG`, `LC_ALL`, `TMPDIR`, `TZ` from
 *   the engine; its own API key variable (`apiKeyEnv`) when the engine has it;
 *   and nothing else of the engine's environment.
 *
 * The final message is the content of `OKSTRA_OUTPUT_FILE` when the program
 * wrote it, else its stdout. Usage is `OKSTRA_USAGE_FILE`'s JSON when written.
 * Exit 0 is `done`, anything else `error`; the timeout kills the process tree.
 */

export interface CommandProviderOptions {
  /** The command line from config, split with {@link parseCommandLine}. */
  commandLine: string;
  rosterName: string;
  /** The provider's config entry (apiKeyEnv, baseUrl); absent for an anonymous `command:` ref. */
  config?: ProviderConfig;
  /** The engine's environment, where PATH, LANG, … and the provider's key are read. Default `process.env`. */
  env?: EnvSource;
  /** Parent of the private per-dispatch directories. Default `os.tmpdir()`. */
  tmpDir?: string;
  /** Cap on the final message (stdout or output file). Default 10 MB; the tail is kept. */
  maxOutputBytes?: number;
  killGraceMs?: number;
  /**
   * The trusted checkout the command line was configured in. Relative paths in
   * it (the program, and arguments naming an existing file there) resolve
   * here, not in the worktree under review, so a stage cannot rewrite the
   * program that reviews it.
   */
  resolveFrom?: string;
}

/** Engine variables a command process may see (besides its private HOME and the OKSTRA_* contract). */
export const COMMAND_PASSTHROUGH_ENV = ['PATH', 'LANG', 'LC_ALL', 'TMPDIR', 'TZ'] as const;

const UsageFileSchema = z.looseObject({
  inputTokens: z.number().int().min(0),
  outputTokens: z.number().int().min(0),
  cachedInputTokens: z.number().int().min(0).optional(),
  costUsd: z.number().min(0).optional(),
});

export class CommandProvider implements Provider {
  readonly kind = 'command' as const;
  readonly defaultModel = null;
  readonly rosterName: string;
  readonly file: string;
  readonly args: readonly string[];
  private readonly options: CommandProviderOptions;

  constructor(options: CommandProviderOptions) {
    const { file, args } = parseCommandLine(options.commandLine);
    const root = options.resolveFrom;
    this.file = root && isRelativePath(file) ? resolve(root, file) : file;
    this.args = root ? args.map((a) => (namesFileIn(root, a) ? resolve(root, a) : a)) : args;
    this.rosterName = options.rosterName;
    this.options = options;
  }

  async run(request: DispatchRequest): Promise<DispatchResult> {
    const engineEnv = this.options.env ?? process.env;
    const key = this.apiKey(request, engineEnv);
    if (typeof key === 'string') return refusedDispatch(key);
    const route = key?.upstream ? openRoute(request, 'command', key.upstream, key.value) : null;
    // okstra's folder: the agent may enter it and read the prompt, and write only its own HOME. The answer files
    // go in that HOME too (not yet there when the program starts, so HOME starts empty): a folder of their own
    // would be one more directory made per session, and it would be just as much the agent's.
    const where = { parent: this.options.tmpDir ?? tmpdir(), prefix: 'okstra-dispatch-', privateNames: ['home'] };
    return inDispatchFolder(request, route, where, async ({ path }) => {
      const files: AnswerFiles = {
        home: path('home'),
        prompt: path('prompt.md'),
        output: join(path('home'), 'okstra-output.md'),
        usage: join(path('home'), 'okstra-usage.json'),
      };
      // Written at once, like the folder: see dispatchFolder.
      writeFileSync(files.prompt, request.prompt, { mode: request.lease?.user ? 0o644 : 0o600 });
      // Through the gateway the command holds only its per-dispatch credential; the real key stays in okstra.
      const held = key && { name: key.name, value: route?.credential ?? key.value };
      const env = this.environment(request, engineEnv, files, held, route?.baseUrl ?? this.options.config?.baseUrl);

      const maxOutputBytes = this.options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
      const result = await runDispatchProcess(
        request,
        {
          file: this.file,
          args: this.args,
          env,
          // The prompt file itself is its stdin: read at once, however busy okstra is when the program starts.
          stdin: { inputFile: resolve(files.prompt) },
          onLine: forwardActivity(commandActivityParser, request.onActivity),
        },
        { maxOutputBytes, killGraceMs: this.options.killGraceMs },
      );
      // Event lines are progress, not diagnostics: a failure's reason and tail come from the rest of stderr.
      const stderr = result.stderr.includes('okstra_event')
        ? withoutLines(result.stderr, isCommandEventLine)
        : result.stderr;
      const answer = await readAnswer(files, maxOutputBytes, result);
      return {
        ...this.outcome({ ...result, stderr }, request),
        finalText: answer.finalText,
        sessionId: null,
        usage: answer.usage,
        durationMs: result.durationMs,
        exitCode: result.exitCode,
        stderrTail: stderrTailWith(stderr, answer.notes),
      };
    });
  }

  /**
   * The provider's API key (`apiKeyEnv`) when the engine has it, and the API it is for when a gateway holds it
   * instead of the command; null without a key, and a refusal (why) when that API cannot be told.
   */
  private apiKey(
    request: DispatchRequest,
    engineEnv: EnvSource,
  ): { name: string; value: string; upstream: string | null } | string | null {
    const name = this.options.config?.apiKeyEnv;
    const value = name ? engineEnv[name] : undefined;
    if (!name || value === undefined) return null;
    if (!request.gateway) return { name, value, upstream: null };
    const upstream = this.options.config?.baseUrl ?? upstreamForKeyName(name);
    if (upstream) return { name, value, upstream };
    return `${this.rosterName}: providers.*.apiKeyEnv names ${name} but no baseUrl says which API it is for; set baseUrl (e.g. https://api.anthropic.com) so okstra's gateway can call it with the key, which the command never holds`;
  }

  /** The command's whole environment: the passthrough, its key (or the gateway's stand-in) and the OKSTRA_* contract. */
  private environment(
    request: DispatchRequest,
    engineEnv: EnvSource,
    files: AnswerFiles,
    key: { name: string; value: string } | null,
    baseUrl: string | undefined,
  ): Record<string, string> {
    const env: Record<string, string> = { ...pickEnv(engineEnv, COMMAND_PASSTHROUGH_ENV) };
    if (key) env[key.name] = key.value;
    Object.assign(env, request.lease?.env, request.env, {
      HOME: files.home,
      OKSTRA_ROLE: request.role,
      OKSTRA_WORKER: request.worker,
      OKSTRA_WORKTREE: request.cwd,
      OKSTRA_READ_ONLY: request.readOnly ? '1' : '0',
      OKSTRA_PLAN_ID: request.context.planId,
      OKSTRA_STAGE: String(request.context.stage),
      OKSTRA_RUN_ID: request.context.runId,
      OKSTRA_PROMPT_FILE: files.prompt,
      OKSTRA_OUTPUT_FILE: files.output,
      OKSTRA_USAGE_FILE: files.usage,
    });
    if (request.model !== null) env.OKSTRA_MODEL = request.model;
    else delete env.OKSTRA_MODEL;
    if (baseUrl) env.OKSTRA_BASE_URL = baseUrl;
    return env;
  }

  private outcome(
    result: ProcessResult,
    request: DispatchRequest,
  ): Pick<DispatchResult, 'status' | 'errorMessage' | 'cause'> {
    const what = `\`${clip(this.options.commandLine.trim(), 80)}\``;
    // A program that cannot be started is a missing CLI: an outage of this provider, not a judgement.
    if (result.spawnError !== null)
      return {
        status: 'error',
        cause: 'cli-missing',
        errorMessage: `${what} could not be started: ${result.spawnError}`,
      };
    const stopped = cutShort(result, what, request.timeoutMs);
    if (stopped) return stopped;
    if (result.exitCode === 0) return { status: 'done' };
    const last = meaningfulStderrLine(result.stderr);
    return {
      status: 'error',
      errorMessage: `${what} ${howItEnded(result)}${last ? `: ${clip(last, 300)}` : ' (no stderr output)'}`,
    };
  }
}

/** Where the command finds its prompt and leaves its answer, all in the dispatch folder. */
interface AnswerFiles {
  home: string;
  prompt: string;
  output: string;
  usage: string;
}

/**
 * The final message (OKSTRA_OUTPUT_FILE when written, else stdout), the usage
 * file's, and notes on what was ignored or cut.
 */
async function readAnswer(
  files: AnswerFiles,
  maxOutputBytes: number,
  result: Pick<ProcessResult, 'stdout' | 'stdoutTruncated'>,
): Promise<{ finalText: string; usage: DispatchUsage | null; notes: string[] }> {
  const notes: string[] = [];
  const usageNotes: string[] = [];
  // Both files at once; the notes keep their order (the output file's first).
  const [written, usage] = await Promise.all([
    readAgentFile(files.output, maxOutputBytes).catch((error: unknown) => {
      notes.push(`okstra: ignored OKSTRA_OUTPUT_FILE: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }),
    readUsage(files.usage, usageNotes),
  ]);
  if (written?.truncated)
    notes.push(`okstra: OKSTRA_OUTPUT_FILE was larger than ${maxOutputBytes} bytes; only its end was kept`);
  else if (!written && result.stdoutTruncated)
    notes.push(`okstra: stdout was larger than ${maxOutputBytes} bytes; only its end was kept`);
  pushAll(notes, usageNotes);
  return { finalText: written ? written.text : result.stdout, usage, notes };
}

const MAX_USAGE_FILE_BYTES = 64 * 1024;

async function readUsage(path: string, notes: string[]): Promise<DispatchUsage | null> {
  const file = await readAgentFile(path, MAX_USAGE_FILE_BYTES).catch((error: unknown) => {
    notes.push(`okstra: ignored OKSTRA_USAGE_FILE: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  });
  if (!file) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(file.text);
  } catch {
    notes.push('okstra: ignored OKSTRA_USAGE_FILE: not valid JSON');
    return null;
  }
  const parsed = UsageFileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    notes.push(
      `okstra: ignored OKSTRA_USAGE_FILE: ${issue ? `${issue.path.join('.') || '(top level)'}: ${issue.message}` : 'invalid'} (expected {"inputTokens": n, "outputTokens": n, "costUsd"?: x})`,
    );
    return null;
  }
  const usage: DispatchUsage = { inputTokens: parsed.data.inputTokens, outputTokens: parsed.data.outputTokens };
  if (parsed.data.cachedInputTokens !== undefined) usage.cachedInputTokens = parsed.data.cachedInputTokens;
  if (parsed.data.costUsd !== undefined) usage.costUsd = parsed.data.costUsd;
  return usage;
}

/** The vendor API a well-known key variable belongs to, for a command provider that names no baseUrl. */
function upstreamForKeyName(name: string): string | null {
  if (name === DEFAULT_API_KEY_ENV.claude) return DEFAULT_UPSTREAMS.claude;
  if (name === DEFAULT_API_KEY_ENV.codex) return DEFAULT_UPSTREAMS.codex;
  if (name === DEFAULT_API_KEY_ENV.gemini || name === 'GOOGLE_API_KEY') return DEFAULT_UPSTREAMS.gemini;
  return null;
}

/** A program given as `./x`, `../x` or `dir/x`: a path the worktree could shadow. A bare name (`node`) is looked up on PATH instead. */
function isRelativePath(word: string): boolean {
  return !isAbsolute(word) && (word.startsWith('.') || word.includes('/'));
}

/** An argument such as `review.mjs` or `scripts/agent.mjs` that names a file in the trusted checkout. */
function namesFileIn(root: string, word: string): boolean {
  return !isAbsolute(word) && !word.startsWith('-') && existsSync(resolve(root, word));
}
