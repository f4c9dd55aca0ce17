/** The carry rules: withheld exactly on FAIL, valid carry JSON for this stage, and a carry file that agrees. */
import { describe, expect, it } from 'vitest';
import { checkCarryOutcome } from '../../src/core/conformance/checks/carry.js';
import type { RunArtifacts } from '../../src/core/conformance/types.js';
import type { FinalReport } from '../../src/core/report/index.js';
import { CARRY_JSON, failReport, passReport } from '../fixtures/reports/build.js';

const codes = (report: FinalReport, artifacts: Partial<RunArtifacts> = {}): string[] =>
  checkCarryOutcome({ report, artifacts: { report, ...artifacts } }).map((v) => v.code);

/** A PASS report whose recorded carry JSON is `carryJson`. */
function passWith(carryJson: string): FinalReport {
  const r = passReport();
  r.stageSidecarEvidence = { ...r.stageSidecarEvidence, carryJson };
  return r;
}

describe('checkCarryOutcome', () => {
  it('passes a PASS run whose carry file holds the recorded JSON, re-indented or not', () => {
    expect(codes(passReport(), { carryFile: CARRY_JSON })).toEqual([]);
    expect(codes(passReport(), { carryFile: JSON.stringify(JSON.parse(CARRY_JSON)) })).toEqual([]);
    expect(codes(passReport())).toEqual([]);
  });

  it('passes a FAIL run that withheld the carry and wrote no file', () => {
    expect(codes(failReport(), { carryFile: null })).toEqual([]);
  });

  it('flags sidecar evidence for another stage', () => {
    const r = passReport();
    r.stageSidecarEvidence = { ...r.stageSidecarEvidence, stageNumber: 3 };
    expect(codes(r)).toEqual(['carry/stage-mismatch']);
  });

  it('flags a FAIL that wrote its carry, and a PASS that withheld it', () => {
    const fail = failReport();
    const pass = passReport();
    fail.stageSidecarEvidence = { ...pass.stageSidecarEvidence };
    expect(codes(fail)).toEqual(['carry/not-withheld']);
    pass.stageSidecarEvidence = { ...failReport().stageSidecarEvidence };
    expect(codes(pass, { carryFile: null })).toEqual(['carry/withheld-on-pass', 'carry/file-missing']);
  });

  it('flags recorded carry JSON that is not JSON, not a carry, or names another stage', () => {
    expect(codes(passWith('{ nope'))).toEqual(['carry/invalid-json']);
    expect(codes(passWith('{"stage": 2}'))).toEqual(['carry/invalid-json']);
    expect(codes(passWith(JSON.stringify({ ...JSON.parse(CARRY_JSON), stage: 5 })))).toEqual(['carry/stage-mismatch']);
  });

  it('flags a PASS without a carry file, a file that differs, and a FAIL with one', () => {
    const missing = checkCarryOutcome({ report: passReport(), artifacts: { report: null, carryFile: null } });
    expect(missing.map((v) => [v.code, v.message])).toEqual([
      ['carry/file-missing', 'verdict PASS but no carry file exists at plans/rate-limits/carry/stage-2.json'],
    ]);
    expect(codes(passReport(), { carryFile: '{"stage": 2, "summary": "other"}' })).toEqual(['carry/file-mismatch']);
    // Not JSON on either side: compared as text, trimmed.
    expect(codes(passWith('{ nope'), { carryFile: '  { nope\n' })).toEqual(['carry/invalid-json']);
    expect(codes(passWith('{ nope'), { carryFile: '{ other' })).toEqual(['carry/invalid-json', 'carry/file-mismatch']);
    expect(codes(failReport(), { carryFile: CARRY_JSON })).toEqual(['carry/file-present']);
  });
});
