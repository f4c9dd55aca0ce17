/**
 * Fitting a document into a size limit by cutting the least important parts
 * first. A renderer describes its output as sections in display order, each
 * with a priority; `fitSections` keeps whole sections and item prefixes in
 * priority order until the budget is spent, then says what it cut.
 */

export interface Section {
  /** Stable id, used by tests and callers to see what was cut. */
  id: string;
  /** Human name used in the cut notes, e.g. "minor and info findings". */
  label: string;
  /** 0 is the most important. Required sections are always kept whole. */
  priority: number;
  required?: boolean;
  /** Text before the items: a heading, a table header, `<details><summary>…`. */
  head: string;
  /** Independent entries (findings, table rows); each carries its own line breaks. */
  items: string[];
  /** Text after the items: a closing `</details>`, a blank line. */
  tail: string;
  /** Whether the cut notice should count the items ("309 of 500"); false when items are not what the label names. */
  counted?: boolean;
}

export interface Cut {
  id: string;
  label: string;
  counted: boolean;
  /** Items kept; 0 when the whole section was dropped. */
  shown: number;
  total: number;
}

export interface Fitted {
  /** The sections that survived, in display order, with per-section cut notes. */
  text: string;
  cuts: Cut[];
}

/** Room a per-section "… N more not shown" line takes. Counted generously so the sum can never overshoot. */
const ITEM_NOTE_RESERVE = 120;

function itemNote(hidden: number): string {
  return `\n_… ${hidden.toLocaleString('en-US')} more not shown here (limit reached; see the full report)._\n`;
}

function sectionLength(section: Section): number {
  let n = section.head.length + section.tail.length;
  for (const item of section.items) n += item.length;
  return n;
}

function renderSection(section: Section, shown: number): string {
  const hidden = section.items.length - shown;
  const body = shown === section.items.length ? section.items.join('') : section.items.slice(0, shown).join('');
  return `${section.head}${body}${hidden > 0 ? itemNote(hidden) : ''}${section.tail}`;
}

/**
 * Keeps as much as fits in `maxChars` (UTF-16 code units), most important
 * first. `reserve` is room the caller keeps for text it appends afterwards
 * (a notice naming the cuts and where the full report is).
 */
export function fitSections(sections: readonly Section[], maxChars: number, reserve = 0): Fitted {
  // Items kept per section; a section absent from the map was dropped whole.
  const kept = new Map<Section, number>();
  let remaining = maxChars - reserve;
  for (const s of sections) {
    if (!s.required) continue;
    kept.set(s, s.items.length);
    remaining -= sectionLength(s);
  }
  const optional = sections.filter((s) => !s.required).sort((a, b) => a.priority - b.priority);
  // Strictly by priority: once a section did not fit whole, nothing less important is shown,
  // even if a small part would fit in what is left. Otherwise a reader would see minor
  // details while more important ones were cut.
  let exhausted = false;
  for (const s of optional) {
    if (exhausted) continue;
    const full = sectionLength(s);
    if (full <= remaining) {
      kept.set(s, s.items.length);
      remaining -= full;
      continue;
    }
    // Partly: the frame, a prefix of the items (order is meaningful), and a note saying how many are hidden.
    exhausted = true;
    let room = remaining - s.head.length - s.tail.length - ITEM_NOTE_RESERVE;
    let count = 0;
    for (const item of s.items) {
      if (item.length > room) break;
      room -= item.length;
      count += 1;
    }
    if (count === 0) continue;
    kept.set(s, count);
    remaining = room + ITEM_NOTE_RESERVE - itemNote(s.items.length - count).length;
  }
  const parts: string[] = [];
  const cuts: Cut[] = [];
  for (const s of sections) {
    const count = kept.get(s);
    const cut = { id: s.id, label: s.label, counted: s.counted ?? false, total: s.items.length };
    if (count === undefined) {
      // An empty section (nothing to say for this run) is not a cut.
      if (sectionLength(s) > 0) cuts.push({ ...cut, shown: 0 });
      continue;
    }
    if (count < s.items.length) cuts.push({ ...cut, shown: count });
    parts.push(renderSection(s, count));
  }
  return { text: parts.join(''), cuts };
}
