import { violationKind } from './codes.js';
import type { Violation } from './types.js';

export interface SortedViolations {
  /** Rules that guard the verdict: any one of them ends the run `contract-violated`. */
  protecting: Violation[];
  /** Rules about the record's quality: persisted as warnings, the verdict stands. */
  advisory: Violation[];
}

export function sortViolations(violations: readonly Violation[]): SortedViolations {
  return {
    protecting: violations.filter((v) => violationKind(v.code) === 'protecting'),
    advisory: violations.filter((v) => violationKind(v.code) === 'advisory'),
  };
}

/** The verdict reason a protecting violation gives a run it stopped. */
export function protectingReason(v: Violation): string {
  return `the report broke a conformance rule that protects the verdict: ${v.code}: ${v.message}`;
}

/** Violations once each, by code, message and pointer, first occurrence first. */
export function uniqueViolations(violations: readonly Violation[]): Violation[] {
  const seen = new Set<string>();
  return violations.filter((v) => {
    const key = `${v.code}\u0000${v.message}\u0000${v.pointer ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
