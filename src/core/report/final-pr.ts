import { mermaidFlowchart } from '../graph/mermaid.js';
import type { Plan } from '../plan/types.js';
import { codeBlock, escapeBlock, escapeInline, inlineCode, linkTarget, plainText } from '../text/escape.js';
import { redactDeep } from '../text/redact.js';
import { clip, tail } from '../text/truncate.js';
import { listItems, type Section } from './budget.js';
import { NO_ISOLATION_WARNING } from './blocks.js';
import { CHECK_OUTPUT_LIMIT } from './check-run.js';
import { GITHUB_COMMENT_LIMIT } from './comment.js';
import { runCost } from './cost.js';
import {
  compareFindings,
  findingLocation,
  findingWho,
  formatCost,
  formatCount,
  formatDuration,
  formatRunUsage,
  formatUsage,
  formatUsd,
  isActive,
  shortSha,
  workerStatusText,
} from './format.js';
import { fitWithNotice } from './notice.js';
import type { AttributedFinding, FinalQaResult, FinalVerificationReport } from './schema/final-verification-report.js';

/**
 * What a final verification shows, and what the hand-off pull request says:
 * the verdict, the stages and their done heads, QA at the final head, the
 * verifiers, the findings with the stages they are attributed to, what to fix
 * and how, and the spend. Titles, findings and command output are untrusted
 * (the plan's author, agents and commands wrote them), so every string is
 * redacted and then escaped on the way in: nothing in them can mention
 * anyone, open HTML, or break the layout.
 */

/** A pull request body longer than this is refused by GitHub. */
export const HANDOFF_BODY_LIMIT = GITHUB_COMMENT_LIMIT;
const PR_TITLE_LIMIT = 256;
const CHECK_TITLE_LIMIT = 255;
const GOAL_LIMIT = 6000;
const EXIT_CONTRACT_LIMIT = 6000;
const TITLE_LIMIT = 200;
const REASON_LIMIT = 600;
const FINDING_DETAIL_LIMIT = 1500;
const COMMITS_SHOWN = 5;
const SUMMARY_FINDINGS = 10;
const STACK_SHOWN = 60;
const CUT = ' … (cut)';

/** Where the commands that fix a rejected verification are typed. */
export type FixCommandsIn = 'github' | 'cli';

export interface FinalReportOptions {
  how: FixCommandsIn;
  /** The plan file as the CLI takes it (`--plan`); defaults to the report's plan path. */
  planPath?: string;
  /** Defaults to no limit (the stored report); the check's text passes the Checks API's. */
  maxChars?: number;
  /** Where the whole report can be read; named in the note when the text had to be shortened. */
  reportUrl?: string | null;
}

export interface FinalCheckOutput {
  title: string;
  summary: string;
  text?: string;
  conclusion: 'success' | 'failure';
}

/** One stage's line in the hand-off pull request. */
export interface HandoffStage {
  number: number;
  title: string;
  verdict: 'PASS' | 'FAIL' | null;
  attempts: number;
  head: string;
  reportUrl: string | null;
  checkUrl: string | null;
  tokens: number;
  costUsd: number | null;
}

export interface HandoffBodyInput {
  plan: Plan;
  /** The plan's introduction: its text before the Stage Map, which states the goal (not part of `Plan`). */
  planIntro: string;
  report: FinalVerificationReport;
  stages: HandoffStage[];
  links: { finalReportUrl: string | null };
  /** Said when the pull request was opened with GITHUB_TOKEN, which starts no workflow: how to get CI to run. */
  ciNote: string | null;
  /** Defaults to GitHub's limit; tests use smaller values. */
  maxChars?: number;
}

export interface StackedBodyInput {
  plan: Plan;
  /** The stage this pull request delivers. */
  stage: HandoffStage;
  report: FinalVerificationReport;
  /** The branch it merges into: its dependency's stage branch, or the plan's base branch for a first stage. */
  baseBranch: string;
  /** Every stage's pull request in stack order, this one included; null before it is opened. */
  stack: Array<{ number: number; title: string; pullRequest: number | null }>;
  links: { finalReportUrl: string | null };
  ciNote: string | null;
}

/** The final verification's check-run name, in the style of the stage checks. */
export function finalCheckName(planId: string): string {
  return `okstra: ${planId} · final`;
}

/** The hidden first line of a hand-off pull request's body, so okstra finds its own pull request again. */
export function handoffPullRequestMarker(planId: string): string {
  return `<!-- okstra:handoff plan=${planId} -->`;
}

/** The hidden first line of one stage's pull request in a stacked hand-off. */
export function stackedPullRequestMarker(planId: string, stage: number): string {
  return `<!-- okstra:handoff plan=${planId} stage=${stage} -->`;
}

function plainTitle(text: string | null): string {
  return text === null ? '' : plainText(text).replace(/\s+/g, ' ').trim();
}

/** A plain-text title (GitHub renders no Markdown in titles): `<plan title> (okstra: <id>)`, or `okstra: <id>`. */
export function handoffPullRequestTitle(plan: { id: string; title: string | null }): string {
  const title = plainTitle(plan.title);
  return clip(title === '' ? `okstra: ${plan.id}` : `${title} (okstra: ${plan.id})`, PR_TITLE_LIMIT);
}

/** One stage's title in a stacked hand-off: `<plan title> · stage N: <stage title> (okstra: <id>)`. */
export function stackedPullRequestTitle(plan: { id: string; title: string | null }, stage: HandoffStage): string {
  const planTitle = plainTitle(plan.title);
  const stageTitle = plainTitle(stage.title);
  const what = `stage ${stage.number}${stageTitle === '' ? '' : `: ${stageTitle}`}`;
  return clip(`${planTitle === '' ? '' : `${planTitle} · `}${what} (okstra: ${plan.id})`, PR_TITLE_LIMIT);
}

function plural(n: number, word: string): string {
  return `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;
}

function stageNumbers(numbers: readonly number[]): string {
  return `stage${numbers.length === 1 ? '' : 's'} ${numbers.join(', ')}`;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '' : `  ${line}`))
    .join('\n');
}

/** Multi-line untrusted text as a block quote: escaped first, so no line of it can end the quote as Markdown. */
function quote(text: string, limit: number): string {
  const escaped = escapeBlock(clip(text, limit, CUT));
  if (escaped === '') return '> (empty)';
  return escaped
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

function link(label: string, url: string | null): string | null {
  const target = url === null ? null : linkTarget(url);
  return target === null ? null : `[${label}](${target})`;
}

function section(
  id: string,
  label: string,
  priority: number,
  head: string,
  items: readonly string[] = [],
  tailText = '',
  required = false,
): Section {
  return { id, label, priority, head, tail: tailText, required, counted: items.length > 0, ...listItems(items) };
}

function planName(report: FinalVerificationReport): string {
  const title = report.plan.title === null ? '' : plainTitle(report.plan.title);
  return title === ''
    ? inlineCode(report.plan.id)
    : `${inlineCode(report.plan.id)}: ${escapeInline(clip(title, TITLE_LIMIT, '…'))}`;
}

function rangeText(report: FinalVerificationReport): string {
  return `${shortSha(report.git.baseCommit)}..${shortSha(report.git.finalHead)}`;
}

function diffStatText(report: FinalVerificationReport): string {
  const { filesChanged, insertions, deletions } = report.git.diffStat;
  return `${plural(filesChanged, 'file')} changed, +${formatCount(insertions)} −${formatCount(deletions)}`;
}

function isolationLine(report: FinalVerificationReport): string {
  if (report.isolation.mode === 'none') return NO_ISOLATION_WARNING;
  return `🔒 **Isolation:** ${escapeInline(clip(report.isolation.detail, 300, '…'))}`;
}

function qaOutcome(report: FinalVerificationReport): string {
  const passed = report.qa.filter((q) => q.passed).length;
  return report.qa.length === 0 ? 'no QA command ran' : `${passed}/${report.qa.length} QA commands passed`;
}

function verdictHeadline(report: FinalVerificationReport): string {
  return report.verdict.value === 'accepted' ? '✅ Final verification accepted' : '❌ Final verification rejected';
}

function verdictSentence(report: FinalVerificationReport): string {
  const range = inlineCode(rangeText(report));
  return report.verdict.value === 'accepted'
    ? `**Accepted:** no blocking finding stands over the whole change ${range} against the plan's goal and every stage's exit contract (${qaOutcome(report)}). It can be handed off.`
    : `**Rejected:** the whole change ${range} does not yet meet the plan's goal and every stage's exit contract (${qaOutcome(report)}). Nothing is handed off until the stages below are fixed and it is verified again.`;
}

function headlineSection(report: FinalVerificationReport, level: '##' | '###'): Section {
  const run = report.run;
  const trigger = run.trigger.actor
    ? `${run.trigger.kind} by ${escapeInline(clip(run.trigger.actor, 100, '…'))}`
    : run.trigger.kind;
  const facts = [
    trigger,
    formatDuration(run.durationMs),
    `${inlineCode(clip(report.git.finalBranch, 200, '…'))} ${rangeText(report)}${report.git.merged ? " (a merge of the sink stages' done heads)" : ''}`,
    diffStatText(report),
  ];
  const head = `${level} ${verdictHeadline(report)} — ${planName(report)}\n\n${facts.join(' · ')}\n\n${verdictSentence(report)}\n\n${isolationLine(report)}\n\n`;
  return section('headline', 'headline', 0, head, [], '', true);
}

function reasonsSection(report: FinalVerificationReport): Section {
  const reasons = report.verdict.reasons.map((r) => `- ${escapeInline(clip(r, REASON_LIMIT, CUT))}\n`);
  if (reasons.length === 0) return section('reasons', 'verdict reasons', 1, '');
  return section('reasons', 'verdict reasons', 1, '**Why:**\n\n', reasons, '\n');
}

function stageTitle(report: FinalVerificationReport, n: number): string {
  const title = report.git.doneHeads.find((d) => d.stage === n)?.title ?? '';
  return title.trim() === '' ? '' : ` — ${escapeInline(clip(title, TITLE_LIMIT, '…'))}`;
}

function runCommand(how: FixCommandsIn, planPath: string, stage: number): string {
  return how === 'github' ? `/okstra retry ${stage}` : `okstra run --plan ${planPath} --stage ${stage}`;
}

function finalCommand(how: FixCommandsIn, planPath: string): string {
  return how === 'github' ? '/okstra final' : `okstra final --plan ${planPath}`;
}

/** Rejected: the stages to fix, those to rebuild after them, and the command for each, in the order to run them. */
function nextSection(report: FinalVerificationReport, how: FixCommandsIn, planPath: string): Section {
  if (report.verdict.value === 'accepted') {
    const next =
      how === 'github'
        ? `**Next:** the hand-off pull request from ${inlineCode(report.git.finalBranch)} into the plan's base branch.`
        : `**Next:** ${inlineCode(`okstra handoff --plan ${planPath}`)} creates or updates the final branch (with ${inlineCode('--remote <name>')} it is pushed).`;
    return section('next', 'next step', 0, `${next}\n\n`, [], '', true);
  }
  const fix = [...report.verdict.fixStages].sort((a, b) => a - b);
  const rebuild = [...report.verdict.rebuildStages].sort((a, b) => a - b).filter((n) => !fix.includes(n));
  const lines = [
    ...fix.map((n) => `- **Fix stage ${n}**${stageTitle(report, n)}: ${inlineCode(runCommand(how, planPath, n))}\n`),
    ...rebuild.map(
      (n) =>
        `- **Then re-run stage ${n}**${stageTitle(report, n)} (it builds on a stage to fix): ${inlineCode(runCommand(how, planPath, n))}\n`,
    ),
    `- **Then verify the whole change again:** ${inlineCode(finalCommand(how, planPath))}\n`,
  ];
  const none =
    fix.length === 0
      ? 'No finding could be attributed to a stage, so no stage is named: read the findings and reasons below.\n\n'
      : '';
  return section('next', 'what to fix', 0, `### What to fix\n\n${none}`, lines, '\n', true);
}

function stageState(report: FinalVerificationReport, n: number): string {
  if (report.verdict.fixStages.includes(n)) return '🔧 to fix';
  if (report.verdict.rebuildStages.includes(n)) return '🔁 to rebuild';
  return '✅ done';
}

function stagesSection(report: FinalVerificationReport): Section {
  const heads = [...report.git.doneHeads].sort((a, b) => a.stage - b.stage);
  const rows = heads.map(
    (d) =>
      `| ${d.stage} | ${escapeInline(clip(d.title, TITLE_LIMIT, '…')) || '—'} | ${stageState(report, d.stage)} | ${inlineCode(shortSha(d.head))} | ${inlineCode(clip(d.branch, 200, '…'), { inTable: true })} | ${d.attempts} | ${d.reportPath === null ? '—' : inlineCode(d.reportPath, { inTable: true })} |\n`,
  );
  return section(
    'stages',
    'stages',
    2,
    `### Stages (${heads.length})\n\n| Stage | Title | State | Done head | Branch | Attempts | Report |\n| --- | --- | --- | --- | --- | --- | --- |\n`,
    rows,
    '\n',
  );
}

function qaRow(q: FinalQaResult): string {
  const exit = q.exitCode === null ? 'killed' : String(q.exitCode);
  const from = q.stage === null ? 'config' : `stage ${q.stage}`;
  return `| ${q.passed ? '✅' : '❌'} | ${from} | ${escapeInline(clip(q.label, TITLE_LIMIT, '…')) || '—'} | ${inlineCode(q.cmd, { inTable: true })} | ${exit} | ${formatDuration(q.durationMs)} |\n`;
}

function qaSection(report: FinalVerificationReport): Section {
  if (report.qa.length === 0)
    return section(
      'qa',
      'QA results',
      3,
      '### QA at the final head\n\nNo QA command ran: no stage names a validation command and the config names no qaCommands.\n\n',
    );
  return section(
    'qa',
    'QA results',
    3,
    `### QA at the final head (${qaOutcome(report)})\n\n| | from | label | command | exit | time |\n| --- | --- | --- | --- | --- | --- |\n`,
    report.qa.map(qaRow),
    '\n',
  );
}

function qaOutputSection(report: FinalVerificationReport): Section {
  const failed = report.qa.filter((q) => !q.passed && q.outputTail.trim() !== '');
  const items = failed.map((q) => {
    const exit = q.exitCode === null ? 'killed' : `exit ${q.exitCode}`;
    return `<details><summary>${escapeInline(clip(q.label || q.cmd, 200, '…'))} — ${exit}</summary>\n\n${codeBlock(tail(q.outputTail, 60, 6000))}\n\n</details>\n`;
  });
  if (items.length === 0) return section('qa-output', 'output of failed QA commands', 6, '');
  return section('qa-output', 'output of failed QA commands', 6, '**Output of failed QA commands**\n\n', items, '\n');
}

function verifiersSection(report: FinalVerificationReport): Section {
  if (report.verifiers.length === 0)
    return section('verifiers', 'verifiers', 3, '### Verifiers\n\nNo verifier ran.\n\n');
  const rows = report.verifiers.map(
    (v) =>
      `| ${escapeInline(v.worker)} | ${workerStatusText(v.status, v.upstreamError, 200)} | ${v.verdict ?? '—'} | ${v.findings.length} | ${plural(v.evidenceRead.length, 'file')} | ${formatDuration(v.durationMs)} | ${formatUsage(v.usage)} |\n`,
  );
  return section(
    'verifiers',
    'verifiers',
    3,
    `### Verifiers (${report.verifiers.length})\n\n| worker | status | verdict | findings | evidence read | time | usage |\n| --- | --- | --- | --- | --- | --- | --- |\n`,
    rows,
    '\n',
  );
}

/** `stages 1, 3 (commits abc1234, def5678)`: where okstra attributes a finding, and why. */
export function attributionText(f: AttributedFinding): string {
  if (f.stages.length === 0) return 'attributed to no stage';
  const shown = f.commits.slice(0, COMMITS_SHOWN).map(shortSha);
  const more = f.commits.length - shown.length;
  const commits =
    shown.length === 0
      ? ''
      : ` (commit${f.commits.length === 1 ? '' : 's'} ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''})`;
  return `attributed to ${stageNumbers(f.stages)}${commits}`;
}

function findingItem(f: AttributedFinding, detailLimit: number): string {
  const state = f.disposition === 'standing' ? '' : ` (${f.disposition})`;
  const head = `- **${f.severity}**${state} · ${inlineCode(f.id)} · **${escapeInline(clip(f.title, REASON_LIMIT, CUT))}** — ${findingLocation(f)} · ${attributionText(f)} · ${findingWho(f)}\n`;
  const detail = f.detail.trim() === '' ? '' : `\n${indent(escapeBlock(clip(f.detail, detailLimit, CUT)))}\n\n`;
  return `${head}${detail}`;
}

function sortedFindings(findings: readonly AttributedFinding[]): AttributedFinding[] {
  return [...findings].sort(compareFindings);
}

function findingsSections(report: FinalVerificationReport, detailLimit: number): Section[] {
  const active = sortedFindings(report.findings.filter(isActive));
  const refuted = sortedFindings(report.findings.filter((f) => !isActive(f)));
  const item = (f: AttributedFinding): string => findingItem(f, detailLimit);
  return [
    active.length === 0
      ? section('findings', 'findings', 1, '### Findings\n\nNo finding stands.\n\n')
      : section('findings', 'findings', 1, `### Findings (${active.length})\n\n`, active.map(item), '\n'),
    refuted.length === 0
      ? section('refuted', 'refuted findings', 7, '')
      : section(
          'refuted',
          'refuted findings',
          7,
          `<details><summary>Refuted findings (${refuted.length})</summary>\n\n`,
          refuted.map(item),
          '\n</details>\n\n',
        ),
  ];
}

function spendSection(report: FinalVerificationReport): Section {
  const rows = report.usage.workers.map(
    (w) =>
      `| ${escapeInline(w.worker)} | ${formatCount(w.inputTokens)} | ${formatCount(w.outputTokens)} | ${formatCost(w.costUsd, w.costComplete !== false)} |\n`,
  );
  const head = `### Spend\n\n${formatRunUsage(report)}\n\n`;
  if (rows.length === 0) return section('spend', 'spend', 0, head, [], '', true);
  return section(
    'spend',
    'spend',
    0,
    `${head}| worker | input tokens | output tokens | cost |\n| --- | --- | --- | --- |\n`,
    rows,
    '\n',
    true,
  );
}

function reportSections(report: FinalVerificationReport, opts: FinalReportOptions, detailLimit: number): Section[] {
  const planPath = opts.planPath ?? report.plan.path;
  return [
    headlineSection(report, '##'),
    nextSection(report, opts.how, planPath),
    reasonsSection(report),
    ...findingsSections(report, detailLimit),
    stagesSection(report),
    qaSection(report),
    verifiersSection(report),
    qaOutputSection(report),
    spendSection(report),
  ];
}

function reportPointer(report: FinalVerificationReport, url: string | null | undefined): string {
  const explicit = url ? link('the full final report', url) : null;
  if (explicit !== null) return explicit;
  const runPage = report.run.url ? link('the run page', report.run.url) : null;
  if (runPage !== null) return runPage;
  const path = report.ledgerRow?.report_path;
  return path ? `${inlineCode(path)} on the ledger branch` : 'the stored final report';
}

/**
 * The final verification report as Markdown: the stored report (no limit) or,
 * with `maxChars`, cut to fit with a note naming what was left out.
 */
export function renderFinalReport(input: FinalVerificationReport, opts: FinalReportOptions): string {
  const report = redactDeep(input);
  const limited = opts.maxChars !== undefined && Number.isFinite(opts.maxChars);
  const sections = reportSections(report, opts, limited ? FINDING_DETAIL_LIMIT : Number.POSITIVE_INFINITY);
  if (!limited) {
    return sections
      .map((s) => [s.head, ...Array.from({ length: s.count }, (_, i) => s.item(i)), s.tail].join(''))
      .join('')
      .trimEnd()
      .concat('\n');
  }
  const fitted = fitWithNotice(
    sections,
    opts.maxChars ?? CHECK_OUTPUT_LIMIT,
    "GitHub's size limit",
    reportPointer(report, opts.reportUrl),
    '',
  );
  return fitted.text;
}

function checkTitle(report: FinalVerificationReport): string {
  const active = report.findings.filter(isActive);
  const blocking = active.filter((f) => f.severity === 'blocking').length;
  const parts = [
    report.verdict.value === 'accepted' ? 'Final verification accepted' : 'Final verification rejected',
    plural(report.git.doneHeads.length, 'stage'),
    `${blocking} blocking, ${active.length - blocking} other`,
    ...(report.verdict.value === 'rejected' && report.verdict.fixStages.length > 0
      ? [`fix ${stageNumbers([...report.verdict.fixStages].sort((a, b) => a - b))}`]
      : []),
  ];
  return clip(plainText(parts.join(' · ')), CHECK_TITLE_LIMIT);
}

/**
 * The final check (`okstra: <plan> · final`): success exactly when the verdict
 * is accepted. The summary is short (verdict, what to fix, the blocking
 * findings, spend); the text is the whole report, cut to the Checks API's limit.
 */
export function finalCheckOutput(
  input: FinalVerificationReport,
  opts: Partial<Omit<FinalReportOptions, 'maxChars'>> = {},
): FinalCheckOutput {
  const report = redactDeep(input);
  const how = opts.how ?? 'github';
  const planPath = opts.planPath ?? report.plan.path;
  const blocking = sortedFindings(report.findings.filter((f) => isActive(f) && f.severity === 'blocking'));
  const shown = blocking
    .slice(0, SUMMARY_FINDINGS)
    .map(
      (f) =>
        `- ${inlineCode(f.id)} **${escapeInline(clip(f.title, REASON_LIMIT, CUT))}** — ${findingLocation(f)} · ${attributionText(f)}`,
    );
  const more = blocking.length - shown.length;
  const next = nextSection(report, how, planPath);
  const nextText = [next.head, ...Array.from({ length: next.count }, (_, i) => next.item(i)), next.tail].join('');
  const lines = [
    `**${verdictHeadline(report)}** — ${planName(report)}`,
    '',
    verdictSentence(report),
    '',
    isolationLine(report),
    '',
    nextText.trimEnd(),
    ...(shown.length > 0
      ? ['', '**Blocking findings:**', ...shown, ...(more > 0 ? [`- … and ${formatCount(more)} more`] : [])]
      : []),
    '',
    `**Spend:** ${formatRunUsage(report)}`,
  ];
  return {
    title: checkTitle(report),
    summary: clip(lines.join('\n'), CHECK_OUTPUT_LIMIT, '\n\n… (cut at the limit)\n'),
    text: renderFinalReport(report, { how, planPath, maxChars: CHECK_OUTPUT_LIMIT, reportUrl: opts.reportUrl ?? null }),
    conclusion: report.verdict.value === 'accepted' ? 'success' : 'failure',
  };
}

// ---------------------------------------------------------------------------
// The hand-off pull request

function verdictCell(verdict: HandoffStage['verdict']): string {
  if (verdict === 'PASS') return '✅ PASS';
  if (verdict === 'FAIL') return '❌ FAIL';
  return '—';
}

function stageCost(stage: HandoffStage): string {
  return formatCost(stage.costUsd, true);
}

function handoffStageRow(stage: HandoffStage): string {
  const report = link('report', stage.reportUrl) ?? '—';
  const check = link('check', stage.checkUrl) ?? '—';
  return `| ${stage.number} | ${escapeInline(clip(stage.title, TITLE_LIMIT, '…')) || '—'} | ${verdictCell(stage.verdict)} | ${stage.attempts} | ${inlineCode(shortSha(stage.head))} | ${report} | ${check} | ${formatCount(stage.tokens)} | ${stageCost(stage)} |\n`;
}

/** Every stage's spend and the final verification's, summed; unknown parts make it a lower bound, never $0. */
export function handoffTotal(stages: readonly HandoffStage[], report: FinalVerificationReport): string {
  const final = runCost(report);
  const finalTokens = report.usage.total.inputTokens + report.usage.total.outputTokens;
  const tokens = stages.reduce((n, s) => n + s.tokens, finalTokens);
  const known = [...stages.map((s) => s.costUsd), final.usd].filter((c): c is number => c !== null);
  const unknown = [
    ...stages.filter((s) => s.costUsd === null).map((s) => `stage ${s.number}`),
    ...(final.usd === null || !final.complete ? ['the final verification'] : []),
  ];
  const usd = known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
  const cost =
    usd === null
      ? 'cost unknown'
      : unknown.length === 0
        ? formatUsd(usd)
        : `≥ ${formatUsd(usd)} (cost unknown for ${unknown.length > 6 ? `${unknown.slice(0, 6).join(', ')} and ${unknown.length - 6} more` : unknown.join(', ')})`;
  return `${formatCount(tokens)} tokens · ${cost}`;
}

function handoffHeadline(input: HandoffBodyInput, report: FinalVerificationReport): Section {
  const plan = report.plan;
  const title =
    plan.title === null || plainTitle(plan.title) === '' ? '' : `${escapeInline(clip(plan.title, TITLE_LIMIT, '…'))} `;
  const text = [
    handoffPullRequestMarker(plan.id),
    `## ${title}(${inlineCode(plan.id)})`,
    '',
    `Delivered by okstra: ${plural(input.stages.length, 'stage')}, each verified on its own, and the whole change ${inlineCode(rangeText(report))} verified once more: **final verification accepted** (${diffStatText(report)}).`,
    '',
    isolationLine(report),
    '',
    '',
  ].join('\n');
  return section('headline', 'headline', 0, text, [], '', true);
}

function ciNoteSection(note: string | null): Section {
  if (note === null || note.trim() === '') return section('ci-note', 'CI note', 0, '', [], '', true);
  const body = escapeBlock(clip(note, 2000, CUT))
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
  return section('ci-note', 'CI note', 0, `> [!IMPORTANT]\n${body}\n\n`, [], '', true);
}

function goalSection(intro: string): Section {
  const text = intro.trim() === '' ? '_The plan has no introduction before its Stage Map._' : quote(intro, GOAL_LIMIT);
  return section('goal', 'goal', 0, `### Goal\n\n${text}\n\n`, [], '', true);
}

function handoffStagesSection(stages: readonly HandoffStage[]): Section {
  const sorted = [...stages].sort((a, b) => a.number - b.number);
  return section(
    'stages',
    'stage table',
    1,
    `### Stages (${sorted.length})\n\n| Stage | Title | Verdict | Attempts | Head | Report | Check | Tokens | Cost |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n`,
    sorted.map(handoffStageRow),
    '\n',
  );
}

function graphSection(plan: Plan): Section {
  if (plan.stages.length === 0) return section('graph', 'stage graph', 4, '');
  return section('graph', 'stage graph', 4, `### Stage graph\n\n${codeBlock(mermaidFlowchart(plan), 'mermaid')}\n\n`);
}

function finalSummarySection(report: FinalVerificationReport, url: string | null): Section {
  const verdicts = report.verifiers.map((v) => `${escapeInline(v.worker)}: ${v.verdict ?? v.status}`);
  const shownVerdicts = verdicts.slice(0, 12);
  const moreVerdicts =
    verdicts.length > shownVerdicts.length ? `, and ${verdicts.length - shownVerdicts.length} more` : '';
  const reportLink = link('the final verification report', url);
  const lines = [
    '### Final verification',
    '',
    `- **Verdict:** accepted at ${inlineCode(shortSha(report.git.finalHead))} on ${inlineCode(clip(report.git.finalBranch, 200, '…'))}${report.git.merged ? " (a merge of the sink stages' done heads)" : ''}`,
    `- **Verifiers:** ${verdicts.length === 0 ? 'none ran' : `${shownVerdicts.join(', ')}${moreVerdicts}`}`,
    `- **QA at the final head:** ${qaOutcome(report)}`,
    `- **Spend:** ${formatRunUsage(report)}`,
    ...(reportLink === null ? [] : [`- **Report:** ${reportLink}`]),
    '',
    '',
  ];
  return section('final', 'final verification', 0, lines.join('\n'), [], '', true);
}

function reviewerFocusSection(report: FinalVerificationReport): Section {
  const standing = sortedFindings(report.findings.filter((f) => isActive(f) && f.severity !== 'blocking'));
  if (standing.length === 0) {
    return section(
      'review',
      'findings for the reviewer',
      2,
      '### What to look at\n\nNo non-blocking finding stands from the final verification; review the change as a whole.\n\n',
    );
  }
  return section(
    'review',
    'findings for the reviewer',
    2,
    `### What to look at (${standing.length})\n\nThe final verification accepted the change; these non-blocking findings still stand.\n\n`,
    standing.map((f) => findingItem(f, FINDING_DETAIL_LIMIT)),
    '\n',
  );
}

function totalSection(stages: readonly HandoffStage[], report: FinalVerificationReport): Section {
  return section(
    'total',
    'total spend',
    0,
    `**Total spend** (stages and final verification): ${handoffTotal(stages, report)}\n\n`,
    [],
    '',
    true,
  );
}

function requireAccepted(report: FinalVerificationReport, planId: string, what: string): void {
  if (report.plan.id !== planId)
    throw new Error(`${what}: the final verification report is for plan ${report.plan.id}, not ${planId}`);
  if (report.verdict.value !== 'accepted')
    throw new Error(
      `${what}: the final verification of plan ${planId} was rejected; a hand-off needs an accepted one (fix the stages it names, then run final again)`,
    );
}

/**
 * The hand-off pull request's body, within GitHub's limit: the stage graph,
 * the findings for the reviewer and the stage table are cut first, with a
 * count of what was left out. Throws when the report is not an accepted
 * final verification of this plan: nothing else may be handed off.
 */
export function handoffPullRequestBody(input: HandoffBodyInput): string {
  requireAccepted(input.report, input.plan.id, 'cannot write the hand-off pull request');
  const report = redactDeep(input.report);
  const plan = redactDeep(input.plan);
  const stages = redactDeep(input.stages);
  const sections = [
    handoffHeadline(input, report),
    ciNoteSection(input.ciNote),
    goalSection(redactDeep(input.planIntro)),
    finalSummarySection(report, input.links.finalReportUrl),
    totalSection(stages, report),
    handoffStagesSection(stages),
    reviewerFocusSection(report),
    graphSection(plan),
  ];
  const pointer = link('the final verification report', input.links.finalReportUrl) ?? reportPointer(report, null);
  return fitWithNotice(sections, input.maxChars ?? HANDOFF_BODY_LIMIT, "GitHub's pull request size limit", pointer, '')
    .text;
}

function stackItem(entry: StackedBodyInput['stack'][number], current: number): string {
  const title = escapeInline(clip(entry.title, TITLE_LIMIT, '…'));
  const what = `stage ${entry.number}${title === '' ? '' : ` — ${title}`}`;
  if (entry.number === current) return `- **→ this pull request: ${what}**`;
  return `- ${entry.pullRequest === null ? '(not opened yet)' : `#${entry.pullRequest}`} ${what}`;
}

/**
 * One stage's pull request in a stacked hand-off: the stage, its exit
 * contract, its report and check, and where it sits in the stack.
 */
export function stackedPullRequestBody(input: StackedBodyInput): string {
  requireAccepted(input.report, input.plan.id, 'cannot write a stacked hand-off pull request');
  const report = redactDeep(input.report);
  const stage = redactDeep(input.stage);
  const planStage = input.plan.stages.find((s) => s.number === stage.number);
  if (planStage === undefined)
    throw new Error(`cannot write a stacked hand-off pull request: plan ${input.plan.id} has no stage ${stage.number}`);
  const stack = redactDeep(input.stack);
  const position = stack.findIndex((e) => e.number === stage.number);
  if (position < 0)
    throw new Error(
      `cannot write a stacked hand-off pull request: stage ${stage.number} is not in the stack it is given (${stack.map((e) => e.number).join(', ') || 'empty'})`,
    );
  const title = escapeInline(clip(stage.title, TITLE_LIMIT, '…'));
  const depends =
    planStage.dependsOn.length === 0 ? 'depends on no stage' : `depends on ${stageNumbers(planStage.dependsOn)}`;
  const start = Math.max(0, Math.min(position - STACK_SHOWN / 2, stack.length - STACK_SHOWN));
  const shown = stack.slice(start, start + STACK_SHOWN);
  const before = start;
  const after = stack.length - start - shown.length;
  const links = [link('stage report', stage.reportUrl), link('check', stage.checkUrl)].filter(
    (l): l is string => l !== null,
  );
  const finalLink = link('final verification report', input.links.finalReportUrl);
  const lines = [
    stackedPullRequestMarker(report.plan.id, stage.number),
    `## Stage ${stage.number}${title === '' ? '' : `: ${title}`} — ${planName(report)}`,
    '',
    `One pull request of a stacked hand-off: each stage of the plan in its own pull request, onto its dependency's branch, for review stage by stage.`,
    '',
    ...(input.ciNote === null || input.ciNote.trim() === '' ? [] : [ciNoteSection(input.ciNote).head.trimEnd(), '']),
    `**Place in the stack:** ${position + 1} of ${stack.length} · merges into ${inlineCode(clip(input.baseBranch, 200, '…'))} · ${depends}`,
    '',
    ...(before > 0 ? [`- … ${before} earlier`] : []),
    ...shown.map((e) => stackItem(e, stage.number)),
    ...(after > 0 ? [`- … ${after} later`] : []),
    '',
    '### Exit contract',
    '',
    planStage.exitContract === null || planStage.exitContract.trim() === ''
      ? '_The plan writes no exit contract for this stage._'
      : quote(redactDeep(planStage.exitContract), EXIT_CONTRACT_LIMIT),
    '',
    '### Verification',
    '',
    `${verdictCell(stage.verdict)} · ${plural(stage.attempts, 'attempt')} · head ${inlineCode(shortSha(stage.head))} · ${formatCount(stage.tokens)} tokens · ${stageCost(stage)}${links.length === 0 ? '' : ` · ${links.join(' · ')}`}`,
    '',
    `The whole plan: final verification accepted at ${inlineCode(shortSha(report.git.finalHead))}${finalLink === null ? '' : ` (${finalLink})`}.`,
    '',
  ];
  return clip(lines.join('\n'), HANDOFF_BODY_LIMIT, '\n\n… (cut at the limit)\n');
}
