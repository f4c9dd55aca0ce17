import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Command, CommanderError } from 'commander';
import { afterAll, describe, expect, it } from 'vitest';
import { registerReportCommands } from '../../src/cli/commands/report.js';
import { CliError, EXIT_USAGE, type CliIo } from '../../src/cli/io.js';
import { CARRY_JSON, failReport } from '../fixtures/reports/build.js';

const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'okstra-report-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function tmpFile(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

interface Result {
  code: number;
  out: string;
  err: string;
}

/** Runs `okstra <args>` with only the report commands registered, the way src/cli/main.ts maps errors to exit codes. */
async function run(...args: string[]): Promise<Result> {
  const result: Result = { code: 0, out: '', err: '' };
  const io: CliIo = {
    out: (t) => (result.out += `${t}\n`),
    err: (t) => (result.err += `${t}\n`),
    cwd: ROOT,
    env: {},
    now: () => new Date(0),
  };
  const program = new Command('okstra').configureOutput({
    writeOut: (s) => (result.out += s),
    writeErr: (s) => (result.err += s),
  });
  registerReportCommands(program, io, (c) => (result.code = c));
  const all = (c: Command): void => {
    c.exitOverride();
    c.commands.forEach(all);
  };
  all(program);
  try {
    await program.parseAsync(args, { from: 'user' });
  } catch (error) {
    if (error instanceof CliError) {
      result.err += `okstra: ${error.message}\n`;
      result.code = error.exitCode;
    } else if (error instanceof CommanderError) {
      result.code = error.code === 'commander.helpDisplayed' ? 0 : EXIT_USAGE;
    } else throw error;
  }
  return result;
}

describe('okstra report validate', () => {
  it.each(['pass', 'fail-withheld', 'contract-violated', 'budget-exceeded'])(
    'exits 0 for examples/reports/%s.json',
    async (name) => {
      const r = await run('report', 'validate', `examples/reports/${name}.json`);
      expect(r).toEqual({ code: 0, out: `examples/reports/${name}.json: conforms\n`, err: '' });
    },
  );

  it('exits 1 and lists each violation with its hint', async () => {
    const report = failReport();
    report.verdict.value = 'PASS';
    const file = tmpFile('bad.json', JSON.stringify(report));
    const r = await run('report', 'validate', file);
    expect(r.code).toBe(1);
    expect(r.out).toContain('verdict/inconsistent: verdict is PASS but runStatus is failed (at /verdict)\n  hint: ');
    expect(r.out).toContain('carry/withheld-on-pass');
    expect(r.out.trimEnd().endsWith('violations')).toBe(true);
  });

  it('prints JSON with --json', async () => {
    const r = await run('report', 'validate', 'examples/reports/pass.json', '--json');
    expect(JSON.parse(r.out)).toEqual({ ok: true, violations: [] });
  });

  it('runs the artifact checks when given the carry file, the validation commands and the head tree', async () => {
    const files = tmpFile('files.txt', 'src/server/pipeline.ts\ntest/limits/bucket.test.ts\n');
    const r = await run(
      'report',
      'validate',
      'examples/reports/pass.json',
      '--carry-file',
      join(dir, 'no-such-carry.json'),
      '--validation',
      'npm test -- limits',
      '--validation',
      'npm run lint',
      '--head-files',
      files,
    );
    expect(r.code).toBe(1);
    expect(r.out).toContain('carry/file-missing');
    expect(r.out).toContain('qa/validation-not-run: plan validation command `npm run lint`');
    expect(r.out).toContain('finding/file-absent');
  });

  it('compares the carry file and the ledger row when given', async () => {
    const carry = tmpFile('carry.json', CARRY_JSON);
    const row = tmpFile('row.json', 'null');
    const r = await run('report', 'validate', 'examples/reports/pass.json', '--carry-file', carry, '--ledger-row', row);
    expect(r.out).not.toContain('carry/');
    expect(r.out).toContain('ledger/report-mismatch');
    expect(r.out).toContain('ledger/row-missing');
  });

  it('names the file when it is missing or not JSON', async () => {
    expect(await run('report', 'validate', 'nope.json')).toEqual({
      code: 1,
      out: '',
      err: 'okstra: cannot read report nope.json: no such file\n',
    });
    const broken = tmpFile('broken.json', '{ "schemaVersion": 1,');
    const r = await run('report', 'validate', broken);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(new RegExp(`^okstra: report ${broken} is not valid JSON: .+\\n$`));
  });

  it('reports schema problems as report/schema violations', async () => {
    const r = await run('report', 'validate', tmpFile('empty.json', '{}'));
    expect(r.code).toBe(1);
    expect(r.out).toContain('report/schema: (root): missing properties "schemaVersion", "plan"');
  });
});

describe('okstra report render', () => {
  it('renders the full Markdown by default', async () => {
    const r = await run('report', 'render', 'examples/reports/pass.json');
    expect(r.code).toBe(0);
    expect(r.out.startsWith('## ✅ PASS — `rate-limits` · stage 2')).toBe(true);
  });

  it('renders the sticky comment', async () => {
    const r = await run('report', 'render', 'examples/reports/fail-withheld.json', '--format', 'comment');
    expect(r.out.startsWith('<!-- okstra:report plan=rate-limits stage=2 -->')).toBe(true);
  });

  it('renders the check run as JSON ready for the Checks API', async () => {
    const r = await run(
      'report',
      'render',
      'examples/reports/fail-withheld.json',
      '--format',
      'check-json',
      '--full-report-url',
      'https://example.com/r',
    );
    const check = JSON.parse(r.out) as {
      conclusion: string;
      requests: Array<{ output: { annotations: unknown[] } }>;
      summary: string;
    };
    expect(check.conclusion).toBe('failure');
    expect(check.requests[0]?.output.annotations).toHaveLength(2);
  });

  it('renders the short summary', async () => {
    const r = await run('report', 'render', 'examples/reports/contract-violated.json', '--format', 'summary');
    expect(r.out).toContain('### ⚠️ FAIL (contract violated)');
  });

  it('refuses an invalid report with one line naming the file', async () => {
    const file = tmpFile('invalid.json', JSON.stringify({ schemaVersion: 1 }));
    const r = await run('report', 'render', file);
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      `okstra: ${file} is not a valid final report: (root): missing properties "plan", "stage", "run", "git", "roster", "executor", "qa", "verifiers", "findings", "convergence", "verdict", "stageSidecarEvidence", "ledgerRow", "progress", "usage", "remainingQueue", "errors"; run \`okstra report validate ${file}\`\n`,
    );
  });

  it('rejects an unknown format as a usage error', async () => {
    const r = await run('report', 'render', 'examples/reports/pass.json', '--format', 'html');
    expect(r.code).toBe(EXIT_USAGE);
    expect(r.err).toContain("argument 'html' is invalid");
  });
});

describe('--help', () => {
  it.each([['report'], ['report', 'validate'], ['report', 'render']])('okstra %s --help', async (...words) => {
    const r = await run(...words, '--help');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Usage: okstra ${words.join(' ')}`);
  });

  it('says which checks validate runs with only the report', async () => {
    const r = await run('report', 'validate', '--help');
    expect(r.out).toContain('With only the report:');
    expect(r.out).toContain('--head-files <file>');
  });
});
