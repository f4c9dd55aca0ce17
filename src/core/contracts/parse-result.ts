import { formatSchemaProblem, type SchemaCheck } from '../report/validate-schema.js';
import { findJsonSyntaxError, lineColumn } from './json-syntax.js';
import { extractResultBlock } from './result-block.js';

/**
 * The steps every result parser shares: find the block, parse it as JSON,
 * check it against the role's schema. Each failure says exactly which step
 * failed and where, because the reason ends up in the report as the cause of
 * a contract violation, and an agent (or a human) must be able to act on it.
 */

export type ParsedResult<T> = { ok: true; json: string; value: T } | { ok: false; reason: string };

export interface ResultSpec<T> {
  /** Heading text without the hashes, e.g. `Stage Carry Evidence`. */
  heading: string;
  /** What the schema is called in messages, e.g. `carry`. */
  schemaName: string;
  check: (value: unknown) => SchemaCheck<T>;
}

/** Schema problems listed in a reason before the rest are only counted. */
const MAX_LISTED_PROBLEMS = 8;

function syntaxReason(label: string, text: string, firstLine: number, fallback: string): string {
  const located = findJsonSyntaxError(text);
  if (!located) return `invalid JSON in the "${label}" block: ${fallback}`;
  const { line, column } = lineColumn(text, located.offset);
  return `invalid JSON in the "${label}" block at line ${line}:${column} (line ${firstLine + line - 1} of the final message): ${located.message}`;
}

function schemaReason(
  label: string,
  schemaName: string,
  problems: readonly { pointer: string; message: string }[],
): string {
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS).map(formatSchemaProblem);
  const more = problems.length - listed.length;
  const tail = more > 0 ? `; and ${more} more` : '';
  return `the "${label}" JSON does not match the ${schemaName} schema: ${listed.join('; ')}${tail}`;
}

export function parseResult<T>(finalText: string, spec: ResultSpec<T>): ParsedResult<T> {
  const label = `### ${spec.heading}`;
  const block = extractResultBlock(finalText, spec.heading);
  if (!block.ok) return block;

  let value: unknown;
  try {
    value = JSON.parse(block.text);
  } catch (error) {
    return { ok: false, reason: syntaxReason(label, block.text, block.firstLine, (error as Error).message) };
  }

  const checked = spec.check(value);
  if (!checked.ok) return { ok: false, reason: schemaReason(label, spec.schemaName, checked.problems) };
  return { ok: true, json: block.text, value: checked.value };
}
