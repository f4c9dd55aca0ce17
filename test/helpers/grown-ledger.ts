/**
 * A plan's ledger grown as okstra's own appends grow it — one commit a row,
 * the row in its message, each done row with its carry and its report, the
 * failed rows with their reports, and the plan's snapshot rewritten by each
 * commit — written with one `git fast-import` in seconds instead of the
 * minutes ten thousand appends take. `test/ledger/grown-ledger.test.ts` holds
 * it to the store: the same rows appended by GitLedgerStore give the same
 * trees and messages, commit by commit.
 */
import { spawn } from 'node:child_process';
import {
  carryPath,
  extendTrustScan,
  reportPath,
  rowCommitMessage,
  serializeSnapshot,
  snapshotPath,
  type LedgerRow,
  type TrustScan,
} from '../../src/core/ledger/index.js';
import type { LedgerFile } from '../../src/git/ledger-store.js';
/** Rows as the engine writes them: each run's claim (claimant, branch, base, actor), then its done or failed row. */
export function engineRuns(
  planId: string,
  count: number,
  start: Date,
  stages = 40,
  firstStage = 1,
): Array<{ row: LedgerRow; files: LedgerFile[] }> {
  const out: Array<{ row: LedgerRow; files: LedgerFile[] }> = [];
  const sha = (i: number): string => (i.toString(16).padStart(8, '0') + 'c0ffee'.repeat(6)).slice(0, 40);
  for (let i = 0; out.length < count; i++) {
    const at = new Date(start.getTime() + i * 2_000).toISOString();
    const stage = firstStage + (i % stages);
    const runId = `run-${i}`;
    const base = { v: 1, plan_id: planId, stage, run_id: runId, at, actor: 'octocat' } as const;
    const branch = `okstra/${planId}/stage-${stage}`;
    const report = reportPath(planId, stage, runId, 'json');
    out.push({
      row: {
        ...base,
        status: 'started',
        branch,
        base_commit: sha(i),
        lease_until: new Date(start.getTime() + i * 2_000 + 3_600_000).toISOString(),
        claimant: { host: 'runner-7', pid: 4000 + (i % 1000), boot: '5e0b7c1c-3a2f-4f7e-9a43-1b2c3d4e5f60' },
      },
      files: [],
    });
    if (out.length === count) break;
    const reportFile = { path: report, content: `${JSON.stringify({ run: runId, verdict: i % 2 === 0 })}\n` };
    out.push(
      i % 2 === 0
        ? {
            row: {
              ...base,
              status: 'done',
              branch,
              base_commit: sha(i),
              head_commit: sha(i + 1),
              completed_at: at,
              carry_path: carryPath(planId, stage),
              report_path: report,
            },
            files: [{ path: carryPath(planId, stage), content: `{"stage":${stage},"run":"${runId}"}\n` }, reportFile],
          }
        : {
            row: {
              ...base,
              status: 'failed',
              branch,
              head_commit: sha(i + 1),
              reason: 'verdict-fail',
              report_path: report,
              detail: 'QA failed: npm test exited 1',
            },
            files: [reportFile],
          },
    );
  }
  return out;
}

/** A clock no row is ahead of. */
const NO_ROW_AHEAD = new Date(8_640_000_000_000_000);

export interface GrowOptions {
  planId: string;
  runs: ReadonlyArray<{ row: LedgerRow; files: readonly LedgerFile[] }>;
  branch?: string;
  /** Unix seconds of the first commit; one second more each row. */
  firstSecond?: number;
}

/**
 * Writes `runs` on the ledger branch of the repository at `dir` (which must
 * not have that branch yet), as GitLedgerStore appends one at a time would.
 * Returns the branch's tip.
 */
export async function growLedger(dir: string, opts: GrowOptions): Promise<{ tip: string }> {
  const ref = `refs/heads/${opts.branch ?? 'okstra-ledger'}`;
  const child = spawn('git', ['fast-import', '--quiet', '--done', '--date-format=raw'], {
    cwd: dir,
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  const stderr: Buffer[] = [];
  child.stderr.on('data', (c: Buffer) => stderr.push(c));
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  const write = (text: string): Promise<void> =>
    new Promise((resolve) => (child.stdin.write(text) ? resolve() : child.stdin.once('drain', () => resolve())));
  const data = (text: string): string => `data ${Buffer.byteLength(text)}\n${text}\n`;

  // Every row is believed and none is ahead of any clock: the judgement, and so the snapshot, is the same at any time.
  let scan: TrustScan | null = null;
  let second = opts.firstSecond ?? 1_700_000_000;
  for (const [i, { row, files }] of opts.runs.entries()) {
    scan = extendTrustScan(scan, [{ line: i + 1, row }], { now: NO_ROW_AHEAD });
    const snapshot = serializeSnapshot({ planId: opts.planId, lines: i + 1, scan });
    if (snapshot === null) throw new Error('the grown ledger names more rows than a snapshot holds');
    let ops = '';
    for (const f of files) ops += `M 100644 inline ${f.path}\n${data(f.content)}`;
    ops += `M 100644 inline ${snapshotPath(opts.planId)}\n${data(snapshot)}`;
    const ident = `okstra <ledger@okstra.invalid> ${second++} +0000`;
    await write(
      `commit ${ref}\nmark :${i + 1}\nauthor ${ident}\ncommitter ${ident}\n${data(rowCommitMessage(row))}${i > 0 ? `from :${i}\n` : ''}${ops}\n`,
    );
  }
  await write('done\n');
  child.stdin.end();
  const code = await exited;
  if (code !== 0) throw new Error(`git fast-import failed (${code}): ${Buffer.concat(stderr).toString('utf8')}`);
  const tip = await new Promise<string>((resolve, reject) => {
    const rev = spawn('git', ['rev-parse', ref], { cwd: dir });
    let out = '';
    rev.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    rev.on('close', (c) => (c === 0 ? resolve(out.trim()) : reject(new Error(`no ${ref} in ${dir}`))));
  });
  return { tip };
}
