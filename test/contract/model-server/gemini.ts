import {
  asArray,
  asString,
  isRecord,
  toolNames,
  type AnswerTurn,
  type ProtocolHandler,
  type SseEvent,
} from './protocol.js';
import { SCRIPTED_USAGE } from './script.js';

const STREAM_PATH = /^\/v1beta\/models\/([^/:]+):streamGenerateContent$/;

/**
 * The Gemini API as Gemini CLI uses it:
 * `POST /v1beta/models/<model>:streamGenerateContent?alt=sse`. Each SSE chunk
 * is a whole `GenerateContentResponse`; a write is a `functionCall` of the
 * CLI's `write_file` tool, a command one of `run_shell_command`.
 */
export const gemini: ProtocolHandler = {
  protocol: 'gemini',

  owns: (pathname) => STREAM_PATH.test(pathname),

  parse(pathname, body) {
    const contents = asArray(body.contents).filter(isRecord);
    const partsOf = (c: Record<string, unknown>): Record<string, unknown>[] => asArray(c.parts).filter(isRecord);
    const userText = contents
      .filter((c) => c.role === 'user')
      .flatMap(partsOf)
      .map((p) => asString(p.text))
      .filter((t) => t !== '')
      .join('\n');
    const last = contents[contents.length - 1];
    const response = last ? partsOf(last).find((p) => isRecord(p.functionResponse)) : undefined;
    return {
      protocol: 'gemini',
      model: decodeURIComponent(STREAM_PATH.exec(pathname)?.[1] ?? ''),
      turn: contents.filter((c) => c.role === 'model').length,
      userText,
      tools: toolNames(body.tools),
      lastToolResult: response
        ? JSON.stringify((response.functionResponse as Record<string, unknown>).response ?? null)
        : null,
    };
  },

  answer(turn: AnswerTurn): SseEvent[] {
    const part =
      turn.kind === 'text'
        ? { text: turn.text }
        : turn.kind === 'write'
          ? { functionCall: { name: 'write_file', args: { file_path: turn.path, content: turn.content } } }
          : turn.kind === 'shell'
            ? { functionCall: { name: 'run_shell_command', args: { command: turn.command } } }
            : { functionCall: { name: turn.name, args: turn.args } };
    return [
      {
        data: {
          candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
          usageMetadata: {
            promptTokenCount: SCRIPTED_USAGE.inputTokens,
            candidatesTokenCount: SCRIPTED_USAGE.outputTokens,
            totalTokenCount: SCRIPTED_USAGE.inputTokens + SCRIPTED_USAGE.outputTokens,
            cachedContentTokenCount: SCRIPTED_USAGE.cachedInputTokens,
          },
          modelVersion: 'scripted',
        },
      },
    ];
  },

  errorBody: (status, message) => ({
    error: {
      code: status,
      message,
      status:
        status === 400
          ? 'INVALID_ARGUMENT'
          : status === 401 || status === 403
            ? 'PERMISSION_DENIED'
            : status === 429
              ? 'RESOURCE_EXHAUSTED'
              : 'INTERNAL',
    },
  }),
};
