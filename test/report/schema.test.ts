import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CarrySchema,
  FinalReportSchema,
  VerifierResultSchema,
  checkCarry,
  checkFinalReport,
  checkVerifierResult,
  jsonSchemaFor,
} from '../../src/core/report/index.js';
import { staleSchemaFiles } from '../../scripts/gen-schemas.js';
import { CARRY_JSON, failReport, passReport } from '../fixtures/reports/build.js';

const EXAMPLES = ['pass', 'fail-withheld', 'contract-violated', 'budget-exceeded'] as const;

function example(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../examples/reports/${name}.json`, import.meta.url), 'utf8')) as unknown;
}

describe('committed JSON Schemas', () => {
  it('are exactly what the zod models generate (run `npx tsx scripts/gen-schemas.ts` when this fails)', () => {
    expect(staleSchemaFiles()).toEqual([]);
  });

  it('declare draft 2020-12', () => {
    expect(jsonSchemaFor('final-report.schema.json').$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  });
});

describe('final report schema', () => {
  it.each(EXAMPLES)('accepts examples/reports/%s.json with ajv and with zod', (name) => {
    const value = example(name);
    expect(checkFinalReport(value)).toMatchObject({ ok: true });
    expect(FinalReportSchema.safeParse(value).success).toBe(true);
  });

  it('rejects a wrong schemaVersion, an unknown property and a bad trigger, naming each place', () => {
    const r = { ...passReport(), schemaVersion: 2, extra: true } as Record<string, unknown>;
    (r.run as { trigger: { kind: string } }).trigger.kind = 'push';
    const result = checkFinalReport(r);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(
      expect.arrayContaining([
        { pointer: '/schemaVersion', message: 'must be 1' },
        { pointer: '', message: 'unexpected property "extra"' },
        { pointer: '/run/trigger/kind', message: expect.stringContaining('"label"') },
      ]),
    );
  });

  it('requires withheld exactly when the carry was not written', () => {
    const noReason = failReport();
    const ev = noReason.stageSidecarEvidence as Record<string, unknown>;
    delete ev.withheld;
    expect(checkFinalReport(noReason).ok).toBe(false);

    const both = passReport();
    Object.assign(both.stageSidecarEvidence, { withheld: 'because' });
    expect(checkFinalReport(both).ok).toBe(false);

    const blank = failReport();
    Object.assign(blank.stageSidecarEvidence, { withheld: '   ' });
    expect(checkFinalReport(blank).ok).toBe(false);
  });

  it('rejects absolute and parent-relative paths', () => {
    for (const file of ['/etc/passwd', '../secret.ts', 'src/../../x.ts']) {
      const r = passReport();
      const f = r.findings[0];
      if (f) f.file = file;
      expect(checkFinalReport(r).ok, file).toBe(false);
    }
  });

  it('reuses the ledger row schema: a done row without carry_path is rejected', () => {
    const r = passReport() as { ledgerRow: Record<string, unknown> };
    delete r.ledgerRow.carry_path;
    const result = checkFinalReport(r);
    expect(result.ok).toBe(false);
  });

  it('rejects a roster name that could not be carried in a checkpoint', () => {
    const r = passReport();
    const first = r.roster[0];
    if (first) first.name = 'Codex=worker';
    expect(checkFinalReport(r).ok).toBe(false);
  });
});

describe('carry schema', () => {
  it('accepts the executor carry of the fixtures and extra keys', () => {
    const carry = { ...(JSON.parse(CARRY_JSON) as object), designNotes: 'kept' };
    expect(checkCarry(carry).ok).toBe(true);
    expect(CarrySchema.safeParse(carry).success).toBe(true);
  });

  it('rejects a carry without an exit contract or with an empty summary', () => {
    const carry = JSON.parse(CARRY_JSON) as Record<string, unknown>;
    delete carry.exitContract;
    carry.summary = ' ';
    const result = checkCarry(carry);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((p) => p.pointer).sort()).toEqual(['', '/summary']);
  });
});

describe('verifier result schema', () => {
  const valid = {
    verdict: 'FAIL',
    findings: [{ severity: 'blocking', title: 'Limit ignored', file: 'src/server/pipeline.ts', line: 41 }],
    evidenceRead: ['src/server/pipeline.ts'],
  };

  it('accepts a verdict, findings with file and line, and evidence paths', () => {
    expect(checkVerifierResult(valid).ok).toBe(true);
    expect(VerifierResultSchema.safeParse(valid).success).toBe(true);
  });

  it('rejects an unknown verdict, an unknown severity and a missing evidence list', () => {
    const result = checkVerifierResult({ verdict: 'MAYBE', findings: [{ severity: 'critical', title: 'x' }] });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.problems.map((p) => p.pointer).sort()).toEqual(['', '/findings/0/severity', '/verdict']);
  });
});
