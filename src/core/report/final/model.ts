import type { Plan } from '../../plan/types.js';
import { plainText } from '../../text/escape.js';
import { clip } from '../../text/truncate.js';
import { GITHUB_COMMENT_LIMIT } from '../comment.js';
import type { FinalVerificationReport } from '../schema/final-verification-report.js';

/**
 * What the final verification's renderers take and the names they give:
 * the check's name, the hand-off pull requests' hidden markers and plain-text
 * titles, and the limits every part of the final report is cut to.
 */

/** A pull request body longer than this is refused by GitHub. */
export const HANDOFF_BODY_LIMIT = GITHUB_COMMENT_LIMIT;
const PR_TITLE_LIMIT = 256;
export const CHECK_TITLE_LIMIT = 255;
export const GOAL_LIMIT = 6000;
export const EXIT_CONTRACT_LIMIT = 6000;
export const TITLE_LIMIT = 200;
export const REASON_LIMIT = 600;
export const FINDING_DETAIL_LIMIT = 1500;
export const COMMITS_SHOWN = 5;
export const SUMMARY_FINDINGS = 10;
export const STACK_SHOWN = 60;
export const CUT = ' … (cut)';

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

export function plainTitle(text: string | null): string {
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
