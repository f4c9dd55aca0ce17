import { describe, expect, it } from 'vitest';
import { statusRequest } from '../../src/cli/commands/status.js';
import { CliError, EXIT_USAGE } from '../../src/cli/io.js';

describe('statusRequest', () => {
  it('lists every plan without --plan, as a table or as JSON', () => {
    expect(statusRequest({})).toEqual({ kind: 'plans', json: false });
    expect(statusRequest({ json: true })).toEqual({ kind: 'plans', json: true });
  });

  it('refuses --markdown without --plan as a usage error', () => {
    let caught: unknown;
    try {
      statusRequest({ markdown: true });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CliError);
    expect((caught as CliError).exitCode).toBe(EXIT_USAGE);
    expect((caught as CliError).message).toContain('pass --plan FILE');
  });

  it('shows one plan as a table, as Markdown, or as JSON (which wins over --markdown)', () => {
    expect(statusRequest({ plan: 'p.md' })).toEqual({ kind: 'plan', plan: 'p.md', format: 'table' });
    expect(statusRequest({ plan: 'p.md', markdown: true })).toEqual({ kind: 'plan', plan: 'p.md', format: 'markdown' });
    expect(statusRequest({ plan: 'p.md', json: true, markdown: true })).toEqual({
      kind: 'plan',
      plan: 'p.md',
      format: 'json',
    });
  });
});
