import { finalVerificationSample } from '../helpers/final-verification-sample.js';
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { jsonSchemaFor, type SchemaFileName } from '../../src/core/report/index.js';
import { VALIDATOR_EXPORTS } from '../../src/core/report/schema/validator-names.js';
import * as precompiled from '../../src/core/report/schema/validators.generated.js';
import { VALIDATOR_FILES, staleValidatorFiles } from '../../scripts/gen-schemas.js';
import { CARRY_JSON, failReport, passReport } from '../fixtures/reports/build.js';
import { planReviewReport } from '../planning/report-fixture.js';

const addFormats = addFormatsModule.default;
const generatedDir = new URL('../../src/core/report/schema/', import.meta.url);

describe('the precompiled validators (validators.generated.js)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function copyOfGenerated(): string {
    const dir = mkdtempSync(join(tmpdir(), 'okstra-validators-'));
    dirs.push(dir);
    for (const name of VALIDATOR_FILES) cpSync(new URL(name, generatedDir), join(dir, name));
    return dir;
  }

  it('are exactly what scripts/gen-schemas.ts generates (run `npx tsx scripts/gen-schemas.ts` when this fails)', () => {
    expect(staleValidatorFiles()).toEqual([]);
  });

  it('are reported stale when a committed file was edited or is missing', () => {
    const edited = copyOfGenerated();
    const js = join(edited, 'validators.generated.js');
    writeFileSync(js, readFileSync(js, 'utf8').replace('"must be equal to constant"', '"edited"'));
    expect(staleValidatorFiles(edited)).toEqual(['validators.generated.js']);

    const missing = copyOfGenerated();
    unlinkSync(join(missing, 'validators.generated.d.ts'));
    expect(staleValidatorFiles(missing)).toEqual(['validators.generated.d.ts']);
  });

  // The same ajv options the generator uses, compiled here at run time: the reference.
  const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true, verbose: true }));
  const samples: Record<SchemaFileName, unknown> = {
    'final-report.schema.json': passReport(),
    'carry.schema.json': JSON.parse(CARRY_JSON) as unknown,
    'verifier-result.schema.json': {
      verdict: 'FAIL',
      summary: 'one blocker',
      findings: [{ severity: 'blocking', title: 'Unknown keys', detail: 'd', file: 'src/a.ts', line: 3, endLine: 4 }],
      evidenceRead: ['src/a.ts'],
    },
    'config.schema.json': { qaCommands: ['npm test'], roster: { executor: 'claude' } },
    'plan-review-report.schema.json': planReviewReport(),
    'final-verification-report.schema.json': finalVerificationSample(),
  };

  it.each(Object.keys(VALIDATOR_EXPORTS) as SchemaFileName[])(
    'give the same answer and the same errors as a runtime compile of %s, on many broken documents',
    (name) => {
      const reference = ajv.compile(jsonSchemaFor(name));
      const validate = precompiled[VALIDATOR_EXPORTS[name]];
      const documents = [samples[name], ...mutations(samples[name])];
      if (name === 'final-report.schema.json') documents.push(failReport(), ...mutations(failReport()));
      let rejected = 0;
      for (const document of documents) {
        const expected = reference(document);
        expect(validate(document)).toBe(expected);
        expect(validate.errors ?? null).toEqual(reference.errors ?? null);
        if (!expected) rejected++;
      }
      // The mutations must actually exercise the error paths, not only the valid sample.
      expect(rejected).toBeGreaterThan(documents.length / 4);
    },
  );
});

/** Every key removed, nulled, retyped or given an extra sibling, one change per document, at every depth. */
function mutations(value: unknown): unknown[] {
  const out: unknown[] = [];
  const visit = (node: unknown, path: readonly (string | number)[]): void => {
    if (node === null || typeof node !== 'object') return;
    const keys: (string | number)[] = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
    out.push(edit(value, path, (parent) => ((parent as Record<string, unknown>).unexpected = true)));
    for (const key of keys) {
      for (const replacement of [null, 'text', -1, 1.5, [], {}, '2026-13-01T00:00:00Z', '../x'])
        out.push(edit(value, path, (parent) => ((parent as Record<string | number, unknown>)[key] = replacement)));
      if (!Array.isArray(node)) out.push(edit(value, path, (parent) => Reflect.deleteProperty(parent as object, key)));
      visit((node as Record<string | number, unknown>)[key], [...path, key]);
    }
  };
  visit(value, []);
  return out;
}

function edit(root: unknown, path: readonly (string | number)[], change: (parent: unknown) => unknown): unknown {
  const copy = structuredClone(root);
  let parent: unknown = copy;
  for (const key of path) parent = (parent as Record<string | number, unknown>)[key];
  change(parent);
  return copy;
}
