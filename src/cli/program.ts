import { Command, CommanderError } from 'commander';
import { CliError, EXIT_INFRA, EXIT_OK, EXIT_USAGE, type CliIo } from './io.js';
import { ledgerCliError } from './ledger-access.js';
import { okstraVersion } from './version.js';
import { okstraLine } from '../core/text/okstra-line.js';

/**
 * Building and running a commander program from registrars. `main` runs it
 * with every command; a command that runs other commands as a user would
 * (the demo's `plan approve` and `status`) runs it with just those, so no
 * command module needs to import `main.ts`, which imports every command.
 */

export type CommandRegistrar = (program: Command, io: CliIo, setExit: (code: number) => void) => void;

const EXIT_CODES_HELP = `
Exit codes:
  0  PASS (or the command did what it was asked)
  1  a FAIL verdict, or a refusal (not ready, occupied, bad plan or config)
  2  bad usage (an unknown option or a bad value)
  3  okstra or a provider could not do its job: the run status error, a worker's
     error / timeout / budget stop, git or the ledger unreachable; worth a retry`;

export function buildProgram(
  io: CliIo,
  setExit: (code: number) => void,
  registrars: readonly CommandRegistrar[],
): Command {
  const program = new Command('okstra')
    .description('Run approved multi-stage implementation plans with cross-verification.')
    .version(okstraVersion(), '-V, --version', "print okstra's version")
    .addHelpText('after', EXIT_CODES_HELP)
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });
  for (const register of registrars) register(program, io, setExit);
  return program;
}

/** Parses and runs one invocation and returns its exit code; never calls process.exit. */
export async function runProgram(
  argv: readonly string[],
  io: CliIo,
  registrars: readonly CommandRegistrar[],
): Promise<number> {
  let exitCode = EXIT_OK;
  const program = buildProgram(
    io,
    (code) => {
      exitCode = code;
    },
    registrars,
  );
  applyToAll(program, (cmd) => cmd.exitOverride());
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    return exitCodeFor(error, io);
  }
}

function applyToAll(cmd: Command, fn: (c: Command) => void): void {
  fn(cmd);
  for (const sub of cmd.commands) applyToAll(sub, fn);
}

function exitCodeFor(error: unknown, io: CliIo): number {
  if (error instanceof CommanderError) {
    // Help and version output are successes; every other parse failure is a usage error.
    if (
      error.code === 'commander.helpDisplayed' ||
      error.code === 'commander.version' ||
      error.code === 'commander.help'
    )
      return EXIT_OK;
    return EXIT_USAGE;
  }
  // A ledger error no command mapped (the engine's own reads in `run` and `chain`) is still one line, never "internal error".
  const known = error instanceof CliError ? error : ledgerCliError(error);
  if (known) {
    io.err(okstraLine(known.message));
    return known.exitCode;
  }
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  io.err(okstraLine(`internal error: ${message}`));
  return EXIT_INFRA;
}
