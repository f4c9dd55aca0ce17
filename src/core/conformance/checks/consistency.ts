import type { Check, Violation } from '../types.js';
import { violation } from '../violation.js';

/** Figures the report derives from others agree with them. */
export const checkConsistency: Check = ({ report }) => {
  const out: Violation[] = [];
  if (Date.parse(report.run.finishedAt) < Date.parse(report.run.startedAt)) {
    out.push(
      violation(
        'run/time-order',
        `run finished (${report.run.finishedAt}) before it started (${report.run.startedAt})`,
        { pointer: '/run/finishedAt' },
      ),
    );
  }

  const { workers, total } = report.usage;
  const input = workers.reduce((s, w) => s + w.inputTokens, 0);
  const output = workers.reduce((s, w) => s + w.outputTokens, 0);
  if (input !== total.inputTokens || output !== total.outputTokens) {
    out.push(
      violation(
        'usage/total-mismatch',
        `usage.total is ${total.inputTokens} in / ${total.outputTokens} out; the workers sum to ${input} in / ${output} out`,
        { pointer: '/usage/total' },
      ),
    );
  }

  const changed = new Set(report.git.changedFiles);
  const stray = report.git.outOfPlanFiles.filter((p) => !changed.has(p));
  if (stray.length > 0) {
    out.push(
      violation('git/inconsistent', `outOfPlanFiles lists files that did not change: ${stray.join(', ')}`, {
        pointer: '/git/outOfPlanFiles',
      }),
    );
  }
  if (report.git.diffStat.filesChanged !== changed.size) {
    out.push(
      violation(
        'git/inconsistent',
        `diffStat counts ${report.git.diffStat.filesChanged} changed files, changedFiles lists ${changed.size}`,
        { pointer: '/git/diffStat/filesChanged' },
      ),
    );
  }
  return out;
};
