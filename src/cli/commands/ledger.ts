import { readFile } from 'node:fs/promises';
import { extname, isAbsolute, resolve } from 'node:path';
import type { Command } from 'commander';
import {
  FAILED_REASONS,
  StageRowSchema,
  MAX_TRUSTED_LEASE_MS,
  carryPath,
  deriveLedgerState,
  isStale,
  reportPath,
  type LedgerRow,
  type StageRow,
  type RepairSelection,
} from '../../core/ledger/index.js';
import { stageBranchName } from '../../core/ids.js';
import type { LedgerFile } from '../../git/ledger-store.js';
import { CliError, EXIT_USAGE, type CliIo } from '../io.js';
import {
  defaultActor,
  distrustedLines,
  ledgerLocationOptions,
  openLedger,
  resolveCommitArg,
  rethrowAsCliError,
  type LedgerLocation,
} from '../ledger-access.js';
import { oneOf, planId, positiveInt, runId } from '../options.js';
import { renderTable } from '../table.js';

const DEFAULT_LEASE_SECONDS = 2 * 60 * 60;

interface AppendOptions extends LedgerLocation {
  planId: string;
  stage: number;
  status: LedgerRow['status'];
  runId: string;
  headCommit?: string;
  baseCommit?: string;
  reason?: (typeof FAILED_REASONS)[number];
  detail?: string;
  leaseSeconds: number;
  carry?: string;
  report?: string;
  actor?: string;
}

export function registerLedgerCommands(program: Command, io: CliIo): void {
  const ledger = program.command('ledger').description('Read and append the append-only stage ledger.');
  registerShow(ledger, io);
  registerAppend(ledger, io);
  registerRelease(ledger, io);
  registerRepair(ledger, io);
}

/** `ledger show`: every row in order (or JSON with what is believed) and the distrusted rows with their reasons. */
function registerShow(ledger: Command, io: CliIo): void {
  ledgerLocationOptions(
    ledger
      .command('show')
      .description("Print a plan's ledger rows in order and each stage's position.")
      .requiredOption('--plan-id <id>', 'the plan id', planId)
      .option(
        '--json',
        'print every row with its line and whether it is believed, and the distrusted rows with their reasons, as JSON',
      ),
  ).action(async (opts: LedgerLocation & { planId: string; json?: boolean }) => {
    const { store } = await openLedger(io, opts);
    const snapshot = await store.read(opts.planId).catch(rethrowAsCliError);
    const all = snapshot.allRows ?? snapshot.rows;
    const distrusted = snapshot.distrusted ?? [];
    if (opts.json) {
      const ignored = new Map(distrusted.map((d) => [d.line, d.reason]));
      const rows = all.map((row, i) => ({
        line: i + 1,
        believed: !ignored.has(i + 1),
        ...(ignored.has(i + 1) ? { ignoredBecause: ignored.get(i + 1) } : {}),
        row,
      }));
      io.out(
        JSON.stringify(
          {
            planId: opts.planId,
            ledgerCommit: snapshot.commit,
            rows,
            distrusted: distrusted.map((d) => ({ line: d.line, reason: d.reason })),
          },
          null,
          2,
        ),
      );
      return;
    }
    if (all.length === 0) {
      io.out(
        `no ledger rows for plan "${opts.planId}"${snapshot.commit ? '' : ` (no ${opts.ledgerBranch} branch yet)`}`,
      );
      return;
    }
    const ignored = new Set(distrusted.map((d) => d.line));
    io.out(
      renderTable(
        ['#', 'at', 'stage', 'status', 'run', 'detail'],
        all.map((r, i) => [
          String(i + 1),
          r.at,
          'stage' in r ? String(r.stage) : 'plan',
          ignored.has(i + 1) ? `${r.status} (ignored)` : r.status,
          r.run_id ?? '',
          rowDetail(r),
        ]),
      ),
    );
    for (const line of distrustedLines(distrusted, opts.planId)) io.out(line);
  });
}

/** `ledger append`: one lifecycle row by hand, under the same compare-and-swap rules as okstra's own appends. */
function registerAppend(ledger: Command, io: CliIo): void {
  ledgerLocationOptions(
    ledger
      .command('append')
      .description('Append one lifecycle row (compare-and-swap; refused when the ledger rules say no).')
      .requiredOption('--plan-id <id>', 'the plan id', planId)
      .requiredOption('--stage <n>', 'the stage number', positiveInt)
      .requiredOption('--status <status>', 'started | done | failed', oneOf(['started', 'done', 'failed'] as const))
      .requiredOption('--run-id <id>', 'the run that writes the row', runId)
      .option('--head-commit <rev>', 'the stage head (required for done)')
      .option('--base-commit <rev>', 'the commit the stage was built on')
      .option('--reason <reason>', `why a stage failed: ${FAILED_REASONS.join(' | ')}`, oneOf(FAILED_REASONS))
      .option('--detail <text>', 'a note for humans on a failed row')
      .option('--lease-seconds <n>', 'how long a started claim holds', positiveInt, DEFAULT_LEASE_SECONDS)
      .option('--carry <file>', "the stage's carry JSON (required for done)")
      .option('--report <file>', 'the run report (.json or .md; required for done)')
      .option('--actor <name>', 'who appends (default: $GITHUB_ACTOR or $USER)'),
  ).action(async (opts: AppendOptions) => {
    const { store, git } = await openLedger(io, opts);
    const { row, files } = await buildAppend(io, opts, (rev) => resolveCommitArg(git, rev));
    const result = await store.append({ row, files }).catch(rethrowAsCliError);
    io.out(
      result.outcome === 'appended'
        ? `appended: stage ${row.stage} ${row.status} (run ${row.run_id}) in ${result.commit.slice(0, 12)}`
        : `unchanged: ${result.reason}`,
    );
  });
}

/** `ledger release`: ends a stale claim (or a live one with --force) with failed/abandoned for the claiming run. */
function registerRelease(ledger: Command, io: CliIo): void {
  ledgerLocationOptions(
    ledger
      .command('release')
      .description('End a stale claim by appending failed (reason abandoned) for the claiming run.')
      .requiredOption('--plan-id <id>', 'the plan id', planId)
      .requiredOption('--stage <n>', 'the stage number', positiveInt)
      .option('--force', 'release a claim whose lease has not expired')
      .option('--actor <name>', 'who releases (default: $GITHUB_ACTOR or $USER)'),
  ).action(async (opts: LedgerLocation & { planId: string; stage: number; force?: boolean; actor?: string }) => {
    const { store } = await openLedger(io, opts);
    const now = io.now();
    const snapshot = await store.read(opts.planId).catch(rethrowAsCliError);
    const last = deriveLedgerState(snapshot.rows).stages.get(opts.stage)?.last;
    if (!last || last.status !== 'started')
      throw new CliError(`stage ${opts.stage} has no claim to release (its position is ${last?.status ?? 'pending'})`);
    const stale = isStale(last, now);
    if (!stale && !opts.force)
      throw new CliError(
        `stage ${opts.stage} is claimed by run ${last.run_id} until ${last.lease_until} (lease still live); pass --force to release it anyway`,
      );
    const actor = opts.actor ?? defaultActor(io);
    const row = StageRowSchema.parse({
      v: 1,
      plan_id: opts.planId,
      stage: opts.stage,
      status: 'failed',
      run_id: last.run_id,
      at: now.toISOString(),
      actor,
      reason: 'abandoned',
      detail: `claim released by ${actor}${stale ? ` after its lease expired at ${last.lease_until}` : ' with --force while its lease was live'}`,
      ...(last.branch ? { branch: last.branch } : {}),
    });
    const result = await store.append({ row }).catch(rethrowAsCliError);
    io.out(
      result.outcome === 'appended'
        ? `released: stage ${opts.stage} claim of run ${last.run_id} (failed, abandoned)`
        : `unchanged: ${result.reason}`,
    );
  });
}

/** `ledger repair`: drops or quarantines unreadable or distrusted lines in one commit that records why and who. */
function registerRepair(ledger: Command, io: CliIo): void {
  ledgerLocationOptions(
    ledger
      .command('repair')
      .description(
        `Remove unreadable or distrusted lines of a plan's ledger (or move them to plans/<id>/quarantine.jsonl) in one ledger commit that records the reason and who ran it.`,
      )
      .requiredOption('--plan-id <id>', 'the plan id', planId)
      .option(
        '--drop-line <n>',
        'remove this line of the ledger file (repeatable; numbers as `ledger show` and the error print them)',
        collectLine,
        [],
      )
      .option(
        '--quarantine-distrusted',
        'move every unreadable or distrusted line to plans/<id>/quarantine.jsonl, with the reason and the original line',
      )
      .option('--force', 'with --drop-line: also drop a row the ledger believes')
      .option('--reason <text>', 'why (required; recorded in the ledger commit)')
      .option('--actor <name>', 'who repairs (default: $GITHUB_ACTOR or $USER)'),
  ).action(
    async (
      opts: LedgerLocation & {
        planId: string;
        dropLine: number[];
        quarantineDistrusted?: boolean;
        force?: boolean;
        reason?: string;
        actor?: string;
      },
    ) => {
      const selection = repairSelection(opts);
      if (!opts.reason || opts.reason.trim() === '')
        throw new CliError(
          'ledger repair needs --reason "…": it is recorded in the ledger commit with who ran it',
          EXIT_USAGE,
        );
      const { store } = await openLedger(io, opts);
      const actor = opts.actor ?? defaultActor(io);
      const result = await store
        .repair({ planId: opts.planId, selection, reason: opts.reason, actor })
        .catch(rethrowAsCliError);
      if (result.outcome === 'nothing') {
        io.out(`unchanged: ${result.reason ?? 'nothing to repair'}`);
        return;
      }
      const verb = result.quarantinePath ? `quarantined to ${result.quarantinePath}` : 'dropped';
      io.out(
        `repaired plan ${opts.planId}'s ledger in ${(result.commit as string).slice(0, 12)} (by ${actor}): ${result.removed.length} line${result.removed.length === 1 ? '' : 's'} ${verb}`,
      );
      for (const r of result.removed) io.out(`  line ${r.line}: ${r.problem ?? 'a believed row (--force)'}`);
    },
  );
}

function collectLine(value: string, previous: number[]): number[] {
  return [...previous, positiveInt(value)];
}

function repairSelection(opts: {
  dropLine: number[];
  quarantineDistrusted?: boolean;
  force?: boolean;
}): RepairSelection {
  if (opts.dropLine.length > 0 && opts.quarantineDistrusted)
    throw new CliError('pass either --drop-line N (repeatable) or --quarantine-distrusted, not both', EXIT_USAGE);
  if (opts.quarantineDistrusted) {
    if (opts.force) throw new CliError('--force only applies to --drop-line', EXIT_USAGE);
    return { kind: 'quarantine-distrusted' };
  }
  if (opts.dropLine.length === 0)
    throw new CliError('ledger repair needs --drop-line N (repeatable) or --quarantine-distrusted', EXIT_USAGE);
  return { kind: 'drop', lines: opts.dropLine, ...(opts.force ? { force: true } : {}) };
}

async function buildAppend(
  io: CliIo,
  opts: AppendOptions,
  resolveRev: (rev: string) => Promise<string>,
): Promise<{ row: StageRow; files: LedgerFile[] }> {
  const now = io.now();
  const files: LedgerFile[] = [];
  const fields: Record<string, unknown> = {
    v: 1,
    plan_id: opts.planId,
    stage: opts.stage,
    status: opts.status,
    run_id: opts.runId,
    at: now.toISOString(),
    actor: opts.actor ?? defaultActor(io),
    branch: stageBranchName(opts.planId, opts.stage),
  };
  if (opts.headCommit) fields.head_commit = await resolveRev(opts.headCommit);
  if (opts.baseCommit) fields.base_commit = await resolveRev(opts.baseCommit);

  if (opts.status === 'started') {
    if (opts.leaseSeconds * 1000 > MAX_TRUSTED_LEASE_MS)
      throw new CliError(
        `--lease-seconds ${opts.leaseSeconds} is longer than the ${MAX_TRUSTED_LEASE_MS / 1000} s (24 h) a reader believes; a longer claim would be ignored`,
        EXIT_USAGE,
      );
    fields.lease_until = new Date(now.getTime() + opts.leaseSeconds * 1000).toISOString();
  } else if (opts.status === 'done') {
    const missing = [
      !opts.carry && '--carry FILE',
      !opts.report && '--report FILE',
      !opts.headCommit && '--head-commit REV',
    ].filter(Boolean);
    if (missing.length > 0)
      throw new CliError(
        `--status done needs ${missing.join(', ')}: a done row lands with its carry and report in one commit`,
        EXIT_USAGE,
      );
    const carry = await readCarry(io, opts.carry as string);
    fields.carry_path = carryPath(opts.planId, opts.stage);
    fields.completed_at = now.toISOString();
    files.push({ path: fields.carry_path as string, content: carry });
  } else {
    if (!opts.reason) throw new CliError(`--status failed needs --reason (${FAILED_REASONS.join(' | ')})`, EXIT_USAGE);
    fields.reason = opts.reason;
    if (opts.detail) fields.detail = opts.detail;
  }
  if (opts.report) {
    const ext = extname(opts.report) === '.md' ? 'md' : 'json';
    fields.report_path = reportPath(opts.planId, opts.stage, opts.runId, ext);
    files.push({ path: fields.report_path as string, content: await readUserFile(io, opts.report) });
  }
  const parsed = StageRowSchema.safeParse(fields);
  if (!parsed.success)
    throw new CliError(
      `cannot build the row: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  return { row: parsed.data, files };
}

async function readUserFile(io: CliIo, file: string): Promise<string> {
  try {
    return await readFile(isAbsolute(file) ? file : resolve(io.cwd, file), 'utf8');
  } catch (error) {
    throw new CliError(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
}

/** The carry must be JSON: later stages receive it as structured carry-in. */
async function readCarry(io: CliIo, file: string): Promise<string> {
  const text = await readUserFile(io, file);
  try {
    JSON.parse(text);
  } catch (error) {
    throw new CliError(`carry file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  return text;
}

function rowDetail(r: LedgerRow): string {
  switch (r.status) {
    case 'started':
      return `lease until ${r.lease_until}${r.actor ? ` by ${r.actor}` : ''}`;
    case 'done':
      return `head ${r.head_commit.slice(0, 12)}, carry ${r.carry_path}`;
    case 'failed':
      return `${r.reason}${r.head_commit ? ` at ${r.head_commit.slice(0, 12)}` : ''}${r.detail ? ` — ${r.detail}` : ''}`;
    case 'approved':
      return `blob ${r.plan_blob.slice(0, 12)} of ${r.plan_path} by ${r.approver} (${r.permission}, ${r.via})`;
    case 'verified':
      return `final head ${r.final_head.slice(0, 12)} on ${r.final_branch}`;
    case 'verification-failed':
      return `final head ${r.final_head.slice(0, 12)}; fix stage ${r.fix_stages.join(', ')}`;
    case 'handed-off':
      return `${r.final_branch} at ${r.final_head.slice(0, 12)}${r.pr_number ? ` in #${r.pr_number}` : ''} (${r.mode})`;
  }
}
