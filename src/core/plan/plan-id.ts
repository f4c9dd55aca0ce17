import type { SourcePosition } from '../diagnostics.js';
import { planIdProblem } from '../ids.js';
import { PLAN_CODES } from './codes.js';
import type { DiagnosticSink } from './diagnostic-sink.js';

/** `plans/Add Login.md` → `Add Login`: the file name without directory and last extension. */
export function fileStem(path: string): string {
  const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** A safe id close to `id`, offered in the hint: `Add Login` → `add-login`. */
export function suggestPlanId(id: string): string {
  const slug = id
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[^a-z0-9]+|[-_.]+$/g, '')
    .slice(0, 63)
    .replace(/(?:\.lock|[-_.])+$/, '');
  return slug || 'my-plan';
}

/**
 * The plan id: front matter `id` when given, else the file stem. It ends up
 * in branch names and paths, so an unsafe one is an error.
 */
export function resolvePlanId(
  fromFrontMatter: { value: string; position: SourcePosition } | null,
  path: string,
  sink: DiagnosticSink,
): string {
  const id = fromFrontMatter?.value ?? fileStem(path);
  const problem = planIdProblem(id);
  if (problem) {
    const suggestion = suggestPlanId(id);
    if (fromFrontMatter) {
      sink.error(
        PLAN_CODES.unsafePlanId,
        fromFrontMatter.position,
        problem,
        `use a safe id, e.g. \`id: ${suggestion}\``,
      );
    } else {
      sink.error(
        PLAN_CODES.unsafePlanId,
        { line: 1, column: 1 },
        `${problem}; it was taken from the file name`,
        `set a safe id in the front matter (\`---\` / \`id: ${suggestion}\` / \`---\`) or rename the file`,
      );
    }
  }
  return id;
}
