import { formatDiagnostic, sortDiagnostics } from '../diagnostics.js';
import type { PlanParseResult } from './types.js';

/**
 * Every diagnostic of a parse (errors and warnings in file order, hints on
 * their own indented line), then a one-line summary.
 */
export function formatPlanResult(result: PlanParseResult): string[] {
  const all = sortDiagnostics([...result.errors, ...result.warnings]);
  const lines = all.flatMap((diagnostic) => formatDiagnostic(diagnostic).split('\n'));
  const path = result.plan?.path ?? all[0]?.path ?? 'plan';
  const counts = `${plural(result.errors.length, 'error')}, ${plural(result.warnings.length, 'warning')}`;
  const stages = result.plan ? `, ${plural(result.plan.stages.length, 'stage')}` : '';
  lines.push(`${path}: ${counts}${stages}`);
  return lines;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
