import { stripInvisible } from '../core/text/escape.js';
import { renderTable } from './table.js';
import { pushAll } from '../core/arrays.js';

/**
 * The report's Markdown (as `renderMarkdown` writes it) for a terminal:
 * headings bold, tables aligned, `<details>` as a marked line, code blocks
 * indented, Markdown escapes undone; with `color`, headings and the
 * verdict words coloured. Only the constructs our renderers emit are read;
 * anything else passes through as text.
 */
export interface TerminalStyle {
  color: boolean;
}

const SGR = {
  bold: ['\x1b[1m', '\x1b[22m'],
  dim: ['\x1b[2m', '\x1b[22m'],
  cyan: ['\x1b[36m', '\x1b[39m'],
  green: ['\x1b[32m', '\x1b[39m'],
  red: ['\x1b[31m', '\x1b[39m'],
  yellow: ['\x1b[33m', '\x1b[39m'],
} as const;
type Sgr = keyof typeof SGR;

/**
 * Colour only for a person at a terminal: stdout is a TTY and NO_COLOR (no-color.org: any
 * non-empty value) is unset, unless the command's `--color` / `--no-color` decided.
 */
export function wantsColor(io: { tty?: unknown; env: NodeJS.ProcessEnv }, flag?: boolean): boolean {
  return flag ?? (io.tty !== undefined && !io.env.NO_COLOR);
}

export function markdownForTerminal(markdown: string, style: TerminalStyle): string {
  const paint = (text: string, ...codes: Sgr[]): string =>
    style.color && text !== '' ? codes.reduce((t, c) => `${SGR[c][0]}${t}${SGR[c][1]}`, text) : text;
  const verdicts = (text: string): string =>
    style.color
      ? text
          .replace(/\bPASS\b/g, paint('PASS', 'green', 'bold'))
          .replace(/\bFAIL\b/g, paint('FAIL', 'red', 'bold'))
          .replace(/\b(contract-violated|error)\b(?=\W|$)/g, (w) => paint(w, 'yellow'))
      : text;
  const inline = (text: string): string => verdicts(inlineText(text, (b) => paint(b, 'bold')));

  // Agent text in a stored report never carries escape sequences to this terminal.
  const lines = stripInvisible(markdown).split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const fence = /^(`{3,}|~{3,})/.exec(line);
    if (fence) {
      const close = fence[1] as string;
      for (i++; i < lines.length && !(lines[i] as string).startsWith(close); i++)
        out.push(paint(`    ${lines[i] as string}`, 'dim'));
      continue;
    }
    if (line.startsWith('|')) {
      const block: string[][] = [];
      for (; i < lines.length && (lines[i] as string).startsWith('|'); i++) block.push(tableCells(lines[i] as string));
      i--;
      pushAll(out, alignedTable(block, paint, verdicts));
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      out.push(paint(inline(heading[2] as string), 'bold', 'cyan'));
      continue;
    }
    const summary = /^<details><summary>(.*)<\/summary>$/.exec(line);
    if (summary) {
      out.push(`▸ ${paint(inline(summary[1] as string), 'bold')}`);
      continue;
    }
    if (line === '</details>') continue;
    const sub = /^<sub>(.*)<\/sub>$/.exec(line);
    if (sub) {
      out.push(
        paint(
          inlineText(sub[1] as string, (b) => b),
          'dim',
        ),
      );
      continue;
    }
    if (/^(-{3,}|\*{3,})$/.test(line)) {
      out.push(paint('─'.repeat(60), 'dim'));
      continue;
    }
    out.push(inline(line));
  }
  // Blank lines where a dropped `</details>` or fence left two in a row.
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Cells of one Markdown table row, split at pipes that are not escaped. */
function tableCells(row: string): string[] {
  const body = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  return body.split(/(?<!\\)\|/).map((c) => c.trim());
}

function alignedTable(
  block: string[][],
  paint: (text: string, ...codes: Sgr[]) => string,
  verdicts: (text: string) => string,
): string[] {
  const rows = block.filter((cells) => !cells.every((c) => /^:?-{3,}:?$/.test(c)));
  const [header, ...body] = rows.map((cells) => cells.map((c) => inlineText(c, (b) => b)));
  if (!header) return [];
  // Padding is measured on plain text; colour goes on afterwards so the columns stay aligned.
  const [head, rule, ...rest] = renderTable(header, body).split('\n');
  return [paint(head ?? '', 'bold'), paint(rule ?? '', 'dim'), ...rest.map(verdicts)];
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&#39;': "'" };

/** One line of inline Markdown as text: code spans kept verbatim, `**bold**` through `bold`, escapes and entities undone, links as `text (url)`. */
export function inlineText(text: string, bold: (text: string) => string): string {
  const parts: string[] = [];
  let rest = text;
  for (;;) {
    const m = /(`+)( ?)([\s\S]*?)\2\1(?!`)/.exec(rest);
    if (!m) break;
    parts.push(prose(rest.slice(0, m.index), bold));
    // In a table cell a pipe inside code is escaped too; the terminal shows the pipe.
    parts.push((m[3] as string).replace(/\\\|/g, '|'));
    rest = rest.slice(m.index + m[0].length);
  }
  parts.push(prose(rest, bold));
  return parts.join('');
}

function prose(text: string, bold: (text: string) => string): string {
  return text
    .replace(/\*\*(.+?)\*\*/g, (_, inner: string) => bold(inner))
    .replace(/\[([^\]]*)\]\(([^)\s]+)\)/g, '$1 ($2)')
    .replace(/<\/?(?:sub|sup|b|i|em|strong|br ?\/?)>/g, '')
    .replace(/\\([\\`*_[\]~|#>+\-=.()!&<{}])/g, '$1')
    .replace(/&(?:lt|gt|amp|quot|#39);/g, (e) => ENTITIES[e] ?? e);
}
