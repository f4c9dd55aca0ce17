import { afterEach, describe, expect, it } from 'vitest';
import { gitBlobId } from '../../src/core/git-object-id.js';
import {
  deriveLedgerState,
  formatProvenance,
  parseFold,
  serializeFold,
  parseLedgerLines,
  parseProvenance,
  serializeRow,
  type LedgerLine,
  type LedgerRow,
} from '../../src/core/ledger/index.js';
import type { Git } from '../../src/git/git.js';
import { DoneRowProvenance, type LedgerLayout, type LineLocation } from '../../src/git/ledger-provenance.js';
import { forgetSealedSegments, GitLedgerStore, LedgerRefusedError } from '../../src/git/ledger-store.js';
import { makeRepo } from '../helpers/git-repos.js';
import { countGitCalls, restoreGitShims } from '../helpers/git-shim.js';
import { handCommit, showFile } from '../helpers/ledger-hand.js';
import { claim, done, doneFiles, T0 } from '../helpers/ledger-rows.js';

const LIVE = 'plans/demo/ledger.jsonl';
const DIR = 'plans/demo/ledger';
const FOLD = 'plans/demo/ledger.fold.json';
const SEG = (n: number): string => `${DIR}/${String(n).padStart(6, '0')}.jsonl`;
const BRANCH = 'refs/heads/okstra-ledger';
/** A few rows a segment: the histories below cross several seals. */
const SEAL = 700;
const line = (row: LedgerRow): string => `${serializeRow(row)}\n`;

afterEach(restoreGitShims);

const storeAt = (dir: string): GitLedgerStore =>
  new GitLedgerStore({ repoDir: dir, now: () => T0, sleep: async () => undefined, sealChars: SEAL });

/** Stages 1..n claimed and done by okstra's appends, then stage `open` claimed and left running. */
async function honestLedger(dir: string, n: number, open: number): Promise<GitLedgerStore> {
  const store = storeAt(dir);
  for (let s = 1; s <= n; s++) {
    await store.append({ row: claim(s, `r${s}`) });
    await store.append({ row: done(s, `r${s}`), files: doneFiles(done(s, `r${s}`)) });
  }
  await store.append({ row: claim(open, `r${open}`) });
  return store;
}

/** The plan's ledger at the branch tip, read with plain git: what both ways of judging are given. */
async function ledgerAt(git: Git): Promise<{
  tip: string;
  lines: LedgerLine[];
  locate: (line: number) => LineLocation;
  layout: LedgerLayout;
}> {
  const tip = await git.ok(['rev-parse', BRANCH]);
  const folder = await git.run(['rev-parse', '--verify', '--quiet', `${tip}:${DIR}`]);
  const fold = await git.run(['rev-parse', '--verify', '--quiet', `${tip}:${FOLD}`]);
  const names = folder.exitCode === 0 ? (await git.ok(['ls-tree', '--name-only', `${tip}:${DIR}`])).split('\n') : [];
  const parts: Array<{ path: string; blob: string; text: string; first: number; count: number }> = [];
  let first = 1;
  for (const path of [...names.map((n) => `${DIR}/${n}`), LIVE]) {
    const text = await showFile(git, `${tip}:${path}`);
    const count = parseLedgerLines(text, { path, planId: 'demo' }).length;
    parts.push({ path, blob: await git.ok(['rev-parse', `${tip}:${path}`]), text, first, count });
    first += count;
  }
  const lines = parts.flatMap((p) => parseLedgerLines(p.text, { path: p.path, planId: 'demo', firstLine: p.first }));
  const locate = (l: number): LineLocation => {
    const p = parts.find((x) => l >= x.first && l < x.first + x.count) as (typeof parts)[number];
    return { path: p.path, local: l - p.first + 1, segment: p.path !== LIVE };
  };
  const live = parts.at(-1) as (typeof parts)[number];
  return {
    tip,
    lines,
    locate,
    layout: {
      planId: 'demo',
      livePath: LIVE,
      liveBlob: live.blob,
      liveText: live.text,
      segmentDir: DIR,
      segmentTree: folder.exitCode === 0 ? folder.stdout.trim() : null,
      segments: parts.slice(0, -1).map((p) => ({ path: p.path, blob: p.blob, lineCount: p.count })),
      foldPath: FOLD,
      foldBlob: fold.exitCode === 0 ? fold.stdout.trim() : null,
    },
  };
}

/**
 * The provenance verdicts at the tip taken from statements (with the git subcommands that took) and found by
 * blame alone.
 */
async function judgedBothWays(
  git: Git,
): Promise<{ stated: Map<number, string>; blamed: Map<number, string>; used: string[] }> {
  const { tip, lines, locate, layout } = await ledgerAt(git);
  const calls = countGitCalls();
  const stated = await new DoneRowProvenance(git).problems(tip, LIVE, lines, locate, layout);
  const used = calls.calls();
  restoreGitShims();
  const blamed = await new DoneRowProvenance(git).problems(tip, LIVE, lines, locate);
  return { stated, blamed, used };
}

/**
 * Whether the statement a commit's message holds, taken as written, covers `line` and finds nothing wrong with
 * it (for a commit that sealed nothing: the segments at its parent hold as many lines as the tip's).
 */
async function wouldClear(git: Git, commit: string, forgedLine: number): Promise<boolean> {
  const stated = parseProvenance(await git.ok(['log', '-1', '--format=%B', commit]));
  if (!stated) return false;
  const segmentLines = (await ledgerAt(git)).layout.segments.reduce((n, s) => n + s.lineCount, 0);
  return !stated.problems.has(forgedLine) && forgedLine <= segmentLines + stated.liveLines;
}

describe('provenance statements: a cold reader takes them only for the exact ledger they name', () => {
  it('judges a long grown ledger without blame, with the verdicts blame reaches, a forged row carried through seals', async () => {
    const { dir, git } = await makeRepo();
    const store = await honestLedger(dir, 6, 7);
    // A done row appended by hand for the open claim, without its carry or report: only its commit gives it away.
    const forger = await handCommit(git, { [LIVE]: (await showFile(git, `${BRANCH}:${LIVE}`)) + line(done(7, 'r7')) });
    const forgedLine = (await ledgerAt(git)).lines.length;
    // okstra goes on: each append judges the tip and states what it found, seals included.
    await store.append({ row: done(7, 'r7'), files: doneFiles(done(7, 'r7')) });
    for (let s = 8; s <= 11; s++) {
      await store.append({ row: claim(s, `r${s}`) });
      await store.append({ row: done(s, `r${s}`), files: doneFiles(done(s, `r${s}`)) });
    }
    expect((await ledgerAt(git)).layout.segments.length).toBeGreaterThan(3);
    expect((await ledgerAt(git)).locate(forgedLine).segment).toBe(true);

    const { stated, blamed, used } = await judgedBothWays(git);
    expect([...stated]).toEqual([...blamed]);
    expect([...stated.keys()]).toEqual([forgedLine]);
    expect(stated.get(forgedLine)).toContain(`done row whose ledger commit ${forger.slice(0, 12)}`);
    expect(used).not.toContain('blame');

    // The store's own cold read: the same verdict, no blame.
    const calls = countGitCalls();
    const read = await storeAt(dir).read('demo');
    expect(calls.calls()).not.toContain('blame');
    expect(read.distrusted?.map((d) => [d.line, d.reason])).toEqual([[forgedLine, stated.get(forgedLine)]]);
    expect(read.rows.filter((r) => r.status === 'done').map((r) => ('stage' in r ? r.stage : 0))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);
  });

  it('does not take a forged statement that covers its own commit’s forged done row', async () => {
    const { dir, git } = await makeRepo();
    await honestLedger(dir, 3, 4);
    const before = await ledgerAt(git);
    const forged = before.layout.liveText + line(done(4, 'r4'));
    const forgedLine = before.lines.length + 1;
    // Two forgeries of the statement: one names the new file as the parent's, one counts a line more of the real one.
    for (const live of [gitBlobId(forged), before.layout.liveBlob as string]) {
      const message = `okstra: demo stage 4 done (run r4)\n\n${formatProvenance({
        planId: 'demo',
        segments: before.layout.segmentTree,
        live,
        liveLines: before.layout.liveText.split('\n').length, // one more than the parent's lines
        fold: null,
        problems: new Map(),
      })}\n`;
      const forger = await handCommit(git, { [LIVE]: forged }, message);
      expect(await wouldClear(git, forger, forgedLine)).toBe(true);
      const { stated, blamed } = await judgedBothWays(git);
      expect(stated).toEqual(blamed);
      expect(stated.get(forgedLine)).toContain(`done row whose ledger commit ${forger.slice(0, 12)} does not add`);
      expect((await storeAt(dir).read('demo')).distrusted?.map((d) => d.line)).toEqual([forgedLine]);
      await git.ok(['update-ref', BRANCH, before.tip]);
    }
  });

  it('does not take a statement once a sealed segment changed after it, the live file untouched', async () => {
    const { dir, git } = await makeRepo();
    await honestLedger(dir, 6, 7);
    const { lines, layout, locate } = await ledgerAt(git);
    // Stage 1's done row, its head redirected in place (same length): its lifecycle is as believable as before.
    const target = lines.find((l) => 'row' in l && l.row.status === 'done' && l.row.stage === 1) as LedgerLine;
    const at = locate(target.line);
    expect(at.segment).toBe(true);
    const redirected = target.raw.replace(/"head_commit":"b+"/, `"head_commit":"${'e'.repeat(40)}"`);
    expect(redirected).not.toBe(target.raw);
    const segment = await showFile(git, `${BRANCH}:${at.path}`);
    const honestLast = await git.ok(['rev-parse', BRANCH]);
    // Before the edit the reader takes the last append's statement: no blame at all.
    expect((await judgedBothWays(git)).used).not.toContain('blame');
    const forger = await handCommit(git, { [at.path]: segment.replace(target.raw, redirected) });
    expect((await ledgerAt(git)).layout.segmentTree).not.toBe(layout.segmentTree);
    // The last commit that wrote the live file, unchanged, still states that every done row is fine.
    expect(await wouldClear(git, honestLast, target.line)).toBe(true);

    const { stated, blamed } = await judgedBothWays(git);
    expect(stated).toEqual(blamed);
    expect(stated.get(target.line)).toContain(`done row whose ledger commit ${forger.slice(0, 12)}`);
    const read = await storeAt(dir).read('demo');
    expect(read.distrusted?.map((d) => d.line)).toEqual([target.line]);
    expect(read.rows.some((r) => r.status === 'done' && r.head_commit === 'e'.repeat(40))).toBe(false);
  });

  it('does not take the statement of a "seal" whose segment is not the live file it replaced', async () => {
    const { dir, git } = await makeRepo();
    await honestLedger(dir, 3, 4);
    const before = await ledgerAt(git);
    const next = before.layout.segments.length + 1;
    const forgedLine = before.lines.length + 1;
    // The live file moved into the next segment with a forged done row added, under an honest-looking statement.
    const message = `okstra: demo stage 5 started (run r5)\n\n${formatProvenance({
      planId: 'demo',
      segments: before.layout.segmentTree,
      live: before.layout.liveBlob,
      liveLines: before.lines.length - before.layout.segments.reduce((n, s) => n + s.lineCount, 0),
      fold: null,
      problems: new Map(),
    })}\n`;
    const forger = await handCommit(
      git,
      { [SEG(next)]: before.layout.liveText + line(done(4, 'r4')), [LIVE]: line(claim(5, 'r5')) },
      message,
    );
    const { stated, blamed } = await judgedBothWays(git);
    expect(stated).toEqual(blamed);
    expect(stated.get(forgedLine)).toContain(`done row whose ledger commit ${forger.slice(0, 12)}`);
    // As blame judges a "seal" that changed what it moved: it wrote every line of that segment, the honest
    // done row it moved (line 6) included.
    expect([...stated.keys()]).toEqual([6, forgedLine]);
    expect((await storeAt(dir).read('demo')).distrusted?.map((d) => d.line)).toEqual([6, forgedLine]);
  });

  // Three fixed histories of 40 steps, each step judged by blame and by every reader: a fixed amount of git work,
  // 60-75 s on a busy 2-core machine, so it gets a bound of its own above the suite's 60 s.
  it('reaches the verdicts blame reaches at every tip of random histories of appends, forgeries and hand edits', async () => {
    for (const seed of [1, 2, 3]) {
      let state = seed * 2_654_435_761;
      // The high bits of a linear congruential generator: its low bits repeat with a short period.
      const random = (n: number): number => {
        state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
        return Math.floor((state / 2 ** 31) * n);
      };
      const { dir, git } = await makeRepo();
      // Seals every two or three rows.
      const store = new GitLedgerStore({ repoDir: dir, now: () => T0, sleep: async () => undefined, sealChars: 400 });
      const open = new Map<number, string>();
      let runs = 0;
      for (let step = 0; step < 40; step++) {
        const stage = 1 + random(4);
        const run = open.get(stage);
        const kind = random(11);
        const ledger = async (): Promise<string> => showFile(git, `${BRANCH}:${LIVE}`);
        if (kind < 8) {
          // okstra: claim a free stage, or end an open claim (done with its files, or failed).
          const row = run
            ? random(2) === 0
              ? done(stage, run)
              : { ...failedRow(stage, run) }
            : claim(stage, `r${++runs}`);
          try {
            await store.append({ row, files: doneFiles(row) });
            if (row.status === 'started') open.set(stage, row.run_id);
            else open.delete(stage);
          } catch (error) {
            if (!(error instanceof LedgerRefusedError)) throw error;
          }
        } else if (kind === 8 && (await git.resolveCommit(BRANCH))) {
          // A forger appends a done row for a claim (open or not), with or without its files, maybe copying the
          // last statement. Its head is not the one okstra's own done row of that run will name: a forged line
          // byte for byte equal to a later honest one (which no forger can write: okstra's row carries its own
          // times and head) can make blame give the honest line, moved by a seal, to the forger.
          const row = { ...done(stage, run ?? `r${random(runs + 1)}`), head_commit: 'f'.repeat(40) } as LedgerRow;
          const last = await git.ok(['log', '-1', '--format=%B', BRANCH]);
          await handCommit(
            git,
            {
              [LIVE]: (await ledger()) + line(row),
              ...(random(2) === 0 ? Object.fromEntries(doneFiles(row).map((f) => [f.path, f.content])) : {}),
            },
            random(2) === 0 ? last : 'hand edit',
          );
        } else if (kind === 10 && (await git.resolveCommit(`${BRANCH}:${FOLD}`))) {
          // A hand edit of the fold: emptied of every stage (as if nothing ran), or deleted.
          const fold = parseFold(await showFile(git, `${BRANCH}:${FOLD}`), 'demo');
          const emptied = fold
            ? serializeFold({ ...fold, scan: { ...fold.scan, state: { ...fold.scan.state, stages: new Map() } } })
            : null;
          await handCommit(git, { [FOLD]: random(2) === 0 ? emptied : null });
        } else if (await git.resolveCommit(BRANCH)) {
          // A hand edit that redirects a done row's head in place, wherever it is now.
          const { lines, locate } = await ledgerAt(git);
          const targets = lines.filter((l) => 'row' in l && l.row.status === 'done');
          const target = targets[random(Math.max(targets.length, 1))];
          if (!target) continue;
          const at = locate(target.line);
          const text = await showFile(git, `${BRANCH}:${at.path}`);
          const head = `"head_commit":"${random(16).toString(16).repeat(40)}"`;
          await handCommit(git, {
            [at.path]: text.replace(target.raw, target.raw.replace(/"head_commit":"[0-9a-f]+"/, head)),
          });
        }
        if (!(await git.resolveCommit(BRANCH))) continue;
        const { stated, blamed } = await judgedBothWays(git);
        expect({ seed, step, verdicts: [...stated] }).toEqual({ seed, step, verdicts: [...blamed] });
        const full = await storeAt(dir).read('demo');
        expect({ seed, step, read: full }).toEqual({ seed, step, read: await store.read('demo') });
        // A stage's read (the fold when it may be taken, the live file) derives what the full read derives.
        forgetSealedSegments();
        const derived = { commit: full.commit, state: deriveLedgerState(full.rows), distrusted: full.distrusted };
        expect({ seed, step, read: await storeAt(dir).readState('demo') }).toEqual({ seed, step, read: derived });
        expect({ seed, step, read: await store.readState('demo') }).toEqual({ seed, step, read: derived });
      }
    }
  }, 240_000);
});

function failedRow(stage: number, run: string): LedgerRow {
  return { v: 1, plan_id: 'demo', stage, status: 'failed', run_id: run, at: T0.toISOString(), reason: 'verdict-fail' };
}
