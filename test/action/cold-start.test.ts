import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

// Every job starts the Action cold, and what a module imports statically is compiled before it runs: the event
// job on its way to the first dispatch, a stage job on its way to its claim. The report's schema validators
// (~1 MB minified) are needed by neither; they load where a stored report or an agent's result is read.

const root = new URL('../../', import.meta.url);
const VALIDATORS = /src\/core\/report\/(validate-schema\.ts|schema\/validators\.generated\.js)$/;

/** The source files each entry loads before any `import()` of its own, in a split build like scripts/build.mjs's. */
async function staticInputs(entries: Record<string, string>): Promise<Map<string, string[]>> {
  const outdir = new URL('node_modules/.cache/okstra-cold-start/', root).pathname;
  const result = await build({
    entryPoints: Object.fromEntries(Object.entries(entries).map(([k, p]) => [k, new URL(p, root).pathname])),
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    outdir,
    logLevel: 'error',
  });
  const outputs: Metafile['outputs'] = result.metafile.outputs;
  const closure = (start: string): string[] => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length > 0) {
      const next = stack.pop() as string;
      if (seen.has(next)) continue;
      seen.add(next);
      for (const i of outputs[next]?.imports ?? []) if (i.kind === 'import-statement') stack.push(i.path);
    }
    return [...seen].flatMap((out) => Object.keys(outputs[out]?.inputs ?? {}));
  };
  const byEntry = new Map<string, string[]>();
  for (const [out, meta] of Object.entries(outputs)) {
    const name = Object.entries(entries).find(([, p]) => meta.entryPoint?.endsWith(p.replace(/^\.\//, '')))?.[0];
    if (name) byEntry.set(name, closure(out));
  }
  return byEntry;
}

describe('what a cold Action loads before it acts', () => {
  it('the event job (every trigger) and a stage job before its claim load no schema validators', async () => {
    const inputs = await staticInputs({
      event: 'src/action/event-mode.ts',
      stage: 'src/action/modes.ts',
      claimed: 'src/engine/run-claimed.ts',
    });
    expect([...inputs.keys()].sort()).toEqual(['claimed', 'event', 'stage']);
    for (const name of ['event', 'stage']) {
      const files = inputs.get(name) ?? [];
      // The closures are real: the event job reaches every trigger, the stage job the engine's intake.
      expect(files.some((f) => f.endsWith(name === 'event' ? 'src/triggers/results.ts' : 'src/engine/intake.ts'))).toBe(
        true,
      );
      expect(
        files.filter((f) => VALIDATORS.test(f)),
        name,
      ).toEqual([]);
    }
    // What runs once a stage is claimed does validate: the check above would see the validators if they were there.
    expect((inputs.get('claimed') ?? []).filter((f) => VALIDATORS.test(f)).length).toBeGreaterThan(0);
  }, 60_000);
});
