import { addId, addNodeSummaries, lines, newTally, toTestCount, type Outcome, type Tally } from './tally.js';
import type { TestCount } from './types.js';

// node's TAP reporter (and tape) end a run with `# tests N`, `# pass N` …
const SUMMARY = /^# (tests|pass|fail|cancelled|skipped|todo) (\d+)\s*$/;
const RESULT = /^( *)(not ok|ok) \d+(?: -)?(?: (.*))?$/;
const SUBTEST = /^( *)# Subtest: (.*)$/;
const YAML_START = /^( *)---\s*$/;
const INDENT = 4;

/**
 * TAP as node's test runner prints it when stdout is not a TTY. The totals
 * come from the `# tests` summaries (one per run, summed); the ids from the
 * `ok`/`not ok` lines, nested subtests named `parent > child`.
 */
export function countTap(text: string): TestCount | null {
  const tally = newTally();
  if (addNodeSummaries(text, SUMMARY, tally) === 0) return null;
  tapIds(text, tally);
  return toTestCount('tap', tally);
}

function tapIds(text: string, tally: Tally): void {
  const parents: string[] = [];
  let yamlIndent: string | null = null;
  let last: { outcome: Outcome; id: string } | null = null;
  for (const line of lines(text)) {
    // A YAML diagnostic block (error messages, stacks) may hold anything, `ok 1` included.
    if (yamlIndent !== null) {
      if (line === `${yamlIndent}...`) yamlIndent = null;
      // A `describe` is reported like a test, but node's `# tests` does not count it.
      else if (line === `${yamlIndent}type: 'suite'` && last !== null) tally.ids[last.outcome].delete(last.id);
      continue;
    }
    const yaml = YAML_START.exec(line);
    if (yaml !== null) {
      yamlIndent = yaml[1] ?? '';
      continue;
    }
    const subtest = SUBTEST.exec(line);
    if (subtest !== null) {
      const depth = Math.floor((subtest[1] ?? '').length / INDENT);
      parents.length = depth;
      parents[depth] = unescapeTap(subtest[2] ?? '');
      continue;
    }
    const result = RESULT.exec(line);
    if (result === null) continue;
    const depth = Math.floor((result[1] ?? '').length / INDENT);
    const { name, directive } = splitDirective(result[3] ?? '');
    const outcome: Outcome = directive !== null ? 'skipped' : result[2] === 'ok' ? 'passed' : 'failed';
    const id = [...parents.slice(0, depth), name].join(' > ');
    // Only a new id may be taken back: a test of the same name elsewhere keeps its own.
    last = tally.ids[outcome].has(id) ? null : { outcome, id };
    addId(tally, outcome, id);
  }
}

/** `name # SKIP reason` → name and directive; node escapes a `#` in a name as `\#`. */
function splitDirective(rest: string): { name: string; directive: string | null } {
  const m = /^((?:[^#\\]|\\.)*?)\s*(?<!\\)#\s*(SKIP|TODO)\b.*$/i.exec(rest);
  if (m === null) return { name: unescapeTap(rest), directive: null };
  return { name: unescapeTap(m[1] ?? ''), directive: (m[2] ?? '').toUpperCase() };
}

function unescapeTap(s: string): string {
  return s.replace(/\\([\\#])/g, '$1').trim();
}
