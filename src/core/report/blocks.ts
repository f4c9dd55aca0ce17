/**
 * The building blocks of every Markdown format: each returns a `Section` so
 * the comment and check-run renderers can cut them to a size limit, while the
 * full report simply keeps them all. All text that did not come from okstra
 * itself passes through the escapers in src/core/text.
 */
// One module per kind of block in ./blocks/; this file is their one public face.
export { FULL_DETAIL, textSection, type DetailLimits } from './blocks/section.js';
export {
  NO_ISOLATION_WARNING,
  budgetSection,
  errorsSection,
  failuresSection,
  findingItem,
  findingsSection,
  groupFindings,
  headlineSection,
  isolationSection,
  queueSection,
  reasonsSection,
  sidecarSection,
} from './blocks/verdict.js';
export {
  convergenceSection,
  executorSection,
  gitSection,
  qaOutputSection,
  qaSection,
  verifiersSection,
} from './blocks/evidence.js';
export {
  carryJsonSection,
  ledgerRowSection,
  progressSection,
  requestsSection,
  rosterSection,
  workerUsageSection,
} from './blocks/bookkeeping.js';
