import { mermaidFlowchart } from '../../graph/mermaid.js';
import type { Plan } from '../../plan/types.js';
import { link, plural, quoteLines, tableHead, tableRow } from '../../markdown/markdown.js';
import { codeBlock, escapeBlock, escapeInline, inlineCode } from '../../text/escape.js';
import { redactDeep } from '../../text/redact.js';
import { clip } from '../../text/truncate.js';
import { stringSection as section, type Section } from '../budget.js';
import { runCost } from '../cost.js';
import { formatCost, formatCount, formatRunUsage, formatUsd, isActive, shortSha } from '../format.js';
import { fitWithNotice } from '../notice.js';
import type { FinalVerificationReport } from '../schema/final-verification-report.js';
import {
  CUT,
  EXIT_CONTRACT_LIMIT,
  FINDING_DETAIL_LIMIT,
  GOAL_LIMIT,
  HANDOFF_BODY_LIMIT,
  STACK_SHOWN,
  TITLE_LIMIT,
  handoffPullRequestMarker,
  plainTitle,
  stackedPullRequestMarker,
  type HandoffBodyInput,
  type HandoffStage,
  type StackedBodyInput,
} from './model.js';
import {
  diffStatText,
  findingItem,
  isolationLine,
  planName,
  qaOutcome,
  quote,
  rangeText,
  reportPointer,
  sortedFindings,
  stageNumbers,
} from './parts.js';

/**
 * The hand-off pull request's body (one pull request for the whole plan) and
 * each stage's body in a stacked hand-off. Both refuse anything but an
 * accepted final verification of the same plan.
 */

function verdictCell(verdict: HandoffStage['verdict']): string {
  if (verdict === 'PASS') return '✅ PASS';
  if (verdict === 'FAIL') return '❌ FAIL';
  return '—';
}

function stageCost(stage: HandoffStage): string {
  return formatCost(stage.costUsd, true);
}

function handoffStageRow(stage: HandoffStage): string {
  return tableRow([
    String(stage.number),
    escapeInline(clip(stage.title, TITLE_LIMIT, '…')) || '—',
    verdictCell(stage.verdict),
    String(stage.attempts),
    inlineCode(shortSha(stage.head)),
    link('report', stage.reportUrl) ?? '—',
    link('check', stage.checkUrl) ?? '—',
    formatCount(stage.tokens),
    stageCost(stage),
  ]);
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
  const body = quoteLines(escapeBlock(clip(note, 2000, CUT)));
  return section('ci-note', 'CI note', 0, `> [!IMPORTANT]\n${body}\n\n`, [], '', true);
}

function goalSection(intro: string): Section {
  const text = intro.trim() === '' ? '_The plan has no introduction before its Stage Map._' : quote(intro, GOAL_LIMIT);
  return section('goal', 'goal', 0, `### Goal\n\n${text}\n\n`, [], '', true);
}

function handoffStagesSection(stages: readonly HandoffStage[]): Section {
  const sorted = [...stages].sort((a, b) => a.number - b.number);
  const head = tableHead(['Stage', 'Title', 'Verdict', 'Attempts', 'Head', 'Report', 'Check', 'Tokens', 'Cost']);
  return section(
    'stages',
    'stage table',
    1,
    `### Stages (${sorted.length})\n\n${head}`,
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

/** The stack around this stage: at most STACK_SHOWN entries, centred on it, with counts of the rest. */
function stackLines(stack: StackedBodyInput['stack'], position: number, current: number): string[] {
  const start = Math.max(0, Math.min(position - STACK_SHOWN / 2, stack.length - STACK_SHOWN));
  const shown = stack.slice(start, start + STACK_SHOWN);
  const before = start;
  const after = stack.length - start - shown.length;
  return [
    ...(before > 0 ? [`- … ${before} earlier`] : []),
    ...shown.map((e) => stackItem(e, current)),
    ...(after > 0 ? [`- … ${after} later`] : []),
  ];
}

/** The plan's stage this pull request delivers and its place in the stack; throws when either is missing. */
function stackedPlace(
  input: StackedBodyInput,
  number: number,
): { planStage: Plan['stages'][number]; position: number } {
  const planStage = input.plan.stages.find((s) => s.number === number);
  if (planStage === undefined)
    throw new Error(`cannot write a stacked hand-off pull request: plan ${input.plan.id} has no stage ${number}`);
  const position = input.stack.findIndex((e) => e.number === number);
  if (position < 0)
    throw new Error(
      `cannot write a stacked hand-off pull request: stage ${number} is not in the stack it is given (${input.stack.map((e) => e.number).join(', ') || 'empty'})`,
    );
  return { planStage, position };
}

/**
 * One stage's pull request in a stacked hand-off: the stage, its exit
 * contract, its report and check, and where it sits in the stack.
 */
export function stackedPullRequestBody(input: StackedBodyInput): string {
  requireAccepted(input.report, input.plan.id, 'cannot write a stacked hand-off pull request');
  const report = redactDeep(input.report);
  const stage = redactDeep(input.stage);
  const stack = redactDeep(input.stack);
  const { planStage, position } = stackedPlace({ ...input, stack }, stage.number);
  const title = escapeInline(clip(stage.title, TITLE_LIMIT, '…'));
  const depends =
    planStage.dependsOn.length === 0 ? 'depends on no stage' : `depends on ${stageNumbers(planStage.dependsOn)}`;
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
    ...stackLines(stack, position, stage.number),
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
