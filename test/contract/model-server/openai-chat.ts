import {
  asArray,
  asString,
  contentText,
  isRecord,
  type AnswerTurn,
  type ParsedCall,
  type ProtocolHandler,
  type SseEvent,
} from './protocol.js';
import { SCRIPTED_USAGE } from './script.js';

/**
 * OpenAI Chat Completions as Copilot CLI speaks it with `COPILOT_PROVIDER_WIRE_API=completions` (GitHub
 * Models, vLLM, Ollama): `POST …/chat/completions`, streamed, `stream_options.include_usage` set. The answer
 * is `chat.completion.chunk`s — the text or one tool call, the finish reason, then a chunk with `usage` and no
 * choices — ended by `[DONE]`. Copilot's tools on this wire API: `create` `{path, file_text}` writes a file,
 * `bash` `{command, description}` runs a command.
 */
export const openaiChat: ProtocolHandler = {
  protocol: 'openai-chat',

  owns: (pathname) => pathname.endsWith('/chat/completions'),

  parse(_pathname, body) {
    const messages = asArray(body.messages).filter(isRecord);
    const last = messages[messages.length - 1];
    return {
      protocol: 'openai-chat',
      model: asString(body.model),
      turn: messages.filter((m) => m.role === 'assistant').length,
      userText: messages
        .filter((m) => m.role === 'user')
        .map((m) => contentText(m.content))
        .join('\n'),
      tools: asArray(body.tools).flatMap((t) =>
        isRecord(t) && isRecord(t.function) && typeof t.function.name === 'string' ? [t.function.name] : [],
      ),
      lastToolResult: last?.role === 'tool' ? contentText(last.content) : null,
    };
  },

  answer(turn: AnswerTurn, call: ParsedCall): SseEvent[] {
    const base = { id: `chatcmpl_${call.turn}`, object: 'chat.completion.chunk', created: 1, model: call.model };
    const chunk = (choice: Record<string, unknown> | null, usage?: unknown): SseEvent => ({
      data: { ...base, choices: choice ? [{ index: 0, ...choice }] : [], ...(usage ? { usage } : {}) },
    });
    const call0 = (name: string, args: unknown) => ({
      role: 'assistant',
      tool_calls: [
        { index: 0, id: `call_${call.turn}`, type: 'function', function: { name, arguments: JSON.stringify(args) } },
      ],
    });
    const delta =
      turn.kind === 'text'
        ? { role: 'assistant', content: turn.text }
        : turn.kind === 'write'
          ? call0('create', { path: turn.path, file_text: turn.content })
          : turn.kind === 'shell'
            ? call0('bash', { command: turn.command, description: 'scripted command' })
            : call0(turn.name, turn.args);
    return [
      chunk({ delta, finish_reason: null }),
      chunk({ delta: {}, finish_reason: turn.kind === 'text' ? 'stop' : 'tool_calls' }),
      chunk(null, {
        prompt_tokens: SCRIPTED_USAGE.inputTokens,
        completion_tokens: SCRIPTED_USAGE.outputTokens,
        total_tokens: SCRIPTED_USAGE.inputTokens + SCRIPTED_USAGE.outputTokens,
        prompt_tokens_details: { cached_tokens: SCRIPTED_USAGE.cachedInputTokens },
      }),
      { data: null, literal: '[DONE]' },
    ];
  },

  errorBody: (status, message) => ({
    error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', param: null, code: null },
  }),
};
