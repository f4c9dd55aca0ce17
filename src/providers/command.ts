import { dispatchFolder, removeDispatchFolder } from '../sandbox/sandbox.js';
import { readAgentFile } from '../sandbox/fs-access.js';
import { DEFAULT_UPSTREAMS, openRoute, withMetering, type Route } from './metering.js';
import { DEFAULT_API_KEY_ENV } from './cli-credentials.js';
import { tmpdir } from 'node:os';
import { existsSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import type { ProviderConfig } from '../core/config/schema.js';
import { clip, tail } from '../core/text/truncate.js';
import { meaningfulStderrLine } from '../core/report/failure.js';
import { pickEnv, type EnvSource } from './env.js';
import {
  DEFAULT_MAX_OUTPUT_BYTES,
  describeMs,
  runProcess,
  type ProcessResult,
  type RunProcessOptions,
} from './process.js';
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

const STDERR_TAIL_LINES = 20;
const STDERR_TAIL_CHARS = 4000;

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
    const lease = request.lease;
    let route: Route | null = null;
    // okstra's folder: the agent may enter it and read the prompt, and write only its own HOME. The answer files
    // go in that HOME too (not yet there when the program starts, so HOME starts empty): a folder of their own
    // would be one more directory made per session, and it would be just as much the agent's.
    const { dir, path } = await dispatchFolder(this.options.tmpDir ?? tmpdir(), 'okstra-dispatch-', lease, ['home']);
    let removed = false;
    try {
      const home = path('home');
      const promptFile = path('prompt.md');
      const outputFile = join(home, 'okstra-output.md');
      const usageFile = join(home, 'okstra-usage.json');
      // Written at once, like the folder: see dispatchFolder.
      writeFileSync(promptFile, request.prompt, { mode: lease?.user ? 0o644 : 0o600 });

      const env: Record<string, string> = { ...pickEnv(engineEnv, COMMAND_PASSTHROUGH_ENV) };
      const keyName = this.options.config?.apiKeyEnv;
      const key = keyName ? engineEnv[keyName] : undefined;
      if (keyName && key !== undefined) {
        if (request.gateway) {
          const upstream = this.options.config?.baseUrl ?? upstreamForKeyName(keyName);
          if (!upstream)
            return this.refused(
              `${this.rosterName}: providers.*.apiKeyEnv names ${keyName} but no baseUrl says which API it is for; set baseUrl (e.g. https://api.anthropic.com) so okstra's gateway can call it with the key, which the command never holds`,
            );
          route = openRoute(request, 'command', upstream, key);
        }
        env[keyName] = route?.credential ?? key;
      }
      Object.assign(env, lease?.env, request.env, {
        HOME: home,
        OKSTRA_ROLE: request.role,
        OKSTRA_WORKER: request.worker,
        OKSTRA_WORKTREE: request.cwd,
        OKSTRA_READ_ONLY: request.readOnly ? '1' : '0',
        OKSTRA_PLAN_ID: request.context.planId,
        OKSTRA_STAGE: String(request.context.stage),
        OKSTRA_RUN_ID: request.context.runId,
        OKSTRA_PROMPT_FILE: promptFile,
        OKSTRA_OUTPUT_FILE: outputFile,
        OKSTRA_USAGE_FILE: usageFile,
      });
      if (request.model !== null) env.OKSTRA_MODEL = request.model;
      else delete env.OKSTRA_MODEL;
      const baseUrl = route?.baseUrl ?? this.options.config?.baseUrl;
      if (baseUrl) env.OKSTRA_BASE_URL = baseUrl;

      const maxOutputBytes = this.options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
      const result = await runProcess({
        file: this.file,
        args: this.args,
        cwd: request.cwd,
        env,
        // The prompt file itself is its stdin: read at once, however busy okstra is when the program starts.
        inputFile: resolve(promptFile),
        timeoutMs: request.timeoutMs,
        maxOutputBytes,
        keepStdout: 'tail',
        ...(this.options.killGraceMs !== undefined ? { killGraceMs: this.options.killGraceMs } : {}),
        ...(request.signal ? { signal: request.signal } : {}),
        user: lease?.user ?? null,
        ...withLines(forwardActivity(commandActivityParser, request.onActivity)),
      });
      // Event lines are progress, not diagnostics: a failure's reason and tail come from the rest of stderr.
      const stderrText = withoutEventLines(result.stderr);

      const notes: string[] = [];
      const usageNotes: string[] = [];
      // Both files at once; the notes keep their order (the output file's first).
      const [written, usage] = await Promise.all([
        readAgentFile(outputFile, maxOutputBytes).catch((error: unknown) => {
          notes.push(`okstra: ignored OKSTRA_OUTPUT_FILE: ${error instanceof Error ? error.message : String(error)}`);
          return null;
        }),
        readUsage(usageFile, usageNotes),
      ]);
      const finalText = written ? written.text : result.stdout;
      if (written?.truncated)
        notes.push(`okstra: OKSTRA_OUTPUT_FILE was larger than ${maxOutputBytes} bytes; only its end was kept`);
      else if (!written && result.stdoutTruncated)
        notes.push(`okstra: stdout was larger than ${maxOutputBytes} bytes; only its end was kept`);
      pushAll(notes, usageNotes);
      // Everything of the answer is read: the folder goes now, and one that cannot be removed is a note, not a failure.
      removed = true;
      const leftover = await removeDispatchFolder(dir, lease);
      if (leftover) notes.push(leftover);

      const stderrTail = [tail(stderrText, STDERR_TAIL_LINES, STDERR_TAIL_CHARS), ...notes]
        .filter((s) => s !== '')
        .join('\n');
      const summary = route?.close() ?? null;
      route = null;
      return withMetering(
        {
          ...this.outcome({ ...result, stderr: stderrText }, request),
          finalText,
          sessionId: null,
          usage,
          durationMs: result.durationMs,
          exitCode: result.exitCode,
          stderrTail,
        },
        summary,
      );
    } finally {
      route?.close();
      if (!removed) await removeDispatchFolder(dir, lease);
    }
  }

  private refused(errorMessage: string): DispatchResult {
    return {
      status: 'error',
      finalText: '',
      sessionId: null,
      usage: null,
      durationMs: 0,
      exitCode: null,
      stderrTail: '',
      errorMessage,
    };
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
    if (result.timedOut) {
      return {
        status: 'timeout',
        errorMessage: `${what} did not finish within ${describeMs(request.timeoutMs)}; its process tree was killed`,
      };
    }
    if (result.aborted) return { status: 'error', errorMessage: `${what} was cancelled; its process tree was killed` };
    if (result.exitCode === 0) return { status: 'done' };
    const last = meaningfulStderrLine(result.stderr);
    const how =
      result.exitCode === null ? `was killed by ${result.signal ?? 'a signal'}` : `exited with code ${result.exitCode}`;
    return { status: 'error', errorMessage: `${what} ${how}${last ? `: ${clip(last, 300)}` : ' (no stderr output)'}` };
  }
}

function withLines(onLine: RunProcessOptions['onLine']): Pick<RunProcessOptions, 'onLine'> {
  return onLine ? { onLine } : {};
}

function withoutEventLines(stderr: string): string {
  if (!stderr.includes('okstra_event')) return stderr;
  return stderr
    .split('\n')
    .filter((line) => !isCommandEventLine(line))
    .join('\n');
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
