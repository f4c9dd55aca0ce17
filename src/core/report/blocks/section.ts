import { detailsOpen } from '../../markdown/markdown.js';
import { listItems, type Section } from '../budget.js';

/**
 * How a block of the stage report is made: a `Section` over lazy items, so
 * the comment and check-run renderers can cut it to a size limit while the
 * full report keeps it whole, and how much of each long text a format shows.
 */

/** How much of each long text a format shows. `Infinity` everywhere is the full report. */
export interface DetailLimits {
  /** Characters of a finding's detail. */
  findingDetail: number;
  /** Characters of one verdict reason, the withheld reason or a finding title. */
  reason: number;
  /** Lines and characters of a QA command's output tail. */
  outputLines: number;
  outputChars: number;
  /** Characters of the executor summary. */
  summary: number;
}

export const FULL_DETAIL: DetailLimits = {
  findingDetail: Number.POSITIVE_INFINITY,
  reason: Number.POSITIVE_INFINITY,
  outputLines: Number.POSITIVE_INFINITY,
  outputChars: Number.POSITIVE_INFINITY,
  summary: Number.POSITIVE_INFINITY,
};

export const CUT = ' … (cut)';

/** Room for an upstream error message in a table cell or a one-line status. */
export const UPSTREAM_IN_LINE = 200;

type Items = readonly string[] | Pick<Section, 'count' | 'item'>;

export function section(
  id: string,
  label: string,
  priority: number,
  head: string,
  items: Items,
  tailText = '',
  required = false,
): Section {
  const lazy = 'count' in items ? items : listItems(items);
  return { id, label, priority, head, tail: tailText, required, count: lazy.count, item: lazy.item };
}

/** A fixed paragraph, e.g. the comment marker or the counts line. */
export function textSection(id: string, text: string, opts: { priority?: number; required?: boolean } = {}): Section {
  return section(id, id, opts.priority ?? 0, text, [], '', opts.required ?? false);
}

/** A section whose items are what its label names, so a cut can say "12 of 40". */
export function counted(s: Section): Section {
  return { ...s, counted: true };
}

export function details(summary: string, body: string): { head: string; tail: string } {
  return { head: `${detailsOpen(summary)}${body}`, tail: '\n</details>\n\n' };
}
