import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILTIN_PROVIDERS, type BuiltinProvider, type OkstraConfig } from '../core/config/schema.js';
import { readCredential } from './cli-credentials.js';
import { locateAgentCli, type CliLaunch } from './cli-locate.js';
import { AGENT_CLI_PINS } from './cli-pins.js';
import { pickEnv, type EnvSource } from './env.js';
import { platformCheck } from './platform-facts.js';
import { runProcess } from './process.js';

/**
 * What `okstra doctor` reports per built-in agent CLI: where its program is,
 * which version answers `--version` (against the pin), and whether its key
 * variable is set — by name only; a value is never read into the report.
 */
export interface CliCheck {
  ref: BuiltinProvider;
  product: string;
  pinnedVersion: string;
  launch: CliLaunch | null;
  /** Where it was looked for, when not found. */
  searched: string[];
  /** What `--version` printed (the x.y.z in it), or null when it did not run. */
  version: string | null;
  /** Why `--version` failed, when the program was found but did not answer. */
  versionProblem: string | null;
  keyEnv: string;
  keySet: boolean;
  /** `providers.<ref>.baseUrl`, when configured. */
  baseUrl: string | null;
  /**
   * With `providers.<ref>.via`: the platform and where its credentials would come from, in place of an API key
   * (then `keyEnv` names that source and `keySet` is false only when it is missing).
   */
  platform: ReturnType<typeof platformCheck>;
}

const VERSION_TIMEOUT_MS = 30_000;

export async function checkAgentClis(config: OkstraConfig, env: EnvSource = process.env): Promise<CliCheck[]> {
  return Promise.all(BUILTIN_PROVIDERS.map((ref) => checkOne(ref, config, env)));
}

async function checkOne(ref: BuiltinProvider, config: OkstraConfig, env: EnvSource): Promise<CliCheck> {
  const pin = AGENT_CLI_PINS[ref];
  const settings = config.providers[ref];
  const credential = readCredential(ref, settings, env);
  const platform = platformCheck(settings, env);
  const lookup = locateAgentCli(ref, { env });
  const base = {
    ref,
    product: pin.product,
    pinnedVersion: pin.version,
    keyEnv: platform ? platform.source : credential.name,
    keySet: platform ? platform.state !== 'missing' : credential.value !== null,
    baseUrl: settings?.baseUrl ?? null,
    platform,
  };
  if (!lookup.found) return { ...base, launch: null, searched: lookup.searched, version: null, versionProblem: null };
  const probe = await askVersion(lookup.launch, env);
  return { ...base, launch: lookup.launch, searched: [], ...probe };
}

/** Runs `<cli> --version` with a throwaway HOME, so a check never touches the user's CLI settings. */
async function askVersion(launch: CliLaunch, env: EnvSource): Promise<Pick<CliCheck, 'version' | 'versionProblem'>> {
  const home = await mkdtemp(join(tmpdir(), 'okstra-doctor-'));
  try {
    const result = await runProcess({
      file: launch.file,
      args: [...launch.prefixArgs, '--version'],
      cwd: home,
      env: {
        ...pickEnv(env, ['PATH', 'LANG', 'LC_ALL']),
        HOME: home,
        TMPDIR: home,
        GEMINI_CLI_NO_RELAUNCH: 'true',
        DISABLE_AUTOUPDATER: '1',
      },
      timeoutMs: VERSION_TIMEOUT_MS,
    });
    const version = /\d+\.\d+\.\d+(?:-[\w.]+)?/.exec(result.stdout)?.[0] ?? null;
    if (result.exitCode === 0 && version) return { version, versionProblem: null };
    const why =
      result.spawnError ??
      (result.timedOut
        ? `no answer within ${VERSION_TIMEOUT_MS / 1000} s`
        : `exit ${result.exitCode ?? result.signal}: ${(result.stderr || result.stdout).trim().split('\n').pop() ?? ''}`);
    return { version, versionProblem: `\`--version\` failed (${why})` };
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}
