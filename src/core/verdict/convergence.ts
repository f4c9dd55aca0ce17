import type { Finding } from '../report/schema/final-report.js';

export type Position = 'confirm' | 'refute' | 'withdraw';

export interface PositionTaken {
  findingId: string;
  worker: string;
  position: Position;
}

/**
 * Blocking findings that not every answering verifier raised: the ones
 * convergence asks the others about. A finding every verifier raised
 * independently is already confirmed.
 */
export function disputedFindings(findings: readonly Finding[], answering: readonly string[]): Finding[] {
  return findings.filter(
    (f) =>
      f.severity === 'blocking' &&
      f.disposition === 'standing' &&
      answering.some((w) => w !== f.raisedBy && !f.confirmedBy.includes(w) && !f.refutedBy.includes(w)),
  );
}

/**
 * Applies one round of answers. A blocking finding is refuted only when every
 * other verifier refuted it and its author withdrew it; one confirmation makes
 * it confirmed; otherwise it keeps standing (and so still fails the stage).
 */
export function applyPositions(
  findings: readonly Finding[],
  positions: readonly PositionTaken[],
  answering: readonly string[],
): Finding[] {
  return findings.map((f) => {
    const mine = positions.filter((p) => p.findingId === f.id);
    if (mine.length === 0) return f;
    const confirmedBy = unique([
      ...f.confirmedBy,
      ...mine.filter((p) => p.worker !== f.raisedBy && p.position === 'confirm').map((p) => p.worker),
    ]);
    const refutedBy = unique([
      ...f.refutedBy,
      ...mine.filter((p) => p.worker !== f.raisedBy && p.position === 'refute').map((p) => p.worker),
    ]);
    const withdrawn = mine.some((p) => p.worker === f.raisedBy && p.position === 'withdraw');
    const others = answering.filter((w) => w !== f.raisedBy);
    let disposition: Finding['disposition'] = f.disposition;
    if (confirmedBy.length > 0) disposition = 'confirmed';
    else if (withdrawn && others.length > 0 && others.every((w) => refutedBy.includes(w))) disposition = 'refuted';
    return { ...f, confirmedBy, refutedBy, disposition };
  });
}

export interface MergedFindings {
  findings: Finding[];
  /** Removed id → the id of the finding it was folded into. Ids that survived are not listed. */
  survivorOf: ReadonlyMap<string, string>;
}

/**
 * Findings several verifiers raised about the same place count as one,
 * confirmed by the others. The mapping lets each verifier's own list of ids
 * follow its finding to the one that survived, so no report names an id
 * that is no longer in `findings`.
 */
export function mergeDuplicateFindings(findings: readonly Finding[]): MergedFindings {
  const out: Finding[] = [];
  const survivorOf = new Map<string, string>();
  for (const f of findings) {
    const twin = out.find(
      (o) =>
        o.severity === f.severity &&
        o.file !== null &&
        o.file === f.file &&
        o.line === f.line &&
        o.raisedBy !== f.raisedBy,
    );
    if (twin) {
      const merged = { ...twin, confirmedBy: unique([...twin.confirmedBy, f.raisedBy]) };
      merged.disposition = merged.severity === 'blocking' ? 'confirmed' : merged.disposition;
      out[out.indexOf(twin)] = merged;
      survivorOf.set(f.id, twin.id);
    } else out.push(f);
  }
  return { findings: out, survivorOf };
}

/** A worker's list of finding ids after a merge: each removed id replaced by its survivor, each id once, order kept. */
export function survivingIds(ids: readonly string[], survivorOf: ReadonlyMap<string, string>): string[] {
  return unique(ids.map((id) => survivorOf.get(id) ?? id));
}

function unique<T>(xs: readonly T[]): T[] {
  return [...new Set(xs)];
}
