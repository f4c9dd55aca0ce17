/** The words for how a dispatch's program ended, shared by the agent CLIs and the Command provider. */
import { refusedDispatch } from '../../src/providers/refused-dispatch.js';
import { describe, expect, it } from 'vitest';
import { cutShort, howItEnded, stderrTailWith, withoutLines } from '../../src/providers/dispatch-run.js';

describe('how a dispatch ended', () => {
  it('a timeout and a cancellation are okstra ending the process; anything else is not cut short', () => {
    expect(cutShort({ timedOut: true, aborted: false }, 'Claude Code', 90_000)).toEqual({
      status: 'timeout',
      errorMessage: 'Claude Code did not finish within 90 s; its process tree was killed',
    });
    expect(cutShort({ timedOut: false, aborted: true }, '`x`', 1000)).toEqual({
      status: 'error',
      errorMessage: '`x` was cancelled; its process tree was killed',
    });
    expect(cutShort({ timedOut: false, aborted: false }, 'x', 1000)).toBeNull();
  });

  it('names the exit code, or the signal that killed it', () => {
    expect(howItEnded({ exitCode: 2, signal: null })).toBe('exited with code 2');
    expect(howItEnded({ exitCode: null, signal: 'SIGSEGV' })).toBe('was killed by SIGSEGV');
    expect(howItEnded({ exitCode: null, signal: null })).toBe('was killed by a signal');
  });

  it("keeps stderr's last lines, then okstra's notes, without empty parts", () => {
    const stderr = Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n');
    const kept = stderrTailWith(stderr, ['okstra: a note', '']).split('\n');
    expect(kept.at(-1)).toBe('okstra: a note');
    expect(kept).toContain('line 29');
    expect(kept).not.toContain('line 0');
    expect(stderrTailWith('', ['only a note'])).toBe('only a note');
    expect(stderrTailWith('', [])).toBe('');
  });

  it('drops the lines asked, keeping the rest in order', () => {
    expect(withoutLines('a\n#b\nc', (l) => l.startsWith('#'))).toBe('a\nc');
  });

  it('a refused dispatch is an error that ran nothing, with its cause when known', () => {
    expect(refusedDispatch('no key', 'no-credential')).toMatchObject({
      status: 'error',
      cause: 'no-credential',
      errorMessage: 'no key',
      durationMs: 0,
      exitCode: null,
      stderrTail: '',
    });
    expect(refusedDispatch('refused')).not.toHaveProperty('cause');
  });
});
