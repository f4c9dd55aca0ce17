import { Option, type Command } from 'commander';
import { readFile } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import { StageRowSchema as LedgerRowSchema, type StageRow as LedgerRow } from '../../core/ledger/row.js';
import { validateRun, formatViolation, type RunArtifacts, type Violation } from '../../core/conformance/index.js';
import { checkFinalReport, formatSchemaProblem, renderMarkdown, type FinalReport } from '../../core/report/index.js';
import { RENDER_FORMATS, renderReportAs, type RenderFormat } from '../../core/report/render-as.js';
import { CliError, EXIT_OK, EXIT_REFUSED, type CliIo } from '../io.js';
import { ledgerLocationOptions } from '../ledger-access.js';
import { positiveInt, runId } from '../options.js';
import { findStoredReport, type ReportQuery } from '../report-show.js';
import { markdownForTerminal, wantsColor } from '../terminal-markdown.js';

const SHOW_FORMATS = ['terminal', 'markdown', 'json'] as const;
type ShowFormat = (typeof SHOW_FORMATS)[number];

/** The checks `report validate` runs when it has only the report; the others need the flags below. */
const REPORT_ONLY_CHECKS =
  'schema, verdict, carry outcome and carry JSON, the ledger row recorded in the report, checkpoints, roster, findings (ids, ranges, evidence), QA honesty, verifier status, totals';

async function readText(file: string, cwd: string, what: string): Promise<string | null> {
  try {
    return await readFile(isAbsolute(file) ? file : resolve(cwd, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    const why = code === 'EISDIR' ? 'it is a directory' : error instanceof Error ? error.message : String(error);
    throw new CliError(`cannot read ${what} ${file}: ${why}`);
  }
}

async function readJson(file: string, cwd: string, what: string): Promise<unknown> {
  const text = await readText(file, cwd, what);
  if (text === null) throw new CliError(`cannot read ${what} ${file}: no such file`);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new CliError(`${what} ${file} is not valid JSON: ${why}`);
  }
}

async function readLedgerRow(file: string, cwd: string): Promise<LedgerRow | null> {
  const value = await readJson(file, cwd, 'ledger row');
  if (value === null) return null;
  const parsed = LedgerRowSchema.safeParse(value);
  if (!parsed.success)
    throw new CliError(`ledger row ${file} is not a ledger row: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

async function readValidReport(file: string, cwd: string): Promise<FinalReport> {
  return validFinalReport(
    await readJson(file, cwd, 'report'),
    file,
    (more) => `${more > 0 ? ` (+${more} more)` : ''}; run \`okstra report validate ${file}\``,
  );
}

/** A report stored without its Markdown (older runs) is rendered from its JSON, which must then be valid. */
function renderStored(json: string, path: string): string {
  let value: unknown;
  try {
    value = JSON.parse(json) as unknown;
  } catch (error) {
    throw new CliError(
      `${path} on the ledger branch is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const report = validFinalReport(value, `${path} on the ledger branch`, () => '; `--format json` prints it as stored');
  return renderMarkdown(report).markdown;
}

/** The final report `value` holds, or a refusal naming `subject`, its first schema problem and then `next(more)`. */
function validFinalReport(value: unknown, subject: string, next: (more: number) => string): FinalReport {
  const checked = checkFinalReport(value);
  if (checked.ok) return checked.value;
  const first = checked.problems[0];
  throw new CliError(
    `${subject} is not a valid final report: ${first ? formatSchemaProblem(first) : 'schema mismatch'}${next(checked.problems.length - 1)}`,
  );
}

interface ValidateOptions {
  json?: boolean;
  carryFile?: string;
  ledgerRow?: string;
  headFiles?: string;
  validation?: string[];
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export function registerReportCommands(program: Command, io: CliIo, setExit: (code: number) => void): void {
  const report = program
    .command('report')
    .description('Check and render final reports (schemas/final-report.schema.json).');
  validateCommand(report).action(async (file: string, opts: ValidateOptions) => {
    const violations = validateRun(await readRunArtifacts(file, opts, io.cwd));
    if (opts.json) io.out(JSON.stringify({ ok: violations.length === 0, violations }, null, 2));
    else for (const line of conformanceLines(file, violations)) io.out(line);
    setExit(violations.length === 0 ? EXIT_OK : EXIT_REFUSED);
  });
  showCommand(report).action(async (opts: ReportQuery & { format: ShowFormat; color?: boolean }) =>
    io.out(await storedReportAs(io, opts)),
  );
  renderCommand(report).action(async (file: string, opts: { format: RenderFormat; fullReportUrl?: string }) =>
    io.out(renderReportAs(await readValidReport(file, io.cwd), opts.format, opts.fullReportUrl)),
  );
}

function validateCommand(report: Command): Command {
  return report
    .command('validate')
    .description(
      'Check a final report against its schema and the run contract; exit 0 when it conforms, 1 when not. ' +
        `With only the report: ${REPORT_ONLY_CHECKS}. The options add the checks that need the run's other artifacts.`,
    )
    .argument('<file>', 'the final report JSON file')
    .option('--json', 'print {ok, violations[]} as JSON')
    .option(
      '--carry-file <file>',
      'the carry file of the stage after the run (a missing file counts as "no carry file")',
    )
    .option('--ledger-row <file>', 'JSON file with the terminal ledger row the run appended (the JSON null for none)')
    .option(
      '--head-files <file>',
      'file listing every path at the head commit, one per line (git ls-tree -r --name-only <head>)',
    )
    .option('--validation <cmd>', "a validation command of the plan's stage; repeat for each", collect);
}

/** The report and whichever of the run's other artifacts the options name. */
async function readRunArtifacts(file: string, opts: ValidateOptions, cwd: string): Promise<RunArtifacts> {
  const artifacts: RunArtifacts = { report: await readJson(file, cwd, 'report') };
  if (opts.carryFile !== undefined) artifacts.carryFile = await readText(opts.carryFile, cwd, 'carry file');
  if (opts.ledgerRow !== undefined) artifacts.ledgerRow = await readLedgerRow(opts.ledgerRow, cwd);
  if (opts.headFiles !== undefined) {
    const text = await readText(opts.headFiles, cwd, 'head file list');
    if (text === null) throw new CliError(`cannot read head file list ${opts.headFiles}: no such file`);
    artifacts.headFiles = text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '');
  }
  if (opts.validation !== undefined) artifacts.planValidation = opts.validation;
  return artifacts;
}

/** `report validate`'s text output: each violation, then the verdict on the file. */
function conformanceLines(file: string, violations: readonly Violation[]): string[] {
  const n = violations.length;
  return [
    ...violations.map(formatViolation),
    n === 0 ? `${file}: conforms` : `${file}: ${n} violation${n === 1 ? '' : 's'}`,
  ];
}

function showCommand(report: Command): Command {
  return ledgerLocationOptions(
    report
      .command('show')
      .description(
        "Print a run's final report from the ledger branch: the run --run names, else the newest run of --stage, else the plan's newest run.",
      )
      .option('--plan <id>', 'the plan id (or its file); may be left out when the plans folder holds one plan')
      .option('--stage <n>', "the stage whose newest run's report is shown", positiveInt)
      .option('--run <id>', 'the run whose report is shown', runId)
      .addOption(
        new Option('--format <format>', 'terminal (headings, aligned tables), markdown, or json (the report as stored)')
          .choices(SHOW_FORMATS)
          .default('terminal'),
      )
      .option('--color', 'colour the terminal format even when stdout is not a terminal')
      .option('--no-color', 'never colour (as NO_COLOR does)')
      .option(
        '--config <file>',
        'the okstra config whose plansDir holds the plans (default: <repo>/.okstra/config.yml)',
      ),
  );
}

/** The stored report as asked: its JSON as stored, its Markdown, or that Markdown for a terminal. */
async function storedReportAs(io: CliIo, opts: ReportQuery & { format: ShowFormat; color?: boolean }): Promise<string> {
  const stored = await findStoredReport(io, opts);
  if (opts.format === 'json') return stored.json.replace(/\n$/, '');
  const markdown = stored.markdown ?? renderStored(stored.json, stored.reportPath);
  if (opts.format === 'markdown') return markdown.replace(/\n$/, '');
  return markdownForTerminal(markdown, { color: wantsColor(io, opts.color) });
}

function renderCommand(report: Command): Command {
  return report
    .command('render')
    .description('Render a final report: the full Markdown, the PR comment, the check run (JSON) or a short summary.')
    .argument('<file>', 'the final report JSON file')
    .addOption(new Option('--format <format>', 'output format').choices(RENDER_FORMATS).default('markdown'))
    .option('--full-report-url <url>', 'where the full report can be read (linked when a format cuts something)');
}
