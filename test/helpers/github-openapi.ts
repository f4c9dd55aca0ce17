/**
 * Checks a request against GitHub's published OpenAPI description of
 * api.github.com (@octokit/openapi, pinned): the operation must exist for
 * the method and path, and its path parameters, query parameters and JSON
 * body must match the operation's schemas. The test stand-ins for the API
 * (the Action's fake server, the bot's nock) run every request through it,
 * so a request GitHub would refuse fails a test instead of passing against
 * a fake that accepts anything.
 *
 * The description with `$ref`s (13 MB, ~90 ms to parse) is loaded rather
 * than the dereferenced one (73 MB, ~0.5 s and ~190 MB of heap per test
 * process): ajv resolves the references itself.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AjvModule, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// Both packages are CommonJS with a default export.
const Ajv = AjvModule.default;
const addFormats = addFormatsModule.default;

export interface GitHubRequest {
  method: string;
  /** The request's path with its query string, e.g. `/repos/o/r/pulls?state=open`; a full URL is accepted too. */
  path: string;
  headers?: Record<string, string | string[] | undefined>;
  /** The parsed JSON body; undefined (or null) when the request has none. */
  body: unknown;
  /** A prefix the server is mounted under (e.g. `/api/v3`), stripped before matching. */
  basePath?: string;
}

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const SPEC_ID = 'github';
const SLASHED_PARAMS = new Set(['{path}', '{ref}', '{branch}']);

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  /** Where the parameter's schema is in the description, as a JSON pointer. */
  schemaPointer: string;
  isArray: boolean;
}

interface Operation {
  id: string;
  method: string;
  template: string;
  pointer: string;
  parameters: Parameter[];
  body: { required: boolean; jsonPointer: string | null; mediaTypes: string[] } | null;
}

interface Template {
  template: string;
  segments: string[];
  methods: Map<string, Json>;
}

interface Description {
  doc: Json;
  templates: Template[];
  /** Bodies compile without coercion; parameters arrive as strings, so theirs coerce. */
  bodyAjv: InstanceType<typeof Ajv>;
  paramAjv: InstanceType<typeof Ajv>;
  operations: Map<string, Operation>;
  compiled: Map<string, ValidateFunction>;
}

let loaded: Description | undefined;

function description(): Description {
  if (loaded) return loaded;
  const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
  const doc = toAjvDialect(JSON.parse(readFileSync(file, 'utf8'))) as Json;
  const templates = Object.entries(doc.paths as Record<string, Json>).map(([template, item]) => ({
    template,
    segments: template.split('/').slice(1),
    methods: new Map(
      METHODS.filter((m) => item[m] !== undefined).map((m) => [m, { ...(item[m] as Json), pathItem: item }]),
    ),
  }));
  const ajv = (coerce: boolean): InstanceType<typeof Ajv> => {
    // strict: false because the description carries OpenAPI keywords (`example`, `discriminator`, `x-*`) that are not JSON Schema.
    const a = new Ajv({ strict: false, allErrors: true, validateSchema: false, coerceTypes: coerce });
    addFormats(a);
    // Formats GitHub's description uses that no standard defines: nothing to check them against.
    a.addFormat('repo.nwo', true);
    a.addFormat('timestamp', true);
    a.addSchema(doc, SPEC_ID);
    return a;
  };
  loaded = { doc, templates, bodyAjv: ajv(false), paramAjv: ajv(true), operations: new Map(), compiled: new Map() };
  return loaded;
}

/**
 * OpenAPI 3.0's `nullable: true` in terms ajv checks: ajv reads `nullable`
 * only next to a `type` and does not let it widen an `enum`, and the
 * description has both cases (e.g. a nullable `allOf`, a nullable enum).
 */
function toAjvDialect(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toAjvDialect);
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = toAjvDialect(v);
  if (out.nullable !== true) return out;
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...(out.enum as unknown[]), null];
  if (out.type !== undefined) return out;
  const rest = { ...out };
  delete rest.nullable;
  return { anyOf: [{ type: 'null' }, rest] };
}

/** RFC 6901 escaping, then URI escaping: the pointer goes into a `$ref`'s fragment. */
function pointer(...parts: Array<string | number>): string {
  return parts.map((p) => `/${encodeURIComponent(String(p).replace(/~/g, '~0').replace(/\//g, '~1'))}`).join('');
}

function at(doc: Json, ptr: string): unknown {
  let node: unknown = doc;
  for (const raw of ptr.split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = (node as Json | undefined)?.[key];
  }
  return node;
}

/** Follows local `$ref`s to the node they name; returns the node and its pointer. */
function deref(doc: Json, node: unknown, ptr: string): { node: Json; ptr: string } {
  let n = node as Json;
  let p = ptr;
  for (let hops = 0; typeof n?.$ref === 'string' && hops < 20; hops++) {
    const ref = n.$ref;
    if (!ref.startsWith('#/')) throw new Error(`github-openapi: a non-local $ref (${ref}) at ${p}`);
    // The fragment is already a JSON pointer; only URI escaping is added (as `pointer` does).
    p = ref.slice(1).split('/').map(encodeURIComponent).join('/');
    n = at(doc, p) as Json;
  }
  return { node: n, ptr: p };
}

function operation(d: Description, t: Template, method: string): Operation {
  const key = `${method} ${t.template}`;
  const cached = d.operations.get(key);
  if (cached) return cached;
  const raw = t.methods.get(method) as Json;
  const opPtr = pointer('paths', t.template, method);
  const params = new Map<string, Parameter>();
  // Path-item parameters first: the operation's own override them (OpenAPI 3.0, Path Item Object).
  const lists: Array<[unknown, string]> = [
    [(raw.pathItem as Json).parameters, pointer('paths', t.template, 'parameters')],
    [raw.parameters, `${opPtr}/parameters`],
  ];
  for (const [list, listPtr] of lists) {
    if (!Array.isArray(list)) continue;
    list.forEach((entry, i) => {
      const { node, ptr } = deref(d.doc, entry, `${listPtr}/${i}`);
      const schema = deref(d.doc, node.schema, `${ptr}/schema`).node;
      const name = String(node.name);
      const where = String(node.in);
      params.set(`${where}:${name}`, {
        name,
        in: where,
        required: node.required === true,
        schemaPointer: `${ptr}/schema`,
        isArray: schema?.type === 'array',
      });
    });
  }
  let body: Operation['body'] = null;
  if (raw.requestBody !== undefined) {
    const { node, ptr } = deref(d.doc, raw.requestBody, `${opPtr}/requestBody`);
    const content = (node.content ?? {}) as Json;
    const mediaTypes = Object.keys(content);
    const json = mediaTypes.find((m) => /^application\/(.+\+)?json$/.test(m));
    body = {
      required: node.required === true,
      jsonPointer: json ? `${ptr}${pointer('content', json, 'schema')}` : null,
      mediaTypes,
    };
  }
  const op: Operation = {
    id: typeof raw.operationId === 'string' ? raw.operationId : key,
    method,
    template: t.template,
    pointer: opPtr,
    parameters: [...params.values()],
    body,
  };
  d.operations.set(key, op);
  return op;
}

function compile(d: Description, key: string, ajv: InstanceType<typeof Ajv>, schema: Json): ValidateFunction {
  const cached = d.compiled.get(key);
  if (cached) return cached;
  const v = ajv.compile(schema);
  d.compiled.set(key, v);
  return v;
}

/** The template a concrete path is an instance of: literal segments beat parameters, left to right. */
function findTemplate(d: Description, segments: string[]): { t: Template; values: string[] } | null {
  const candidates: Array<{ t: Template; values: string[] }> = [];
  for (const t of d.templates) {
    const values = matchSegments(t.segments, segments);
    if (values) candidates.push({ t, values });
  }
  if (candidates.length === 0) {
    // A last parameter that names a file or a ref may hold slashes GitHub accepts unencoded (`contents/a/b.md`, `git/refs/heads/x`).
    for (const t of d.templates) {
      const last = t.segments.length - 1;
      if (!SLASHED_PARAMS.has(t.segments[last] ?? '') || segments.length <= t.segments.length) continue;
      const values = matchSegments(t.segments.slice(0, last), segments.slice(0, last));
      if (values) candidates.push({ t, values: [...values, segments.slice(last).join('/')] });
    }
  }
  candidates.sort((a, b) => specificity(b.t) - specificity(a.t));
  return candidates[0] ?? null;
}

function matchSegments(template: string[], actual: string[]): string[] | null {
  if (template.length !== actual.length) return null;
  const values: string[] = [];
  for (let i = 0; i < template.length; i++) {
    const t = template[i] ?? '';
    const a = actual[i] ?? '';
    if (/^\{[^}]+\}$/.test(t)) {
      if (a === '') return null;
      values.push(a);
    } else if (t !== a) return null;
  }
  return values;
}

/** Literal segments, earliest weighing most, as a binary number: `/repos/{o}/{r}/pulls/comments` beats `/repos/{o}/{r}/pulls/{n}`. */
function specificity(t: Template): number {
  return t.segments.reduce((n, s) => n * 2 + (s.startsWith('{') ? 0 : 1), 0);
}

function describe(where: string, e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'required') return `${where} ${e.instancePath}/${String(p.missingProperty)} is required`;
  if (e.keyword === 'additionalProperties')
    return `${where} ${e.instancePath}/${String(p.additionalProperty)} is not a property it takes`;
  const allowed =
    e.keyword === 'enum' ? `: ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}` : '';
  return `${where} ${e.instancePath || '/'} ${e.message ?? e.keyword}${allowed}`;
}

function errorsOf(op: Operation, where: string, v: ValidateFunction): string[] {
  const seen = new Set<string>();
  for (const e of v.errors ?? []) seen.add(`${op.id}: ${describe(where, e)}`);
  return [...seen];
}

/** The problems GitHub's description finds with a request; empty when it is a valid API request. */
export function validateGitHubRequest(req: GitHubRequest): string[] {
  const d = description();
  const method = req.method.toLowerCase();
  const url = new URL(req.path, 'http://api.invalid');
  let path = url.pathname;
  const base = (req.basePath ?? '').replace(/\/+$/, '');
  if (base && (path === base || path.startsWith(`${base}/`))) path = path.slice(base.length) || '/';
  const shown = `${req.method.toUpperCase()} ${path}`;
  const segments = path.split('/').slice(1);
  const found = findTemplate(d, segments);
  if (!found) return [`${shown} is not a GitHub API operation (no path of the description matches)`];
  if (!found.t.methods.has(method))
    return [
      `${shown} is not a GitHub API operation (${found.t.template} takes ${[...found.t.methods.keys()].map((m) => m.toUpperCase()).join(', ')})`,
    ];
  const op = operation(d, found.t, method);
  const problems: string[] = [];

  // Path parameters: values come from the template's `{name}` segments, in order.
  const names = found.t.segments.filter((s) => s.startsWith('{')).map((s) => s.slice(1, -1));
  const pathValues: Json = {};
  names.forEach((n, i) => {
    let value = found.values[i] ?? '';
    try {
      value = decodeURIComponent(value);
    } catch {
      problems.push(`${op.id}: path parameter ${n} is not valid percent-encoding: ${value}`);
    }
    pathValues[n] = value;
  });
  problems.push(...checkParams(d, op, 'path', pathValues));

  const query: Json = {};
  const queryParams = new Map(op.parameters.filter((p) => p.in === 'query').map((p) => [p.name, p]));
  for (const name of new Set(url.searchParams.keys())) {
    const param = queryParams.get(name);
    if (!param) {
      problems.push(
        `${op.id}: query parameter ${name} is not one this operation takes (${[...queryParams.keys()].join(', ') || 'none'})`,
      );
      continue;
    }
    const all = url.searchParams.getAll(name);
    query[name] = param.isArray || all.length > 1 ? all : all[0];
  }
  problems.push(...checkParams(d, op, 'query', query));
  problems.push(...checkBody(d, op, req));
  return problems;
}

function checkParams(d: Description, op: Operation, where: 'path' | 'query', values: Json): string[] {
  const params = op.parameters.filter((p) => p.in === where);
  const problems: string[] = [];
  if (where === 'path')
    for (const name of Object.keys(values))
      if (!params.some((p) => p.name === name))
        problems.push(`${op.id}: the description does not define path parameter ${name}`);
  const known = params.filter((p) => values[p.name] !== undefined || p.required);
  if (known.length === 0) return problems;
  const key = `${op.method} ${op.template} ${where}`;
  const schema = {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, { $ref: `${SPEC_ID}#${p.schemaPointer}` }])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
  const v = compile(d, key, d.paramAjv, schema);
  // Coercion writes into the object it checks: give it a copy.
  if (!v(structuredClone(values))) problems.push(...errorsOf(op, `${where} parameter`, v));
  return problems;
}

function checkBody(d: Description, op: Operation, req: GitHubRequest): string[] {
  const present = req.body !== undefined && req.body !== null;
  if (!op.body) {
    // An empty object is what some clients send for "no parameters"; GitHub takes it as no body.
    const empty = !present || (typeof req.body === 'object' && Object.keys(req.body ?? {}).length === 0);
    return empty ? [] : [`${op.id}: the operation takes no request body, but one was sent`];
  }
  if (!present) return op.body.required ? [`${op.id}: a request body is required`] : [];
  if (!op.body.jsonPointer) {
    return typeof req.body === 'string'
      ? []
      : [`${op.id}: the request body must be ${op.body.mediaTypes.join(' or ')}, not JSON`];
  }
  const contentType = header(req.headers, 'content-type');
  if (contentType !== undefined && !/^application\/(.+\+)?json\b/i.test(contentType))
    return [`${op.id}: a JSON request body sent as ${contentType} (GitHub reads it as application/json only)`];
  const problems: string[] = [];
  const v = compile(d, `${op.method} ${op.template} body`, d.bodyAjv, { $ref: `${SPEC_ID}#${op.body.jsonPointer}` });
  if (!v(req.body)) problems.push(...errorsOf(op, 'body', v));
  problems.push(...unknownFields(d, op, req.body));
  return problems;
}

/**
 * Top-level fields the body schema does not name. GitHub ignores most
 * unknown fields, which is exactly why a misspelt one (`conclution`) goes
 * unnoticed; the description leaves `additionalProperties` open, so this is
 * checked here, and only where the schema is one plain object.
 */
function unknownFields(d: Description, op: Operation, body: unknown): string[] {
  if (!op.body?.jsonPointer || body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  const { node } = deref(d.doc, at(d.doc, op.body.jsonPointer), op.body.jsonPointer);
  if (!node || node.additionalProperties !== undefined || node.oneOf || node.anyOf || node.allOf) return [];
  if (typeof node.properties !== 'object' || node.properties === null) return [];
  const names = Object.keys(node.properties);
  return Object.keys(body)
    .filter((k) => !names.includes(k))
    .map((k) => `${op.id}: body /${k} is not a field of this operation's request body (${names.join(', ')})`);
}

function header(headers: GitHubRequest['headers'], name: string): string | undefined {
  if (!headers) return undefined;
  const entry = Object.entries(headers).find(([k]) => k.toLowerCase() === name);
  const value = entry?.[1];
  return Array.isArray(value) ? value.join(', ') : value;
}
