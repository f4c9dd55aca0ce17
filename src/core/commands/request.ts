import { z } from 'zod';

/**
 * The `request` input of the dispatch contract (docs/action.md, "Dispatch
 * contract"): everything okstra sets itself when it starts a run — the pull
 * request and checks to report to, who asked and how, the plan commit, the
 * planning ids — as one versioned JSON object. A person who dispatches by
 * hand sets only the named inputs (`DISPATCH_INPUTS`); GitHub Enterprise
 * versions that take at most ten `workflow_dispatch` inputs can run okstra.
 *
 * Field names are the Action's input names, so one vocabulary names a value
 * wherever it travels; each field's own rule (its allowed values) is the
 * Action input's, checked after unpacking.
 */

export const REQUEST_VERSION = 1;

/** The inputs a request carries, in the order they are written. */
export const REQUEST_FIELDS = [
  'plan-ref',
  'pr-number',
  'check-run-id',
  'trigger',
  'actor',
  'reset',
  'rebase',
  'plan-id',
  'review-id',
  'comment-id',
  'approver',
] as const;
export type RequestField = (typeof REQUEST_FIELDS)[number];

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const text = z.string().min(1).max(255);

/** Typed JSON on the wire; unknown fields are refused so a newer okstra's request is never half-read. */
export const RequestSchema = z.strictObject({
  v: z.literal(REQUEST_VERSION),
  'plan-ref': text.optional(),
  'pr-number': id.optional(),
  'check-run-id': z.union([id, z.record(z.string().regex(/^[1-9][0-9]{0,5}$/), id)]).optional(),
  trigger: text.optional(),
  actor: text.optional(),
  reset: z.boolean().optional(),
  rebase: z.boolean().optional(),
  'plan-id': text.optional(),
  'review-id': id.optional(),
  'comment-id': id.optional(),
  approver: text.optional(),
});
export type DispatchRequestJson = z.infer<typeof RequestSchema>;

const INTEGER_FIELDS: readonly RequestField[] = ['pr-number', 'review-id', 'comment-id'];

/**
 * The request JSON for the given flat inputs (input name → the string the
 * Action would read): fields okstra leaves empty are left out, numbers and
 * booleans are written typed.
 */
export function packRequest(flat: Readonly<Partial<Record<RequestField, string>>>): string {
  const request: Record<string, unknown> = { v: REQUEST_VERSION };
  for (const field of REQUEST_FIELDS) {
    const value = flat[field];
    if (value === undefined || value === '') continue;
    if (INTEGER_FIELDS.includes(field)) request[field] = Number(value);
    else if (field === 'reset' || field === 'rebase') {
      if (value === 'true') request[field] = true;
    } else if (field === 'check-run-id') request[field] = /^[0-9]+$/.test(value) ? Number(value) : JSON.parse(value);
    else request[field] = value;
  }
  return JSON.stringify(RequestSchema.parse(request));
}

export type UnpackedRequest =
  { ok: true; fields: Partial<Record<RequestField, string>> } | { ok: false; field: string; message: string };

/**
 * A request as the Action reads it: JSON, this version, known fields of the
 * right type, each turned back into the string its input would hold. A bad
 * one is refused naming the field (`request.check-run-id`) and what it
 * must be; an empty request is no fields.
 */
export function unpackRequest(raw: string): UnpackedRequest {
  if (raw.trim() === '') return { ok: true, fields: {} };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    return { ok: false, field: 'request', message: `not JSON (${(error as Error).message})` };
  }
  if (typeof json === 'object' && json !== null && !Array.isArray(json) && (json as { v?: unknown }).v !== 1) {
    const v = (json as { v?: unknown }).v;
    return {
      ok: false,
      field: 'request.v',
      message: `this okstra reads request version ${REQUEST_VERSION}, got ${JSON.stringify(v) ?? 'none'}: the run was dispatched by another okstra version (pin the same okstra commit in the workflow and the App)`,
    };
  }
  const parsed = RequestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
    const path = ['request', ...(issue?.path ?? []).map(String), ...(key !== undefined ? [key] : [])].join('.');
    return {
      ok: false,
      field: path,
      message:
        key !== undefined ? `not a field okstra knows (${REQUEST_FIELDS.join(', ')})` : (issue?.message ?? 'invalid'),
    };
  }
  const fields: Partial<Record<RequestField, string>> = {};
  for (const field of REQUEST_FIELDS) {
    const value = parsed.data[field];
    if (value === undefined) continue;
    fields[field] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return { ok: true, fields };
}
