import { BUILTIN_PROVIDERS, PROVIDER_NAME_PATTERN } from '../config/schema.js';
import { planIdProblem } from '../ids.js';
import { inlineCode } from '../text/escape.js';

/**
 * Validation of every value a comment or label can carry. Arguments are
 * values, never code: each is checked against a narrow rule before it goes
 * anywhere (a check run, a workflow input, a reply), and the rules leave no
 * room for shell metacharacters, whitespace or quotes.
 */

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** The only characters any argument may contain. Everything else is refused before its meaning is looked at. */
const ARGUMENT_CHARACTERS = /^[A-Za-z0-9._,=:/@+-]+$/;
/** Stage numbers as plans write them; four digits is far beyond any real plan. */
const STAGE_PATTERN = /^[1-9][0-9]{0,3}$/;
/** Model names as vendors and gateways spell them: `claude-sonnet-4-5`, `gpt-5.5`, `us.anthropic.claude-3:0`, `openrouter/x/y@v2`. */
const MODEL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,99}$/;

/** Shown in replies: the value as typed, clipped, inside a code span (which renders nothing). */
export function shown(raw: string): string {
  return inlineCode(raw.length > 60 ? `${raw.slice(0, 57)}...` : raw);
}

/** Why a raw argument may not be used at all, or null. */
export function argumentProblem(raw: string): string | null {
  if (ARGUMENT_CHARACTERS.test(raw)) return null;
  const bad = [...new Set([...raw].filter((ch) => !/[A-Za-z0-9._,=:/@+-]/.test(ch)))]
    .map((ch) => inlineCode(ch))
    .join(' ');
  return `${shown(raw)} contains characters okstra does not accept (${bad}); arguments are plain values: letters, digits and . _ , = : / @ + -`;
}

export function stageNumber(raw: string): Checked<number> {
  if (STAGE_PATTERN.test(raw)) return { ok: true, value: Number(raw) };
  return {
    ok: false,
    error: `${shown(raw)} is not a stage number (a whole number from 1, as in the plan's Stage Map)`,
  };
}

export function planId(raw: string): Checked<string> {
  const problem = planIdProblem(raw);
  return problem === null
    ? { ok: true, value: raw }
    : { ok: false, error: `${shown(raw)} is not a plan id: ${problem.replace(/^plan id "[^"]*" /, '')}` };
}

/**
 * The providers a command may name: the built-in agent CLIs and the names the
 * repository's config defines. `command:<program>` is never accepted from a
 * comment: a program line is code, and only the config on the default branch
 * may hold code.
 */
export function knownProviders(configured: Iterable<string>): string[] {
  return [...new Set([...BUILTIN_PROVIDERS, ...configured])];
}

export function providerName(raw: string, known: readonly string[]): Checked<string> {
  if (PROVIDER_NAME_PATTERN.test(raw) && known.includes(raw)) return { ok: true, value: raw };
  return { ok: false, error: `${shown(raw)} is not a provider here; use one of ${known.join(', ')}` };
}

export function providerList(raw: string, known: readonly string[]): Checked<string[]> {
  const names = raw.split(',');
  if (names.some((n) => n === ''))
    return {
      ok: false,
      error: `${shown(raw)} is not a list of providers; write them comma-separated without spaces, e.g. \`claude,gemini\``,
    };
  const out: string[] = [];
  for (const name of names) {
    const p = providerName(name, known);
    if (!p.ok) return p;
    if (out.includes(p.value)) return { ok: false, error: `${shown(raw)} names ${p.value} twice` };
    out.push(p.value);
  }
  return { ok: true, value: out };
}

/** `provider=model`, one per `--model`. */
export function modelOverride(raw: string, known: readonly string[]): Checked<[string, string]> {
  const eq = raw.indexOf('=');
  if (eq <= 0)
    return {
      ok: false,
      error: `${shown(raw)} is not a model choice; write \`provider=model\`, e.g. \`claude=claude-sonnet-4-5\``,
    };
  const provider = providerName(raw.slice(0, eq), known);
  if (!provider.ok) return provider;
  const model = raw.slice(eq + 1);
  if (!MODEL_PATTERN.test(model))
    return {
      ok: false,
      error: `${shown(model)} is not a model name (letters, digits and . _ : / @ + -, starting with a letter or digit)`,
    };
  return { ok: true, value: [provider.value, model] };
}
