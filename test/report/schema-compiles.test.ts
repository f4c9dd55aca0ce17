import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import AjvCoreModule from 'ajv/dist/core.js';
import {
  checkCarry,
  checkConfigDocument,
  checkFinalReport,
  checkVerifierResult,
  schemaCompileCount,
} from '../../src/core/report/index.js';
import { parseConfig } from '../../src/core/config/index.js';
import { parseCarryEvidence, parseVerifierResult } from '../../src/core/contracts/index.js';
import { CARRY_JSON, failReport, passReport } from '../fixtures/reports/build.js';

// This file must not import scripts/gen-schemas.ts: generating the validators compiles every schema.

const root = new URL('../../', import.meta.url);

// CommonJS with `exports.default`: the default import is the class or the module object, depending on the loader.
const AjvCore = ('default' in AjvCoreModule ? AjvCoreModule.default : AjvCoreModule) as typeof AjvCoreModule.default;

describe('JSON Schema compiles at run time', () => {
  let compile: MockInstance;
  beforeAll(() => {
    // Every ajv class (Ajv2020 included) inherits compile from the core class: any instance compiling in this process counts.
    compile = vi.spyOn(AjvCore.prototype, 'compile');
  });
  afterAll(() => compile.mockRestore());

  it('are zero while reports, carries, verifier results and config are validated, valid or not', () => {
    expect(checkFinalReport(passReport())).toMatchObject({ ok: true });
    expect(checkFinalReport({ ...failReport(), schemaVersion: 2 })).toMatchObject({ ok: false });
    for (const example of ['pass', 'fail-withheld', 'contract-violated', 'budget-exceeded']) {
      const report = JSON.parse(readFileSync(new URL(`examples/reports/${example}.json`, root), 'utf8')) as unknown;
      expect(checkFinalReport(report), example).toMatchObject({ ok: true });
    }
    expect(checkCarry(JSON.parse(CARRY_JSON))).toMatchObject({ ok: true });
    expect(checkCarry({ stage: 'two' })).toMatchObject({ ok: false });
    expect(parseCarryEvidence(`### Stage Carry Evidence\n\`\`\`json\n${CARRY_JSON}\n\`\`\`\n`)).toMatchObject({
      ok: true,
    });
    const verifier = { verdict: 'PASS', summary: 'fine', findings: [], evidenceRead: ['src/a.ts'] };
    expect(checkVerifierResult(verifier)).toMatchObject({ ok: true });
    expect(checkVerifierResult({ ...verifier, verdict: 'MAYBE' })).toMatchObject({ ok: false });
    expect(parseVerifierResult(`### Verifier Result\n\`\`\`json\n${JSON.stringify(verifier)}\n\`\`\`\n`)).toMatchObject(
      { ok: true },
    );
    expect(checkConfigDocument({ qaCommands: ['npm test'] })).toMatchObject({ ok: true });
    expect(checkConfigDocument({ qaCommands: 'npm test' })).toMatchObject({ ok: false });
    expect(parseConfig('qaCommands:\n  - npm test\n', '.okstra/config.yml').errors).toEqual([]);

    expect(schemaCompileCount()).toBe(0);
    expect(compile).not.toHaveBeenCalled();
  });

  it('cannot happen in the shipped bundles: ajv’s compiler is not in the CLI, the Action or the bot', async () => {
    const outdir = new URL('node_modules/.cache/okstra-schema-compiles/', root).pathname;
    const shared = { bundle: true, platform: 'node', format: 'esm', write: false, metafile: true, outdir } as const;
    const engine = await build({
      ...shared,
      entryPoints: ['src/cli/main.ts', 'src/action/index.ts', 'src/action/post.ts'].map(
        (p) => new URL(p, root).pathname,
      ),
      splitting: true,
      logLevel: 'error',
    });
    // From node_modules/ on: a worktree's node_modules may be a link to another checkout's (esbuild names the target).
    const bundled = Object.keys(engine.metafile.inputs)
      .filter((path) => path.includes('node_modules/ajv'))
      .map((path) => path.slice(path.indexOf('node_modules/')));
    // Only the runtime leaves the precompiled code calls (format checks, code-point length).
    expect(bundled.sort()).toEqual([
      'node_modules/ajv-formats/dist/formats.js',
      'node_modules/ajv/dist/runtime/ucs2length.js',
    ]);

    const bot = await build({
      ...shared,
      entryPoints: [new URL('bot/main.ts', root).pathname],
      packages: 'external',
      logLevel: 'error',
    });
    const imported = Object.values(bot.metafile.outputs)
      .flatMap((output) => output.imports.map((i) => i.path))
      .filter((path) => path.startsWith('ajv'));
    expect([...new Set(imported)].sort()).toEqual(['ajv-formats/dist/formats.js', 'ajv/dist/runtime/ucs2length.js']);
  });
});
