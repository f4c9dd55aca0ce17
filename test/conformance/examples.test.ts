import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateRun, type ViolationCode } from '../../src/core/conformance/index.js';

type Json = Record<string, unknown>;

function example(name: string): Json {
  return JSON.parse(readFileSync(new URL(`../../examples/reports/${name}.json`, import.meta.url), 'utf8')) as Json;
}

function codes(report: unknown): ViolationCode[] {
  return [...new Set(validateRun({ report }).map((v) => v.code))].sort();
}

function at(obj: Json, key: string): Json {
  return obj[key] as Json;
}

/** For each example, corruptions a careless engine could produce, and the codes that must catch them. */
const CORRUPTIONS: Record<string, Array<{ what: string; corrupt: (r: Json) => void; expected: ViolationCode[] }>> = {
  pass: [
    { what: 'verdict removed', corrupt: (r) => delete r.verdict, expected: ['report/schema'] },
    {
      what: 'checkpoints use the functional label',
      corrupt: (r) => {
        for (const p of r.progress as Json[])
          p.line = String(p.line).replace('worker=Claude worker', 'worker=Claude verifier');
      },
      expected: ['progress/collect-missing', 'progress/dispatch-missing'],
    },
    {
      what: 'verdict flipped to FAIL, carry still written',
      corrupt: (r) => Object.assign(at(r, 'verdict'), { value: 'FAIL', runStatus: 'failed' }),
      expected: ['carry/not-withheld', 'ledger/not-failed'],
    },
  ],
  'fail-withheld': [
    {
      what: 'withheld reason is blank',
      corrupt: (r) => (at(r, 'stageSidecarEvidence').withheld = ''),
      expected: ['report/schema'],
    },
    {
      what: 'carry written anyway, no reason',
      corrupt: (r) => {
        const ev = at(r, 'stageSidecarEvidence');
        delete ev.withheld;
        ev.carryPath = 'plans/rate-limits/carry/stage-2.json';
      },
      expected: ['carry/not-withheld'],
    },
    {
      what: 'blocking finding cited by bare name',
      corrupt: (r) => {
        const f = (r.findings as Json[]).find((x) => x.severity === 'blocking');
        if (f) f.file = 'pipeline.ts';
      },
      expected: ['finding/evidence-not-read'],
    },
  ],
  'contract-violated': [
    {
      what: 'ledger row says done',
      corrupt: (r) => {
        const row = at(r, 'ledgerRow');
        delete row.reason;
        delete row.detail;
        Object.assign(row, {
          status: 'done',
          completed_at: row.at,
          carry_path: 'plans/rate-limits/carry/stage-2.json',
        });
      },
      expected: ['ledger/carry-path-mismatch', 'ledger/not-failed'],
    },
    {
      what: 'executor checkpoint missing',
      corrupt: (r) => (r.progress = (r.progress as Json[]).filter((p) => !String(p.line).includes('phase-5-collect'))),
      expected: ['progress/collect-missing'],
    },
  ],
  'budget-exceeded': [
    {
      what: 'the stopped verifier recorded as done with no verdict',
      corrupt: (r) => (((r.verifiers as Json[])[0] as Json).status = 'done'),
      expected: ['usage/budget-mismatch', 'verifier/status-mismatch'],
    },
    {
      what: "a worker's tokens no longer match its gateway records",
      corrupt: (r) => {
        ((at(r, 'usage').workers as Json[])[2] as Json).inputTokens = 1;
        (at(at(r, 'usage'), 'total') as Json).inputTokens = 200_001;
      },
      expected: ['usage/requests-mismatch'],
    },
    {
      what: 'a request cost written as a string',
      corrupt: (r) => (((at(r, 'usage').requests as Json[])[0] as Json).costUsd = '0.25'),
      expected: ['report/schema'],
    },
  ],
};

describe('examples/reports', () => {
  it.each(Object.keys(CORRUPTIONS))('%s.json conforms', (name) => {
    expect(validateRun({ report: example(name) })).toEqual([]);
  });

  for (const [name, cases] of Object.entries(CORRUPTIONS)) {
    it.each(cases)(`a corrupted ${name}.json fails: $what`, ({ corrupt, expected }) => {
      const r = example(name);
      corrupt(r);
      expect(codes(r)).toEqual([...expected].sort());
    });
  }
});
