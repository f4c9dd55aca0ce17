import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AgentCliProvider,
  type AgentCliSpec,
  type CliOutcome,
  type CliRunContext,
  type FailureKind,
} from './agent-cli.js';
import {
  jsonBlocks,
  numberOr,
  objectAt,
  parseJsonLines,
  parseJsonObject,
  stringAt,
  unwrapApiErrorBody,
} from './cli-output.js';
import { OpenedCollector, type OpenedFiles } from './opened-files.js';
import type { BuiltinFactory } from './provider-deps.js';
import type { ProcessResult } from './process.js';
import type { DispatchUsage } from './types.js';

/**
 * Gemini CLI (`@google/gemini-cli`, pinned in cli-pins.ts), headless:
 *
 *   gemini -p "" -o stream-json --skip-trust --approval-mode yolo|plan
 *          [--admin-policy <deny exit_plan_mode>] [-m M]   (prompt on stdin)
 *
 * - Executor: `yolo`. Measured: headless `auto_edit` offers no shell tool at
 *   all, so an executor could not run the stage's validation commands;
 *   `yolo` adds `run_shell_command` (unsandboxed, like Claude Code's Bash —
 *   Codex is the only one of the three with an OS sandbox).
 * - Every other role: `plan`, where `write_file`/`replace` may only write
 *   the CLI's own plans folder and no shell tool is offered. Measured: a
 *   model can leave plan mode headless by writing a plan and calling
 *   `exit_plan_mode` ("Plan approved. Switching to YOLO mode") and then
 *   write the worktree and run commands. An admin-tier policy that denies
 *   `exit_plan_mode` closes that door (admin policies outrank workspace ones).
 * - `--skip-trust`: an untrusted folder exits 55 in headless mode.
 * - Settings (`$HOME/.gemini/settings.json`): API-key auth (without it
 *   `GOOGLE_GEMINI_BASE_URL` selects an auth type headless mode rejects,
 *   exit 41), one attempt per request (the default 10 retries take ~3.4 min
 *   on a 500), auto-update, usage statistics and telemetry off, and
 *   `model.maxSessionTurns` as the turn limit (exceeded: exit 53).
 * - `GEMINI_CLI_NO_RELAUNCH`: skip the re-spawn of a second Node process
 *   (about 0.5 s of start-up here).
 * - Output (`stream-json`, measured on 0.61.0): one JSON object per line,
 *   `init` (session id), `message` (the user's prompt, then the assistant's
 *   text in `delta` chunks), `tool_use {tool_name, tool_id, parameters}`,
 *   `tool_result {tool_id, status}`, and last `result {status, stats,
 *   error?}`. The final text is the assistant's text after the last tool
 *   call (what `-o json` calls `response`); what the session opened comes
 *   from the tool calls whose result was `success` (opened-files.ts). A
 *   failure is a `result` with `status: "error"` and `error.message` (an API
 *   error reads `[API Error: {"error":{"code":500,…}}]`); the exit code is
 *   the HTTP status & 255 (400 → 144, 401 → 145, 500 → 244), 41 for auth,
 *   53 for the turn limit. Errors raised before the stream starts still go
 *   to **stderr** as the `-o json` error JSON (between warnings and a stack
 *   trace), which is read too.
 */

export function geminiSettings(maxTurns: number, authType: 'gemini-api-key' | 'vertex-ai' = 'gemini-api-key'): object {
  return {
    security: { auth: { selectedType: authType } },
    general: { maxAttempts: 1, enableAutoUpdate: false, enableAutoUpdateNotification: false },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    model: { maxSessionTurns: maxTurns },
  };
}

/** Keeps a read-only session in plan mode: the model may not approve its own way out. */
export const READ_ONLY_POLICY = [
  '# Written by okstra: a read-only session stays in plan mode.',
  '[[rule]]',
  'toolName = "exit_plan_mode"',
  'decision = "deny"',
  'priority = 999',
  '',
].join('\n');

const EXIT_AUTH = 41;
const EXIT_TURN_LIMIT = 53;

export const geminiSpec: AgentCliSpec = {
  ref: 'gemini',

  async prepare(ctx: CliRunContext) {
    const { request } = ctx;
    const settingsDir = join(ctx.home, '.gemini');
    await mkdir(settingsDir, { mode: 0o700 });
    const vertex = ctx.platform?.via === 'vertex';
    const settings = geminiSettings(ctx.maxTurns, vertex ? 'vertex-ai' : 'gemini-api-key');
    await writeFile(join(settingsDir, 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600 });
    const args = ['-p', '', '-o', 'stream-json', '--skip-trust', '--approval-mode', request.readOnly ? 'plan' : 'yolo'];
    if (request.readOnly) {
      const policy = join(ctx.dir, 'read-only-policy.toml');
      // okstra's folder, readable by the agent's user and writable only by okstra: the model cannot loosen it.
      await writeFile(policy, READ_ONLY_POLICY, { mode: 0o644 });
      args.push('--admin-policy', policy);
    }
    if (request.model !== null) args.push('-m', request.model);
    if (vertex) return { args, env: { GEMINI_CLI_NO_RELAUNCH: 'true', ...vertexEnv(ctx) } };
    return {
      args,
      env: {
        GEMINI_API_KEY: ctx.apiKey.value,
        GEMINI_CLI_NO_RELAUNCH: 'true',
        ...(ctx.baseUrl ? { GOOGLE_GEMINI_BASE_URL: ctx.baseUrl } : {}),
      },
    };
  },

  interpret: async (result: ProcessResult, ctx: CliRunContext) =>
    interpretGeminiOutput(result.stdout, result.stderr, result.exitCode, ctx.request.cwd),

  stderrNoise: [
    /^Warning: 256-color support not detected/,
    /^Ripgrep is not available/,
    /^\[STARTUP\]/,
    /^YOLO mode is enabled/,
    /^\s+at /,
  ],
};

/**
 * Gemini CLI on Vertex AI through okstra's gateway. Read in the pinned
 * CLI's bundle (0.61.0, the Google Gen AI SDK inside it):
 * `GOOGLE_GENAI_USE_VERTEXAI=true` selects the `vertex-ai` auth type, which
 * needs either `GOOGLE_CLOUD_PROJECT` + `GOOGLE_CLOUD_LOCATION` or a
 * `GOOGLE_API_KEY`; `GOOGLE_VERTEX_BASE_URL` replaces the endpoint. With a
 * project the SDK asks google-auth-library for an access token on every
 * request, even when a bearer header is already set, so the CLI would need
 * Application Default Credentials of its own. With a key it speaks express
 * mode instead: `POST <base>/v1beta1/publishers/google/models/<m>:streamGenerateContent?alt=sse`
 * with the key in `x-goog-api-key` and no other credential lookup. okstra
 * gives it that shape with its dispatch credential as the key; the gateway
 * checks the key, drops it, adds the job's access token and puts the
 * configured project and location into the path (`vertexScopedPath`). The
 * project and location are therefore not the CLI's to know (with a key the
 * SDK ignores them anyway).
 */
function vertexEnv(ctx: CliRunContext): Record<string, string> {
  return {
    GOOGLE_GENAI_USE_VERTEXAI: 'true',
    GOOGLE_API_KEY: ctx.apiKey.value,
    ...(ctx.baseUrl ? { GOOGLE_VERTEX_BASE_URL: ctx.baseUrl } : {}),
  };
}

/**
 * stdout's event stream (or the `-o json` object a pre-stream version
 * printed), or on failure the error JSON on stderr, read into an outcome;
 * with `cwd`, what the session opened too. Exported for unit tests.
 */
export function interpretGeminiOutput(
  stdout: string,
  stderr: string,
  exitCode: number | null,
  cwd?: string,
): CliOutcome {
  const stream = readStream(stdout, cwd);
  const json = stream ? null : parseJsonObject(stdout);
  const finalText = stream?.finalText ?? stringAt(json, 'response') ?? '';
  const sessionId = stream?.sessionId ?? stringAt(json, 'session_id');
  const usage = stream ? stream.usage : geminiUsage(objectAt(json, 'stats'));
  const opened = stream?.opened ? { opened: stream.opened } : {};
  const streamFailed = stream !== null && (stream.result === null || stream.result.status !== 'success');
  if (exitCode === 0 && (stream ? !streamFailed : json !== null && !objectAt(json, 'error')))
    return { ok: true, finalText, sessionId, usage, ...opened };

  const report = [...(stream?.result ? [stream.result] : []), ...jsonBlocks(stderr), ...(json ? [json] : [])].find(
    (o) => objectAt(o, 'error') !== null,
  );
  const error = objectAt(report, 'error');
  const { message, code } = apiError(stringAt(error, 'message'), numberOr(error?.code, NaN));
  const failure = geminiFailure(exitCode, message, code);
  return {
    ok: false,
    finalText,
    sessionId: sessionId ?? stringAt(report, 'session_id'),
    usage,
    ...opened,
    ...(failure ? { failure } : {}),
  };
}

interface GeminiStream {
  sessionId: string | null;
  finalText: string;
  usage: DispatchUsage | null;
  /** The `result` event, null when the stream ended without one. */
  result: (Record<string, unknown> & { status?: unknown }) | null;
  opened: OpenedFiles | null;
}

/** Tool calls that name a file they print: the path parameter, or a list of literal paths. */
const READING_TOOLS: Readonly<Record<string, (p: Record<string, unknown>) => unknown[]>> = {
  read_file: (p) => [p.file_path ?? p.absolute_path ?? p.path],
  read_many_files: (p) => [...(Array.isArray(p.include) ? p.include : []), ...(Array.isArray(p.paths) ? p.paths : [])],
  grep_search: (p) => [p.names_only === true ? null : p.dir_path],
};

/** The `stream-json` lines, or null when stdout holds none (`-o json`, or nothing at all). */
function readStream(stdout: string, cwd: string | undefined): GeminiStream | null {
  const events = parseJsonLines(stdout).filter((e) => typeof e.type === 'string' && typeof e.timestamp === 'string');
  if (events.length === 0) return null;
  let sessionId: string | null = null;
  let text = '';
  let result: GeminiStream['result'] = null;
  const calls = new Map<string, { name: string; parameters: Record<string, unknown> }>();
  const succeeded: string[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'init':
        sessionId = stringAt(event, 'session_id') ?? sessionId;
        break;
      case 'message':
        if (event.role === 'assistant') text += stringAt(event, 'content') ?? '';
        break;
      case 'tool_use': {
        // A turn that calls tools is not the answer: `-o json` keeps only the last turn's text too.
        text = '';
        const id = stringAt(event, 'tool_id');
        if (id !== null)
          calls.set(id, { name: stringAt(event, 'tool_name') ?? '', parameters: objectAt(event, 'parameters') ?? {} });
        break;
      }
      case 'tool_result': {
        text = '';
        const id = stringAt(event, 'tool_id');
        if (id !== null && event.status === 'success') succeeded.push(id);
        break;
      }
      case 'result':
        result = event;
        break;
    }
  }
  let opened: OpenedFiles | null = null;
  if (cwd !== undefined) {
    const collector = new OpenedCollector(cwd);
    for (const id of succeeded) {
      const call = calls.get(id);
      if (!call) continue;
      if (call.name === 'run_shell_command') collector.addCommand(call.parameters.command);
      for (const path of READING_TOOLS[call.name]?.(call.parameters) ?? []) collector.addPath(path);
    }
    opened = collector.result(events[0]?.type === 'init');
  }
  return { sessionId, finalText: text, usage: streamUsage(objectAt(result, 'stats')), result, opened };
}

/** `[API Error: {"error":{"code":500,"message":"…"}}]` → the API's message and status. */
function apiError(raw: string | null, code: number): { message: string | null; code: number } {
  if (raw === null) return { message: null, code };
  const inner = /^\[API Error: ([\s\S]*)\]$/.exec(raw.trim())?.[1];
  if (inner === undefined) return { message: raw, code };
  const status = Number(/"code"\s*:\s*(\d{3})/.exec(inner)?.[1]);
  return { message: unwrapApiErrorBody(inner), code: Number.isFinite(code) ? code : status };
}

/** The stream's own token counts (it reports no thinking tokens apart; the gateway's metering replaces these). */
function streamUsage(stats: Record<string, unknown> | null): DispatchUsage | null {
  if (!stats) return null;
  return {
    inputTokens: numberOr(stats.input_tokens, 0),
    outputTokens: numberOr(stats.output_tokens, 0),
    cachedInputTokens: numberOr(stats.cached, 0),
  };
}

function geminiFailure(
  exitCode: number | null,
  rawMessage: string | null,
  code: number,
): { kind: FailureKind; message: string } | null {
  const message = rawMessage === null ? null : unwrapApiErrorBody(rawMessage);
  if (exitCode === EXIT_TURN_LIMIT) return { kind: 'turn-limit', message: message ?? 'reached model.maxSessionTurns' };
  if (exitCode === EXIT_AUTH || code === 401 || code === 403)
    return { kind: 'auth', message: message ?? `exit ${EXIT_AUTH}` };
  if (message === null) return null;
  return {
    kind: 'api',
    message: Number.isFinite(code) && code >= 100 && code < 600 ? `HTTP ${code}: ${message}` : message,
  };
}

/** Token counts summed over every model the session used (a router or helper model counts too). */
function geminiUsage(stats: Record<string, unknown> | null): DispatchUsage | null {
  const models = objectAt(stats, 'models');
  if (!models) return null;
  let input = 0;
  let output = 0;
  let cached = 0;
  for (const model of Object.values(models)) {
    const tokens = objectAt(model, 'tokens');
    if (!tokens) continue;
    input += numberOr(tokens.prompt, numberOr(tokens.input, 0));
    // Thinking tokens are billed as output but reported apart from the answer's tokens.
    output += numberOr(tokens.candidates, 0) + numberOr(tokens.thoughts, 0);
    cached += numberOr(tokens.cached, 0);
  }
  return { inputTokens: input, outputTokens: output, cachedInputTokens: cached };
}

export const createGeminiProvider: BuiltinFactory = ({ rosterName, config, deps, maxTurns }) =>
  new AgentCliProvider({ spec: geminiSpec, rosterName, config, deps, maxTurns });
