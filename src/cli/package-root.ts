import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, parse } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of okstra's own package.json, found by walking up from this
 * module as okstraVersion does: src/cli/ in a checkout, dist/ in the bundle
 * and the npm package. The files okstra ships beside its code (examples/,
 * action-pin.json) are read from there. Null when there is none.
 */
export function okstraPackageRoot(from: string = dirname(fileURLToPath(import.meta.url))): string | null {
  for (let dir = from; ; dir = dirname(dir)) {
    if (isOkstraManifest(join(dir, 'package.json'))) return dir;
    if (dir === parse(dir).root) return null;
  }
}

function isOkstraManifest(file: string): boolean {
  if (!existsSync(file)) return false;
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown };
    return manifest.name === 'okstra';
  } catch {
    return false;
  }
}
