import type { Check, CheckInput, Violation } from '../types.js';
import { violation } from '../violation.js';
import { checkCarry, formatSchemaProblem } from '../../report/validate-schema.js';

/** Parses JSON text, or returns undefined when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Deep equality of JSON values, so a re-indented but identical carry is not a mismatch. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

/**
 * FAIL withholds the carry and says why; PASS writes it. The carry is what
 * marks a stage as something later stages may build on, so getting this
 * wrong either stacks work on a failed stage or blocks a good one forever.
 */
export const checkCarryOutcome: Check = (input) => [
  ...verdictAgreement(input),
  ...carryJsonProblems(input),
  ...carryFileProblems(input),
];

/** The sidecar evidence is this stage's, and the carry is withheld exactly when the verdict is not PASS. */
function verdictAgreement({ report }: CheckInput): Violation[] {
  const out: Violation[] = [];
  const ev = report.stageSidecarEvidence;
  const pass = report.verdict.value === 'PASS';
  const withheld = 'withheld' in ev;
  if (ev.stageNumber !== report.stage.number) {
    out.push(
      violation(
        'carry/stage-mismatch',
        `sidecar evidence is for stage ${ev.stageNumber}, the report for stage ${report.stage.number}`,
        { pointer: '/stageSidecarEvidence/stageNumber' },
      ),
    );
  }
  if (!pass && !withheld) {
    out.push(
      violation(
        'carry/not-withheld',
        `verdict FAIL (${report.verdict.runStatus}) but the carry was written to ${ev.carryPath} and no withheld reason is given`,
        { pointer: '/stageSidecarEvidence' },
      ),
    );
  }
  if (pass && withheld) {
    out.push(
      violation('carry/withheld-on-pass', `verdict PASS but the carry was withheld: ${ev.withheld}`, {
        pointer: '/stageSidecarEvidence/withheld',
      }),
    );
  }
  return out;
}

/** A written carry's recorded JSON is valid, matches the carry schema and names the report's stage. */
function carryJsonProblems({ report }: CheckInput): Violation[] {
  const ev = report.stageSidecarEvidence;
  if ('withheld' in ev) return [];
  const pointer = '/stageSidecarEvidence/carryJson';
  const parsed = parseJson(ev.carryJson);
  if (parsed === undefined)
    return [violation('carry/invalid-json', 'stageSidecarEvidence.carryJson is not valid JSON', { pointer })];
  const checked = checkCarry(parsed);
  if (!checked.ok) {
    const first = checked.problems.slice(0, 3).map(formatSchemaProblem).join('; ');
    return [violation('carry/invalid-json', `carryJson does not match the carry schema: ${first}`, { pointer })];
  }
  if (checked.value.stage !== report.stage.number) {
    return [
      violation(
        'carry/stage-mismatch',
        `carry JSON names stage ${checked.value.stage}, the report stage ${report.stage.number}`,
        { pointer },
      ),
    ];
  }
  return [];
}

/** The carry file on disk (when the artifacts were read): there on PASS with the recorded JSON, absent on FAIL. */
function carryFileProblems({ report, artifacts }: CheckInput): Violation[] {
  const file = artifacts.carryFile;
  if (file === undefined) return [];
  const ev = report.stageSidecarEvidence;
  const withheld = 'withheld' in ev;
  if (report.verdict.value !== 'PASS') {
    return file === null
      ? []
      : [violation('carry/file-present', `verdict FAIL but a carry file exists for stage ${report.stage.number}`)];
  }
  if (file === null)
    return [
      violation('carry/file-missing', `verdict PASS but no carry file exists${withheld ? '' : ` at ${ev.carryPath}`}`),
    ];
  if (withheld || sameCarry(file, ev.carryJson)) return [];
  return [
    violation('carry/file-mismatch', `the carry file at ${ev.carryPath} differs from stageSidecarEvidence.carryJson`, {
      pointer: '/stageSidecarEvidence/carryJson',
    }),
  ];
}

/** The same JSON value (so a re-indented carry is no mismatch), or the same text when either is not JSON. */
function sameCarry(fileText: string, recordedText: string): boolean {
  const file = parseJson(fileText);
  const recorded = parseJson(recordedText);
  return file !== undefined && recorded !== undefined
    ? sameJson(file, recorded)
    : fileText.trim() === recordedText.trim();
}
