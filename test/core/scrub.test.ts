import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  renderCheckRun,
  renderComment,
  renderMarkdown,
  renderSummary,
  type FinalReport,
} from '../../src/core/report/index.js';
import { escapeBlock, escapeInline, inlineCode, mermaidLabel } from '../../src/core/text/escape.js';
import { MIN_FORM_LENGTH, MIN_SECRET_LENGTH, REDACTED, Scrubber, secretForms } from '../../src/core/text/scrub.js';
import { echoForms, makeCanary, reveals } from '../helpers/canary.js';

function example(name: string): FinalReport {
  return JSON.parse(
    readFileSync(new URL(`../../examples/reports/${name}.json`, import.meta.url), 'utf8'),
  ) as FinalReport;
}

/** A report whose agent-written fields each carry one echo of the canary. */
function reportEchoing(echo: string): FinalReport {
  const report = example('fail-withheld');
  const f = report.findings[0];
  if (!f) throw new Error('the example has no finding');
  f.title = `title ${echo} end`;
  f.detail = `detail\n${echo}\nmore`;
  report.executor.summary = `summary ${echo}`;
  report.verdict.reasons = [`reason ${echo}`];
  const q = report.qa[0];
  if (q) {
    q.label = `label ${echo}`;
    q.cmd = `echo ${echo}`;
    q.outputTail = `out ${echo}`;
  }
  return report;
}

function renderAll(report: FinalReport): Record<string, string> {
  return {
    markdown: renderMarkdown(report).markdown,
    comment: renderComment(report).body,
    checkRun: JSON.stringify(renderCheckRun(report).requests),
    summary: renderSummary(report).markdown,
    json: JSON.stringify(report),
  };
}

describe('Scrubber: every form of a known secret', () => {
  const canary = makeCanary();
  const forms = echoForms(canary);

  it.each(Object.entries(forms))('removes the %s form from text', (_name, form) => {
    const text = `before ${form} after`;
    expect(reveals(text, canary), 'the detector sees the echo').toBe(true);
    expect(reveals(new Scrubber().scrubAll(text), canary), 'an empty scrubber keeps it').toBe(true);
    const out = new Scrubber([canary]).scrubAll(text);
    expect(reveals(out, canary)).toBe(false);
    expect(out).toContain(REDACTED);
    expect(out.startsWith('before ')).toBe(true);
  });

  it('also removes the header line git writes, which the token patterns catch as well', () => {
    const header = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${canary}`).toString('base64')}`;
    expect(reveals(new Scrubber([canary]).values(header), canary)).toBe(false);
    expect(reveals(new Scrubber().scrubAll(header), canary)).toBe(false);
  });

  it.each(Object.entries(forms))(
    'removes the %s form from every rendering of a report (Markdown escaping included)',
    (_name, form) => {
      const rendered = renderAll(reportEchoing(form));
      const scrub = new Scrubber([canary]);
      for (const [where, text] of Object.entries(rendered)) {
        // The control: the same check without value scrubbing finds the canary, so this test can fail.
        expect(reveals(new Scrubber().scrubAll(text), canary), `${where} without value scrubbing`).toBe(true);
        expect(reveals(scrub.scrubAll(text), canary), `${where} scrubbed`).toBe(false);
      }
    },
  );

  it('replaces a Markdown-escaped form with the marker escaped the same way, so the report still renders', () => {
    const scrub = new Scrubber([canary]);
    const out = scrub.scrubAll(escapeInline(`key ${canary} end`));
    expect(out).toBe(escapeInline(`key ${REDACTED} end`));
    expect(scrub.scrubAll(JSON.stringify({ body: escapeBlock(`x ${canary}`) }))).toBe(
      JSON.stringify({ body: escapeBlock(`x ${REDACTED}`) }),
    );
  });

  it('knows the line-start escapes, the table code span and Mermaid labels', () => {
    const secret = '-1.5#key_value*with|pipes"';
    const scrub = new Scrubber([secret]);
    for (const text of [
      escapeBlock(`${secret}\nnext`),
      escapeInline(secret),
      inlineCode(`run ${secret}`, { inTable: true }),
      mermaidLabel(`n ${secret}`),
      `- ${escapeInline(secret)}`,
    ]) {
      expect(scrub.scrubAll(text), text).not.toContain('key');
    }
  });

  it('finds the secret inside a longer base64 string at each byte alignment, in both alphabets', () => {
    const secret = 'tok-3f9a8b7c6d5e4f30';
    const scrub = new Scrubber([secret]);
    for (const prefix of ['', 'a', 'ab', 'x-access-token:', 'x-access-token:1']) {
      for (const suffix of ['', 'z', 'yz', ':tail']) {
        const std = Buffer.from(`${prefix}${secret}${suffix}`).toString('base64');
        for (const blob of [std, std.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')]) {
          expect(reveals(`basic ${blob}`, secret), 'the detector sees it').toBe(true);
          const out = scrub.scrubAll(`basic ${blob}`);
          expect(reveals(out, secret), `${prefix}|${suffix}`).toBe(false);
          expect(out).toContain(REDACTED);
        }
      }
    }
  });

  it('derives no form shorter than the minimum, and refuses short or empty secrets with a reason', () => {
    for (const f of secretForms('abcdefgh')) expect(f.text.length).toBeGreaterThanOrEqual(MIN_FORM_LENGTH);
    const scrub = new Scrubber();
    const short = scrub.add('x'.repeat(MIN_SECRET_LENGTH - 1));
    expect(short.added).toBe(false);
    expect(short.added === false && short.reason).toMatch(/shorter than 8 characters/);
    expect(scrub.add('   ')).toEqual({ added: false, reason: 'the value is empty' });
    expect(scrub.add('abcdefgh')).toEqual({ added: true });
    expect(scrub.add(' abcdefgh\n')).toEqual({ added: false, reason: 'the value is already scrubbed' });
    expect(scrub.size).toBe(1);
    // A common short word would otherwise vanish from every report.
    expect(new Scrubber(['main', 'true']).scrubAll('main is true')).toBe('main is true');
  });

  it('replaces a secret containing another whole, and merges overlapping matches into one marker', () => {
    expect(new Scrubber(['abcdefgh', 'abcdefgh-12345678']).scrubAll('x abcdefgh-12345678 y abcdefgh')).toBe(
      'x *** y ***',
    );
    expect(new Scrubber(['AAAABBBB', 'BBBBCCCC']).scrubAll('[AAAABBBBCCCC]')).toBe('[***]');
    expect(new Scrubber(['AAAABBBB']).scrubAll('AAAABBBBAAAABBBB')).toBe('******');
  });

  it('learns secrets at any time: a credential added after a scrub is removed from the next one', () => {
    const scrub = new Scrubber(['first-secret-1']);
    expect(scrub.scrubAll('first-secret-1 gw-session-credential-7')).toBe('*** gw-session-credential-7');
    scrub.add('gw-session-credential-7');
    expect(scrub.scrubAll('first-secret-1 gw-session-credential-7')).toBe('*** ***');
  });

  it('leaves text without secrets unchanged, and handles non-ASCII secrets and lone surrogates', () => {
    const prose = readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');
    expect(new Scrubber(['zq9-not-in-there', 'tok-3f9a8b7c6d5e4f30']).values(prose)).toBe(prose);
    const unicode = new Scrubber(['ключ-секрет-ü', 'bad\ud800surrogate']);
    expect(unicode.scrubAll(`a ключ-секрет-ü b ${encodeURIComponent('ключ-секрет-ü')} c bad\ud800surrogate`)).toBe(
      'a *** b *** c ***',
    );
  });

  it('runs token patterns after the values: the second net for keys it was never told about', () => {
    const scrub = new Scrubber(['known-secret-1']);
    expect(scrub.scrubAll(`known-secret-1 and ghp_${'a'.repeat(36)}`)).toBe('*** and [REDACTED:github-token]');
    expect(scrub.values(`ghp_${'a'.repeat(36)}`)).toBe(`ghp_${'a'.repeat(36)}`);
  });
});

describe('Scrubber: values and documents', () => {
  const secret = 'sk-leaked-key-0001';

  it('deep scrubs every string and key of a JSON-able value and keeps the rest', () => {
    const scrub = new Scrubber([secret]);
    const value = {
      a: [`x ${secret}`, 3, null, true],
      [secret]: { n: 1 },
      nested: { s: JSON.stringify({ k: secret }) },
    };
    expect(scrub.deep(value)).toEqual({ a: ['x ***', 3, null, true], '***': { n: 1 }, nested: { s: '{"k":"***"}' } });
    expect(value.a[0]).toBe(`x ${secret}`);
  });

  it('keeps a JSON document valid JSON and its layout; re-serialises only when the text alone cannot be scrubbed', () => {
    const scrub = new Scrubber([secret, 'with"quote\\and-more']);
    const clean = '{\n    "a": 1,\n    "b": "plain"\n}\n';
    expect(scrub.jsonDocument(clean)).toBe(clean);
    expect(scrub.jsonDocument(`{ "a":  "${secret}" }`)).toBe('{ "a":  "***" }');
    // Behind \u escapes the text holds no form of the secret; the parsed value does.
    const escaped = `{"a": "${[...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"}`;
    expect(JSON.parse(escaped)).toEqual({ a: secret });
    expect(scrub.jsonDocument(escaped)).toBe('{"a":"***"}');
    const dirty = `${JSON.stringify({ a: secret, b: 'with"quote\\and-more', c: `-----BEGIN RSA PRIVATE KEY-----\nabc` }, null, 4)}\n`;
    const out = scrub.jsonDocument(dirty);
    expect(JSON.parse(out)).toEqual({ a: '***', b: '***', c: '[REDACTED:private-key]' });
    expect(out).toBe(`${JSON.stringify({ a: '***', b: '***', c: '[REDACTED:private-key]' }, null, 4)}\n`);
    // Not JSON: scrubbed as text.
    expect(scrub.jsonDocument(`not json ${secret}`)).toBe('not json ***');
  });

  it('scrubs a ledger append: the row deeply, JSON files as JSON, other files as text', () => {
    const scrub = new Scrubber([secret]);
    const marked = 'key_with*marks';
    scrub.add(marked);
    const request = {
      row: { status: 'failed', detail: `crashed with ${secret}` },
      files: [
        { path: 'r.json', content: `{"x": "${secret}"}` },
        { path: 'r.md', content: `# ${escapeInline(marked)}` },
      ],
    };
    expect(scrub.appendRequest(request)).toEqual({
      row: { status: 'failed', detail: 'crashed with ***' },
      files: [
        { path: 'r.json', content: '{"x": "***"}' },
        { path: 'r.md', content: `# ${escapeInline(REDACTED)}` },
      ],
    });
    expect(scrub.appendRequest({ row: { a: 1 } })).toEqual({ row: { a: 1 } });
  });
});
