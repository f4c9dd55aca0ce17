import { Command, CommanderError } from 'commander';
import { fileURLToPath } from 'node:url';
import { CliError, EXIT_INFRA, EXIT_OK, EXIT_USAGE, processIo, scrubbingIo, type CliIo } from './io.js';
import { registerPlanCommands } from './commands/plan.js';
import { registerStatusCommand } from './commands/status.js';
import { registerLedgerCommands } from './commands/ledger.js';
import { registerReportCommands } from './commands/report.js';
import { registerRunCommands } from './commands/run.js';
import { registerReconcileCommand } from './commands/reconcile.js';
import { registerFinalCommands } from './commands/final.js';
import { registerDemoCommand } from './commands/demo.js';
import { registerDoctorCommands } from './commands/doctor.js';
import { ledgerCliError } from './ledger-access.js';
import { okstraVersion } from './version.js';

export type CommandRegistrar = (program: Command, io: CliIo, setExit: (code: number) => void) => void;

const registrars: CommandRegistrar[] = [
  registerPlanCommands,
  registerStatusCommand,
  registerLedgerCommands,
  registerReportCommands,
  registerRunCommands,
  registerReconcileCommand,
  registerFinalCommands,
  registerDemoCommand,
  registerDoctorCommands,
];

const EXIT_CODES_HELP = `
Exit codes:
  0  PASS (or the command did what it was asked)
  1  a FAIL verdict, or a refusal (not ready, occupied, bad plan or config)
  2  bad usage (an unknown option or a bad value)
  3  okstra or a provider could not do its job: the run status error, a worker's
     error / timeout / budget stop, git or the ledger unreachable; worth a retry`;

export function buildProgram(io: CliIo, setExit: (code: number) => void): Command {
  const program = new Command('okstra')
    .description('Run approved multi-stage implementation plans with cross-verification.')
    .version(okstraVersion(), '-V, --version', "print okstra's version")
    .addHelpText('after', EXIT_CODES_HELP)
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) });
  for (const register of registrars) register(program, io, setExit);
  return program;
}

/** Runs one CLI invocation and returns its exit code; never calls process.exit. */
export async function main(argv: readonly string[], rawIo: CliIo = processIo()): Promise<number> {
  const io = scrubbingIo(rawIo);
  let exitCode = EXIT_OK;
  const program = buildProgram(io, (code) => {
    exitCode = code;
  });
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
    io.err(`okstra: ${known.message}`);
    return known.exitCode;
  }
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  io.err(`okstra: internal error: ${message}`);
  return EXIT_INFRA;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main(process.argv.slice(2));
}
