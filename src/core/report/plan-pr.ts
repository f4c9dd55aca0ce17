import { mermaidFlowchart } from '../graph/mermaid.js';
import type { Plan } from '../plan/types.js';
import { blockQuote, indent, link, plural, tableHead, tableRow } from '../markdown/markdown.js';
import { codeBlock, escapeBlock, escapeInline, inlineCode, plainText } from '../text/escape.js';
import { redactDeep } from '../text/redact.js';
import { clip } from '../text/truncate.js';
import { stringSection as section, type Section } from './budget.js';
import { NO_ISOLATION_WARNING } from './blocks.js';
import { CHECK_OUTPUT_LIMIT } from './check-run.js';
import { GITHUB_COMMENT_LIMIT } from './comment.js';
import { formatCost, formatCount } from './format.js';
import { fitWithNotice } from './notice.js';
import type {
  PlanClarification,
  PlanReviewEntry,
  PlanReviewReport,
  StandingPlanFinding,
} from './schema/plan-review-report.js';

/**
 * What the plan pull request and its check show: the goal, the stage graph
 * and table, the reviewers' verdicts and findings, the open questions, the
 * spend and how to approve or re-plan. The goal, titles and findings are
 * untrusted (an issue's author and agents wrote them), so every string is
 * redacted and then escaped on the way in; nothing they hold can mention
 * anyone, open HTML, or break the layout.
 */

/** A pull request body longer than this is refused by GitHub. */
export const PLAN_PR_BODY_LIMIT = GITHUB_COMMENT_LIMIT;
const PR_TITLE_LIMIT = 256;
const CHECK_TITLE_LIMIT = 255;
const GOAL_LIMIT = 4000;
const FINDING_DETAIL_LIMIT = 1500;
const SUMMARY_FINDINGS = 10;

export interface PlanPullRequestOptions {
  /** Where the whole plan-review report can be read; named in the note when the body had to be shortened. */
  reportUrl?: string | null;
  /** Defaults to GitHub's limit; tests use smaller values. */
  maxChars?: number;
}

export interface PlanCheckOutput {
  title: string;
  summary: string;
  conclusion: 'success' | 'failure';
}

/** The plan's check-run name, in the style of the stage checks (`okstra: <plan> · stage <N>`). */
export function planCheckName(planId: string): string {
  return `okstra: ${planId} · plan`;
}

/** The hidden first line of a plan pull request's body, so the bot can tell its own plan PRs apart. */
export function planPullRequestMarker(planId: string): string {
  return `<!-- okstra:plan plan=${planId} -->`;
}

/** A plain-text title (GitHub renders no Markdown in PR titles): `okstra plan: <title> (<id>)`. */
export function planPullRequestTitle(plan: Pick<Plan, 'id' | 'title'>): string {
  const title = plan.title === null ? '' : plainText(plan.title).replace(/\s+/g, ' ').trim();
  const text = title === '' ? `okstra plan: ${plan.id}` : `okstra plan: ${title} (${plan.id})`;
  return clip(text, PR_TITLE_LIMIT);
}

const OUTCOME_HEADLINES: Readonly<Record<PlanReviewReport['outcome'], string>> = {
  valid: '✅ **The plan is valid**: it parses without error and no blocking finding stands.',
  invalid: '❌ **No valid plan**: the draft still failed to parse after the repair rounds, so no plan is delivered.',
  blocked: '⛔ **The plan is blocked**: it parses, but a blocking finding still stands after the revision rounds.',
};

function severityRank(finding: StandingPlanFinding): number {
  return finding.severity === 'blocking' ? 0 : 1;
}

/** Blocking first, then by reviewer and stage (plan-wide findings first), so a reader sees each reviewer's in one run. */
function sortedFindings(findings: readonly StandingPlanFinding[]): StandingPlanFinding[] {
  return [...findings].sort(
    (a, b) =>
      severityRank(a) - severityRank(b) || a.reviewer.localeCompare(b.reviewer) || (a.stage ?? 0) - (b.stage ?? 0),
  );
}

function openClarifications(report: PlanReviewReport): PlanClarification[] {
  return report.clarifications.filter((item) => item.answer === null);
}

/** The reviews of the last round anyone reviewed in: the verdicts that decided the outcome. */
function lastReviews(report: PlanReviewReport): PlanReviewEntry[] {
  for (let i = report.rounds.length - 1; i >= 0; i -= 1) {
    const reviews = report.rounds[i]?.reviews ?? [];
    if (reviews.length > 0) return reviews;
  }
  return [];
}

function countBySeverity(findings: readonly StandingPlanFinding[]): { blocking: number; advisory: number } {
  const blocking = findings.filter((f) => f.severity === 'blocking').length;
  return { blocking, advisory: findings.length - blocking };
}

function spendLine(report: PlanReviewReport): string {
  const total = report.usage.total;
  const tokens = `${formatCount(total.inputTokens)} in / ${formatCount(total.outputTokens)} out`;
  const cost = formatCost(total.costUsd, total.costComplete !== false);
  return `${tokens} tokens · ${cost} · ${plural(report.rounds.length, 'planner round')}`;
}

function isolationLine(report: PlanReviewReport): string {
  if (report.isolation.mode === 'none') return NO_ISOLATION_WARNING;
  return `🔒 **Isolation:** ${escapeInline(clip(report.isolation.detail, 300))}`;
}

/** Multi-line untrusted text as a block quote: escaped first, so no line of it can end the quote as Markdown. */
function quote(text: string): string {
  return blockQuote(escapeBlock(clip(text, GOAL_LIMIT)));
}

function stageLabel(stage: number | null): string {
  return stage === null ? 'whole plan' : `stage ${stage}`;
}

function findingItem(finding: StandingPlanFinding): string {
  const head = `- **${finding.severity}** · ${stageLabel(finding.stage)} · ${escapeInline(finding.reviewer)} · ${inlineCode(finding.category)} — ${escapeInline(finding.title)}`;
  const detail = escapeBlock(clip(finding.detail, FINDING_DETAIL_LIMIT));
  if (detail === '') return `${head}\n`;
  return `${head}\n\n${indent(detail)}\n`;
}

function verdictText(review: PlanReviewEntry): string {
  if (review.verdict !== null) return review.verdict;
  const why = review.problem === null ? '' : `: ${escapeInline(clip(review.problem, 300))}`;
  return `no result (${escapeInline(review.reviewer.status)}${why})`;
}

function reviewRow(review: PlanReviewEntry): string {
  const blocking = review.findings.filter((f) => f.severity === 'blocking').length;
  const model = review.reviewer.model === null ? '' : ` (${escapeInline(review.reviewer.model)})`;
  const worker = `${escapeInline(review.reviewer.worker)}${model}`;
  return tableRow([worker, verdictText(review), String(blocking), String(review.findings.length - blocking)]);
}

function stageRow(stage: Plan['stages'][number]): string {
  const depends = stage.dependsOn.length === 0 ? '—' : stage.dependsOn.join(', ');
  const files =
    stage.files.length === 0
      ? '—'
      : [
          ...stage.files.slice(0, 8).map((file) => inlineCode(file, { inTable: true })),
          ...(stage.files.length > 8 ? [`+${stage.files.length - 8} more`] : []),
        ].join(', ');
  const title = escapeInline(clip(stage.title, 200));
  return tableRow([String(stage.number), title, depends, String(stage.validation.length), files]);
}

function clarificationItem(item: PlanClarification): string {
  const id = item.id === null ? '' : `**${escapeInline(item.id)}** `;
  const kind = item.optional ? '(optional)' : '(required)';
  return `- ${id}${kind} ${escapeInline(clip(item.question, 1000))}\n`;
}

function headlineSection(report: PlanReviewReport, plan: Plan): Section {
  // The report's id is schema-checked; a draft's own id may be one the parser refused.
  const id = report.plan.id;
  const title = plan.title === null ? inlineCode(id) : `${escapeInline(clip(plan.title, 200))} (${inlineCode(id)})`;
  const reason =
    report.reason === null || report.outcome === 'valid'
      ? ''
      : `\n\n**Why:** ${escapeInline(clip(report.reason, 600))}`;
  const text = `${planPullRequestMarker(id)}\n## okstra plan: ${title}\n\n${OUTCOME_HEADLINES[report.outcome]}${reason}\n\n${isolationLine(report)}\n\n`;
  return section('headline', 'headline', 0, text, [], '', true);
}

function goalSection(report: PlanReviewReport): Section {
  const source =
    report.source.issue !== null ? ` (from issue #${report.source.issue})` : ` (${escapeInline(report.source.kind)})`;
  return section('goal', 'goal', 0, `### Goal${source}\n\n${quote(report.goal)}\n\n`, [], '', true);
}

function graphSection(plan: Plan): Section {
  if (plan.stages.length === 0) return section('graph', 'stage graph', 5, '', []);
  return section(
    'graph',
    'stage graph',
    5,
    `### Stage graph\n\n${codeBlock(mermaidFlowchart(plan), 'mermaid')}\n\n`,
    [],
  );
}

function stagesSection(plan: Plan): Section {
  if (plan.stages.length === 0) return section('stages', 'stage table', 4, '', []);
  return section(
    'stages',
    'stages',
    4,
    `### Stages (${plan.stages.length})\n\n${tableHead(['#', 'Title', 'Depends on', 'Validation', 'Files'])}`,
    plan.stages.map(stageRow),
    '\n',
  );
}

function reviewsSection(report: PlanReviewReport): Section {
  const reviews = lastReviews(report);
  if (reviews.length === 0) {
    const none =
      report.outcome === 'invalid' ? 'Nobody reviewed the plan: it never parsed.' : 'No reviewer reviewed the plan.';
    return section('reviews', 'reviewer verdicts', 2, `### Review\n\n${none}\n\n`, []);
  }
  return section(
    'reviews',
    'reviewer verdicts',
    2,
    `### Review\n\n${tableHead(['Reviewer', 'Verdict', 'Blocking', 'Advisory'])}`,
    reviews.map(reviewRow),
    '\n',
  );
}

function findingSections(report: PlanReviewReport): Section[] {
  const sorted = sortedFindings(report.standingFindings);
  const blocking = sorted.filter((f) => f.severity === 'blocking');
  const advisory = sorted.filter((f) => f.severity === 'advisory');
  const sections: Section[] = [];
  sections.push(
    blocking.length === 0
      ? section('blocking', 'blocking findings', 3, '', [])
      : section(
          'blocking',
          'blocking findings',
          3,
          `### Blocking findings (${blocking.length})\n\n`,
          blocking.map(findingItem),
          '\n',
        ),
  );
  sections.push(
    advisory.length === 0
      ? section('advisory', 'advisory findings', 6, '', [])
      : section(
          'advisory',
          'advisory findings',
          6,
          `### Advisory findings (${advisory.length})\n\n`,
          advisory.map(findingItem),
          '\n',
        ),
  );
  return sections;
}

const ANSWER_HOW =
  "Edit the plan's Clarification Items table on this pull request to answer; approval is refused while a required item has no answer.";

function clarificationsSection(report: PlanReviewReport): Section {
  const open = openClarifications(report);
  if (open.length === 0) return section('clarifications', 'open questions', 1, '', []);
  return section(
    'clarifications',
    'open questions',
    1,
    `### Open questions (${open.length})\n\n${ANSWER_HOW}\n\n`,
    open.map(clarificationItem),
    '\n',
  );
}

function spendSection(report: PlanReviewReport): Section {
  return section('spend', 'spend', 0, `### Spend\n\n${spendLine(report)}\n\n`, [], '', true);
}

function howToSection(report: PlanReviewReport): string {
  if (report.outcome === 'invalid') {
    return '### Next\n\nComment `/okstra replan` with what the planner should do differently to draft the plan again.\n';
  }
  return [
    '### Next',
    '',
    '- **Approve:** approve this pull request, or comment `/okstra approve`. Approval binds the plan text as it is now.',
    '- **Re-plan:** comment `/okstra replan` with what should change; your comments on this pull request go to the planner.',
    '',
  ].join('\n');
}

/** The plan pull request's body, within GitHub's limit: findings are cut first, with a count of what was left out. */
export function planPullRequestBody(
  input: PlanReviewReport,
  inputPlan: Plan,
  opts: PlanPullRequestOptions = {},
): string {
  const report = redactDeep(input);
  const plan = redactDeep(inputPlan);
  const sections = [
    headlineSection(report, plan),
    goalSection(report),
    clarificationsSection(report),
    // An invalid draft is not delivered and may hold a cycle the graph cannot order.
    ...(report.outcome === 'invalid' ? [] : [graphSection(plan), stagesSection(plan)]),
    reviewsSection(report),
    ...findingSections(report),
    spendSection(report),
  ];
  const pointer = (opts.reportUrl ? link('the plan-review report', opts.reportUrl) : null) ?? 'the plan-review report';
  const fitted = fitWithNotice(
    sections,
    opts.maxChars ?? PLAN_PR_BODY_LIMIT,
    "GitHub's pull request size limit",
    pointer,
    howToSection(report),
  );
  return fitted.text;
}

function checkTitle(report: PlanReviewReport): string {
  const counts = countBySeverity(report.standingFindings);
  const open = openClarifications(report).filter((item) => !item.optional).length;
  const parts = [
    report.outcome === 'valid' ? 'Plan valid' : report.outcome === 'invalid' ? 'No valid plan' : 'Plan blocked',
    plural(report.stages.length, 'stage'),
    `${counts.blocking} blocking, ${counts.advisory} advisory`,
    ...(open > 0 ? [`${plural(open, 'required question')} open`] : []),
  ];
  return clip(plainText(parts.join(' · ')), CHECK_TITLE_LIMIT);
}

/** The plan check: success exactly when the outcome is `valid`; the summary is short and points at the pull request. */
export function planCheckOutput(input: PlanReviewReport): PlanCheckOutput {
  const report = redactDeep(input);
  const blocking = sortedFindings(report.standingFindings).filter((f) => f.severity === 'blocking');
  const shown = blocking.slice(0, SUMMARY_FINDINGS).map((f) => {
    const head = `- ${stageLabel(f.stage)} · ${escapeInline(f.reviewer)} · ${inlineCode(f.category)} — ${escapeInline(f.title)}`;
    return head;
  });
  const more = blocking.length - shown.length;
  const open = openClarifications(report);
  const lines = [
    OUTCOME_HEADLINES[report.outcome],
    ...(report.reason === null || report.outcome === 'valid'
      ? []
      : ['', `**Why:** ${escapeInline(clip(report.reason, 600))}`]),
    '',
    isolationLine(report),
    ...(shown.length > 0
      ? ['', '**Blocking findings:**', ...shown, ...(more > 0 ? [`- … and ${more} more`] : [])]
      : []),
    ...(open.length > 0
      ? [
          '',
          `**Open questions:** ${open.filter((i) => !i.optional).length} required, ${open.filter((i) => i.optional).length} optional. ${ANSWER_HOW}`,
        ]
      : []),
    '',
    `**Spend:** ${spendLine(report)}`,
  ];
  return {
    title: checkTitle(report),
    summary: clip(lines.join('\n'), CHECK_OUTPUT_LIMIT, '\n\n… (cut at the limit)\n'),
    conclusion: report.outcome === 'valid' ? 'success' : 'failure',
  };
}
