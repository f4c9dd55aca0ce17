import type { ModelCall, Protocol, Turn } from './script.js';

/** One server-sent event: `event:` line (when the protocol names events) and a JSON `data:` line. */
export interface SseEvent {
  event?: string;
  data: unknown;
  /** Written as the data line instead of `data` as JSON (Chat Completions ends with `data: [DONE]`). */
  literal?: string;
}

/** What a call looks like before the okstra anchors are read from its text. */
export type ParsedCall = Omit<ModelCall, 'worktree' | 'role' | 'stage'>;

/** An answer the model server can render: a final text or a file write. */
export type AnswerTurn = Extract<Turn, { kind: 'text' } | { kind: 'write' } | { kind: 'shell' } | { kind: 'tool' }>;

/** One vendor wire protocol: which requests it owns, how to read them, how to answer. */
export interface ProtocolHandler {
  readonly protocol: Protocol;
  /** Whether a `POST` to `pathname` is a model call of this protocol. */
  owns(pathname: string): boolean;
  parse(pathname: string, body: Record<string, unknown>): ParsedCall;
  /** The streamed answer. `path` of a write is already absolute. */
  answer(turn: AnswerTurn, call: ParsedCall): SseEvent[];
  /** The answer's wire form when it is not server-sent events (Bedrock's binary event stream). */
  encode?(events: readonly SseEvent[]): { contentType: string; body: Buffer };
  /** The JSON body of an HTTP error in this vendor's shape. */
  errorBody(status: number, message: string): unknown;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asString(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The `name` of every tool in a list (nested one level for Gemini's `functionDeclarations`). */
export function toolNames(tools: unknown): string[] {
  return asArray(tools).flatMap((tool) => {
    if (!isRecord(tool)) return [];
    if (Array.isArray(tool.functionDeclarations)) return toolNames(tool.functionDeclarations);
    return typeof tool.name === 'string' ? [tool.name] : [];
  });
}

/** Text of a content value that is a string or a list of `{type:'text'|'input_text', text}` parts. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  return asArray(content)
    .map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
    .filter((t) => t !== '')
    .join('\n');
}
