import { spawn, spawnSync } from 'node:child_process';

/**
 * On a GitHub-hosted runner the job's user has passwordless sudo, so an agent
 * running as that user could become root and read anything. The boundary is
 * another OS user without sudo, and making one takes root: the Action
 * re-executes itself as root through that same sudo, once, before it reads
 * anything. okstra (trusted) then holds root; the agents it starts hold none
 * of it (src/sandbox). At the end, whatever okstra created in the checkout
 * as root is handed back to the runner's user, so the job's later steps and
 * the post step can still use it.
 *
 * Where there is no sudo (a self-hosted runner without it) okstra stays as it
 * is, and the isolation decision refuses to start agents unless the config
 * says `isolation: none`.
 */

/** Set in the re-executed process, so it never tries again. */
export const REEXEC_MARK = 'OKSTRA_REEXECUTED';
const RUNNER_PATH = 'OKSTRA_RUNNER_PATH';

/** In the re-executed process: the runner's PATH back, with its tool folders (sudo's secure_path replaced it). */
function restoreRunnerPath(env: Record<string, string | undefined>): void {
  if (env[REEXEC_MARK] === '1' && env[RUNNER_PATH]) env.PATH = env[RUNNER_PATH];
  Reflect.deleteProperty(env, RUNNER_PATH);
}

interface ReexecFacts {
  euid: number;
  platform: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  /** Whether this step will start agents or QA commands (stage, chain, continue; not a dry run; the post step to hand files back). */
  needsBoundary: boolean;
}

function shouldReexecAsRoot(f: ReexecFacts): boolean {
  return f.platform === 'linux' && f.euid !== 0 && f.env[REEXEC_MARK] !== '1' && f.needsBoundary;
}

/** What the main step will do, from its raw inputs (read before anything else, as the runner passes them). */
export function mainStepNeedsBoundary(env: Readonly<Record<string, string | undefined>>): boolean {
  const mode = (env['INPUT_MODE'] ?? '').trim() || 'stage';
  const dryRun = (env['INPUT_DRY-RUN'] ?? '').trim().toLowerCase() === 'true';
  return !dryRun && (mode === 'stage' || mode === 'chain' || mode === 'continue');
}

/**
 * A step's start: run the step again as root when it needs the boundary and
 * sudo allows — true: the root child ran it and its exit code is this
 * process's, nothing is left to do — else the runner's PATH back.
 */
export async function reexecIfNeeded(needsBoundary: boolean, log: (line: string) => void): Promise<boolean> {
  const env = process.env;
  if (shouldReexecAsRoot({ euid: process.geteuid?.() ?? 0, platform: process.platform, env, needsBoundary })) {
    const code = await reexecAsRoot(process.argv[1] ?? '', env, log);
    if (code !== null) {
      process.exitCode = code;
      return true;
    }
  }
  restoreRunnerPath(env);
  return false;
}

/**
 * Runs `entry` again as root through `sudo -n` with this process's whole
 * environment (PATH included: sudo's secure_path would drop the runner's
 * tool folders) and its output, and resolves with its exit code. Null when
 * sudo cannot be used without a password: the caller goes on unprivileged.
 */
async function reexecAsRoot(
  entry: string,
  env: Readonly<Record<string, string | undefined>>,
  log: (line: string) => void,
): Promise<number | null> {
  const probe = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore', timeout: 10_000 });
  if (probe.status !== 0) return null;
  log(
    "okstra: re-running this step as root through the runner's passwordless sudo, so agents can run as separate users without it",
  );
  // The environment goes through sudo's -E, never the command line: /proc/<pid>/cmdline is world-readable, and sudo
  // stays alive for the whole step. PATH travels under another name, because sudo's secure_path replaces PATH itself.
  const child = spawn('sudo', ['-n', '-E', '--', process.execPath, entry], {
    stdio: 'inherit',
    env: { ...env, [REEXEC_MARK]: '1', [RUNNER_PATH]: env.PATH ?? '' },
  });
  const forward = (signal: NodeJS.Signals): void => {
    child.kill(signal);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  try {
    return await new Promise<number>((resolve) => {
      child.on('exit', (code) => resolve(code ?? 1));
      child.on('error', () => resolve(1));
    });
  } finally {
    process.off('SIGINT', forward);
    process.off('SIGTERM', forward);
  }
}

/**
 * In the re-executed process: gives what root created under `paths` (git
 * objects and refs, ledger commits, installed CLIs) back to the user sudo
 * acted for. Only root-owned entries change (`--from=0:0`).
 */
export function handBackToRunner(
  paths: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): string | null {
  const uid = Number(env.SUDO_UID);
  const gid = Number(env.SUDO_GID);
  if (
    process.geteuid?.() !== 0 ||
    env[REEXEC_MARK] !== '1' ||
    !Number.isInteger(uid) ||
    uid <= 0 ||
    !Number.isInteger(gid)
  )
    return null;
  const result = spawnSync('chown', ['-R', '-P', '--from=0:0', `${uid}:${gid}`, '--', ...paths], { encoding: 'utf8' });
  return result.status === 0
    ? null
    : `okstra: could not hand ${paths.join(', ')} back to the runner's user: ${result.stderr.trim()}`;
}
