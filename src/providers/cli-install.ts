import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { BUILTIN_PROVIDERS, type BuiltinProvider } from '../core/config/schema.js';
import { tail } from '../core/text/truncate.js';
import { AGENT_CLI_PINS, pinnedSpec } from './cli-pins.js';
import { agentClisDir, INSTALL_MARKER, pinnedInstallDir } from './cli-locate.js';
import { unpackCopilotPackage } from './copilot-package.js';
import type { EnvSource } from './env.js';
import { describeMs, runProcess } from './process.js';

/**
 * Installs the pinned agent CLIs into okstra's CLI cache, one folder per CLI
 * (`<cache>/claude@2.1.197/node_modules/…`), outside any project's
 * dependency tree: a user's `npm ci` stays small, and the Action installs
 * only the CLIs a run needs.
 *
 * - Skipped when the pinned folder is already complete (its marker exists).
 * - `npm install --ignore-scripts`: no third-party install script runs (npm
 *   11 blocks them by default anyway); the native binaries come from the
 *   platform packages npm picks by os/cpu/libc, and {@link locateAgentCli}
 *   starts them directly.
 * - Atomic: each CLI is installed into a fresh staging folder that is
 *   renamed into place only when complete, so an interrupted install is
 *   never mistaken for a finished one, and two concurrent installs cannot
 *   mix files.
 */

export type InstallStatus = 'present' | 'installed' | 'failed';

export interface InstallOutcome {
  ref: BuiltinProvider;
  spec: string;
  dir: string;
  status: InstallStatus;
  durationMs: number;
  /** Why it failed: npm's last lines. */
  error?: string;
}

export interface InstallOptions {
  refs?: readonly BuiltinProvider[];
  /** Default {@link agentClisDir}. */
  cacheDir?: string;
  /** npm's environment (registry, proxy, npm_config_*). Default `process.env`. */
  env?: EnvSource;
  /** Per CLI. Default 10 minutes. */
  timeoutMs?: number;
}

const DEFAULT_INSTALL_TIMEOUT_MS = 10 * 60_000;

/** Installs every missing pinned CLI in parallel; never throws for a failed download (see `status`). */
export async function installAgentClis(options: InstallOptions = {}): Promise<InstallOutcome[]> {
  const env = options.env ?? process.env;
  const cacheDir = options.cacheDir ?? agentClisDir(env);
  const refs = options.refs ?? BUILTIN_PROVIDERS;
  await mkdir(cacheDir, { recursive: true });
  return Promise.all(
    refs.map((ref) => installOne(ref, cacheDir, env, options.timeoutMs ?? DEFAULT_INSTALL_TIMEOUT_MS)),
  );
}

async function installOne(
  ref: BuiltinProvider,
  cacheDir: string,
  env: EnvSource,
  timeoutMs: number,
): Promise<InstallOutcome> {
  const started = performance.now();
  const spec = pinnedSpec(ref);
  const dir = pinnedInstallDir(cacheDir, ref);
  const outcome = (status: InstallStatus, error?: string): InstallOutcome => ({
    ref,
    spec,
    dir,
    status,
    durationMs: Math.round(performance.now() - started),
    ...(error ? { error } : {}),
  });
  if (existsSync(join(dir, INSTALL_MARKER))) return outcome('present');

  const staging = `${dir}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await mkdir(staging, { recursive: true });
    // A package.json of its own makes the folder the project root, so npm never walks up into the user's project.
    const pin = AGENT_CLI_PINS[ref];
    await writeFile(
      join(staging, 'package.json'),
      `${JSON.stringify({ name: `okstra-agent-cli-${ref}`, private: true, dependencies: { [pin.package]: pin.version } }, null, 2)}\n`,
    );
    const npm = npmCommand(env);
    const result = await runProcess({
      file: npm.file,
      args: [
        ...npm.prefixArgs,
        'install',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--omit=dev',
        '--no-package-lock',
        '--loglevel=error',
      ],
      cwd: staging,
      env: definedOnly(env),
      timeoutMs,
    });
    if (result.spawnError) return outcome('failed', `npm could not be started: ${result.spawnError}`);
    if (result.timedOut) return outcome('failed', `npm install ${spec} did not finish within ${describeMs(timeoutMs)}`);
    if (result.exitCode !== 0)
      return outcome(
        'failed',
        `npm install ${spec} exited with code ${result.exitCode ?? result.signal}: ${tail(result.stderr, 8, 1500) || '(no output)'}`,
      );
    if (ref === 'copilot') {
      const unpackError = await unpackCopilotPackage(staging, env, timeoutMs);
      if (unpackError !== null) return outcome('failed', unpackError);
    }

    await writeFile(
      join(staging, INSTALL_MARKER),
      `${JSON.stringify({ spec, installedAt: new Date().toISOString() })}\n`,
    );
    try {
      await rename(staging, dir);
    } catch (error) {
      // Another install finished first: keep its folder, drop ours.
      if (!existsSync(join(dir, INSTALL_MARKER))) throw error;
    }
    return outcome('installed');
  } catch (error) {
    return outcome(
      'failed',
      `installing ${spec} into ${dir} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** npm itself: the one running this script when there is one (`npm test`), else `npm` on PATH. */
function npmCommand(env: EnvSource): { file: string; prefixArgs: string[] } {
  const execPath = env.npm_execpath;
  if (execPath && basename(execPath).startsWith('npm-cli') && existsSync(execPath))
    return { file: process.execPath, prefixArgs: [execPath] };
  return { file: 'npm', prefixArgs: [] };
}

function definedOnly(env: EnvSource): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined) out[key] = value;
  return out;
}

/** One line per CLI for logs: `claude: installed @anthropic-ai/claude-code@2.1.197 in 6.2 s (…/claude@2.1.197)`. */
export function describeInstall(outcome: InstallOutcome): string {
  const where = `(${outcome.dir})`;
  switch (outcome.status) {
    case 'present':
      return `${outcome.ref}: ${outcome.spec} already installed ${where}`;
    case 'installed':
      return `${outcome.ref}: installed ${outcome.spec} in ${describeMs(outcome.durationMs)} ${where}`;
    case 'failed':
      return `${outcome.ref}: FAILED to install ${outcome.spec}: ${outcome.error ?? 'unknown error'}`;
  }
}
