import type { ApplicationFunction } from 'probot';
import { onCheckRunRequestedAction, onCheckRunRerequested } from './handlers/check-run.js';
import type { AppEnv } from './handlers/deps.js';
import { onIssueComment } from './handlers/issue-comment.js';
import { onPullRequestClosed, onPullRequestLabeled } from './handlers/pull-request.js';
import { onWorkflowRunCompleted } from './handlers/workflow-run.js';

/**
 * The okstra GitHub App: routes each event okstra subscribes to (app.yml)
 * to its handler. Handlers only turn a payload into plain data and call the
 * logic in bot/lib/, which works on src/. It keeps no state: everything it
 * needs is on GitHub (ledger branch, check runs, comments, run titles).
 */
export function createOkstraApp(options: Partial<AppEnv> = {}): ApplicationFunction {
  const env: AppEnv = { now: options.now ?? (() => new Date()) };
  return (app) => {
    app.on('issue_comment.created', (context) => onIssueComment(context, env));
    app.on('pull_request.labeled', (context) => onPullRequestLabeled(context, env));
    app.on('pull_request.closed', (context) => onPullRequestClosed(context, env));
    app.on('check_run.rerequested', (context) => onCheckRunRerequested(context, env));
    app.on('check_run.requested_action', (context) => onCheckRunRequestedAction(context, env));
    app.on('workflow_run.completed', (context) => onWorkflowRunCompleted(context, env));
  };
}

export default createOkstraApp();
