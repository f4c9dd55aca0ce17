import { stringify } from 'yaml';
import { parseConfig, type OkstraConfig } from '../core/config/index.js';
import type { ConfigReader } from './deps.js';

/**
 * Where the bot looks for the repository's rules, in order, on the default
 * branch. `.okstra/config.yml` is the file the Action and the CLI read, so
 * one file serves all three; `.github/okstra.yml` is Probot's usual place
 * (and, through Probot's loader, the owner's `.github` repository and
 * `_extends`). The first file found is used.
 */
export const CONFIG_PATHS = ['.okstra/config.yml', '.github/okstra.yml'] as const;

export type ConfigLoad =
  { ok: true; config: OkstraConfig; source: string } | { ok: false; source: string; errors: string[] };

export async function loadConfig(read: ConfigReader): Promise<ConfigLoad> {
  for (const path of CONFIG_PATHS) {
    let file: { found: boolean; config: unknown };
    try {
      file = await read(path);
    } catch (error) {
      // Probot's loader throws for YAML it cannot parse (and for a directory at the path).
      return {
        ok: false,
        source: path,
        errors: [
          `${path}: ${error instanceof Error ? error.message.replace(/^\[@probot\/octokit-plugin-config\]\s*/, '') : String(error)}`,
        ],
      };
    }
    if (file.found) return validate(file.config, path);
  }
  return validate({}, 'defaults (no config file)');
}

/**
 * Validates with the Action's schema and cross-checks (parseConfig), on
 * the content re-serialised: Probot's loader hands over parsed, merged
 * data, so line numbers would point into the re-serialised text and are
 * left out of the messages.
 */
function validate(config: unknown, source: string): ConfigLoad {
  const result = parseConfig(stringify(config ?? {}), source);
  if (result.config) return { ok: true, config: result.config, source };
  return {
    ok: false,
    source,
    errors: result.errors.map((d) => `${source}: ${d.message}${d.hint ? ` (${d.hint})` : ''}`),
  };
}
