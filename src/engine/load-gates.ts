import { readFile, stat } from 'node:fs/promises';
import { dirname, join, parse } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROMPT_FILE_IDS, promptFileName, type GateBodies, type PromptFileId } from '../core/prompts/catalogue.js';

/**
 * Reads the gate bodies and role templates that prompts inline. Agent CLIs
 * cannot read okstra's own files, so these texts must travel inside the
 * prompt; this is the one place that fetches them from disk.
 */

export interface LoadGatesOptions {
  /**
   * A repository's own prompt folder (conventionally `.okstra/prompts/`).
   * Any file in it replaces the default of the same name; files it lacks
   * keep the default. A folder that does not exist overrides nothing.
   */
  overrideDir?: string;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

async function readIfPresent(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

async function isOkstraPackage(dir: string): Promise<boolean> {
  const manifest = await readIfPresent(join(dir, 'package.json'));
  if (manifest === null) return false;
  try {
    return (JSON.parse(manifest) as { name?: unknown }).name === 'okstra';
  } catch {
    return false;
  }
}

/**
 * okstra's own `prompts/` folder, found by walking up from this module to
 * the folder that holds both `prompts/` and okstra's `package.json`. That
 * works from `src/engine/` under tsx and vitest as well as from a bundle in
 * `dist/`, where the module's own location is all there is to go by.
 */
export async function packagePromptsDir(from: string = dirname(fileURLToPath(import.meta.url))): Promise<string> {
  let dir = from;
  for (;;) {
    if ((await isDirectory(join(dir, 'prompts'))) && (await isOkstraPackage(dir))) return join(dir, 'prompts');
    if (dir === parse(dir).root) break;
    dir = dirname(dir);
  }
  throw new Error(
    `cannot find okstra's prompts/ folder: no folder from ${from} upwards holds both prompts/ and okstra's package.json`,
  );
}

async function readPromptFile(id: PromptFileId, dir: string, overrideDir: string | undefined): Promise<string | null> {
  const file = promptFileName(id);
  const override = overrideDir === undefined ? null : await readIfPresent(join(overrideDir, file));
  return override ?? (await readIfPresent(join(dir, file)));
}

/**
 * Every prompt file's text, by id. `dir` defaults to okstra's own prompts/;
 * a file missing from it (and from the override folder) is an error naming
 * every missing file at once. Whether the texts are usable (right heading,
 * non-empty body) is the composer's check, which sees the finished prompt.
 */
export async function loadGates(dir?: string, options: LoadGatesOptions = {}): Promise<GateBodies> {
  const baseDir = dir ?? (await packagePromptsDir());
  const texts = await Promise.all(
    PROMPT_FILE_IDS.map(async (id) => [id, await readPromptFile(id, baseDir, options.overrideDir)] as const),
  );
  const missing = texts.filter(([, text]) => text === null).map(([id]) => promptFileName(id));
  if (missing.length > 0)
    throw new Error(`missing prompt file${missing.length === 1 ? '' : 's'} in ${baseDir}: ${missing.join(', ')}`);
  return Object.fromEntries(texts) as GateBodies;
}
