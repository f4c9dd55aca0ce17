import { fencedLineMask, splitLines } from '../contracts/fence-lines.js';
import type { PromptRequirements, RequiredHeading } from './layout.js';

/**
 * The last look at a finished prompt before it may be dispatched. It reads
 * the text as an agent would (lines inside fenced blocks are content, not
 * structure) and names every required anchor or heading it cannot find, so a
 * gate file that was emptied, renamed or retitled stops the run here instead
 * of silently producing an agent that never saw the gate.
 */

interface PromptOutline {
  lines: readonly string[];
  /** Whether each line lies inside a fenced block. */
  fenced: readonly boolean[];
}

function outline(prompt: string): PromptOutline {
  const lines = splitLines(prompt);
  return { lines, fenced: fencedLineMask(lines) };
}

function structuralIndex(doc: PromptOutline, test: (line: string) => boolean): number {
  return doc.lines.findIndex((line, i) => !doc.fenced[i] && test(line));
}

const SECTION_BREAK = /^#{1,2}(?:[ \t]|$)/;

/** Whether the section under the heading at `index` holds any text before the next level-1/2 heading. */
function hasBody(doc: PromptOutline, index: number): boolean {
  for (let i = index + 1; i < doc.lines.length; i += 1) {
    const line = doc.lines[i] ?? '';
    if (!doc.fenced[i] && SECTION_BREAK.test(line)) return false;
    if (line.trim() !== '') return true;
  }
  return false;
}

function headingProblem(
  doc: PromptOutline,
  required: RequiredHeading,
  what: string,
): { problem: string | null; index: number } {
  const index = structuralIndex(doc, (line) => line.trimEnd() === required.heading);
  if (index < 0) {
    return {
      problem: `missing ${what} "${required.heading}": ${required.file} is empty, renamed, or no longer starts with that heading`,
      index,
    };
  }
  if (!hasBody(doc, index))
    return { problem: `${what} "${required.heading}" (${required.file}) has a heading but no body`, index };
  return { problem: null, index };
}

function anchorProblems(doc: PromptOutline, prefixes: readonly string[]): string[] {
  return prefixes.flatMap((prefix) => {
    const index = structuralIndex(doc, (line) => line.startsWith(prefix) && line.slice(prefix.length).trim() !== '');
    return index < 0 ? [`missing anchor line "${prefix.trimEnd()} …"`] : [];
  });
}

function roleTemplateProblems(doc: PromptOutline, required: PromptRequirements['roleTemplate']): string[] {
  const { problem, index } = headingProblem(doc, required, 'role template');
  if (problem) return [problem];
  const showsResult = doc.lines.slice(index + 1).some((line) => line.trim() === required.resultHeading);
  if (showsResult) return [];
  return [
    `role template ${required.file} does not show the result heading "${required.resultHeading}" that the engine parses`,
  ];
}

/** Every problem that keeps this prompt from being dispatched; empty when it is complete. */
export function checkPrompt(prompt: string, requirements: PromptRequirements): string[] {
  const doc = outline(prompt);
  return [
    ...anchorProblems(doc, requirements.anchors),
    ...requirements.gates.flatMap((gate) => headingProblem(doc, gate, 'gate').problem ?? []),
    ...roleTemplateProblems(doc, requirements.roleTemplate),
  ];
}
