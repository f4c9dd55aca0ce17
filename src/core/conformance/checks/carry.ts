import type { Check, Violation } from '../types.js';
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
export const checkCarryOutcome: Check = ({ report, artifacts }) => {
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

  if (!withheld) {
    const parsed = parseJson(ev.carryJson);
    if (parsed === undefined) {
      out.push(
        violation('carry/invalid-json', 'stageSidecarEvidence.carryJson is not valid JSON', {
          pointer: '/stageSidecarEvidence/carryJson',
        }),
      );
    } else {
      const checked = checkCarry(parsed);
      if (!checked.ok) {
        const first = checked.problems.slice(0, 3).map(formatSchemaProblem).join('; ');
        out.push(
          violation('carry/invalid-json', `carryJson does not match the carry schema: ${first}`, {
            pointer: '/stageSidecarEvidence/carryJson',
          }),
        );
      } else if (checked.value.stage !== report.stage.number) {
        out.push(
          violation(
            'carry/stage-mismatch',
            `carry JSON names stage ${checked.value.stage}, the report stage ${report.stage.number}`,
            { pointer: '/stageSidecarEvidence/carryJson' },
          ),
        );
      }
    }
  }

  if (artifacts.carryFile === undefined) return out;
  if (pass && artifacts.carryFile === null) {
    out.push(
      violation('carry/file-missing', `verdict PASS but no carry file exists${withheld ? '' : ` at ${ev.carryPath}`}`),
    );
  }
  if (pass && artifacts.carryFile !== null && !withheld) {
    const file = parseJson(artifacts.carryFile);
    const recorded = parseJson(ev.carryJson);
    const same =
      file !== undefined && recorded !== undefined
        ? sameJson(file, recorded)
        : artifacts.carryFile.trim() === ev.carryJson.trim();
    if (!same)
      out.push(
        violation(
          'carry/file-mismatch',
          `the carry file at ${ev.carryPath} differs from stageSidecarEvidence.carryJson`,
          { pointer: '/stageSidecarEvidence/carryJson' },
        ),
      );
  }
  if (!pass && artifacts.carryFile !== null) {
    out.push(violation('carry/file-present', `verdict FAIL but a carry file exists for stage ${report.stage.number}`));
  }
  return out;
};
