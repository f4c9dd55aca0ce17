import { describe, expect, it } from 'vitest';
import {
  renderCheckRun,
  renderComment,
  renderMarkdown,
  renderSummary,
  singleVendor,
  singleVendorLine,
  crossVendorCopilotLine,
  modelMaker,
  type FinalReport,
  type RosterEntry,
} from '../../src/core/report/index.js';
import { printOutcome } from '../../src/cli/commands/run.js';
import type { CliIo } from '../../src/cli/io.js';
import type { StageCompleted } from '../../src/engine/types.js';
import { passReport } from '../fixtures/reports/build.js';

const LABEL = '⚠️ **Single-vendor verification:** the executor and every verifier are claude';

function entry(
  name: string,
  provider: RosterEntry['provider'],
  role: RosterEntry['function'],
  model: string | null = null,
): RosterEntry {
  return { name, provider, model, function: role };
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

describe('Copilot workers: the vendor is the model’s maker', () => {
  it('reads the maker from the model name as the vendors spell it', () => {
    expect(modelMaker('claude-sonnet-4.5')).toBe('claude');
    expect(modelMaker('gpt-5.5')).toBe('codex');
    expect(modelMaker('openai/gpt-5')).toBe('codex');
    expect(modelMaker('o3-mini')).toBe('codex');
    expect(modelMaker('gemini-2.5-pro')).toBe('gemini');
    expect(modelMaker('grok-code-fast-1')).toBeNull();
    expect(modelMaker(null)).toBeNull();
  });

  it('two Copilot workers on different vendors’ models are cross-vendor, and the report says whose models checked whose', () => {
    const roster = [
      entry('Copilot worker', 'copilot', 'executor', 'gpt-5.5'),
      entry('Copilot-claude worker', 'copilot', 'verifier', 'claude-sonnet-4.5'),
    ];
    expect(singleVendor(roster)).toBeNull();
    expect(crossVendorCopilotLine(roster)).toBe(
      "cross-vendor verification: Copilot worker (OpenAI's gpt-5.5) executed; Copilot-claude worker (Anthropic's claude-sonnet-4.5) verified",
    );
    const { markdown } = renderMarkdown({ ...passReport(), roster });
    expect(markdown).toContain(
      "Cross-vendor verification: Copilot worker (OpenAI's gpt-5.5) executed; Copilot-claude worker (Anthropic's claude-sonnet-4.5) verified.",
    );
    expect(markdown).not.toMatch(/single-vendor/i);
  });

  it('a Copilot worker on a vendor’s model verifying that vendor’s own CLI, or Copilot on one maker’s models, is single-vendor', () => {
    expect(
      singleVendor([
        entry('Claude worker', 'claude', 'executor', 'claude-opus-4'),
        entry('Copilot worker', 'copilot', 'verifier', 'claude-sonnet-4.5'),
      ]),
    ).toBe('claude');
    const sameMaker = [
      entry('Copilot worker', 'copilot', 'executor', 'gpt-5.5'),
      entry('Copilot-mini worker', 'copilot', 'verifier', 'gpt-5-mini'),
    ];
    expect(singleVendor(sameMaker)).toBe('OpenAI models');
    expect(crossVendorCopilotLine(sameMaker)).toBeNull();
    expect(renderMarkdown({ ...passReport(), roster: sameMaker }).markdown).toContain(
      '⚠️ **Single-vendor verification:** the executor and every verifier are OpenAI models',
    );
    // A model whose maker is unknown is a vendor of its own: another model of it is not the same vendor.
    expect(
      singleVendor([
        entry('Copilot worker', 'copilot', 'executor', 'grok-code-fast-1'),
        entry('Copilot-x worker', 'copilot', 'verifier', 'some-other-model'),
      ]),
    ).toBeNull();
  });
});
