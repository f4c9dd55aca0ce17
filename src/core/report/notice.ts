import type { Cut, Fitted, Section } from './budget.js';
import { fitSections } from './budget.js';
import { formatCount } from './format.js';
import { clip } from '../text/truncate.js';

/**
 * The "this was shortened" notice. It names every cut and where the whole
 * report is, so a reader never mistakes a shortened view for the full one.
 */
export function cutNotice(cuts: readonly Cut[], limitName: string, pointer: string): string {
  if (cuts.length === 0) return '';
  const what = cuts
    .map((c) => {
      if (!c.counted || c.total === 0) return c.label;
      if (c.shown === 0) return `${c.label} (all ${formatCount(c.total)})`;
      return `${c.label} (${formatCount(c.total - c.shown)} of ${formatCount(c.total)})`;
    })
    .join('; ');
  return `> [!NOTE]\n> Shortened to fit ${limitName}. Left out: ${what}. Everything is in ${pointer}.\n\n`;
}

/**
 * Fits the sections into `maxChars` together with a trailing notice and
 * footer. Room for the notice is reserved at its largest possible size (every
 * optional section listed, counts at their widest) so the result can never
 * exceed the limit.
 */
export function fitWithNotice(
  sections: readonly Section[],
  maxChars: number,
  limitName: string,
  pointer: string,
  footer: string,
): Fitted {
  const worstCase = sections
    .filter((s) => !s.required)
    .map((s) => ({ id: s.id, label: s.label, counted: s.counted ?? false, shown: s.count, total: s.count }));
  const reserve = cutNotice(worstCase, limitName, pointer).length + footer.length;
  const fitted = fitSections(sections, maxChars, reserve);
  const text = `${fitted.text}${cutNotice(fitted.cuts, limitName, pointer)}${footer}`;
  // Required sections are bounded by design; this guard only keeps a broken bound from reaching GitHub.
  return { text: clip(text, maxChars, '\n\n… (cut at the limit)\n'), cuts: fitted.cuts };
}
