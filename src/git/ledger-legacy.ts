import {
  LedgerFormatError,
  ledgerPath,
  parseRowText,
  planDir,
  type DoneRow,
  type LegacyRows,
} from '../core/ledger/index.js';
import { readBlobs, type Git } from './git.js';
import { doneRowProblems, type DoneOrigin } from './ledger-commits.js';

/**
 * Reads a plan's ledger as the format before rows were commits wrote it —
 * its sealed segments `plans/<id>/ledger/NNNNNN.jsonl` in order, then the
 * live `plans/<id>/ledger.jsonl` — for the one append that migrates it
 * (legacy.ts): every line as it is, and what the commit that wrote each done
 * row's line held. That commit is found with `git blame -C`: a seal copied
 * the live file into the next segment in the commit that rewrote the live
 * file, so blame follows the copy back to the append that wrote the line; a
 * line written into a segment any other way is its writer's.
 */
export async function readLegacyLedger(git: Git, tip: string, planId: string): Promise<LegacyRows | null> {
  const files = await legacyFiles(git, tip, planId);
  if (files.length === 0) return null;
  const blobs = await readBlobs(
    git,
    files.map((f) => `${tip}:${f}`),
  );
  const lines: string[] = [];
  const done: Array<{ line: number; row: DoneRow; path: string; local: number }> = [];
  files.forEach((path, i) => {
    const text = blobs[i]?.content ?? '';
    const own = text.split('\n');
    if (own.at(-1) === '') own.pop();
    own.forEach((raw, local) => {
      lines.push(raw);
      const row = parseRowText(raw.endsWith('\r') ? raw.slice(0, -1) : raw, planId);
      if (typeof row !== 'string' && row.status === 'done')
        done.push({ line: lines.length, row, path, local: local + 1 });
    });
  });
  const origins: DoneOrigin[] = [];
  for (const path of new Set(done.map((d) => d.path))) {
    const blamed = await blame(git, tip, path);
    for (const d of done.filter((x) => x.path === path)) {
      const commit = blamed.get(d.local);
      if (commit) origins.push({ line: d.line, row: d.row, commit });
    }
  }
  return { planId, lines, problems: await doneRowProblems(git, planId, origins) };
}

/** The plan's old ledger files in reading order: segments by number, then the live file; none when it has neither. */
async function legacyFiles(git: Git, tip: string, planId: string): Promise<string[]> {
  // git: ls-tree, the plan folder's old ledger entries (the live file, the segment folder and its files).
  const listed = await git.ok([
    'ls-tree',
    '-r',
    '--name-only',
    tip,
    '--',
    `${planDir(planId)}/ledger/`,
    ledgerPath(planId),
  ]);
  const names = listed === '' ? [] : listed.split('\n');
  const folder = `${planDir(planId)}/ledger/`;
  const segments = names.filter((n) => n.startsWith(folder));
  segments.forEach((path, i) => {
    // A gap or a stray file: which lines come in which order is not known, so nothing is read.
    if (path !== `${folder}${String(i + 1).padStart(6, '0')}.jsonl`)
      throw new LedgerFormatError(path, 0, 'is not the next sealed segment of the old ledger format');
  });
  return [...segments, ...names.filter((n) => n === ledgerPath(planId))];
}

/** Line of `path` (1-based) → the commit blame gives it at `tip`. */
async function blame(git: Git, tip: string, path: string): Promise<Map<number, string>> {
  // git: blame -C, who wrote each line, following a seal's copy of the live file back to the append that wrote it.
  const out = await git.ok(['blame', '--porcelain', '-C', tip, '--', path]);
  const origin = new Map<number, string>();
  let current: { commit: string; line: number } | null = null;
  for (const l of out.split('\n')) {
    const m = /^([0-9a-f]{40}(?:[0-9a-f]{24})?) \d+ (\d+)/.exec(l);
    if (m) current = { commit: m[1] as string, line: Number(m[2]) };
    else if (l.startsWith('\t') && current) origin.set(current.line, current.commit);
  }
  return origin;
}
