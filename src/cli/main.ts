import type { Command } from 'commander';
import { fileURLToPath } from 'node:url';
import { processIo, scrubbingIo, type CliIo } from './io.js';
import { registerPlanCommands } from './commands/plan.js';
import { registerStatusCommand } from './commands/status.js';
import { registerLedgerCommands } from './commands/ledger.js';
import { registerReportCommands } from './commands/report.js';
import { registerRunCommands } from './commands/run.js';
import { registerReconcileCommand } from './commands/reconcile.js';
import { registerFinalCommands } from './commands/final.js';
import { registerDemoCommand } from './commands/demo.js';
import { registerDoctorCommands } from './commands/doctor.js';
import { registerInitCommand } from './commands/init.js';
import { buildProgram as buildProgramOf, runProgram, type CommandRegistrar } from './program.js';

export type { CommandRegistrar } from './program.js';

const registrars: CommandRegistrar[] = [
  registerInitCommand,
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

export function buildProgram(io: CliIo, setExit: (code: number) => void): Command {
  return buildProgramOf(io, setExit, registrars);
}

/** Runs one CLI invocation and returns its exit code; never calls process.exit. */
export async function main(argv: readonly string[], rawIo: CliIo = processIo()): Promise<number> {
  return runProgram(argv, scrubbingIo(rawIo), registrars);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = await main(process.argv.slice(2));
}
