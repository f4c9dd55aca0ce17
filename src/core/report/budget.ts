/**
 * Fitting a document into a size limit by cutting the least important parts
 * first. A renderer describes its output as sections in display order, each
 * with a priority; `fitSections` keeps whole sections and item prefixes in
 * priority order until the budget is spent, then says what it cut.
 *
 * Items are rendered on demand, in order, and only while they may still be
 * shown: a 2,000-finding report cut to a 65 KB comment renders the few
 * hundred findings that fit, not all of them.
 */

import { pushAll } from '../arrays.js';

export interface Section {
  /** Stable id, used by tests and callers to see what was cut. */
  id: string;
  /** Human name used in the cut notes, e.g. "minor and info findings". */
  label: string;
  /** 0 is the most important. Required sections are always kept whole. */
  priority: number;
  required?: boolean;
  /** Whether the cut notice should count the items ("309 of 500"); false when items are not what the label names. */
  counted?: boolean;
  /** Text before the items: a heading, a table header, `<details><summary>…`. */
  head: string;
  /** Text after the items: a closing `</details>`, a blank line. */
  tail: string;
  /** How many items the section has. */
  count: number;
  /** Renders item `i` (each carries its own line breaks). Called at most once per item, in order. */
  item: (i: number) => string;
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

/** A section over items that are already strings. */
export function listItems(items: readonly string[]): Pick<Section, 'count' | 'item'> {
  return { count: items.length, item: (i) => items[i] ?? '' };
}

function itemNote(hidden: number): string {
  return `\n_… ${hidden.toLocaleString('en-US')} more not shown here (limit reached; see the full report)._\n`;
}

function renderAll(s: Section): string[] {
  return Array.from({ length: s.count }, (_, i) => s.item(i));
}

/** Items that fit in `room` with the frame, plus the "N more" note when not all do; null when none fits. */
function fitItems(s: Section, room: number): { items: string[]; used: number; whole: boolean } | null {
  const items: string[] = [];
  let used = s.head.length + s.tail.length;
  for (let i = 0; i < s.count; i += 1) {
    const text = s.item(i);
    if (used + text.length > room) break;
    items.push(text);
    used += text.length;
  }
  if (items.length === s.count && used <= room) return { items, used, whole: true };
  // Partly: make room for the note by giving back items from the end.
  while (items.length > 0 && used + itemNote(s.count - items.length).length > room) used -= (items.pop() ?? '').length;
  if (items.length === 0) return null;
  return { items, used: used + itemNote(s.count - items.length).length, whole: false };
}

/**
 * Keeps as much as fits in `maxChars` (UTF-16 code units), most important
 * first. `reserve` is room the caller keeps for text it appends afterwards
 * (a notice naming the cuts and where the full report is).
 */
export function fitSections(sections: readonly Section[], maxChars: number, reserve = 0): Fitted {
  // Rendered items per kept section; a section absent from the map was dropped whole.
  const kept = new Map<Section, string[]>();
  let remaining = maxChars - reserve;
  for (const s of sections) {
    if (!s.required) continue;
    const items = renderAll(s);
    kept.set(s, items);
    remaining -= s.head.length + s.tail.length + items.reduce((n, t) => n + t.length, 0);
  }
  // Strictly by priority: once a section did not fit whole, nothing less important is shown,
  // even if a small part would fit in what is left. Otherwise a reader would see minor
  // details while more important ones were cut.
  const optional = sections.filter((s) => !s.required).sort((a, b) => a.priority - b.priority);
  for (const s of optional) {
    const fitted = fitItems(s, remaining);
    const empty = s.count === 0 && s.head.length + s.tail.length === 0;
    if (fitted === null) {
      if (!empty) break;
      continue;
    }
    kept.set(s, fitted.items);
    remaining -= fitted.used;
    if (!fitted.whole) break;
  }
  const parts: string[] = [];
  const cuts: Cut[] = [];
  for (const s of sections) {
    const items = kept.get(s);
    const cut = { id: s.id, label: s.label, counted: s.counted ?? false, total: s.count };
    if (items === undefined) {
      // An empty section (nothing to say for this run) is not a cut.
      if (s.count > 0 || s.head.length + s.tail.length > 0) cuts.push({ ...cut, shown: 0 });
      continue;
    }
    const hidden = s.count - items.length;
    if (hidden > 0) cuts.push({ ...cut, shown: items.length });
    parts.push(s.head);
    pushAll(parts, items);
    parts.push(hidden > 0 ? itemNote(hidden) : '', s.tail);
  }
  return { text: parts.join(''), cuts };
}

/** A section over items that are already strings; a cut counts them ("12 of 40") when there are any. */
export function stringSection(
  id: string,
  label: string,
  priority: number,
  head: string,
  items: readonly string[] = [],
  tail = '',
  required = false,
): Section {
  return { id, label, priority, head, tail, required, counted: items.length > 0, ...listItems(items) };
}
