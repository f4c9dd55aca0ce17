import { isMap, LineCounter, parseDocument, type Document, type Node as YamlNode } from 'yaml';
import type { z } from 'zod';
import { sortDiagnostics, type Diagnostic } from '../diagnostics.js';
import { closestMatch } from '../text/did-you-mean.js';
import { BUILTIN_PROVIDERS, ConfigSchema, type OkstraConfig } from './schema.js';
import { pushAll } from '../arrays.js';

export interface ConfigParseResult {
  config: OkstraConfig | null;
  errors: Diagnostic[];
}

/** Parses and validates the config; every error names the file, the line, the key and what is allowed. */
export function parseConfig(text: string, path: string): ConfigParseResult {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text.replace(/^\uFEFF/, ''), { lineCounter, prettyErrors: false });
  const at = (offset: number): { line: number; column: number } => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  if (doc.errors.length > 0) {
    return {
      config: null,
      errors: doc.errors.map((e) => ({
        severity: 'error',
        code: 'config/invalid-yaml',
        message: `not valid YAML: ${e.message.split('\n')[0]}`,
        hint: 'fix the YAML syntax',
        path,
        ...at(e.pos[0]),
      })),
    };
  }
  const raw: unknown = doc.toJS() ?? {};
  const parsed = ConfigSchema.safeParse(raw);
  const errors: Diagnostic[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => toDiagnostic(issue, doc, path, at));
  if (parsed.success) pushAll(errors, crossChecks(parsed.data, doc, path, at));
  return { config: errors.length === 0 && parsed.success ? parsed.data : null, errors: sortDiagnostics(errors) };
}

type At = (offset: number) => { line: number; column: number };

function toDiagnostic(issue: z.core.$ZodIssue, doc: Document, path: string, at: At): Diagnostic {
  const keyPath = issue.path.map(String);
  const where = locate(doc, issue.path);
  const dotted = keyPath.join('.') || '(top level)';
  let message = `${dotted}: ${issue.message}`;
  let hint = 'see docs/config.md for every key and its allowed values';
  if (issue.code === 'unrecognized_keys') {
    const known = knownKeysAt(keyPath);
    const names = issue.keys.map((k) => {
      const match = closestMatch(k, known);
      return match ? `"${k}" (did you mean "${match}"?)` : `"${k}"`;
    });
    message = `${dotted === '(top level)' ? 'unknown key' : `${dotted}: unknown key`}${issue.keys.length > 1 ? 's' : ''} ${names.join(', ')}`;
    hint = `allowed here: ${known.join(', ')}`;
    const keyNode = findKeyNode(doc, issue.path, issue.keys[0] as string);
    return { severity: 'error', code: 'config/unknown-key', message, hint, path, ...at(keyNode ?? where) };
  }
  return { severity: 'error', code: 'config/invalid-value', message, hint, path, ...at(where) };
}

/** Rules that need the whole config: every provider named must be defined or built in. */
function crossChecks(config: OkstraConfig, doc: Document, path: string, at: At): Diagnostic[] {
  const out: Diagnostic[] = [];
  const known = [...BUILTIN_PROVIDERS, ...Object.keys(config.providers)];
  const check = (ref: string | null, keyPath: Array<string | number>): void => {
    if (ref === null || ref.startsWith('command:') || known.includes(ref)) return;
    const match = closestMatch(ref, known);
    out.push({
      severity: 'error',
      code: 'config/unknown-provider',
      message: `${keyPath.join('.')}: unknown provider "${ref}"${match ? ` (did you mean "${match}"?)` : ''}`,
      hint: `use one of ${known.join(', ')}, define it under \`providers:\`, or write \`command:<program>\``,
      path,
      ...at(locate(doc, keyPath)),
    });
  };
  check(config.executor, ['executor']);
  config.verifiers?.forEach((v, i) => check(v, ['verifiers', i]));
  check(config.critic, ['critic']);
  config.fallback.executor.forEach((v, i) => check(v, ['fallback', 'executor', i]));
  config.fallback.verifiers.forEach((v, i) => check(v, ['fallback', 'verifiers', i]));
  pushAll(
    out,
    fallbackChecks(config, (keyPath) => at(locate(doc, keyPath)), path),
  );
  pushAll(out, providerEntryChecks(config, doc, path, at));
  return out;
}

/**
 * A fallback is another vendor: the executor's list must not name the executor, a verifier fallback must not
 * name the executor (it would verify its own work), and no list names a provider twice.
 */
function fallbackChecks(
  config: OkstraConfig,
  where: (keyPath: Array<string | number>) => { line: number; column: number },
  path: string,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const problem = (keyPath: Array<string | number>, code: string, message: string, hint: string): void => {
    out.push({ severity: 'error', code, message: `${keyPath.join('.')}: ${message}`, hint, path, ...where(keyPath) });
  };
  for (const role of ['executor', 'verifiers'] as const) {
    const list = config.fallback[role];
    list.forEach((ref, i) => {
      const keyPath = ['fallback', role, i];
      if (list.indexOf(ref) !== i)
        problem(keyPath, 'config/fallback-duplicate', `"${ref}" is listed twice`, 'name each fallback once');
      else if (ref === config.executor)
        problem(
          keyPath,
          role === 'executor' ? 'config/fallback-is-executor' : 'config/fallback-verifies-executor',
          role === 'executor'
            ? `"${ref}" is the executor itself; a fallback takes over when the executor's provider cannot work`
            : `"${ref}" is the executor; as a verifier fallback it would verify its own work`,
          `name another provider than the executor "${config.executor}" (e.g. ${orList(BUILTIN_PROVIDERS.filter((b) => b !== config.executor))})`,
        );
    });
  }
  return out;
}

/** Each entry under `providers:`: a command provider, a built-in's settings, or a built-in CLI under another name. */
function providerEntryChecks(config: OkstraConfig, doc: Document, path: string, at: At): Diagnostic[] {
  const out: Diagnostic[] = [];
  const error = (code: string, keyPath: Array<string | number>, message: string, hint: string): void => {
    out.push({ severity: 'error', code, message, hint, path, ...at(locate(doc, keyPath)) });
  };
  for (const [name, p] of Object.entries(config.providers)) {
    const builtin = (BUILTIN_PROVIDERS as readonly string[]).includes(name);
    if (!builtin && !p.command && !p.cli)
      error(
        'config/provider-without-command',
        ['providers', name],
        `providers.${name}: a provider that is not claude, codex, gemini or copilot needs \`command\` or \`cli\``,
        'set `command: <program and arguments>` (see docs/providers.md for the Command contract), or `cli: copilot` (or another built-in) to run that agent CLI under this name',
      );
    if (builtin && p.command)
      error(
        'config/builtin-with-command',
        ['providers', name, 'command'],
        `providers.${name}: the built-in ${name} provider takes no \`command\``,
        `give the command provider another name, e.g. \`my-${name}\``,
      );
    if (p.cli !== undefined && p.command)
      error(
        'config/cli-with-command',
        ['providers', name, 'cli'],
        `providers.${name}: \`cli\` runs a built-in agent CLI and \`command\` a program of yours; a provider is one or the other`,
        'keep one of the two',
      );
    if (p.wireApi !== undefined && (builtin ? name : p.cli) !== 'copilot')
      error(
        'config/wire-api-not-copilot',
        ['providers', name, 'wireApi'],
        `providers.${name}: \`wireApi\` is Copilot CLI's setting; ${name} does not run it`,
        'remove it, or set it under `copilot` (or a provider with `cli: copilot`)',
      );
    if (builtin && p.cli !== undefined && p.cli !== name)
      error(
        'config/builtin-with-cli',
        ['providers', name, 'cli'],
        `providers.${name}: the built-in ${name} provider runs the ${name} CLI, not ${p.cli}`,
        `give the provider another name, e.g. \`${p.cli}-2: { cli: ${p.cli} }\``,
      );
  }
  return out;
}

/** `a, b or c`: a list in a sentence. */
function orList(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

const KNOWN_KEYS: Record<string, string[]> = {
  '': Object.keys(ConfigSchema.shape),
  convergence: ['rounds'],
  timeouts: ['executorMinutes', 'verifierMinutes', 'qaMinutes'],
  concurrency: ['verifiers'],
  bot: ['workflow', 'permission', 'allowForks', 'continueInJob'],
  limits: ['turns', 'carryBytes', 'stageFiles', 'stageBytes', 'findingsPerVerifier'],
  'limits.turns': ['executor', 'verifier'],
  provider: ['command', 'name', 'model', 'baseUrl', 'apiKeyEnv', 'timeoutMinutes', 'maxTurns'],
  'provider.maxTurns': ['executor', 'verifier'],
  qa: ['cmd', 'label', 'timeoutMinutes'],
  fallback: ['executor', 'verifiers'],
};

function knownKeysAt(keyPath: string[]): string[] {
  if (keyPath.length === 0) return KNOWN_KEYS[''] as string[];
  if (keyPath[0] === 'providers' && keyPath.length === 2) return KNOWN_KEYS.provider as string[];
  if (keyPath[0] === 'providers' && keyPath[2] === 'maxTurns') return KNOWN_KEYS['provider.maxTurns'] as string[];
  if (keyPath[0] === 'limits') return KNOWN_KEYS[keyPath.join('.')] ?? [];
  if (keyPath[0] === 'qaCommands') return KNOWN_KEYS.qa as string[];
  return KNOWN_KEYS[keyPath[0] as string] ?? [];
}

/** The source offset of the node at `keyPath`, or of the closest ancestor that exists. */
function locate(doc: Document, keyPath: ReadonlyArray<PropertyKey>): number {
  for (let n = keyPath.length; n >= 0; n--) {
    const node = doc.getIn(keyPath.slice(0, n) as Array<string | number>, true) as YamlNode | undefined;
    if (node && typeof node === 'object' && 'range' in node && node.range) return node.range[0];
  }
  return 0;
}

function findKeyNode(doc: Document, keyPath: ReadonlyArray<PropertyKey>, key: string): number | null {
  const parent =
    keyPath.length === 0 ? doc.contents : (doc.getIn(keyPath as Array<string | number>, true) as YamlNode | undefined);
  if (!parent || !isMap(parent)) return null;
  for (const pair of parent.items) {
    const k = pair.key as YamlNode | null;
    if (k && 'value' in k && String((k as { value: unknown }).value) === key && k.range) return k.range[0];
  }
  return null;
}
