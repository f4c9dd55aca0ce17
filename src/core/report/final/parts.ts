import { blockQuote, indent, link, plural } from '../../markdown/markdown.js';
import { escapeBlock, escapeInline, inlineCode } from '../../text/escape.js';
import { clip } from '../../text/truncate.js';
import { NO_ISOLATION_WARNING } from '../blocks.js';
import { stringSection, type Section } from '../budget.js';
import { compareFindings, findingLocation, findingWho, formatCount, shortSha } from '../format.js';
import type { AttributedFinding, FinalVerificationReport } from '../schema/final-verification-report.js';
import { COMMITS_SHOWN, CUT, REASON_LIMIT, TITLE_LIMIT, plainTitle, type FixCommandsIn } from './model.js';

/**
 * The pieces the final report, the final check and the hand-off pull request
 * share, so all three name the plan, the range, the verdict and a finding the
 * same way. Titles, findings and command output are untrusted (the plan's
 * author, agents and commands wrote them): every string is escaped here.
 */

export function stageNumbers(numbers: readonly number[]): string {
  return `stage${numbers.length === 1 ? '' : 's'} ${numbers.join(', ')}`;
}

/** Multi-line untrusted text as a block quote: escaped first, so no line of it can end the quote as Markdown. */
export function quote(text: string, limit: number): string {
  return blockQuote(escapeBlock(clip(text, limit, CUT)));
}

/** Every part of a section in order, uncut. */
export function sectionText(s: Section): string {
  return [s.head, ...Array.from({ length: s.count }, (_, i) => s.item(i)), s.tail].join('');
}

export function planName(report: FinalVerificationReport): string {
  const title = report.plan.title === null ? '' : plainTitle(report.plan.title);
  return title === ''
    ? inlineCode(report.plan.id)
    : `${inlineCode(report.plan.id)}: ${escapeInline(clip(title, TITLE_LIMIT, '…'))}`;
}

export function rangeText(report: FinalVerificationReport): string {
  return `${shortSha(report.git.baseCommit)}..${shortSha(report.git.finalHead)}`;
}

export function diffStatText(report: FinalVerificationReport): string {
  const { filesChanged, insertions, deletions } = report.git.diffStat;
  return `${plural(filesChanged, 'file')} changed, +${formatCount(insertions)} −${formatCount(deletions)}`;
}

export function isolationLine(report: FinalVerificationReport): string {
  if (report.isolation.mode === 'none') return NO_ISOLATION_WARNING;
  return `🔒 **Isolation:** ${escapeInline(clip(report.isolation.detail, 300, '…'))}`;
}

export function qaOutcome(report: FinalVerificationReport): string {
  const passed = report.qa.filter((q) => q.passed).length;
  return report.qa.length === 0 ? 'no QA command ran' : `${passed}/${report.qa.length} QA commands passed`;
}

export function verdictHeadline(report: FinalVerificationReport): string {
  return report.verdict.value === 'accepted' ? '✅ Final verification accepted' : '❌ Final verification rejected';
}

export function verdictSentence(report: FinalVerificationReport): string {
  const range = inlineCode(rangeText(report));
  return report.verdict.value === 'accepted'
    ? `**Accepted:** no blocking finding stands over the whole change ${range} against the plan's goal and every stage's exit contract (${qaOutcome(report)}). It can be handed off.`
    : `**Rejected:** the whole change ${range} does not yet meet the plan's goal and every stage's exit contract (${qaOutcome(report)}). Nothing is handed off until the stages below are fixed and it is verified again.`;
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

export function findingItem(f: AttributedFinding, detailLimit: number): string {
  const state = f.disposition === 'standing' ? '' : ` (${f.disposition})`;
  const head = `- **${f.severity}**${state} · ${inlineCode(f.id)} · **${escapeInline(clip(f.title, REASON_LIMIT, CUT))}** — ${findingLocation(f)} · ${attributionText(f)} · ${findingWho(f)}\n`;
  const detail = f.detail.trim() === '' ? '' : `\n${indent(escapeBlock(clip(f.detail, detailLimit, CUT)))}\n\n`;
  return `${head}${detail}`;
}

export function sortedFindings(findings: readonly AttributedFinding[]): AttributedFinding[] {
  return [...findings].sort(compareFindings);
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
export function nextSection(report: FinalVerificationReport, how: FixCommandsIn, planPath: string): Section {
  if (report.verdict.value === 'accepted') {
    const next =
      how === 'github'
        ? `**Next:** the hand-off pull request from ${inlineCode(report.git.finalBranch)} into the plan's base branch.`
        : `**Next:** ${inlineCode(`okstra handoff --plan ${planPath}`)} creates or updates the final branch (with ${inlineCode('--remote <name>')} it is pushed).`;
    return stringSection('next', 'next step', 0, `${next}\n\n`, [], '', true);
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
  return stringSection('next', 'what to fix', 0, `### What to fix\n\n${none}`, lines, '\n', true);
}

/** Where the whole report is read, for the note when a text had to be shortened. */
export function reportPointer(report: FinalVerificationReport, url: string | null | undefined): string {
  const explicit = url ? link('the full final report', url) : null;
  if (explicit !== null) return explicit;
  const runPage = report.run.url ? link('the run page', report.run.url) : null;
  if (runPage !== null) return runPage;
  const path = report.ledgerRow?.report_path;
  return path ? `${inlineCode(path)} on the ledger branch` : 'the stored final report';
}
