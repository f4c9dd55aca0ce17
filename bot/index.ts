import type { ApplicationFunction } from 'probot';
import { Scrubber } from '../src/core/text/scrub.js';
import { onCheckRunRequestedAction, onCheckRunRerequested } from './handlers/check-run.js';
import { onCheckSuiteRerequested } from './handlers/check-suite.js';
import type { AppEnv } from './handlers/deps.js';
import { onIssueComment } from './handlers/issue-comment.js';
import { onPullRequestClosed, onPullRequestLabeled } from './handlers/pull-request.js';
import { onPullRequestReviewSubmitted } from './handlers/pull-request-review.js';
import { onWorkflowRunCompleted } from './handlers/workflow-run.js';

/**
 * The okstra GitHub App: routes each event okstra subscribes to (app.yml)
 * to its handler. Handlers only turn a payload into plain data and call the
 * logic in bot/lib/, which works on src/. It keeps no state: everything it
 * needs is on GitHub (ledger branch, check runs, comments, run titles).
 */
export interface AppOptions {
  now?: () => Date;
  /** The App's private key, webhook secret and the like (bot/lib/secrets.ts reads them from the environment). */
  secrets?: readonly string[];
}

export function createOkstraApp(options: AppOptions = {}): ApplicationFunction {
  const env: AppEnv = { now: options.now ?? (() => new Date()), scrub: new Scrubber(options.secrets ?? []) };
  return (app) => {
    app.on('issue_comment.created', (context) => onIssueComment(context, env));
    app.on('pull_request.labeled', (context) => onPullRequestLabeled(context, env));
    app.on('pull_request.closed', (context) => onPullRequestClosed(context, env));
    app.on('pull_request_review.submitted', (context) => onPullRequestReviewSubmitted(context, env));
    app.on('check_run.rerequested', (context) => onCheckRunRerequested(context, env));
    app.on('check_run.requested_action', (context) => onCheckRunRequestedAction(context, env));
    app.on('check_suite.rerequested', (context) => onCheckSuiteRerequested(context, env));
    app.on('workflow_run.completed', (context) => onWorkflowRunCompleted(context, env));
  };
}

export default createOkstraApp();
