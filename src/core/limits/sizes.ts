import type { FindingSeverity } from '../report/schema/final-report.js';

/**
 * The size caps of `.okstra/config.yml` `limits`, decided on plain numbers. Each cap turns an input no run could
 * carry (a committed node_modules, a verifier listing every line, a carry forwarded whole into every dependent
 * prompt) into a verdict whose reason names the size and the cap, instead of a crash that can only be retried.
 */
export interface SizeLimits {
  carryBytes: number;
  stageFiles: number;
  stageBytes: number;
  findingsPerVerifier: number;
}

/** `1536` → `1.5 KiB`: sizes in reasons a person reads. */
export function byteSize(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${Number(value.toFixed(1))} ${units[unit]}`;
}

/** Why a carry is refused, or null when it fits. Measured in UTF-8 bytes, as it is written and forwarded. */
export function carryOverCap(json: string, cap: number): string | null {
  // A string of n UTF-16 units holds at most 3n UTF-8 bytes: most carries are judged without encoding them.
  if (json.length * 3 <= cap) return null;
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes <= cap) return null;
  return `Stage Carry Evidence is ${byteSize(bytes)} (${bytes} bytes), over the ${byteSize(cap)} cap (limits.carryBytes in .okstra/config.yml): carry a summary and point at files in the branch instead`;
}

/** Why a stage's change is too large to push and review, or null when it fits. `bytes` is null when not measured. */
export function stageSizeProblem(files: number, bytes: number | null, limits: SizeLimits): string | null {
  if (files > limits.stageFiles)
    return `the stage changed ${files} files, over the cap of ${limits.stageFiles} (limits.stageFiles in .okstra/config.yml); nothing was pushed: commit generated or vendored files (e.g. node_modules) nowhere, or raise the cap`;
  if (bytes !== null && bytes > limits.stageBytes)
    return `the stage's added and changed files hold ${byteSize(bytes)} (${bytes} bytes), over the ${byteSize(limits.stageBytes)} cap (limits.stageBytes in .okstra/config.yml); nothing was pushed: keep large files out of the branch, or raise the cap`;
  return null;
}

const RANK: Readonly<Record<FindingSeverity, number>> = { blocking: 0, major: 1, minor: 2, info: 3 };

/**
 * At most `cap` findings, the most severe first (a blocking one is never dropped for an info), in their original
 * order; the rest are only counted. Linear in the number listed, so 150,000 findings cost one pass.
 */
export function keepFindings<T extends { severity: FindingSeverity }>(
  findings: readonly T[],
  cap: number,
): { kept: T[]; dropped: number } {
  if (findings.length <= cap) return { kept: [...findings], dropped: 0 };
  const perRank = [0, 0, 0, 0];
  for (const f of findings) perRank[RANK[f.severity]] = (perRank[RANK[f.severity]] ?? 0) + 1;
  // The least severe rank that still gets a place, and how many of that rank fit.
  let left = cap;
  let lastRank = 0;
  for (; lastRank < perRank.length; lastRank++) {
    const here = perRank[lastRank] ?? 0;
    if (here >= left) break;
    left -= here;
  }
  const kept: T[] = [];
  for (const f of findings) {
    const rank = RANK[f.severity];
    if (rank < lastRank) kept.push(f);
    else if (rank === lastRank && left > 0) {
      kept.push(f);
      left--;
    }
  }
  return { kept, dropped: findings.length - kept.length };
}
