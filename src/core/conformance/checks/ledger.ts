import type { StageRow as LedgerRow } from '../../ledger/row.js';
import type { FinalReport } from '../../report/schema/final-report.js';
import type { Check, Violation } from '../types.js';
import { violation } from '../violation.js';
import { pushAll } from '../../arrays.js';

/** What the terminal row must say for this report, checked on the report's copy and on the row in the ledger. */
function rowViolations(report: FinalReport, row: LedgerRow | null, where: string, pointer?: string): Violation[] {
  const at = pointer === undefined ? {} : { pointer };
  if (row === null) return [violation('ledger/row-missing', `${where}: no terminal ledger row`, at)];
  const out: Violation[] = [];
  if (row.plan_id !== report.plan.id || row.stage !== report.stage.number || row.run_id !== report.run.id) {
    out.push(
      violation(
        'ledger/identity-mismatch',
        `${where}: row is for plan ${row.plan_id} stage ${row.stage} run ${row.run_id}, the report for plan ${report.plan.id} stage ${report.stage.number} run ${report.run.id}`,
        at,
      ),
    );
  }
  if (report.verdict.value === 'FAIL' && row.status !== 'failed') {
    out.push(violation('ledger/not-failed', `${where}: verdict FAIL but the row is "${row.status}"`, at));
  }
  if (report.verdict.value === 'PASS' && row.status !== 'done') {
    out.push(violation('ledger/not-done', `${where}: verdict PASS but the row is "${row.status}"`, at));
  }
  if (row.head_commit !== undefined && row.head_commit !== report.git.headCommit) {
    out.push(
      violation(
        'ledger/head-mismatch',
        `${where}: head_commit ${row.head_commit} is not the report's head ${report.git.headCommit}`,
        at,
      ),
    );
  }
  if (row.status === 'done') {
    const ev = report.stageSidecarEvidence;
    if (ev.carryPath !== row.carry_path) {
      out.push(
        violation(
          'ledger/carry-path-mismatch',
          `${where}: carry_path ${row.carry_path} but the report records ${ev.carryPath ?? 'no carry path'}`,
          at,
        ),
      );
    }
  }
  return out;
}

function sameRow(a: LedgerRow | null, b: LedgerRow | null): boolean {
  return JSON.stringify(a === null ? null : sortedEntries(a)) === JSON.stringify(b === null ? null : sortedEntries(b));
}

function sortedEntries(row: LedgerRow): Array<[string, unknown]> {
  return Object.entries(row).sort(([x], [y]) => x.localeCompare(y));
}

/** The ledger says what the verdict says: `done` with the head commit on PASS, `failed` on FAIL. */
export const checkLedger: Check = ({ report, artifacts }) => {
  const out = rowViolations(report, report.ledgerRow, 'report.ledgerRow', '/ledgerRow');
  if (artifacts.ledgerRow === undefined) return out;
  if (!sameRow(artifacts.ledgerRow, report.ledgerRow)) {
    out.push(
      violation('ledger/report-mismatch', 'the row appended to the ledger differs from report.ledgerRow', {
        pointer: '/ledgerRow',
      }),
    );
    pushAll(out, rowViolations(report, artifacts.ledgerRow, 'ledger'));
  }
  return out;
};
