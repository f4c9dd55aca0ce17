import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * okstra promises Node 20 (`engines.node`); a package the lockfile installs
 * that asks for a newer Node breaks that promise quietly (npm only warns), and
 * the CLI, the bot and the tests would run code its authors no longer test on
 * Node 20. `overrides` in package.json is where such a package is held back.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

function read<T>(file: string): T {
  return JSON.parse(readFileSync(join(root, file), 'utf8')) as T;
}

/** Installed packages whose `engines.node` the oldest Node okstra supports does not satisfy. */
function packagesRefusing(
  oldest: string,
  packages: Record<string, LockedPackage>,
): { path: string; version: string; wants: string }[] {
  return Object.entries(packages).flatMap(([path, pkg]) => {
    // The root entry is okstra itself; old lockfiles may write engines as an array, which npm ignores.
    if (path === '' || pkg.engines === undefined || Array.isArray(pkg.engines)) return [];
    const wants = pkg.engines.node;
    if (wants === undefined || semver.satisfies(oldest, wants)) return [];
    return [{ path, version: pkg.version ?? '?', wants }];
  });
}

describe('engines', () => {
  const manifest = read<{ engines: { node: string } }>('package.json');
  const lock = read<{ packages: Record<string, LockedPackage> }>('package-lock.json');
  // '0.0.0' when engines.node names no lowest version: the first test says so, the second then names every package.
  const oldest = semver.minVersion(manifest.engines.node)?.version ?? '0.0.0';

  it('package.json names a lowest Node version that is Node 20', () => {
    expect(semver.major(oldest), `engines.node ${manifest.engines.node}`).toBe(20);
  });

  it('every package the lockfile installs runs on that Node version', () => {
    expect(Object.keys(lock.packages).length).toBeGreaterThan(100);
    expect(packagesRefusing(oldest, lock.packages)).toEqual([]);
  });

  it('names a package that asks for a newer Node', () => {
    const refusing = packagesRefusing('20.19.0', {
      '': { engines: { node: '>=20.19.0' } },
      'node_modules/content-type': { version: '3.1.1', engines: { node: '>=22' } },
      'node_modules/yaml': { version: '2.8.0', engines: { node: '>= 14.6' } },
      'node_modules/old': { version: '1.0.0', engines: ['node >= 0.8'] },
    });
    expect(refusing).toEqual([{ path: 'node_modules/content-type', version: '3.1.1', wants: '>=22' }]);
  });
});
