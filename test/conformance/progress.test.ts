import { describe, expect, it } from 'vitest';
import { hyphenatedRosterName, namesRosterWorker, parseCheckpoint } from '../../src/core/conformance/index.js';

describe('parseCheckpoint', () => {
  it('reads a worker name with a space up to the next key', () => {
    expect(parseCheckpoint('PROGRESS: phase-4-dispatch worker=Codex worker model=gpt-5.5')).toEqual({
      phase: 'phase-4-dispatch',
      text: '',
      fields: { worker: 'Codex worker', model: 'gpt-5.5' },
    });
    expect(parseCheckpoint('PROGRESS: phase-5-collect worker=Codex worker status=done')?.fields).toEqual({
      worker: 'Codex worker',
      status: 'done',
    });
  });

  it('tolerates extra whitespace and collapses it inside values', () => {
    expect(
      parseCheckpoint('  PROGRESS:   phase-5-collect   worker=Claude   worker   status=contract-violated  ')?.fields,
    ).toEqual({
      worker: 'Claude worker',
      status: 'contract-violated',
    });
  });

  it('keeps free text before the first field and phases with dots', () => {
    expect(parseCheckpoint('PROGRESS: phase-2-prompts preparing 3 worker prompts')).toEqual({
      phase: 'phase-2-prompts',
      text: 'preparing 3 worker prompts',
      fields: {},
    });
    expect(parseCheckpoint('PROGRESS: phase-5.5-convergence round=2 queue=1')).toEqual({
      phase: 'phase-5.5-convergence',
      text: '',
      fields: { round: '2', queue: '1' },
    });
  });

  it('keeps the first of repeated keys and treats key=value glued to a word as text', () => {
    expect(parseCheckpoint('PROGRESS: phase-4-dispatch worker=A worker worker=B worker')?.fields.worker).toBe(
      'A worker',
    );
    expect(parseCheckpoint('PROGRESS: phase-x note:a=b worker=C worker')?.fields).toEqual({ worker: 'C worker' });
  });

  it('returns null for lines that are not checkpoints', () => {
    expect(parseCheckpoint('progress: phase-1-intake')).toBeNull();
    expect(parseCheckpoint('PROGRESS:')).toBeNull();
    expect(parseCheckpoint('PROGRESS: Phase-1')).toBeNull();
  });
});

describe('namesRosterWorker', () => {
  it('accepts the roster name and its hyphenated lower-case form', () => {
    expect(hyphenatedRosterName('Codex worker')).toBe('codex-worker');
    expect(namesRosterWorker('Codex worker', 'Codex worker')).toBe(true);
    expect(namesRosterWorker('codex-worker', 'Codex worker')).toBe(true);
  });

  it('rejects functional labels and other spellings', () => {
    expect(namesRosterWorker('Codex verifier', 'Codex worker')).toBe(false);
    expect(namesRosterWorker('codex-executor', 'Codex worker')).toBe(false);
    expect(namesRosterWorker('codex worker', 'Codex worker')).toBe(false);
    expect(namesRosterWorker('Codex-worker', 'Codex worker')).toBe(false);
  });
});
