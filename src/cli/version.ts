import { readFileSync } from 'node:fs';
import { dirname, join, parse } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * okstra's version from its package.json, found by walking up from this
 * module: from src/cli/ in a checkout and from dist/ in the bundle alike (as
 * the prompts/ folder is found). Read synchronously, because commander wants
 * the string when the program is built.
 */
export function okstraVersion(from: string = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const version = okstraManifestVersion(join(dir, 'package.json'));
    if (version !== null) return version;
    if (dir === parse(dir).root) break;
  }
  // Never fail every command over this: the version line says what is wrong instead.
  return `unknown (no okstra package.json from ${from} upwards)`;
}

function okstraManifestVersion(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const manifest = JSON.parse(text) as { name?: unknown; version?: unknown };
    return manifest.name === 'okstra' && typeof manifest.version === 'string' ? manifest.version : null;
  } catch {
    return null;
  }
}
