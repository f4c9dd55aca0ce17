export * from './schema/final-report.js';
export * from './schema/carry.js';
export * from './schema/verifier-result.js';
export { UsageSchema, FINDING_SEVERITIES, VERDICT_VALUES } from './schema/common.js';
export * from './json-schema.js';
export * from './validate-schema.js';
export { renderMarkdown, type MarkdownOptions, type RenderedMarkdown } from './markdown.js';
export { renderSummary, type SummaryOptions, type RenderedSummary } from './summary.js';
export * from './comment.js';
export * from './check-run.js';
export * from './plan-status.js';
export type { Cut } from './budget.js';
export { stageViews } from './stage-views.js';
export {
  SINGLE_VENDOR_LABEL,
  crossVendorCopilotLine,
  modelMaker,
  singleVendor,
  singleVendorLine,
} from './vendors.js';
export { planSpend, spendByStage, NO_SPEND, type Spend } from './plan-spend.js';
export { runCost, type CostState } from './cost.js';
export { formatCost, formatSpend } from './format.js';
export { gatewayUsage, sumRequests, toUsageRequest, type GatewayRecordLike } from './gateway-usage.js';
export { workerFailure, failedWorkers, type FailedWorker, type SessionTrace } from './failure.js';
