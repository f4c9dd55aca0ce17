import type { ParseContext } from './context.js';
import { isNoneValue, splitEntries, unwrapCode } from './entries.js';
import type { FieldItem } from './field-items.js';
import { nestedListItems } from './nested-items.js';

/**
 * `files`: an inline comma list (`a.ts, \`b.ts\``) or a nested list with one
 * path per item. A leading code span is the path and text after it a note,
 * so `- \`src/db.ts\` — add the column, then the index` is one file.
 */
export function readFiles(item: FieldItem, context: ParseContext): string[] {
  const { src } = context;
  const entries = splitEntries(src.slice(item.valueStart, item.inlineEnd), item.valueStart).map((entry) => entry.text);
  for (const nested of nestedListItems(item.nested, src))
    entries.push(src.slice(nested.contentStart, nested.inlineEnd).trim());
  const files: string[] = [];
  for (const entry of entries) {
    if (isNoneValue(entry)) continue;
    const file = unwrapCode(entry);
    if (file) files.push(file);
  }
  return files;
}
