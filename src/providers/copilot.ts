import { join } from 'node:path';
import { readAgentFile } from '../sandbox/fs-access.js';
import { DEFAULT_UPSTREAMS } from './metering.js';
import { copilotPackageCache } from './copilot-package.js';
import {
  AgentCliProvider,
  type AgentCliSpec,
  type CliOutcome,
  type CliRunContext,
  type FailureKind,
} from './agent-cli.js';
import { numberOr, objectAt, parseJsonLines, parseJsonObject, stringAt, type JsonObject } from './cli-output.js';
import { OpenedCollector } from './opened-files.js';
import type { BuiltinFactory } from './provider-deps.js';
import type { ProcessResult } from './process.js';
import type { DispatchUsage } from './types.js';

/**
 * GitHub Copilot CLI (`@github/copilot`, pinned in cli-pins.ts), headless, in
 * bring-your-own-key mode through okstra's gateway:
 *
 *   copilot --output-format json --no-color --no-auto-update
 *           --no-custom-instructions --no-ask-user --disable-builtin-mcps
 *           --allow-all-tools --secret-env-vars=COPILOT_PROVIDER_API_KEY
 *           --usage-output-file <file> --model M
 *           [--available-tools view rg glob --deny-tool write --deny-tool shell]
 *
 * with the prompt on stdin (measured on 1.0.102: piped stdin without `-p` is
 * a prompt-mode run; `-p <text>` would put a prompt of hundreds of kilobytes
 * on the command line, over Linux's 128 KiB per-argument limit).
 *
 * - BYOK: `COPILOT_PROVIDER_BASE_URL` = the gateway's route,
 *   `COPILOT_PROVIDER_API_KEY` = the dispatch credential (sent as
 *   `Authorization: Bearer`), OpenAI's Responses wire API, or Chat
 *   Completions with `wireApi: completions` (the gateway meters both; Copilot
 *   asks Chat Completions for the usage chunk), and `COPILOT_OFFLINE=true`: no GitHub sign-in, telemetry, web tools,
 *   GitHub MCP server or update check. BYOK needs a model name: the CLI exits
 *   1 without one ("BYOK providers require an explicit model"), so okstra
 *   refuses such a dispatch before starting anything.
 * - Executor: `--allow-all-tools` (edits and shell inside the worktree; the
 *   CLI's own path check keeps file tools in the cwd and TMPDIR). Every other
 *   role: only `view`, `rg` and `glob` exist (`--available-tools`), and
 *   `write` and `shell` are denied besides (a deny outranks every allow), so
 *   a write or a command the model asks for answers "Tool … does not exist";
 *   the agent's OS user has no write access to the worktree either.
 * - The worktree's agent configuration (`.github/hooks`, `.github/copilot/
 *   settings.json`, `.mcp.json`, `.github/mcp.json`) runs only in a trusted
 *   folder; okstra never passes `--trust-folder` nor `COPILOT_ALLOW_ALL`.
 *   AGENTS.md and copilot-instructions.md are not loaded
 *   (`--no-custom-instructions`): the change under review must not instruct
 *   its verifiers.
 * - No turn limit and no retry switch: 1.0.102 retries a 5xx five times
 *   itself (about 15 s of waits); okstra's timeout bounds the session.
 * - Output: JSON Lines events. `assistant.message` (the final message is the
 *   last one that asks for no tool), `tool.execution_start` /
 *   `tool.execution_complete` (what the session opened), `session.error`
 *   (the failure), `result` (session id, exit code). The events carry no
 *   token counts; `--usage-output-file` does (`modelMetrics`).
 */

export const COPILOT_DEFAULT_BASE_URL = DEFAULT_UPSTREAMS.copilot;
const KEY_VARIABLE = 'COPILOT_PROVIDER_API_KEY';
const USAGE_FILE = 'usage.json';
/**
 * The tools a read-only session keeps: read a file, search contents, list paths. Copilot names its tools after
 * the model's well-known id (measured on 1.0.102: `gpt-5.5` gets `apply_patch` and `rg`, an id it does not know,
 * such as GitHub Models' `openai/gpt-5`, gets `create`/`edit` and `grep`); `--available-tools` takes either
 * name of the search tool.
 */
export const COPILOT_READ_ONLY_TOOLS = ['view', 'rg', 'glob'] as const;

export const copilotSpec: AgentCliSpec = {
  ref: 'copilot',

  refuse(request) {
    return request.model === null
      ? 'Copilot CLI in bring-your-own-key mode needs a model name and none was chosen: set providers.copilot.model in .okstra/config.yml (or name one with --models copilot=<model>)'
      : null;
  },

  async prepare(ctx: CliRunContext) {
    const { request } = ctx;
    const args = [
      '--output-format',
      'json',
      '--no-color',
      '--no-auto-update',
      '--no-custom-instructions',
      '--no-ask-user',
      '--disable-builtin-mcps',
      '--allow-all-tools',
      `--secret-env-vars=${KEY_VARIABLE}`,
      '--usage-output-file',
      join(ctx.outDir, USAGE_FILE),
    ];
    if (request.model !== null) args.push('--model', request.model);
    const packageCache = copilotPackageCache(ctx.installDir);
    const wire = ctx.config?.wireApi ?? 'responses';
    // Read-only: only the reading tools exist, and a write or a command is denied besides (a deny beats every allow).
    const readOnly = request.readOnly
      ? ['--available-tools', ...COPILOT_READ_ONLY_TOOLS, '--deny-tool', 'write', '--deny-tool', 'shell']
      : [];
    return {
      args: args.concat(readOnly),
      env: {
        COPILOT_OFFLINE: 'true',
        COPILOT_AUTO_UPDATE: 'false',
        COPILOT_PROVIDER_BASE_URL: ctx.baseUrl ?? COPILOT_DEFAULT_BASE_URL,
        COPILOT_PROVIDER_TYPE: 'openai',
        COPILOT_PROVIDER_WIRE_API: wire,
        [KEY_VARIABLE]: ctx.apiKey.value,
        NO_COLOR: '1',
        // The package okstra unpacked at install time, read-only to the agent (copilot-package.ts).
        ...(packageCache !== null ? { COPILOT_PKG_CACHE_HOME: packageCache } : {}),
      },
    };
  },

  async interpret(result: ProcessResult, ctx: CliRunContext) {
    // The agent wrote this file: read it as untrusted (no symlink, plain file, capped).
    const usageFile = await readAgentFile(join(ctx.outDir, USAGE_FILE), 1024 * 1024).catch(() => null);
    return interpretCopilotOutput(result.stdout, result.exitCode, usageFile?.text ?? null, ctx.request.cwd);
  },
};

interface ToolCall {
  name: string;
  args: JsonObject;
}

/** Which paths a succeeded tool call printed; a shell command is read by opened-files.ts. */
function addOpened(collector: OpenedCollector, call: ToolCall, complete: JsonObject): void {
  switch (call.name) {
    case 'view':
      collector.addPath(call.args.path);
      break;
    case 'rg':
    case 'grep': {
      // Only the content mode prints lines; file lists and counts show nothing of a file.
      if (call.args.output_mode !== 'content') break;
      const paths = call.args.paths;
      for (const path of Array.isArray(paths) ? paths : [paths]) collector.addPath(path);
      break;
    }
    case 'bash':
      // A command that failed may have printed nothing of the files it names.
      if (objectAt(complete, 'shellExecution')?.exitCode === 0) collector.addCommand(call.args.command);
      break;
  }
  const edits = complete.fileEdits;
  if (Array.isArray(edits)) for (const edit of edits) collector.addPath(stringAt(edit, 'path'));
}

/**
 * Whether an event comes from a sub-agent (the executor's `task` tool): it names an `agentId` or the
 * `parentToolCallId` of the task that started it. Read from how 1.0.102's own code tells them apart; a live
 * sub-agent stream was not recorded (the scripted server does not drive one).
 */
function fromSubAgent(event: JsonObject, data: JsonObject): boolean {
  return [event.agentId, data.agentId, data.parentToolCallId].some((v) => typeof v === 'string' && v !== '');
}

/** The stream is whole when the prompt's `user.message` is its first event after the session's start-up notices. */
function streamIsWhole(events: readonly JsonObject[]): boolean {
  const first = events.find((e) => typeof e.type === 'string' && !e.type.startsWith('session.'));
  return first?.type === 'user.message';
}

/** The `--output-format json` events (and the usage file, when written), read into an outcome. Exported for unit tests. */
export function interpretCopilotOutput(
  stdout: string,
  exitCode: number | null,
  usageFile: string | null,
  cwd?: string,
): CliOutcome {
  const events = parseJsonLines(stdout);
  let finalText = '';
  let sessionId: string | null = null;
  let error: { type: string | null; status: number | null; message: string } | null = null;
  const calls = new Map<string, ToolCall>();
  const collector = cwd === undefined ? null : new OpenedCollector(cwd);
  for (const event of events) {
    const data = objectAt(event, 'data') ?? {};
    switch (event.type) {
      case 'assistant.message': {
        // A sub-agent's message is its report to the main agent, never the session's answer.
        if (fromSubAgent(event, data)) break;
        // A message that asks for tools is not the answer; the answer is the last one that asks for none.
        const requests = data.toolRequests;
        finalText = Array.isArray(requests) && requests.length > 0 ? '' : (stringAt(data, 'content') ?? '');
        break;
      }
      case 'tool.execution_start': {
        const id = stringAt(data, 'toolCallId');
        if (id !== null)
          calls.set(id, { name: stringAt(data, 'toolName') ?? '', args: objectAt(data, 'arguments') ?? {} });
        break;
      }
      case 'tool.execution_complete': {
        const call = calls.get(stringAt(data, 'toolCallId') ?? '');
        if (call && data.success === true && collector) addOpened(collector, call, data);
        break;
      }
      case 'session.error':
        error = {
          type: stringAt(data, 'errorType'),
          status: Number.isInteger(data.statusCode) ? (data.statusCode as number) : null,
          message: stringAt(data, 'message') ?? 'session error',
        };
        break;
      case 'result':
        sessionId = stringAt(event, 'sessionId') ?? sessionId;
        break;
    }
  }
  const usage = copilotUsage(usageFile);
  const opened = collector ? { opened: collector.result(streamIsWhole(events)) } : {};
  const ok = exitCode === 0 && error === null;
  if (ok) return { ok, finalText, sessionId, usage, ...opened };
  return { ok, finalText, sessionId, usage, ...opened, ...(error ? { failure: copilotFailure(error) } : {}) };
}

function copilotFailure(error: { type: string | null; status: number | null; message: string }): {
  kind: FailureKind;
  message: string;
} {
  const auth = error.type === 'authentication' || error.status === 401 || error.status === 403;
  return { kind: auth ? 'auth' : 'api', message: error.message };
}

/** Token counts of `--usage-output-file`, summed over every model the session used (a sub-agent's too). */
export function copilotUsage(text: string | null): DispatchUsage | null {
  const models = objectAt(text === null ? null : parseJsonObject(text), 'modelMetrics');
  if (!models) return null;
  let input = 0;
  let output = 0;
  let cached = 0;
  for (const model of Object.values(models)) {
    const usage = objectAt(model, 'usage');
    if (!usage) continue;
    input += numberOr(usage.inputTokens, 0);
    output += numberOr(usage.outputTokens, 0);
    cached += numberOr(usage.cacheReadTokens, 0);
  }
  return { inputTokens: input, outputTokens: output, cachedInputTokens: cached };
}

export const createCopilotProvider: BuiltinFactory = ({ rosterName, config, deps }) =>
  new AgentCliProvider({ spec: copilotSpec, rosterName, config, deps });
