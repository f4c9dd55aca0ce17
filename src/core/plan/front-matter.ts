import type { Yaml } from 'mdast';
import { isMap, isScalar, LineCounter, parseDocument, type Node as YamlNode } from 'yaml';
import type { SourcePosition } from '../diagnostics.js';
import { PLAN_CODES } from './codes.js';
import { positionOf, type ParseContext } from './context.js';
import { closestMatch } from '../text/did-you-mean.js';

export interface FrontMatter {
  id: { value: string; position: SourcePosition } | null;
  base: string | null;
  title: string | null;
}

const KEYS = ['id', 'base', 'title'] as const;
const EMPTY: FrontMatter = { id: null, base: null, title: null };

/** Reads the YAML front matter; every problem is reported with its line in the plan file. */
export function readFrontMatter(node: Yaml | undefined, context: ParseContext): FrontMatter {
  if (!node) return EMPTY;
  const { src, sink } = context;
  const fenceStart = node.position?.start.offset ?? 0;
  const valueStart = src.indexOf('\n', fenceStart) + 1;
  const firstLine = positionOf(context, valueStart).line;
  const lineCounter = new LineCounter();
  const document = parseDocument(node.value, { lineCounter, prettyErrors: false });
  // LineCounter counts lines of the YAML text; shift them to lines of the plan file.
  const at = (offset: number): SourcePosition => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: firstLine + line - 1, column: col };
  };
  if (document.errors.length > 0) {
    for (const error of document.errors) {
      sink.error(
        PLAN_CODES.frontMatterInvalidYaml,
        at(error.pos[0]),
        `front matter is not valid YAML: ${error.message}`,
        'fix the YAML between the `---` lines, or remove the front matter',
      );
    }
    return EMPTY;
  }
  const contents = document.contents;
  if (contents === null || (isScalar(contents) && contents.value === null)) return EMPTY;
  if (!isMap(contents)) {
    sink.error(
      PLAN_CODES.frontMatterNotMapping,
      at(contents.range?.[0] ?? 0),
      'front matter must be a YAML mapping of keys to values',
      'write one `key: value` per line, e.g. `id: add-login`',
    );
    return EMPTY;
  }
  const result: FrontMatter = { id: null, base: null, title: null };
  for (const pair of contents.items) {
    const keyNode = pair.key as YamlNode | null;
    const key = isScalar(keyNode) ? String(keyNode.value) : '';
    const keyAt = at(keyNode?.range?.[0] ?? 0);
    const valueNode = pair.value as YamlNode | null;
    const value = isScalar(valueNode) ? valueNode.value : valueNode === null ? null : valueNode;
    const valueAt = valueNode?.range ? at(valueNode.range[0]) : keyAt;
    if (!(KEYS as readonly string[]).includes(key)) {
      const match = closestMatch(key.toLowerCase(), KEYS);
      const known = 'known keys: `id`, `base`, `title`';
      sink.warning(
        PLAN_CODES.frontMatterUnknownKey,
        keyAt,
        `unknown front-matter key "${key}"`,
        match ? `did you mean \`${match}\`? ${known}` : known,
      );
      continue;
    }
    if (value !== null && typeof value !== 'string') {
      sink.error(
        PLAN_CODES.frontMatterInvalidValue,
        valueAt,
        `front-matter \`${key}\` must be a string`,
        `quote it: ${key}: "${String(isScalar(valueNode) ? valueNode.value : '…')}"`,
      );
      continue;
    }
    const text = value === null ? null : value.trim() || null;
    if (key === 'id') result.id = text === null ? null : { value: text, position: valueAt };
    else if (key === 'base') result.base = text;
    else result.title = text;
  }
  return result;
}
