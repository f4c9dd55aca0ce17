/**
 * Environments for the processes okstra starts. Nothing is inherited by
 * default (see runProcess): each caller builds the child's environment from
 * a small allow-list plus what that one process needs.
 */

export type EnvSource = Readonly<Record<string, string | undefined>>;

/** What every child may see of the engine's environment: where programs are, locale, temp dir, time zone. */
export const BASE_ENV_KEYS = ['PATH', 'HOME', 'LANG', 'LC_ALL', 'LC_CTYPE', 'TMPDIR', 'TZ'] as const;

/** The allow-listed variables of `source` that are set. */
export function pickEnv(source: EnvSource, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const value = source[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** PATH, HOME, LANG, LC_ALL, LC_CTYPE, TMPDIR and TZ from `source` (by default the engine's own environment). */
export function minimalEnv(source: EnvSource = process.env): Record<string, string> {
  return pickEnv(source, BASE_ENV_KEYS);
}

/**
 * Names treated as secrets wherever a process must not see credentials (QA
 * commands): a word `API_KEY`/`APIKEY`, `TOKEN`, `SECRET`, `PASSWORD`,
 * `PASSWD`, `CREDENTIAL(S)` or `PRIVATE_KEY`, delimited by `_` or the name's
 * ends — `OPENAI_API_KEY`, `GITHUB_TOKEN`, `AWS_SECRET_ACCESS_KEY`,
 * `NPM_TOKEN`, `DB_PASSWORD` — but not `TOKENIZERS_PARALLELISM`.
 */
export const SECRET_NAME_PATTERN = /(?:^|_)(?:API_?KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|PRIVATE_KEY)(?:_|$)/i;

/** Variables that make bash run a file before the command (`bash -c` reads `BASH_ENV`). */
const SHELL_STARTUP_KEYS = ['BASH_ENV', 'ENV'];

export function isSecretName(name: string): boolean {
  return SECRET_NAME_PATTERN.test(name);
}

/** `env` without any variable named like a secret, and without shell start-up hooks. */
export function withoutSecrets(env: EnvSource): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined || isSecretName(key) || SHELL_STARTUP_KEYS.includes(key)) continue;
    out[key] = value;
  }
  return out;
}
