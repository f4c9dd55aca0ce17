import type { BuiltinProvider } from '../core/config/schema.js';
import { numberOr, objectAt, parseJsonLines, stringAt, type JsonObject } from './cli-output.js';
import { filesReadByCommand, worktreeRelative } from './opened-files.js';

/**
 * What a worker is doing while it runs, read live from the CLI's own event
 * output: a tool call (and the file it touches), its tokens so far, or a
 * short note. For progress only: no verdict is decided from these (the
 * evidence a verdict uses is read from the whole stream afterwards, in
 * opened-files.ts and each adapter).
 */
export type ActivityEvent =
  | { kind: 'tool'; name: string; file?: string; detail?: string }
  | { kind: 'tokens'; inputTokens: number; outputTokens: number; costUsd?: number }
  | { kind: 'note'; text: string };

/** Reads one output line of a dispatch into the events it carries (often none). Stateful: one per dispatch. */
export type ActivityParser = (stream: 'stdout' | 'stderr', line: string) => ActivityEvent[];

/** Longest `detail` or `note` text kept per event: a progress line, not a transcript. */
export const MAX_ACTIVITY_TEXT = 200;

const clipText = (text: string): string => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > MAX_ACTIVITY_TEXT ? `${one.slice(0, MAX_ACTIVITY_TEXT - 1)}…` : one;
};

function lineObject(line: string): JsonObject | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{')) return null;
  return parseJsonLines(trimmed)[0] ?? null;
}

/** A tool event, the file shown relative to the worktree (or as given when it lies outside). */
function toolEvent(name: string, cwd: string, file: unknown, command: unknown): ActivityEvent {
  const event: { kind: 'tool'; name: string; file?: string; detail?: string } = {
    kind: 'tool',
    name: clipText(name) || 'tool',
  };
  const named =
    typeof file === 'string' && file.trim() !== ''
      ? file
      : typeof command === 'string'
        ? filesReadByCommand(command).paths[0]
        : undefined;
  if (named !== undefined) event.file = clipText(worktreeRelative(named, cwd) ?? named);
  if (typeof command === 'string' && command.trim() !== '') event.detail = clipText(command);
  return event;
}

/**
 * Claude Code `stream-json`: `tool_use` blocks of `assistant` messages, and
 * each API message's usage once (a message arrives split into one event per
 * content block, all carrying the same usage).
 */
function claudeParser(cwd: string): ActivityParser {
  const usageById = new Map<string, { input: number; output: number }>();
  return (stream, line) => {
    if (stream !== 'stdout') return [];
    const event = lineObject(line);
    if (!event) return [];
    if (event.type === 'result') {
      const u = objectAt(event, 'usage');
      if (!u) return [];
      const input =
        numberOr(u.input_tokens, 0) +
        numberOr(u.cache_creation_input_tokens, 0) +
        numberOr(u.cache_read_input_tokens, 0);
      const cost = typeof event.total_cost_usd === 'number' ? { costUsd: event.total_cost_usd } : {};
      return [{ kind: 'tokens', inputTokens: input, outputTokens: numberOr(u.output_tokens, 0), ...cost }];
    }
    if (event.type !== 'assistant') return [];
    const message = objectAt(event, 'message');
    const out: ActivityEvent[] = [];
    for (const block of Array.isArray(message?.content) ? message.content : []) {
      if (stringAt(block, 'type') !== 'tool_use') continue;
      const input = objectAt(block, 'input') ?? {};
      out.push(
        toolEvent(
          stringAt(block, 'name') ?? 'tool',
          cwd,
          input.file_path ?? input.notebook_path ?? input.path,
          input.command,
        ),
      );
    }
    const id = stringAt(message, 'id');
    const u = objectAt(message, 'usage');
    if (id !== null && u && !usageById.has(id)) {
      usageById.set(id, {
        input:
          numberOr(u.input_tokens, 0) +
          numberOr(u.cache_creation_input_tokens, 0) +
          numberOr(u.cache_read_input_tokens, 0),
        output: numberOr(u.output_tokens, 0),
      });
      let input = 0;
      let output = 0;
      for (const v of usageById.values()) {
        input += v.input;
        output += v.output;
      }
      out.push({ kind: 'tokens', inputTokens: input, outputTokens: output });
    }
    return out;
  };
}

/** Codex `--json`: commands as they start, file changes as they complete, usage per finished turn. */
function codexParser(cwd: string): ActivityParser {
  let input = 0;
  let output = 0;
  return (stream, line) => {
    if (stream !== 'stdout') return [];
    const event = lineObject(line);
    if (!event) return [];
    const item = objectAt(event, 'item');
    if (event.type === 'item.started' && item?.type === 'command_execution')
      return [toolEvent('shell', cwd, undefined, item.command)];
    if (event.type === 'item.completed' && item?.type === 'file_change' && Array.isArray(item.changes)) {
      return item.changes.map((c) =>
        toolEvent(`edit (${stringAt(c, 'kind') ?? 'change'})`, cwd, stringAt(c, 'path'), undefined),
      );
    }
    if (event.type === 'turn.completed') {
      const u = objectAt(event, 'usage');
      if (!u) return [];
      input += numberOr(u.input_tokens, 0);
      output += numberOr(u.output_tokens, 0);
      return [{ kind: 'tokens', inputTokens: input, outputTokens: output }];
    }
    return [];
  };
}

/** Gemini CLI `stream-json`: `tool_use` events, and the `result` event's stats. */
function geminiParser(cwd: string): ActivityParser {
  return (stream, line) => {
    if (stream !== 'stdout') return [];
    const event = lineObject(line);
    if (!event) return [];
    if (event.type === 'tool_use') {
      const p = objectAt(event, 'parameters') ?? {};
      return [
        toolEvent(
          stringAt(event, 'tool_name') ?? 'tool',
          cwd,
          p.file_path ?? p.absolute_path ?? p.path ?? p.dir_path,
          p.command,
        ),
      ];
    }
    if (event.type === 'result') {
      const stats = objectAt(event, 'stats');
      if (!stats) return [];
      return [
        {
          kind: 'tokens',
          inputTokens: numberOr(stats.input_tokens, 0),
          outputTokens: numberOr(stats.output_tokens, 0),
        },
      ];
    }
    return [];
  };
}

/** Copilot CLI `--output-format json`: `tool.execution_start` events (its stream carries no token counts). */
function copilotParser(cwd: string): ActivityParser {
  return (stream, line) => {
    if (stream !== 'stdout') return [];
    const event = lineObject(line);
    if (event?.type !== 'tool.execution_start') return [];
    const data = objectAt(event, 'data') ?? {};
    const args = objectAt(data, 'arguments') ?? {};
    return [toolEvent(stringAt(data, 'toolName') ?? 'tool', cwd, args.path, args.command)];
  };
}

/** The live parser for a built-in agent CLI's event output. */
export function agentCliActivityParser(kind: BuiltinProvider, cwd: string): ActivityParser {
  switch (kind) {
    case 'claude':
      return claudeParser(cwd);
    case 'codex':
      return codexParser(cwd);
    case 'gemini':
      return geminiParser(cwd);
    case 'copilot':
      return copilotParser(cwd);
  }
}

/**
 * The Command provider's event lines (docs/providers.md, "Live progress"):
 * one JSON object per stderr line with a string `okstra_event`:
 *
 *   {"okstra_event": "tool", "name": "Read", "file": "src/a.ts"}
 *   {"okstra_event": "tokens", "input": 1200, "output": 300}
 *   {"okstra_event": "note", "text": "running the tests"}
 *
 * Anything else on stderr is ordinary stderr. A line that names the key but
 * breaks the shape is ignored (progress is best effort).
 */
export function commandEventOf(line: string): ActivityEvent | null {
  const raw = lineObject(line);
  if (!raw || typeof raw.okstra_event !== 'string') return null;
  switch (raw.okstra_event) {
    case 'tool': {
      if (typeof raw.name !== 'string' || raw.name.trim() === '') return null;
      const event: { kind: 'tool'; name: string; file?: string; detail?: string } = {
        kind: 'tool',
        name: clipText(raw.name),
      };
      if (typeof raw.file === 'string' && raw.file.trim() !== '') event.file = clipText(raw.file);
      if (typeof raw.detail === 'string' && raw.detail.trim() !== '') event.detail = clipText(raw.detail);
      return event;
    }
    case 'tokens': {
      const input = raw.input;
      const output = raw.output;
      if (!isCount(input) || !isCount(output)) return null;
      return {
        kind: 'tokens',
        inputTokens: input,
        outputTokens: output,
        ...(typeof raw.cost_usd === 'number' && raw.cost_usd >= 0 ? { costUsd: raw.cost_usd } : {}),
      };
    }
    case 'note':
      return typeof raw.text === 'string' && raw.text.trim() !== '' ? { kind: 'note', text: clipText(raw.text) } : null;
    default:
      return null;
  }
}

/** Whether a stderr line is a Command provider event line (kept out of the stderr tail a failure shows). */
export function isCommandEventLine(line: string): boolean {
  const raw = lineObject(line);
  return raw !== null && typeof raw.okstra_event === 'string';
}

export const commandActivityParser: ActivityParser = (stream, line) => {
  if (stream !== 'stderr') return [];
  const event = commandEventOf(line);
  return event ? [event] : [];
};

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** The parser fed to runProcess's `onLine`, forwarding what it finds; null without a listener. */
export function forwardActivity(
  parser: ActivityParser,
  listener: ((event: ActivityEvent) => void) | undefined,
): ((stream: 'stdout' | 'stderr', line: string) => void) | undefined {
  if (!listener) return undefined;
  return (stream, line) => {
    for (const event of parser(stream, line)) listener(event);
  };
}
