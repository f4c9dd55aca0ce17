import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { tail } from '../core/text/truncate.js';
import { copilotBinary } from './cli-locate.js';
import { runProcess } from './process.js';

/**
 * Copilot CLI's native binary (1.0.102) unpacks its JavaScript package —
 * about 235 MB — under `$COPILOT_PKG_CACHE_HOME` (default `~/.cache/copilot`)
 * before it does anything. Every dispatch has a fresh private HOME, so left
 * alone each session would unpack it again into the agent's own folder. okstra
 * unpacks it once, at install time, into the pinned install's folder in its
 * CLI cache, and points every session there: okstra owns that folder and
 * agents may only read it, so no session can change the code a later
 * session (a verifier of its work) runs. Measured: with the unpacked package
 * read-only, the binary runs as another user and writes nothing there.
 */

export const COPILOT_PACKAGE_FOLDER = 'copilot-pkg';

/** The unpacked package of a pinned install, or null when there is none (a program from PATH or an override). */
export function copilotPackageCache(installDir: string | null): string | null {
  if (installDir === null) return null;
  const folder = join(installDir, COPILOT_PACKAGE_FOLDER);
  return existsSync(join(folder, 'pkg')) ? folder : null;
}

/** Unpacks the package of the install in `installDir` (`copilot --version` does it); null, or why it failed. */
export async function unpackCopilotPackage(
  installDir: string,
  env: Readonly<Record<string, string | undefined>>,
  timeoutMs: number,
): Promise<string | null> {
  const binary = copilotBinary(join(installDir, 'node_modules'));
  // No platform package for this machine: sessions then unpack into their own HOME (slower, still private).
  if (!existsSync(binary)) return null;
  const home = join(installDir, '.unpack-home');
  try {
    const result = await runProcess({
      file: binary,
      args: ['--version'],
      cwd: installDir,
      env: {
        PATH: env.PATH ?? '/usr/bin:/bin',
        HOME: home,
        COPILOT_PKG_CACHE_HOME: join(installDir, COPILOT_PACKAGE_FOLDER),
        COPILOT_AUTO_UPDATE: 'false',
        COPILOT_OFFLINE: 'true',
      },
      timeoutMs,
    });
    if (result.exitCode === 0) return null;
    return `unpacking Copilot CLI's package (copilot --version) failed: ${result.spawnError ?? `exit ${result.exitCode ?? result.signal}`}: ${tail(result.stderr, 4, 600) || '(no output)'}`;
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
