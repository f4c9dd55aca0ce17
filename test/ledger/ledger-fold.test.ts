import { afterEach, describe, expect, it } from 'vitest';
import {
  deriveLedgerState,
  parseFold,
  serializeFold,
  serializeRow,
  type LedgerRow,
} from '../../src/core/ledger/index.js';
import type { Git } from '../../src/git/git.js';
import { forgetSealedSegments, GitLedgerStore } from '../../src/git/ledger-store.js';
import { makeRepo } from '../helpers/git-repos.js';
import { countGitCalls, recordCatFileQuestions, restoreGitShims } from '../helpers/git-shim.js';
import { handCommit, showFile } from '../helpers/ledger-hand.js';
import { claim, done, doneFiles, T0 } from '../helpers/ledger-rows.js';

const LIVE = 'plans/demo/ledger.jsonl';
const DIR = 'plans/demo/ledger';
const FOLD = 'plans/demo/ledger.fold.json';
const BRANCH = 'refs/heads/okstra-ledger';
const SEAL = 700;
const HOUR = 3_600_000;

afterEach(restoreGitShims);

const storeAt = (dir: string, now = T0): GitLedgerStore =>
  new GitLedgerStore({ repoDir: dir, now: () => now, sleep: async () => undefined, sealChars: SEAL });

/** Stages 1..n claimed and done by okstra's appends (several seals), then stage n + 1 claimed and left running. */
async function grown(dir: string, n: number): Promise<GitLedgerStore> {
  const store = storeAt(dir);
  for (let s = 1; s <= n; s++) {
    await store.append({ row: claim(s, `r${s}`) });
    await store.append({ row: done(s, `r${s}`), files: doneFiles(done(s, `r${s}`)) });
  }
  await store.append({ row: claim(n + 1, `r${n + 1}`) });
  return store;
}

const segmentBlobs = async (git: Git): Promise<string[]> =>
  (await git.ok(['ls-tree', '--object-only', `${BRANCH}:${DIR}`])).split('\n').filter(Boolean);

/** A cold store's state read, what it asked cat-file for and which git commands it ran. */
async function coldStateRead(dir: string, now = T0) {
  forgetSealedSegments();
  const calls = countGitCalls();
  const asked = recordCatFileQuestions();
  const read = await storeAt(dir, now).readState('demo');
  const seen = { read, questions: asked.questions(), calls: calls.calls() };
  restoreGitShims();
  return seen;
}

/** What a cold store's full read derives: the reference a state read must equal. */
async function coldFullRead(dir: string, now = T0) {
  forgetSealedSegments();
  const read = await storeAt(dir, now).read('demo');
  return { commit: read.commit, state: deriveLedgerState(read.rows), distrusted: read.distrusted };
}

describe('the fold of the sealed segments: a stage reads a long ledger without reading its segments', () => {
  it('derives from the fold and the live file alone the state a full read derives', async () => {
    const { dir, git } = await makeRepo();
    await grown(dir, 8);
    const segments = await segmentBlobs(git);
    expect(segments.length).toBeGreaterThan(3);
    const cold = await coldStateRead(dir);
    expect(cold.questions.filter((q) => segments.includes(q))).toEqual([]);
    expect(cold.calls).not.toContain('blame');
    expect(cold.read).toEqual(await coldFullRead(dir));
    expect(cold.read.state.stages.get(9)?.last.status).toBe('started');
    expect([...cold.read.state.stages.values()].filter((s) => s.last.status === 'done')).toHaveLength(8);
  });

  it('does not take a fold a later commit rewrote without the live file, and the next append writes a true one', async () => {
    const { dir, git } = await makeRepo();
    const store = await grown(dir, 6);
    const real = parseFold(await showFile(git, `${BRANCH}:${FOLD}`), 'demo');
    if (!real) throw new Error('the store wrote no fold');
    // The forgery: stage 7's claim, not done, made done in the fold (with stage 6's done row moved onto stage 7).
    const six = real.scan.state.stages.get(6);
    if (!six?.lastDone) throw new Error('stage 6 is not done in the fold');
    const forgedDone = { ...six.lastDone, stage: 7, run_id: 'r7' } as LedgerRow & { stage: number };
    const stages = new Map(real.scan.state.stages);
    stages.set(7, {
      stage: 7,
      last: forgedDone as never,
      lastDone: forgedDone as never,
      lastClaim: null,
      lastEnded: forgedDone as never,
      attempts: 1,
    });
    const forged = serializeFold({ ...real, scan: { ...real.scan, state: { ...real.scan.state, stages } } });
    await handCommit(git, { [FOLD]: forged });
    // Taken as written, it would say stage 7 is done.
    expect(parseFold(forged as string, 'demo')?.scan.state.stages.get(7)?.last.status).toBe('done');

    const cold = await coldStateRead(dir);
    expect(cold.read.state.stages.get(7)?.last.status).not.toBe('done');
    expect(cold.read).toEqual(await coldFullRead(dir));
    // It read the segments instead.
    expect(cold.questions.some((q) => q.length === 40 && !q.includes(':'))).toBe(true);

    await store.append({ row: claim(9, 'r9') });
    const healed = await coldStateRead(dir);
    const segmentsNow = await segmentBlobs(git);
    expect(healed.questions.filter((q) => segmentsNow.includes(q))).toEqual([]);
    expect(healed.read.state.stages.get(7)?.last.status).not.toBe('done');
    expect(healed.read).toEqual(await coldFullRead(dir));
  });

  it('does not take a fold the last commit wrote itself without a statement (a hand commit)', async () => {
    const { dir, git } = await makeRepo();
    await grown(dir, 6);
    const real = parseFold(await showFile(git, `${BRANCH}:${FOLD}`), 'demo');
    if (!real) throw new Error('the store wrote no fold');
    const distrustedAll = serializeFold({
      ...real,
      scan: { ...real.scan, state: { ...real.scan.state, stages: new Map() } },
    });
    // One commit that appends a claim to the live file and empties the fold's stages, as if nothing ran.
    await handCommit(git, {
      [FOLD]: distrustedAll,
      [LIVE]: (await showFile(git, `${BRANCH}:${LIVE}`)) + `${serializeRow(claim(10, 'r10'))}\n`,
    });
    const cold = await coldStateRead(dir);
    expect(cold.read.state.stages.get(1)?.last.status).toBe('done');
    expect(cold.read).toEqual(await coldFullRead(dir));
  });

  it('reads the segments when a hand repair changed one, and the next append folds them again', async () => {
    const { dir, git } = await makeRepo();
    const store = await grown(dir, 6);
    const first = (await segmentBlobs(git))[0] as string;
    const text = await showFile(git, first);
    // Stage 1's done row dropped from segment 1 by hand: the fold, which still says stage 1 is done, folds it no more.
    const doneLine = `${serializeRow(done(1, 'r1'))}\n`;
    expect(text).toContain(doneLine);
    await handCommit(git, { [`${DIR}/000001.jsonl`]: text.replace(doneLine, '') });
    expect(parseFold(await showFile(git, `${BRANCH}:${FOLD}`), 'demo')?.scan.state.stages.get(1)?.last.status).toBe(
      'done',
    );
    const cold = await coldStateRead(dir);
    expect(cold.questions).toContain((await segmentBlobs(git))[0]);
    expect(cold.read.state.stages.get(1)?.last.status).toBe('started');
    expect(cold.read).toEqual(await coldFullRead(dir));
    await store.append({ row: claim(9, 'r9') });
    const again = await coldStateRead(dir);
    const now = await segmentBlobs(git);
    expect(again.questions.filter((q) => now.includes(q))).toEqual([]);
    expect(again.read.state.stages.get(1)?.last.status).toBe('started');
    expect(again.read).toEqual(await coldFullRead(dir));
  });

  it('judges afresh at a clock the fold does not hold at: one behind a row it believed, one past a row ahead of it', async () => {
    const { dir, git } = await makeRepo();
    const store = await grown(dir, 4);
    // A claim stamped two hours ahead of the store's clock: distrusted now, believed once the clock gets there.
    const ahead = { ...claim(20, 'ahead'), at: new Date(T0.getTime() + 2 * HOUR).toISOString() } as LedgerRow;
    await handCommit(git, { [LIVE]: (await showFile(git, `${BRANCH}:${LIVE}`)) + `${serializeRow(ahead)}\n` });
    for (let s = 5; s <= 7; s++) {
      await store.append({ row: claim(s, `r${s}`) });
      await store.append({ row: done(s, `r${s}`), files: doneFiles(done(s, `r${s}`)) });
    }
    // The row ahead is sealed now, and the fold says it is not believed until its time less the skew.
    const fold = parseFold(await showFile(git, `${BRANCH}:${FOLD}`), 'demo');
    expect(fold?.scan.distrusted.map((d) => d.row.run_id)).toContain('ahead');
    const segments = await segmentBlobs(git);
    for (const at of [new Date(T0.getTime() - HOUR), new Date(T0.getTime() + 3 * HOUR), T0]) {
      const cold = await coldStateRead(dir, at);
      expect(cold.read, at.toISOString()).toEqual(await coldFullRead(dir, at));
      // Within the fold's bounds the segments are not read; outside them they are.
      const readSegments = cold.questions.some((q) => segments.includes(q));
      expect(readSegments, at.toISOString()).toBe(at !== T0);
    }
    expect((await coldStateRead(dir, new Date(T0.getTime() + 3 * HOUR))).read.state.stages.get(20)?.last.run_id).toBe(
      'ahead',
    );
  });
});

describe('a line that is no row, in a segment no fold stands for', () => {
  it('stops a state read and an append as it stops a full read, naming the segment and the line', async () => {
    const { dir, git } = await makeRepo();
    const store = await grown(dir, 6);
    const first = (await segmentBlobs(git))[0] as string;
    // Segment 1's second line broken by hand: the fold folds the segment no more, so it is read.
    const text = await showFile(git, first);
    const [one, two, ...rest] = text.split('\n');
    await handCommit(git, { [`${DIR}/000001.jsonl`]: [one, `${two?.slice(0, 20)}`, ...rest].join('\n') });
    const message =
      /okstra-ledger:plans\/demo\/ledger\/000001\.jsonl:2 \(line 2 of the plan's ledger\): not valid JSON/;
    await expect(storeAt(dir).read('demo')).rejects.toThrow(message);
    forgetSealedSegments();
    await expect(storeAt(dir).readState('demo')).rejects.toThrow(message);
    await expect(store.append({ row: claim(9, 'r9') })).rejects.toThrow(message);
  });
});
