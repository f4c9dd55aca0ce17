import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AgentCliProvider, type AgentCliSpec, type CliOutcome, type CliRunContext, type FailureKind } from './agent-cli.js';
import { jsonBlocks, numberOr, objectAt, parseJsonObject, stringAt, unwrapApiErrorBody } from './cli-output.js';
import type { BuiltinFactory } from './registry.js';
import type { ProcessResult } from './process.js';
import type { DispatchUsage } from './types.js';

/**
 * Gemini CLI (`@google/gemini-cli`, pinned in cli-pins.ts), headless:
 *
 *   gemini -p "" -o json --skip-trust --approval-mode yolo|plan
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
 * - Output: the JSON result on stdout; on failure the error JSON goes to
 *   **stderr** (between warnings and a stack trace), stdout stays empty, and
 *   the exit code is the HTTP status & 255 (400 → 144, 401 → 145, 500 → 244),
 *   41 for auth, 53 for the turn limit.
 */

export function geminiSettings(maxTurns: number): object {
  return {
    security: { auth: { selectedType: 'gemini-api-key' } },
    general: { maxAttempts: 1, enableAutoUpdate: false, enableAutoUpdateNotification: false },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    model: { maxSessionTurns: maxTurns },
  };
}

/** Keeps a read-only session in plan mode: the model may not approve its own way out. */
export const READ_ONLY_POLICY = ['# Written by okstra: a read-only session stays in plan mode.', '[[rule]]', 'toolName = "exit_plan_mode"', 'decision = "deny"', 'priority = 999', ''].join('\n');

const EXIT_AUTH = 41;
const EXIT_TURN_LIMIT = 53;

export const geminiSpec: AgentCliSpec = {
  ref: 'gemini',

  async prepare(ctx: CliRunContext) {
    const { request } = ctx;
    const settingsDir = join(ctx.home, '.gemini');
    await mkdir(settingsDir, { mode: 0o700 });
    await writeFile(join(settingsDir, 'settings.json'), `${JSON.stringify(geminiSettings(ctx.maxTurns), null, 2)}\n`, { mode: 0o600 });
    const args = ['-p', '', '-o', 'json', '--skip-trust', '--approval-mode', request.readOnly ? 'plan' : 'yolo'];
    if (request.readOnly) {
      const policy = join(ctx.dir, 'read-only-policy.toml');
      // okstra's folder, readable by the agent's user and writable only by okstra: the model cannot loosen it.
      await writeFile(policy, READ_ONLY_POLICY, { mode: 0o644 });
      args.push('--admin-policy', policy);
    }
    if (request.model !== null) args.push('-m', request.model);
    return {
      args,
      env: {
        GEMINI_API_KEY: ctx.apiKey.value,
        GEMINI_CLI_NO_RELAUNCH: 'true',
        ...(ctx.baseUrl ? { GOOGLE_GEMINI_BASE_URL: ctx.baseUrl } : {}),
      },
    };
  },

  interpret: async (result: ProcessResult) => interpretGeminiOutput(result.stdout, result.stderr, result.exitCode),

  stderrNoise: [/^Warning: 256-color support not detected/, /^Ripgrep is not available/, /^\[STARTUP\]/, /^YOLO mode is enabled/, /^\s+at /],
};

/** stdout's JSON result, or on failure the error JSON on stderr, read into an outcome. Exported for unit tests. */
export function interpretGeminiOutput(stdout: string, stderr: string, exitCode: number | null): CliOutcome {
  const json = parseJsonObject(stdout);
  const finalText = stringAt(json, 'response') ?? '';
  const sessionId = stringAt(json, 'session_id');
  const usage = geminiUsage(objectAt(json, 'stats'));
  if (exitCode === 0 && json && !objectAt(json, 'error')) return { ok: true, finalText, sessionId, usage };

  const report = [...jsonBlocks(stderr), ...(json ? [json] : [])].find((o) => objectAt(o, 'error') !== null);
  const error = objectAt(report, 'error');
  const failure = geminiFailure(exitCode, stringAt(error, 'message'), numberOr(error?.code, NaN));
  return { ok: false, finalText, sessionId: sessionId ?? stringAt(report, 'session_id'), usage, ...(failure ? { failure } : {}) };
}

function geminiFailure(exitCode: number | null, rawMessage: string | null, code: number): { kind: FailureKind; message: string } | null {
  const message = rawMessage === null ? null : unwrapApiErrorBody(rawMessage);
  if (exitCode === EXIT_TURN_LIMIT) return { kind: 'turn-limit', message: message ?? 'reached model.maxSessionTurns' };
  if (exitCode === EXIT_AUTH || code === 401 || code === 403) return { kind: 'auth', message: message ?? `exit ${EXIT_AUTH}` };
  if (message === null) return null;
  return { kind: 'api', message: Number.isFinite(code) && code >= 100 && code < 600 ? `HTTP ${code}: ${message}` : message };
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

export const createGeminiProvider: BuiltinFactory = ({ rosterName, config, deps }) => new AgentCliProvider({ spec: geminiSpec, rosterName, config, deps });
