import type { Check, Violation } from '../types.js';
import { violation } from '../violation.js';

/** Verifiers are read-only and their verdict reflects whether they finished. */
export const checkVerifiers: Check = ({ report, artifacts }) => {
  const out: Violation[] = [];
  report.verifiers.forEach((v, i) => {
    if ((v.status === 'done') !== (v.verdict !== null)) {
      const got = v.verdict === null ? 'no verdict' : `verdict ${v.verdict}`;
      out.push(
        violation('verifier/status-mismatch', `verifier ${v.worker} has status ${v.status} and ${got}`, {
          pointer: `/verifiers/${i}`,
        }),
      );
    }
    const unread = v.unreadCitations ?? [];
    if (unread.length > 0 && (v.status !== 'contract-violated' || v.verdict !== null)) {
      out.push(
        violation(
          'verifier/unread-citation-counted',
          `verifier ${v.worker} cited ${unread.join(', ')} without opening ${unread.length === 1 ? 'it' : 'them'} but is recorded as ${v.status} with ${v.verdict === null ? 'no verdict' : `verdict ${v.verdict}`}`,
          { pointer: `/verifiers/${i}/unreadCitations` },
        ),
      );
    }
  });
  for (const record of artifacts.verifierWorktrees ?? []) {
    if (record.changedFiles.length === 0) continue;
    const shown = record.changedFiles.slice(0, 5).join(', ');
    const more = record.changedFiles.length > 5 ? ` and ${record.changedFiles.length - 5} more` : '';
    const i = report.verifiers.findIndex((v) => v.worker === record.worker);
    const status = i >= 0 ? ` (recorded as ${report.verifiers[i]?.status})` : '';
    out.push(
      violation(
        'verifier/worktree-changed',
        `verifier ${record.worker} changed its worktree${status}: ${shown}${more}`,
        i >= 0 ? { pointer: `/verifiers/${i}` } : {},
      ),
    );
    const entry = report.verifiers[i];
    if (entry && (entry.status !== 'contract-violated' || entry.verdict !== null)) {
      out.push(
        violation(
          'verifier/changed-tree-counted',
          `verifier ${record.worker} changed its worktree but is recorded as ${entry.status} with ${entry.verdict === null ? 'no verdict' : `verdict ${entry.verdict}`}`,
          { pointer: `/verifiers/${i}` },
        ),
      );
    }
  }
  return out;
};
