/**
 * What a final verification shows, and what the hand-off pull request says:
 * the verdict, the stages and their done heads, QA at the final head, the
 * verifiers, the findings with the stages they are attributed to, what to fix
 * and how, and the spend. Titles, findings and command output are untrusted
 * (the plan's author, agents and commands wrote them), so every string is
 * redacted and then escaped on the way in: nothing in them can mention
 * anyone, open HTML, or break the layout.
 *
 * One module per job in ./final/: the names and inputs (model.ts), the pieces
 * they share (parts.ts), the report and its check (report.ts), the hand-off
 * pull requests (handoff.ts). This file is their one public face.
 */
export {
  HANDOFF_BODY_LIMIT,
  finalCheckName,
  handoffPullRequestMarker,
  handoffPullRequestTitle,
  stackedPullRequestMarker,
  stackedPullRequestTitle,
  type FinalCheckOutput,
  type FinalReportOptions,
  type FixCommandsIn,
  type HandoffBodyInput,
  type HandoffStage,
  type StackedBodyInput,
} from './final/model.js';
export { attributionText } from './final/parts.js';
export { finalCheckOutput, renderFinalReport } from './final/report.js';
export { handoffPullRequestBody, handoffTotal, stackedPullRequestBody } from './final/handoff.js';
