// Runs one figure of a suite in a Node process of its own and returns its
// printed lines. A stage is timed as okstra runs it (an Action job, an
// `okstra run`: one process per stage), not after an earlier figure of the
// same suite left hundreds of megabytes of garbage on the heap, whose
// collection would fall on whichever stage happens to trigger it.
//
// As a program (`bench/own-process.ts <module> <export>`) it is that process:
// it imports the export from bench/<module>.ts, runs it and prints its lines
// as one JSON array on stdout.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './fixtures.js';

const SELF = join(REPO_ROOT, 'bench', 'own-process.ts');
/** What a figure may print besides its array (a warning on stderr is passed through, not parsed). */
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

/** The lines `bench/<module>.ts`'s `exportName()` returns, run in a child Node process with this one's loader and environment. */
export function linesInOwnProcess(module: string, exportName: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      // The same loader flags (tsx) this process was started with, so the child runs the same TypeScript.
      [...process.execArgv, SELF, module, exportName],
      { cwd: REPO_ROOT, env: process.env, maxBuffer: MAX_OUTPUT_BYTES },
      (error, stdout, stderr) => {
        if (stderr.trim() !== '') process.stderr.write(stderr);
        if (error) {
          reject(new Error(`bench/${module}.ts ${exportName} failed in its own process: ${error.message}`));
          return;
        }
        try {
          const lines: unknown = JSON.parse(stdout.trim().split('\n').at(-1) ?? '');
          if (!Array.isArray(lines) || !lines.every((l) => typeof l === 'string'))
            throw new Error('not an array of lines');
          resolve(lines);
        } catch (parseError) {
          reject(
            new Error(
              `bench/${module}.ts ${exportName} printed no figure in its own process (${parseError instanceof Error ? parseError.message : String(parseError)}): ${stdout.slice(-500)}`,
            ),
          );
        }
      },
    );
  });
}

async function main(module: string, exportName: string): Promise<void> {
  const loaded = (await import(pathToFileURL(join(REPO_ROOT, 'bench', `${module}.ts`)).href)) as Record<
    string,
    unknown
  >;
  const run = loaded[exportName];
  if (typeof run !== 'function') throw new Error(`bench/${module}.ts has no function ${exportName}`);
  const lines = (await (run as () => Promise<string[]>)()) as unknown;
  process.stdout.write(`${JSON.stringify(lines)}\n`);
}

if (process.argv[1] === SELF) {
  const [module, exportName] = process.argv.slice(2);
  if (!module || !exportName) {
    console.error('usage: bench/own-process.ts <module> <export>');
    process.exit(2);
  }
  main(module, exportName).catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  });
}
