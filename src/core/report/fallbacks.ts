import type { Section } from './budget.js';
import { textSection } from './blocks.js';
import type { FallbackRecord, FinalReport } from './schema/final-report.js';
import { escapeInline } from '../text/escape.js';
import { clip } from '../text/truncate.js';

/**
 * Who actually worked and why: each worker whose provider could not work
 * (quota, refused key, an outage after the gateway's retries, no CLI) and the
 * fallback that did its work. One wording for the report, the check run, the
 * sticky comment and the CLI.
 */

/** Room for a provider's error in one line. */
const REASON_CHARS = 300;

/** `Claude worker (executor) could not work: its API answered HTTP 429: quota exhausted; Codex worker took over` */
export function fallbackLine(f: FallbackRecord): string {
  const took = f.replacedBy === null ? 'no fallback was left' : `${f.replacedBy} took over`;
  return `${f.worker} (${f.function}) could not work: ${clip(f.reason.replace(/\s+/g, ' '), REASON_CHARS, '…')}; ${took}`;
}

/** Plain lines for a terminal; empty when every worker could work. */
export function fallbackLines(report: Pick<FinalReport, 'fallbacks'>): string[] {
  return (report.fallbacks ?? []).map(fallbackLine);
}

/** Never cut: a reader must see that another vendor did the work, or that no fallback was left. */
export function fallbacksSection(report: FinalReport): Section {
  const lines = fallbackLines(report);
  if (lines.length === 0) return textSection('fallbacks', '', { priority: 1 });
  const items = lines.map((l) => `- ${escapeInline(l)}\n`).join('');
  return textSection('fallbacks', `🔁 **Providers unavailable:**\n\n${items}\n`, { required: true });
}
