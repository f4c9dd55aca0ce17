import { mkdir, writeFile } from 'node:fs/promises';
import { readAgentFile } from '../sandbox/fs-access.js';
import { DEFAULT_UPSTREAMS } from './metering.js';
import { join } from 'node:path';
import {
  AgentCliProvider,
  type AgentCliSpec,
  type CliOutcome,
  type CliRunContext,
  type FailureKind,
} from './agent-cli.js';
import { numberOr, objectAt, parseJsonLines, stringAt, unwrapApiErrorBody } from './cli-output.js';
import { OpenedCollector } from './opened-files.js';
import type { BuiltinFactory } from './provider-deps.js';
import type { ProcessResult } from './process.js';

/**
 * Codex (`@openai/codex`, pinned in cli-pins.ts), headless:
 *
 *   codex exec --json --color never --ephemeral --skip-git-repo-check
 *              --strict-config --ignore-rules -C <worktree>
 *              --sandbox workspace-write|read-only -o <file> [-m M] -
 *
 * - Executor: `workspace-write` (edits and commands inside the worktree,
 *   sandboxed, no network). Every other role: `read-only` — the OS sandbox
 *   refuses writes ("Read-only file system", "patch rejected").
 * - Codex has **no turn limit**; okstra's timeout is the only bound.
 * - The base URL can only be set in `$CODEX_HOME/config.toml`, so every
 *   dispatch writes one: an `okstra` model provider (Responses wire API,
 *   websockets and retries off, the key read from OPENAI_API_KEY),
 *   plugins/apps/analytics off (otherwise it looks up github.com and
 *   chatgpt.com), no update check, `approval_policy = "never"`, and no
 *   AGENTS.md injection (the prompt tells the agent to read it as evidence;
 *   the change under review must not be able to instruct its verifiers).
 *   `--strict-config` makes a key this version does not know an error.
 * - Output: JSON Lines events (`thread.started` → session id,
 *   `turn.completed` → usage, `error`/`turn.failed` → the message); the final
 *   message comes from `-o`, or else the last `agent_message` event. What
 *   the session opened: the commands of `command_execution` items that
 *   completed with exit code 0 (opened-files.ts says which commands count)
 *   and the paths of `file_change` items; the stream is whole only when it
 *   starts with `thread.started`.
 */

export const CODEX_DEFAULT_BASE_URL = DEFAULT_UPSTREAMS.codex;
/** The variable the per-dispatch config tells Codex to read the key from. */
const CODEX_KEY_VARIABLE = 'OPENAI_API_KEY';
const LAST_MESSAGE_FILE = 'last-message.md';

/** A TOML basic string: JSON string syntax is valid TOML for everything a URL or name holds. */
const tomlString = (value: string): string => JSON.stringify(value);

export function codexConfigToml(baseUrl: string): string {
  return [
    '# Written by okstra for one dispatch; removed with it.',
    'model_provider = "okstra"',
    'approval_policy = "never"',
    'check_for_update_on_startup = false',
    'project_doc_max_bytes = 0',
    '',
    '[model_providers.okstra]',
    'name = "okstra"',
    `base_url = ${tomlString(baseUrl)}`,
    `env_key = ${tomlString(CODEX_KEY_VARIABLE)}`,
    'wire_api = "responses"',
    'supports_websockets = false',
    'request_max_retries = 0',
    'stream_max_retries = 0',
    '',
    '[features]',
    'plugins = false',
    'remote_plugin = false',
    'apps = false',
    '',
    '[analytics]',
    'enabled = false',
    '',
  ].join('\n');
}

export const codexSpec: AgentCliSpec = {
  ref: 'codex',

  async prepare(ctx: CliRunContext) {
    const { request } = ctx;
    const codexHome = join(ctx.home, '.codex');
    await mkdir(codexHome, { mode: 0o700 });
    await writeFile(join(codexHome, 'config.toml'), codexConfigToml(ctx.baseUrl ?? CODEX_DEFAULT_BASE_URL), {
      mode: 0o600,
    });
    const args = [
      'exec',
      '--json',
      '--color',
      'never',
      '--ephemeral',
      '--skip-git-repo-check',
      '--strict-config',
      '--ignore-rules',
      '-C',
      request.cwd,
      '--sandbox',
      request.readOnly ? 'read-only' : 'workspace-write',
      '-o',
      join(ctx.outDir, LAST_MESSAGE_FILE),
    ];
    if (request.model !== null) args.push('-m', request.model);
    args.push('-'); // the prompt comes on stdin
    return { args, env: { CODEX_HOME: codexHome, [CODEX_KEY_VARIABLE]: ctx.apiKey.value } };
  },

  async interpret(result: ProcessResult, ctx: CliRunContext) {
    // The agent wrote this file: read it as untrusted (no symlink, plain file, capped).
    const lastMessage = await readAgentFile(join(ctx.outDir, LAST_MESSAGE_FILE), 10 * 1024 * 1024).catch(() => null);
    return interpretCodexOutput(result.stdout, result.exitCode, lastMessage?.text ?? null, ctx.request.cwd);
  },

  stderrNoise: [/could not create PATH aliases/],
};

/** The `--json` event stream (and the `-o` file, when written), read into an outcome; with `cwd`, what it opened too. Exported for unit tests. */
export function interpretCodexOutput(
  stdout: string,
  exitCode: number | null,
  lastMessageFile: string | null,
  cwd?: string,
): CliOutcome {
  let sessionId: string | null = null;
  let lastAgentMessage: string | null = null;
  let failed: string | null = null;
  const errors: string[] = [];
  let input = 0;
  let cached = 0;
  let output = 0;
  let sawUsage = false;
  const events = parseJsonLines(stdout);
  const collector = cwd === undefined ? null : new OpenedCollector(cwd);
  for (const event of events) {
    switch (event.type) {
      case 'thread.started':
        sessionId = stringAt(event, 'thread_id') ?? sessionId;
        break;
      case 'item.completed': {
        const item = objectAt(event, 'item');
        if (item?.type === 'agent_message') lastAgentMessage = stringAt(item, 'text') ?? lastAgentMessage;
        if (item?.type === 'error') errors.push(stringAt(item, 'message') ?? 'error item');
        // A failed command may have printed nothing of the files it names.
        if (item?.type === 'command_execution' && item.exit_code === 0) collector?.addCommand(item.command);
        if (item?.type === 'file_change' && Array.isArray(item.changes))
          for (const change of item.changes) collector?.addPath(stringAt(change, 'path'));
        break;
      }
      case 'turn.completed': {
        const usage = objectAt(event, 'usage');
        if (usage) {
          sawUsage = true;
          input += numberOr(usage.input_tokens, 0);
          cached += numberOr(usage.cached_input_tokens, 0);
          output += numberOr(usage.output_tokens, 0);
        }
        break;
      }
      case 'error':
        errors.push(stringAt(event, 'message') ?? 'error');
        break;
      case 'turn.failed':
        failed = stringAt(objectAt(event, 'error'), 'message') ?? 'turn failed';
        break;
    }
  }
  const finalText = lastMessageFile ?? lastAgentMessage ?? '';
  // Codex's input_tokens already include the cached ones (OpenAI's accounting); it reports no cost.
  const usage = sawUsage ? { inputTokens: input, outputTokens: output, cachedInputTokens: cached } : null;
  const ok = exitCode === 0 && failed === null;
  const opened = collector ? { opened: collector.result(events[0]?.type === 'thread.started') } : {};
  if (ok)
    return { ok, finalText, sessionId, usage, notes: errors.map((e) => `codex: ${unwrapApiErrorBody(e)}`), ...opened };
  const raw = failed ?? errors[errors.length - 1] ?? null;
  return { ok, finalText, sessionId, usage, ...opened, ...(raw !== null ? { failure: codexFailure(raw) } : {}) };
}

function codexFailure(raw: string): { kind: FailureKind; message: string } {
  const message = unwrapApiErrorBody(raw);
  const status = /\bstatus (\d{3})\b/.exec(raw)?.[1];
  if (status === '401' || status === '403' || /missing (environment variable|api key)|OPENAI_API_KEY/i.test(raw))
    return { kind: 'auth', message };
  return { kind: 'api', message };
}

export const createCodexProvider: BuiltinFactory = ({ rosterName, config, deps }) =>
  new AgentCliProvider({ spec: codexSpec, rosterName, config, deps });
