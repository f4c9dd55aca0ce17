import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FULL_SHA, TEMPLATE_REPOSITORY, type ActionPin } from '../core/init/index.js';
import { CliError, EXIT_INFRA, EXIT_USAGE } from './io.js';

/**
 * `action-pin.json` at the package root: the release workflow writes it when
 * it packs a release ({repository, sha, version}: the tag's commit), so a
 * published okstra knows the commit its own Action is at. A checkout has none
 * (its commit is not a release); then `okstra init` falls back to `main` and
 * says the workflow is not pinned.
 */
export const ACTION_PIN_FILE = 'action-pin.json';

const REPOSITORY = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

export function readActionPin(packageRoot: string | null): ActionPin | null {
  if (packageRoot === null) return null;
  const file = join(packageRoot, ACTION_PIN_FILE);
  if (!existsSync(file)) return null;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw badPin(file, `not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const pin = value as { repository?: unknown; sha?: unknown; version?: unknown } | null;
  if (typeof pin !== 'object' || pin === null) throw badPin(file, 'not a JSON object');
  if (typeof pin.repository !== 'string' || !REPOSITORY.test(pin.repository))
    throw badPin(file, '"repository" must be owner/name');
  if (typeof pin.sha !== 'string' || !FULL_SHA.test(pin.sha))
    throw badPin(file, '"sha" must be a full 40-character commit SHA');
  if (typeof pin.version !== 'string' || pin.version.trim() === '')
    throw badPin(file, '"version" must be the release version, e.g. 1.2.3');
  return { repository: pin.repository, ref: pin.sha, version: pin.version.replace(/^v/, '') };
}

function badPin(file: string, problem: string): CliError {
  return new CliError(
    `${file}: ${problem}; this okstra package is damaged — reinstall it, or pass --action-ref <commit sha>`,
    EXIT_INFRA,
  );
}

/** `--action-ref`: a full SHA pins; a tag or branch is allowed, and said to be unpinned. */
const REF = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,199}$/;

/** The pin `okstra init` uses: `--action-ref` over the package's action-pin.json, else `main`. */
export function choosePin(
  actionRef: string | undefined,
  packaged: ActionPin | null,
): { pin: ActionPin; source: 'option' | 'package' | 'fallback' } {
  const repository = packaged?.repository ?? TEMPLATE_REPOSITORY;
  if (actionRef !== undefined) {
    const ref = actionRef.trim();
    if (!REF.test(ref) || ref.includes('..'))
      throw new CliError(
        `--action-ref "${actionRef}" is neither a commit SHA nor a ref name; give the full 40-character SHA of an okstra release commit`,
        EXIT_USAGE,
      );
    const sha = ref.toLowerCase();
    const isSha = FULL_SHA.test(sha);
    const version = isSha && packaged?.ref === sha ? packaged.version : null;
    return { pin: { repository, ref: isSha ? sha : ref, version }, source: 'option' };
  }
  if (packaged) return { pin: packaged, source: 'package' };
  return { pin: { repository, ref: 'main', version: null }, source: 'fallback' };
}
