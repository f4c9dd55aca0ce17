import { readFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { parsePlan } from '../core/plan/index.js';
import type { Plan, PlanParseResult } from '../core/plan/types.js';
import { formatDiagnostic } from '../core/diagnostics.js';
import { CliError } from './io.js';

export interface ReadPlanOptions {
  /** Unknown fields and misplaced stage headings become warnings (`parsePlan`'s `lenient`). */
  lenient?: boolean;
}

/** Reads and parses a plan file; the path in diagnostics is the one the user typed. */
export async function readPlan(file: string, cwd: string, options: ReadPlanOptions = {}): Promise<PlanParseResult> {
  const abs = isAbsolute(file) ? file : resolve(cwd, file);
  let text: string;
  try {
    text = await readFile(abs, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a directory'
          : ((error as Error).message ?? String(error));
    throw new CliError(`cannot read plan ${file}: ${why}`);
  }
  const shown = isAbsolute(file) ? relative(cwd, abs) || file : file;
  return parsePlan(text, { path: shown.startsWith('..') ? abs : shown, lenient: options.lenient === true });
}

/** A plan that must be valid for the command to go on; otherwise the errors are printed and the command refuses. */
export async function readValidPlan(
  file: string,
  cwd: string,
  err: (text: string) => void,
  options: ReadPlanOptions = {},
): Promise<Plan> {
  const result = await readPlan(file, cwd, options);
  if (result.errors.length > 0 || !result.plan) {
    for (const d of result.errors) err(formatDiagnostic(d));
    throw new CliError(
      `${file} is not a valid plan (${result.errors.length} error${result.errors.length === 1 ? '' : 's'}); run \`okstra plan validate ${file}\``,
    );
  }
  return result.plan;
}
