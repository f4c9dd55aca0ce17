import type { FinalReport, Finding } from '../../report/schema/final-report.js';
import type { Check, RunArtifacts, Violation } from '../types.js';
import { violation } from '../violation.js';
import { pushAll } from '../../arrays.js';

function normalisePath(path: string): string {
  return path.replace(/\\/g, '/').replace(/^(?:\.\/)+/, '');
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * What citations are judged against, per report: the head tree (when given),
 * every path the run knows of by base name, and each worker's evidence
 * ledger. The two path indexes are built on the first citation that needs
 * them: a report without findings (most passing runs) never walks a head tree
 * of tens of thousands of files.
 */
class CitationIndex {
  private headSet: Set<string> | null | undefined;
  private knownPaths: { all: Set<string>; byBasename: Map<string, Set<string>> } | undefined;
  private readonly evidence = new Map<string, Set<string>>();

  constructor(
    private readonly report: FinalReport,
    private readonly artifacts: RunArtifacts,
  ) {
    for (const v of report.verifiers) this.evidence.set(v.worker, new Set(v.evidenceRead.map(normalisePath)));
    if (report.critic) this.evidence.set(report.critic.worker, new Set(report.critic.evidenceRead.map(normalisePath)));
  }

  /** The head tree's files, or null when the caller gave none. */
  get head(): Set<string> | null {
    if (this.headSet === undefined)
      this.headSet = this.artifacts.headFiles ? new Set(this.artifacts.headFiles.map(normalisePath)) : null;
    return this.headSet;
  }

  private known(): { all: Set<string>; byBasename: Map<string, Set<string>> } {
    if (this.knownPaths) return this.knownPaths;
    const all = new Set<string>();
    const byBasename = new Map<string, Set<string>>();
    for (const path of [
      ...(this.head ?? []),
      ...[...this.evidence.values()].flatMap((set) => [...set]),
      ...this.report.git.changedFiles.map(normalisePath),
    ]) {
      all.add(path);
      const name = basename(path);
      const set = byBasename.get(name) ?? new Set<string>();
      set.add(path);
      byBasename.set(name, set);
    }
    this.knownPaths = { all, byBasename };
    return this.knownPaths;
  }

  /** Whether the path is a file of the run: in the head tree when that is known, else anywhere the run mentions. */
  exists(path: string): boolean {
    const head = this.head;
    return head ? head.has(path) : this.known().all.has(path);
  }

  /** Deeper paths a bare file name could stand for. */
  candidates(bareName: string): string[] {
    return [...(this.known().byBasename.get(bareName) ?? [])].filter((p) => p !== bareName);
  }

  /** The evidence ledger of a worker, or null when it kept none (not a verifier or the critic). */
  evidenceOf(worker: string): Set<string> | null {
    return this.evidence.get(worker) ?? null;
  }
}

/**
 * A finding is only as good as its citation: the file must be one the raiser
 * recorded reading, named by the same project-relative path, and present at
 * the head commit. A bare file name is treated as what it is: a different
 * string from the evidence row, and a guess when several files share it.
 */
function citationViolations(report: FinalReport, f: Finding, i: number, index: CitationIndex): Violation[] {
  if (f.file === null) return [];
  const path = normalisePath(f.file);
  const pointer = `/findings/${i}/file`;

  if (!path.includes('/') && !index.exists(path)) {
    const candidates = index.candidates(path);
    if (candidates.length > 1) {
      return [
        violation(
          'finding/ambiguous-path',
          `finding ${f.id} cites bare name "${path}", which matches ${candidates.join(', ')}`,
          { pointer },
        ),
      ];
    }
    const only = candidates[0];
    if (only !== undefined) {
      return [
        violation(
          'finding/evidence-not-read',
          `finding ${f.id} cites bare name "${path}"; the evidence row is "${only}"`,
          {
            pointer,
            hint: `Cite "${only}" — a bare file name does not match its evidence row.`,
          },
        ),
      ];
    }
  }

  const out: Violation[] = [];
  if (index.head && !index.head.has(path)) {
    out.push(
      violation(
        'finding/file-absent',
        `finding ${f.id} cites "${path}", which is not in the tree at ${report.git.headCommit.slice(0, 12)}`,
        { pointer },
      ),
    );
  }
  const evidence = index.evidenceOf(f.raisedBy);
  if (evidence === null) {
    out.push(
      violation(
        'finding/evidence-not-read',
        `finding ${f.id} was raised by "${f.raisedBy}", which recorded no evidence`,
        { pointer: `/findings/${i}/raisedBy` },
      ),
    );
  } else if (!evidence.has(path)) {
    out.push(
      violation(
        'finding/evidence-not-read',
        `finding ${f.id} cites "${path}", which ${f.raisedBy} did not record in evidenceRead`,
        { pointer },
      ),
    );
  }
  return out;
}

function shapeViolations(f: Finding, i: number): Violation[] {
  const out: Violation[] = [];
  const pointer = `/findings/${i}`;
  if (f.disposition === 'confirmed' && f.confirmedBy.length === 0) {
    out.push(
      violation('finding/disposition-unsupported', `finding ${f.id} is confirmed but confirmedBy is empty`, {
        pointer,
      }),
    );
  }
  if (f.disposition === 'refuted' && f.refutedBy.length === 0) {
    out.push(
      violation('finding/disposition-unsupported', `finding ${f.id} is refuted but refutedBy is empty`, { pointer }),
    );
  }
  if (f.line !== null && f.file === null)
    out.push(violation('finding/bad-range', `finding ${f.id} has a line but no file`, { pointer }));
  if (f.endLine !== null && f.line === null)
    out.push(violation('finding/bad-range', `finding ${f.id} has an endLine but no line`, { pointer }));
  if (f.endLine !== null && f.line !== null && f.endLine < f.line) {
    out.push(
      violation('finding/bad-range', `finding ${f.id} ends (line ${f.endLine}) before it starts (line ${f.line})`, {
        pointer,
      }),
    );
  }
  return out;
}

export const checkFindings: Check = ({ report, artifacts }) => {
  const out: Violation[] = [];
  const ids = new Set<string>();
  report.findings.forEach((f, i) => {
    if (ids.has(f.id))
      out.push(
        violation('finding/duplicate-id', `finding id ${f.id} is used more than once`, {
          pointer: `/findings/${i}/id`,
        }),
      );
    ids.add(f.id);
  });
  const listed: Array<[string, string]> = [
    ...report.verifiers.flatMap((v, i) =>
      v.findings.map((id, j): [string, string] => [id, `/verifiers/${i}/findings/${j}`]),
    ),
    ...(report.critic?.findings.map((id, j): [string, string] => [id, `/critic/findings/${j}`]) ?? []),
  ];
  for (const [id, pointer] of listed) {
    if (!ids.has(id))
      out.push(
        violation('finding/unknown-id', `finding ${id} is listed at ${pointer} but not in findings[]`, { pointer }),
      );
  }

  const index = new CitationIndex(report, artifacts);
  report.findings.forEach((f, i) => {
    pushAll(pushAll(out, shapeViolations(f, i)), citationViolations(report, f, i, index));
  });
  return out;
};
