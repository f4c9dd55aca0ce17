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

const MODEL_OUTPUT_ITEMS = new Set(['custom_tool_call', 'function_call', 'local_shell_call']);
const TOOL_OUTPUT_ITEMS = new Set(['custom_tool_call_output', 'function_call_output', 'local_shell_call_output']);

/**
 * The OpenAI Responses API as Codex uses it: `POST /v1/responses`, streamed.
 * The answer is response.created → output_item.added/done → response.completed
 * (with usage); a write is a `custom_tool_call` of Codex's `apply_patch` tool
 * carrying an "Add File" patch, a command a `function_call` of `exec_command`.
 * Copilot CLI (BYOK, `responses` wire API) sends the same requests with the
 * same `apply_patch` tool; its shell tool is `bash` with a `command`.
 */
export const openaiResponses: ProtocolHandler = {
  protocol: 'openai-responses',

  owns: (pathname) => pathname === '/v1/responses',

  parse(_pathname, body) {
    const items = asArray(body.input).filter(isRecord);
    const userText = items
      .filter((i) => i.type === 'message' && (i.role === 'user' || i.role === 'developer'))
      .map((i) => contentText(i.content))
      .join('\n');
    const last = items[items.length - 1];
    return {
      protocol: 'openai-responses',
      model: asString(body.model),
      turn: items.filter(
        (i) => MODEL_OUTPUT_ITEMS.has(asString(i.type)) || (i.type === 'message' && i.role === 'assistant'),
      ).length,
      userText,
      tools: toolNames(body.tools),
      lastToolResult: last && TOOL_OUTPUT_ITEMS.has(asString(last.type)) ? outputText(last.output) : null,
    };
  },

  answer(turn: AnswerTurn, call: ParsedCall): SseEvent[] {
    const id = `resp_${call.turn}`;
    const item =
      turn.kind === 'text'
        ? {
            type: 'message',
            id: `msg_${call.turn}`,
            role: 'assistant',
            status: 'completed',
            content: [{ type: 'output_text', text: turn.text, annotations: [] }],
          }
        : turn.kind === 'shell' || turn.kind === 'tool'
          ? {
              type: 'function_call',
              id: `fc_${call.turn}`,
              status: 'completed',
              call_id: `call_${call.turn}`,
              ...(turn.kind === 'shell'
                ? shellCall(turn.command, call.tools)
                : { name: turn.name, arguments: JSON.stringify(turn.args) }),
            }
          : {
              type: 'custom_tool_call',
              id: `ctc_${call.turn}`,
              status: 'completed',
              call_id: `call_${call.turn}`,
              name: 'apply_patch',
              input: addFilePatch(turn.path, turn.content),
            };
    const response = {
      id,
      object: 'response',
      created_at: Math.floor(Date.now() / 1000),
      model: call.model,
      output: [] as unknown[],
    };
    return [
      {
        event: 'response.created',
        data: { type: 'response.created', response: { ...response, status: 'in_progress' } },
      },
      { event: 'response.output_item.added', data: { type: 'response.output_item.added', output_index: 0, item } },
      { event: 'response.output_item.done', data: { type: 'response.output_item.done', output_index: 0, item } },
      {
        event: 'response.completed',
        data: {
          type: 'response.completed',
          response: {
            ...response,
            status: 'completed',
            output: [item],
            usage: {
              input_tokens: SCRIPTED_USAGE.inputTokens,
              input_tokens_details: { cached_tokens: SCRIPTED_USAGE.cachedInputTokens },
              output_tokens: SCRIPTED_USAGE.outputTokens,
              output_tokens_details: { reasoning_tokens: 0 },
              total_tokens: SCRIPTED_USAGE.inputTokens + SCRIPTED_USAGE.outputTokens,
            },
          },
        },
      },
    ];
  },

  errorBody: (status, message) => ({
    error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', param: null, code: null },
  }),
};

/**
 * A command in the CLI's shell tool: Copilot CLI's `bash` (recognised by its `view` tool, since a read-only
 * Copilot session is offered no shell at all, and the model asks for one anyway), else Codex's `exec_command`.
 */
function shellCall(command: string, tools: readonly string[]): { name: string; arguments: string } {
  return tools.includes('view') && !tools.includes('exec_command')
    ? { name: 'bash', arguments: JSON.stringify({ command, description: 'scripted command' }) }
    : { name: 'exec_command', arguments: JSON.stringify({ cmd: command }) };
}

/** A tool output is a string, or a list of content parts. */
function outputText(output: unknown): string {
  return typeof output === 'string' ? output : contentText(output);
}

/** An apply_patch "Add File" hunk: every line prefixed with `+`; apply_patch ends the file with a newline itself. */
function addFilePatch(path: string, content: string): string {
  const lines = content.replace(/\n$/, '').split('\n');
  return `*** Begin Patch\n*** Add File: ${path}\n${lines.map((l) => `+${l}`).join('\n')}\n*** End Patch\n`;
}
