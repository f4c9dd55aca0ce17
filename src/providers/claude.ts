import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AgentCliProvider,
  type AgentCliSpec,
  type CliOutcome,
  type CliRunContext,
  type FailureKind,
} from './agent-cli.js';
import { numberOr, objectAt, parseJsonLines, parseJsonObject, stringAt, type JsonObject } from './cli-output.js';
import { OpenedCollector, type OpenedFiles } from './opened-files.js';
import type { BuiltinFactory } from './provider-deps.js';
import type { ProcessResult } from './process.js';
import type { DispatchUsage } from './types.js';

/**
 * Claude Code (`@anthropic-ai/claude-code`, pinned in cli-pins.ts), headless:
 *
 *   claude -p --output-format stream-json --verbose --no-session-persistence
 *          --permission-mode acceptEdits|plan --max-turns N
 *          --safe-mode --setting-sources user --strict-mcp-config
 *          [--model M] [--allowedTools Bash]     (prompt on stdin)
 *
 * - Executor: `acceptEdits` auto-approves edits; `--allowedTools Bash` lets
 *   it run the stage's validation commands, which `acceptEdits` alone
 *   refuses headless ("This command requires approval"). Every other role:
 *   `plan`, where Write/Edit and non-read-only commands are refused and
 *   listed in `permission_denials` (and `ExitPlanMode` is not offered).
 * - `--safe-mode --setting-sources user --strict-mcp-config`: none of the
 *   worktree's own agent configuration is loaded. Measured on the pinned
 *   version: without them, a `.claude/settings.json` hook and a `.mcp.json`
 *   server in the worktree RUN even in a `plan`-mode verifier — code the
 *   change under review may have added. (Side effect: CLAUDE.md is not
 *   auto-loaded; okstra's prompt tells the agent to read it as evidence.)
 * - Isolation: `HOME` and `CLAUDE_CONFIG_DIR` private; telemetry, error
 *   reporting, auto-update and non-essential traffic off; retries 0.
 * - Output: one JSON object per line (`stream-json` needs `--verbose`):
 *   `system/init`, `assistant` messages whose `tool_use` blocks are the
 *   session's tool calls, `user` messages with each call's `tool_result`,
 *   and last the `result` object the `json` format printed alone. What the
 *   session opened comes from the calls whose result was not an error
 *   (opened-files.ts); the outcome is read from the `result` line.
 * - Quirk: an API error can end with `subtype: "success"` and
 *   `is_error: true` (exit 1); `is_error` is what counts.
 */

/** Credential variables Claude Code reads itself; any other configured name is handed over as ANTHROPIC_API_KEY. */
const CLAUDE_CREDENTIAL_VARIABLES = ['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'CLAUDE_CODE_OAUTH_TOKEN'];

const QUIET_ENV = {
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  DISABLE_TELEMETRY: '1',
  DISABLE_AUTOUPDATER: '1',
  DISABLE_ERROR_REPORTING: '1',
  // okstra's timeout and the engine decide about retrying; the CLI's own retries would hide an outage for minutes.
  CLAUDE_CODE_MAX_RETRIES: '0',
};

export const claudeSpec: AgentCliSpec = {
  ref: 'claude',

  async prepare(ctx: CliRunContext) {
    const { request } = ctx;
    const configDir = join(ctx.home, '.claude');
    await mkdir(configDir, { mode: 0o700 });
    const args = [
      '-p',
      '--output-format',
      'stream-json',
      '--verbose',
      '--no-session-persistence',
      '--permission-mode',
      request.readOnly ? 'plan' : 'acceptEdits',
      '--max-turns',
      String(ctx.maxTurns),
      '--safe-mode',
      '--setting-sources',
      'user',
      '--strict-mcp-config',
    ];
    if (request.model !== null) args.push('--model', request.model);
    // Variadic option: keep it last so it cannot swallow another argument.
    if (!request.readOnly) args.push('--allowedTools', 'Bash');
    const keyName = CLAUDE_CREDENTIAL_VARIABLES.includes(ctx.apiKey.name) ? ctx.apiKey.name : 'ANTHROPIC_API_KEY';
    if (ctx.platform) return { args, env: { ...QUIET_ENV, CLAUDE_CONFIG_DIR: configDir, ...platformEnv(ctx) } };
    return {
      args,
      env: {
        ...QUIET_ENV,
        CLAUDE_CONFIG_DIR: configDir,
        [keyName]: ctx.apiKey.value,
        ...(ctx.baseUrl ? { ANTHROPIC_BASE_URL: ctx.baseUrl } : {}),
      },
    };
  },

  interpret: async (result: ProcessResult, ctx: CliRunContext) =>
    interpretClaudeOutput(result.stdout, result.exitCode, ctx.request.readOnly, ctx.request.cwd),
};

/**
 * Claude Code on Bedrock or Vertex AI through okstra's gateway, as Anthropic
 * documents for an LLM gateway: `CLAUDE_CODE_SKIP_BEDROCK_AUTH` /
 * `CLAUDE_CODE_SKIP_VERTEX_AUTH` (the CLI needs no cloud credential and
 * signs nothing), the gateway's route as `ANTHROPIC_BEDROCK_BASE_URL` /
 * `ANTHROPIC_VERTEX_BASE_URL`. Measured on 2.1.197: it then still sends
 * `ANTHROPIC_AUTH_TOKEN` as `Authorization: Bearer` on each model call,
 * which carries the dispatch credential the gateway checks.
 */
function platformEnv(ctx: CliRunContext): Record<string, string> {
  const { platform } = ctx;
  const route = ctx.baseUrl ?? '';
  if (platform?.via === 'vertex')
    return {
      CLAUDE_CODE_USE_VERTEX: '1',
      CLAUDE_CODE_SKIP_VERTEX_AUTH: '1',
      ANTHROPIC_VERTEX_BASE_URL: route,
      ANTHROPIC_VERTEX_PROJECT_ID: platform.projectId,
      CLOUD_ML_REGION: platform.region,
      ANTHROPIC_AUTH_TOKEN: ctx.apiKey.value,
    };
  return {
    CLAUDE_CODE_USE_BEDROCK: '1',
    CLAUDE_CODE_SKIP_BEDROCK_AUTH: '1',
    ANTHROPIC_BEDROCK_BASE_URL: route,
    ANTHROPIC_AUTH_TOKEN: ctx.apiKey.value,
    ...(platform?.via === 'bedrock' ? { AWS_REGION: platform.region } : {}),
  };
}

/**
 * The `--output-format stream-json` lines, read into an outcome: the last
 * line is the `result` object (the whole `json` format reads the same); with
 * `cwd`, the tool events before it say what the session opened. Exported for
 * unit tests with recorded output.
 */
export function interpretClaudeOutput(
  stdout: string,
  exitCode: number | null,
  readOnly: boolean,
  cwd?: string,
): CliOutcome {
  const json = parseJsonObject(stdout);
  const opened = cwd === undefined ? {} : { opened: claudeOpened(stdout, cwd) };
  if (!json || json.type !== 'result') {
    return {
      ok: false,
      finalText: stdout,
      sessionId: null,
      usage: null,
      ...opened,
      failure: { kind: 'crash', message: 'Claude Code printed no JSON result' },
    };
  }
  const finalText = typeof json.result === 'string' ? json.result : '';
  const sessionId = typeof json.session_id === 'string' ? json.session_id : null;
  const usage = claudeUsage(json.usage, json.total_cost_usd);
  const notes = refusedToolCalls(json.permission_denials, readOnly);
  const subtype = typeof json.subtype === 'string' ? json.subtype : 'unknown';
  // is_error, not subtype: an HTTP error arrives as subtype "success" with is_error true.
  const ok = exitCode === 0 && json.is_error !== true && subtype === 'success';
  if (ok) return { ok, finalText, sessionId, usage, notes, ...opened };
  return { ok, finalText, sessionId, usage, notes, ...opened, failure: claudeFailure(json, subtype, finalText) };
}

/**
 * Files the session opened: `Read`, `Grep` in content mode and `Bash`
 * commands whose `tool_result` came back without `is_error` (subagents'
 * calls arrive the same way). The stream is whole only when it starts with
 * `system/init`.
 */
function claudeOpened(stdout: string, cwd: string): OpenedFiles {
  const events = parseJsonLines(stdout);
  const first = events[0];
  const collector = new OpenedCollector(cwd);
  const calls = new Map<string, { name: string; input: JsonObject }>();
  const succeeded = new Set<string>();
  for (const event of events) {
    const content = objectAt(event, 'message')?.content;
    if (!Array.isArray(content)) continue;
    for (const block of content) {
      const id = stringAt(block, 'id');
      if (event.type === 'assistant' && stringAt(block, 'type') === 'tool_use' && id !== null) {
        calls.set(id, { name: stringAt(block, 'name') ?? '', input: objectAt(block, 'input') ?? {} });
      }
      const resultOf = stringAt(block, 'tool_use_id');
      if (
        event.type === 'user' &&
        stringAt(block, 'type') === 'tool_result' &&
        resultOf !== null &&
        (block as JsonObject).is_error !== true
      )
        succeeded.add(resultOf);
    }
  }
  for (const [id, { name, input }] of calls) {
    if (!succeeded.has(id)) continue;
    if (name === 'Read') collector.addPath(input.file_path);
    else if (name === 'Grep' && input.output_mode === 'content') collector.addPath(input.path);
    else if (name === 'Bash') collector.addCommand(input.command);
  }
  return collector.result(first?.type === 'system' && first.subtype === 'init');
}

function claudeFailure(
  json: Record<string, unknown>,
  subtype: string,
  resultText: string,
): { kind: FailureKind; message: string } {
  const status = typeof json.api_error_status === 'number' ? json.api_error_status : null;
  const errors = Array.isArray(json.errors) ? json.errors.filter((e): e is string => typeof e === 'string') : [];
  const message = resultText || errors.join('; ') || subtype;
  if (subtype === 'error_max_turns')
    return { kind: 'turn-limit', message: `${subtype} after ${numberOr(json.num_turns, 0)} turns` };
  if (status === 401 || status === 403 || /invalid api key|not logged in|authentication/i.test(message))
    return { kind: 'auth', message };
  return {
    kind: 'api',
    message: status !== null && !message.includes(String(status)) ? `HTTP ${status}: ${message}` : message,
  };
}

function claudeUsage(raw: unknown, cost: unknown): DispatchUsage | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const u = raw as Record<string, unknown>;
  const cached = numberOr(u.cache_read_input_tokens, 0);
  // Anthropic counts cache reads and writes apart from input_tokens; okstra's inputTokens is everything the model read.
  const usage: DispatchUsage = {
    inputTokens: numberOr(u.input_tokens, 0) + numberOr(u.cache_creation_input_tokens, 0) + cached,
    outputTokens: numberOr(u.output_tokens, 0),
    cachedInputTokens: cached,
  };
  if (typeof cost === 'number' && Number.isFinite(cost) && cost >= 0) usage.costUsd = cost;
  return usage;
}

function refusedToolCalls(raw: unknown, readOnly: boolean): string[] {
  if (!Array.isArray(raw) || raw.length === 0) return [];
  const calls = raw.map((d) => {
    const denial = (typeof d === 'object' && d !== null ? d : {}) as Record<string, unknown>;
    const input = (
      typeof denial.tool_input === 'object' && denial.tool_input !== null ? denial.tool_input : {}
    ) as Record<string, unknown>;
    const target = input.file_path ?? input.command ?? input.path;
    return `${String(denial.tool_name ?? 'tool')}${typeof target === 'string' ? `(${target.slice(0, 120)})` : ''}`;
  });
  return [
    `okstra: Claude Code refused ${calls.length} tool call${calls.length === 1 ? '' : 's'}${readOnly ? ' (read-only: plan mode)' : ''}: ${calls.join(', ')}`,
  ];
}

export const createClaudeProvider: BuiltinFactory = ({ rosterName, config, deps, maxTurns }) =>
  new AgentCliProvider({ spec: claudeSpec, rosterName, config, deps, maxTurns });
