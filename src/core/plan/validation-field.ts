import type { Code, RootContent } from 'mdast';
import type { CodeSpan } from './code-spans.js';
import { positionOf, type ParseContext } from './context.js';
import { isNoneValue } from './entries.js';
import { fieldItemFromNode, inlineCodeAfter } from './field-items.js';
import type { FieldItem } from './field-items.js';
import type { ValidationCommand } from './types.js';
import { pushAll } from '../arrays.js';

type Phase = ValidationCommand['phase'];
const PHASES: ReadonlySet<string> = new Set(['pre', 'main', 'post']);

/**
 * `validation`: commands inline, in a nested list, in a fenced code block, or
 * grouped under nested `pre:` / `post:` items (`pre` runs before the
 * executor to record a baseline). When text holds inline code, only the code
 * spans are commands, so prose around them stays prose.
 */
export function readValidation(item: FieldItem, context: ParseContext): ValidationCommand[] {
  const commands = inlineCommands(item.valueStart, item.inlineEnd, item.codeSpans, 'main', context);
  pushAll(commands, blockCommands(item.nested, 'main', context));
  return commands;
}

function blockCommands(nodes: readonly RootContent[], phase: Phase, context: ParseContext): ValidationCommand[] {
  const commands: ValidationCommand[] = [];
  for (const node of nodes) {
    if (node.type === 'list') {
      for (const child of node.children) {
        const nested = fieldItemFromNode(child, context.src);
        const group = nested.key?.toLowerCase();
        if (group !== undefined && PHASES.has(group)) {
          pushAll(
            commands,
            inlineCommands(nested.valueStart, nested.inlineEnd, nested.codeSpans, group as Phase, context),
          );
          pushAll(commands, blockCommands(nested.nested, group as Phase, context));
        } else {
          pushAll(commands, inlineCommands(nested.contentStart, nested.inlineEnd, nested.codeSpans, phase, context));
        }
      }
    } else if (node.type === 'code') {
      pushAll(commands, codeBlockCommands(node, phase, context));
    } else if (node.type === 'paragraph') {
      const start = node.position?.start.offset ?? 0;
      pushAll(
        commands,
        inlineCommands(start, node.position?.end.offset ?? start, inlineCodeAfter(node, start), phase, context),
      );
    }
  }
  return commands;
}

function inlineCommands(
  start: number,
  end: number,
  spans: readonly CodeSpan[],
  phase: Phase,
  context: ParseContext,
): ValidationCommand[] {
  if (spans.length > 0) {
    return spans
      .filter((span) => span.value.trim())
      .map((span) => ({ cmd: span.value.trim(), phase, position: positionOf(context, span.start) }));
  }
  const commands: ValidationCommand[] = [];
  let lineStart = start;
  for (const line of context.src.slice(start, end).split('\n')) {
    const cmd = line.trim();
    if (cmd && !isNoneValue(cmd))
      commands.push({ cmd, phase, position: positionOf(context, lineStart + line.indexOf(cmd)) });
    lineStart += line.length + 1;
  }
  return commands;
}

/** Each non-empty line of a fenced block is a command; `#` lines are shell comments. */
function codeBlockCommands(node: Code, phase: Phase, context: ParseContext): ValidationCommand[] {
  const start = node.position?.start.offset ?? 0;
  const fenced = /^ {0,3}(?:`{3}|~{3})/.test(context.src.slice(start, start + 6));
  const firstLine = (node.position?.start.line ?? 1) + (fenced ? 1 : 0);
  const indent = (node.position?.start.column ?? 1) - 1;
  const commands: ValidationCommand[] = [];
  node.value.split('\n').forEach((line, index) => {
    const cmd = line.trim();
    if (!cmd || cmd.startsWith('#')) return;
    commands.push({ cmd, phase, position: { line: firstLine + index, column: indent + line.indexOf(cmd) + 1 } });
  });
  return commands;
}
