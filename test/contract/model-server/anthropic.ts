import {
  asArray,
  asString,
  contentText,
  isRecord,
  toolNames,
  type AnswerTurn,
  type ParsedCall,
  type ProtocolHandler,
  type SseEvent,
} from './protocol.js';
import { SCRIPTED_USAGE } from './script.js';

/**
 * The Anthropic Messages API as Claude Code uses it: `POST /v1/messages`
 * (with `?beta=true`), always streamed. The answer is the standard event
 * sequence message_start → content block(s) → message_delta → message_stop;
 * a write is a `tool_use` of Claude Code's `Write` tool, a command one of
 * its `Bash` tool.
 */
export const anthropic: ProtocolHandler = {
  protocol: 'anthropic',

  owns: (pathname) => pathname === '/v1/messages',

  parse(_pathname, body) {
    const messages = asArray(body.messages).filter(isRecord);
    const userText = messages
      .filter((m) => m.role === 'user')
      .map((m) => contentText(m.content))
      .join('\n');
    const last = messages[messages.length - 1];
    const toolResult = asArray(last?.content).find((p) => isRecord(p) && p.type === 'tool_result');
    return {
      protocol: 'anthropic',
      model: asString(body.model),
      turn: messages.filter((m) => m.role === 'assistant').length,
      userText,
      tools: toolNames(body.tools),
      lastToolResult: isRecord(toolResult) ? contentText(toolResult.content) : null,
    };
  },

  answer(turn: AnswerTurn, call: ParsedCall): SseEvent[] {
    const toolUse = (name: string, input: object): { start: object; delta: object } => ({
      start: { type: 'tool_use', id: `toolu_${call.turn}`, name, input: {} },
      delta: { type: 'input_json_delta', partial_json: JSON.stringify(input) },
    });
    const block =
      turn.kind === 'text'
        ? { start: { type: 'text', text: '' }, delta: { type: 'text_delta', text: turn.text } }
        : turn.kind === 'write'
          ? toolUse('Write', { file_path: turn.path, content: turn.content })
          : turn.kind === 'shell'
            ? toolUse('Bash', { command: turn.command, description: 'scripted command' })
            : toolUse(turn.name, turn.args);
    return [
      {
        event: 'message_start',
        data: {
          type: 'message_start',
          message: {
            id: `msg_${call.turn}`,
            type: 'message',
            role: 'assistant',
            model: call.model,
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: {
              input_tokens: SCRIPTED_USAGE.inputTokens,
              output_tokens: 1,
              cache_creation_input_tokens: 0,
              cache_read_input_tokens: SCRIPTED_USAGE.cachedInputTokens,
            },
          },
        },
      },
      { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: block.start } },
      { event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: block.delta } },
      { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
      {
        event: 'message_delta',
        data: {
          type: 'message_delta',
          delta: { stop_reason: turn.kind === 'text' ? 'end_turn' : 'tool_use', stop_sequence: null },
          usage: { output_tokens: SCRIPTED_USAGE.outputTokens },
        },
      },
      { event: 'message_stop', data: { type: 'message_stop' } },
    ];
  },

  errorBody: (status, message) => ({
    type: 'error',
    error: {
      type: status === 401 ? 'authentication_error' : status >= 500 ? 'api_error' : 'invalid_request_error',
      message,
    },
  }),
};
