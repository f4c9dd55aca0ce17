import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { DEFAULT_CONFIG_PATH, type OkstraConfig } from '../core/config/index.js';
import { formatDiagnostic } from '../core/diagnostics.js';
import { configFromText } from '../engine/setup.js';
import { CliError, type CliIo } from './io.js';

/**
 * The repository's okstra config: `--config` when given (it must exist), else
 * `.okstra/config.yml` in `repoDir`, else the defaults. An invalid file prints
 * each diagnostic and stops the command.
 */
export async function readRepoConfig(io: CliIo, repoDir: string, path: string | undefined): Promise<OkstraConfig> {
  const file = path ? (isAbsolute(path) ? path : resolve(io.cwd, path)) : join(repoDir, DEFAULT_CONFIG_PATH);
  if (!existsSync(file)) {
    if (path) throw new CliError(`config file ${path} does not exist`);
    return configFromText(null, DEFAULT_CONFIG_PATH).config as OkstraConfig;
  }
  const rel = relative(io.cwd, file);
  const shown = rel && !rel.startsWith('..') ? rel : file;
  const { config, errors } = configFromText(await readFile(file, 'utf8'), shown);
  if (!config) {
    for (const e of errors) io.err(formatDiagnostic(e));
    throw new CliError(
      `${shown} is not a valid okstra config (${errors.length} error${errors.length === 1 ? '' : 's'})`,
    );
  }
  return config;
}
