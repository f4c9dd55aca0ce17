import { describe, expect, it } from 'vitest';
import {
  formatProvenance,
  ledgerCommitMessage,
  MAX_STATED_PROBLEMS,
  parseProvenance,
  type ProvenanceStatement,
} from '../../src/core/ledger/index.js';
import { claim } from '../helpers/ledger-rows.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(64);

const statement = (over: Partial<ProvenanceStatement> = {}): ProvenanceStatement => ({
  planId: 'demo',
  segments: A,
  live: B,
  liveLines: 12,
  fold: A,
  problems: new Map([
    [7, 'done row whose ledger commit 0123456789ab does not add its report plans/demo/reports/stage-1/r.json'],
    [3, 'done row whose ledger commit cannot be found'],
  ]),
  ...over,
});

describe('provenance statements in ledger commit messages', () => {
  it('reads back exactly what was written, after the row line, whatever the id length', () => {
    const message = ledgerCommitMessage(claim(1, 'r1'), statement());
    expect(message.split('\n')[0]).toBe('okstra: demo stage 1 started (run r1)');
    expect(parseProvenance(message)).toEqual(statement());
    const none = statement({ segments: null, live: null, liveLines: 0, fold: null, problems: new Map() });
    expect(parseProvenance(ledgerCommitMessage(claim(1, 'r1'), none))).toEqual(none);
    // An empty live file still names its blob.
    const empty = statement({ live: A, liveLines: 0 });
    expect(parseProvenance(formatProvenance(empty) as string)).toEqual(empty);
  });

  it('states nothing it could not read back whole: a reason with a line break, too many problems, a live count without a file', () => {
    expect(formatProvenance(statement({ problems: new Map([[1, 'two\nlines']]) }))).toBeNull();
    expect(formatProvenance(statement({ problems: new Map([[1, ' starts with a space']]) }))).toBeNull();
    const many = new Map(Array.from({ length: MAX_STATED_PROBLEMS + 1 }, (_, i) => [i + 1, 'x'] as const));
    expect(formatProvenance(statement({ problems: many }))).toBeNull();
    expect(formatProvenance(statement({ live: null, liveLines: 3 }))).toBeNull();
    // The message is then the row line alone: readers blame, as for any commit that states nothing.
    expect(ledgerCommitMessage(claim(1, 'r1'), statement({ problems: many }))).toBe(
      'okstra: demo stage 1 started (run r1)',
    );
  });

  it('takes nothing from a message that does not hold exactly one whole statement', () => {
    const good = formatProvenance(statement()) as string;
    const [head, ...problems] = good.split('\n');
    expect(parseProvenance('okstra: demo stage 1 started (run r1)')).toBeNull();
    expect(parseProvenance(`${good}\n${head}`)).toBeNull(); // two heads
    expect(parseProvenance([head, problems[0]].join('\n'))).toBeNull(); // fewer problems than counted
    expect(parseProvenance([head, ...problems, problems[0]].join('\n'))).toBeNull(); // a line named twice
    expect(parseProvenance(good.replace('segments=', 'segments=x'))).toBeNull();
    expect(parseProvenance(good.replace(`segments=${A}`, `segments=${A.slice(1)}`))).toBeNull();
    expect(parseProvenance(good.replace('lines=12', 'lines=012'))).toBeNull();
    expect(parseProvenance(good.replace(`live=${B}`, 'live=none'))).toBeNull(); // 12 lines of no file
    expect(parseProvenance(good.replace('okstra-provenance-problem: 3 ', 'okstra-provenance-problem: 0 '))).toBeNull();
    expect(parseProvenance(good.replace(' v1 ', ' v2 '))).toBeNull();
    expect(parseProvenance(good.replace(`fold=${A}`, 'fold='))).toBeNull();
  });
});
