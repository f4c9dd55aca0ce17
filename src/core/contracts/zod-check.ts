import type { z } from 'zod';
import type { SchemaCheck, SchemaProblem } from '../report/validate-schema.js';

/**
 * A zod schema as a `SchemaCheck`, so results validated with zod report
 * problems the same way as the ajv-checked ones: one JSON Pointer and one
 * message each, and a missing key named as such rather than as "expected
 * string, received undefined".
 */
export function zodCheck<T>(schema: z.ZodType<T>): (value: unknown) => SchemaCheck<T> {
  return (value) => {
    const result = schema.safeParse(value);
    if (result.success) return { ok: true, value: result.data };
    return { ok: false, problems: result.error.issues.map((issue) => problemOf(issue, value)) };
  };
}

function pointerOf(path: readonly PropertyKey[]): string {
  return path.map((key) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function problemOf(issue: z.core.$ZodIssue, root: unknown): SchemaProblem {
  const parentPath = issue.path.slice(0, -1);
  const key = issue.path[issue.path.length - 1];
  const parent = valueAt(root, parentPath);
  const isMissing =
    issue.code === 'invalid_type' &&
    key !== undefined &&
    parent !== null &&
    typeof parent === 'object' &&
    !Array.isArray(parent) &&
    !(key in parent);
  if (isMissing) return { pointer: pointerOf(parentPath), message: `missing property "${String(key)}"` };
  return { pointer: pointerOf(issue.path), message: issue.message };
}
