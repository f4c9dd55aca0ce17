import { BUILTIN_PROVIDERS, type BuiltinProvider } from '../config/schema.js';
import { closestMatch } from '../text/did-you-mean.js';

/** `--providers claude,codex`: built-ins only, in the order given (the first executes), each once. */
export function parseProviderList(
  text: string,
): { ok: true; providers: BuiltinProvider[] } | { ok: false; message: string } {
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (names.length === 0)
    return { ok: false, message: `"${text}" names no provider; give one or more of ${BUILTIN_PROVIDERS.join(', ')}` };
  const out: BuiltinProvider[] = [];
  for (const name of names) {
    if (!(BUILTIN_PROVIDERS as readonly string[]).includes(name)) {
      const match = closestMatch(name, BUILTIN_PROVIDERS);
      return {
        ok: false,
        message: `unknown provider "${name}"${match ? ` (did you mean "${match}"?)` : ''}; use ${BUILTIN_PROVIDERS.join(', ')} (a command provider is configured under \`providers:\` in .okstra/config.yml)`,
      };
    }
    if (!out.includes(name as BuiltinProvider)) out.push(name as BuiltinProvider);
  }
  return { ok: true, providers: out };
}

/** The built-ins with a key set (not blank) under one of their names, in okstra's order. */
export function providersWithKeys(
  env: Readonly<Record<string, string | undefined>>,
  keyNames: Readonly<Record<BuiltinProvider, readonly string[]>>,
): BuiltinProvider[] {
  return BUILTIN_PROVIDERS.filter((ref) => keyNames[ref].some((name) => (env[name] ?? '').trim() !== ''));
}
