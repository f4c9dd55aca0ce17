import { describe, expect, it } from 'vitest';
import {
  renderCheckRun,
  renderComment,
  renderMarkdown,
  renderSummary,
  singleVendor,
  singleVendorLine,
  type FinalReport,
  type RosterEntry,
} from '../../src/core/report/index.js';
import { printOutcome } from '../../src/cli/commands/run.js';
import type { CliIo } from '../../src/cli/io.js';
import type { StageCompleted } from '../../src/engine/types.js';
import { passReport } from '../fixtures/reports/build.js';

const LABEL = '⚠️ **Single-vendor verification:** the executor and every verifier are claude';

function entry(name: string, provider: RosterEntry['provider'], role: RosterEntry['function']): RosterEntry {
  return { name, provider, model: null, function: role };
}

/** passReport with claude executing and a fresh claude session verifying. */
function singleVendorReport(): FinalReport {
  const report = passReport();
  return {
    ...report,
    roster: [entry('Claude worker', 'claude', 'executor'), entry('Claude worker', 'claude', 'verifier')],
  };
}

describe('singleVendor', () => {
  it('names the vendor when every verifier is the executor’s vendor, and nothing for cross-vendor verification', () => {
    expect(singleVendor(singleVendorReport().roster)).toBe('claude');
    expect(singleVendor(passReport().roster)).toBeNull();
    // One verifier of another vendor is enough; a critic is not a verifier.
    expect(
      singleVendor([
        entry('Claude worker', 'claude', 'executor'),
        entry('Claude worker', 'claude', 'verifier'),
        entry('Codex worker', 'codex', 'verifier'),
      ]),
    ).toBeNull();
    expect(
      singleVendor([
        entry('Claude worker', 'claude', 'executor'),
        entry('Claude worker', 'claude', 'verifier'),
        entry('Codex worker', 'codex', 'critic'),
      ]),
    ).toBe('claude');
    expect(singleVendor([entry('Claude worker', 'claude', 'executor')])).toBeNull();
  });

  it('counts a command provider as its own vendor: the same one verifying itself is single-vendor, two named ones are not', () => {
    expect(
      singleVendor([entry('Aider worker', 'command', 'executor'), entry('Aider worker', 'command', 'verifier')]),
    ).toBe('Aider worker');
    expect(
      singleVendor([entry('Aider worker', 'command', 'executor'), entry('Local worker', 'command', 'verifier')]),
    ).toBeNull();
  });
});

describe('the single-vendor verification label', () => {
  it('is in the full report (the stored Markdown and the job summary) and not in a cross-vendor one', () => {
    const { markdown } = renderMarkdown(singleVendorReport());
    expect(markdown).toContain(LABEL);
    expect(markdown).toContain('list it under `verifiers:` in .okstra/config.yml for cross-vendor verification.');
    // Right under the headline, where a reader looks first.
    expect(markdown.indexOf(LABEL)).toBeLessThan(markdown.indexOf('**Isolation:**') + 400);
    expect(renderMarkdown(passReport()).markdown).not.toMatch(/single-vendor/i);
  });

  it('is in the short summary (the job summary when the full report is too big) and the PR comment', () => {
    expect(renderSummary(singleVendorReport()).markdown).toContain(LABEL);
    expect(renderSummary(passReport()).markdown).not.toMatch(/single-vendor/i);
    expect(renderComment(singleVendorReport()).body).toContain(LABEL);
    expect(renderComment(passReport()).body).not.toMatch(/single-vendor/i);
  });

  it('is in the check run’s output summary and survives cutting to a small limit', () => {
    const check = renderCheckRun(singleVendorReport());
    expect(check.summary).toContain(LABEL);
    expect(check.requests[0]?.output.summary).toContain(LABEL);
    expect(renderCheckRun(passReport()).summary).not.toMatch(/single-vendor/i);
    expect(renderSummary(singleVendorReport(), { maxChars: 1500 }).markdown).toContain(LABEL);
  });

  it('escapes a command provider’s roster name', () => {
    const report = {
      ...passReport(),
      roster: [entry('Agent_*x* worker', 'command', 'executor'), entry('Agent_*x* worker', 'command', 'verifier')],
    };
    const { markdown } = renderMarkdown(report);
    expect(markdown).toContain('every verifier are Agent\\_\\*x\\* worker');
  });

  it('is a line of the terminal summary of `okstra run`', () => {
    const lines: string[] = [];
    const io: CliIo = { out: (t) => lines.push(t), err: () => undefined, cwd: '/', env: {}, now: () => new Date() };
    const outcome: StageCompleted = {
      kind: 'completed',
      report: singleVendorReport(),
      markdown: '',
      reportPath: 'r.json',
      ledgerCommit: 'a'.repeat(40),
    };
    printOutcome(io, outcome, false);
    expect(lines[1]).toBe(`  ${singleVendorLine(singleVendorReport().roster)}`);
    expect(lines[1]).toMatch(
      /^ {2}single-vendor verification: the executor and every verifier are claude \(the verifiers in fresh read-only sessions\)/,
    );
    const cross: string[] = [];
    printOutcome({ ...io, out: (t) => cross.push(t) }, { ...outcome, report: passReport() }, false);
    expect(cross.join('\n')).not.toMatch(/single-vendor/i);
  });
});
