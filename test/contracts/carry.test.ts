import { describe, expect, it } from 'vitest';
import { parseCarryEvidence } from '../../src/core/contracts/index.js';

const CARRY = {
  stage: 2,
  summary: 'Config loading with strict validation.',
  filesChanged: ['src/config/load.ts', 'test/config/load.test.ts'],
  validation: [{ cmd: 'npm test', exitCode: 0, outputTail: 'Tests 4 passed' }],
  exitContract: { met: true, evidence: 'unknown keys are rejected (src/config/load.ts:31-44)' },
};

const json = JSON.stringify(CARRY, null, 2);

function message(...parts: string[]): string {
  return parts.join('\n');
}

function reasonOf(text: string): string {
  const parsed = parseCarryEvidence(text);
  if (parsed.ok) throw new Error('expected the carry to be refused');
  return parsed.reason;
}

describe('parseCarryEvidence', () => {
  it('returns the block text verbatim and the validated carry', () => {
    const parsed = parseCarryEvidence(message('### Stage Carry Evidence', '```json', json, '```'));
    expect(parsed).toEqual({ ok: true, json, carry: CARRY });
  });

  it('tolerates prose before and after, another heading level and a trailing colon', () => {
    const text = message(
      'Done. Coverage: 2 files reviewed.',
      '',
      '## stage carry evidence:',
      '',
      'Here it is:',
      '',
      '```json',
      json,
      '```',
      '',
      'Thanks!',
    );
    expect(parseCarryEvidence(text)).toMatchObject({ ok: true, carry: { stage: 2 } });
  });

  it('takes the block under the last heading', () => {
    const draft = JSON.stringify({ ...CARRY, summary: 'draft' });
    const text = message(
      '### Stage Carry Evidence',
      '```json',
      draft,
      '```',
      'Let me fix that.',
      '### Stage Carry Evidence',
      '```json',
      json,
      '```',
    );
    expect(parseCarryEvidence(text)).toMatchObject({ ok: true, carry: { summary: CARRY.summary } });
  });

  it('reports the last heading even when an earlier one had a valid block', () => {
    const text = message(
      '### Stage Carry Evidence',
      '```json',
      JSON.stringify(CARRY),
      '```',
      '### Stage Carry Evidence',
      'I will write it later.',
    );
    expect(reasonOf(text)).toBe('no fenced JSON block after the "### Stage Carry Evidence" heading (line 5)');
  });

  it('removes the indentation of an indented fence', () => {
    const text = message('### Stage Carry Evidence', '  ```json', ...json.split('\n').map((l) => `  ${l}`), '  ```');
    expect(parseCarryEvidence(text)).toMatchObject({ ok: true, json });
  });

  it('reads CRLF messages and returns LF text', () => {
    const text = message('### Stage Carry Evidence', '```json', json, '```').replace(/\n/g, '\r\n');
    expect(parseCarryEvidence(text)).toMatchObject({ ok: true, json });
  });

  it('keeps a longer fence open past shorter backtick runs inside', () => {
    const withFence = { ...CARRY, notes: ['```'] };
    const block = JSON.stringify(withFence, null, 2).replace('"```"', '"\\u0060\\u0060\\u0060"');
    const text = message('### Stage Carry Evidence', '````json', block, '````');
    expect(parseCarryEvidence(text)).toMatchObject({ ok: true, carry: { notes: ['```'] } });
  });

  it('says when there is no heading', () => {
    expect(reasonOf(message('All done!', '```json', json, '```'))).toBe(
      'no "### Stage Carry Evidence" heading in the final message',
    );
  });

  it('says when the heading has no fenced block after it', () => {
    expect(reasonOf(message('intro', '### Stage Carry Evidence', json))).toBe(
      'no fenced JSON block after the "### Stage Carry Evidence" heading (line 2)',
    );
  });

  it('does not take a block that belongs to a later section', () => {
    const text = message('### Stage Carry Evidence', 'see below', '### Notes', '```json', json, '```');
    expect(reasonOf(text)).toBe(
      'no fenced JSON block between the "### Stage Carry Evidence" heading (line 1) and the next heading (line 3)',
    );
  });

  it('says when the block is never closed or empty', () => {
    expect(reasonOf(message('### Stage Carry Evidence', '```json', json))).toBe(
      'the fenced block under "### Stage Carry Evidence" (opened at line 2) is never closed',
    );
    expect(reasonOf(message('### Stage Carry Evidence', '```json', '', '```'))).toBe(
      'the fenced block under "### Stage Carry Evidence" (line 2) is empty',
    );
  });

  it('locates invalid JSON by line and column, in the block and in the message', () => {
    const broken = '{\n  "stage": 2,\n  "summary": "x"\n  "filesChanged": []\n}';
    const text = message('prose', '### Stage Carry Evidence', '```json', broken, '```');
    expect(reasonOf(text)).toBe(
      `invalid JSON in the "### Stage Carry Evidence" block at line 4:3 (line 7 of the final message): expected ',' or '}' after a property value but found '"'`,
    );
  });

  it('points a trailing comma at the comma', () => {
    const text = message('### Stage Carry Evidence', '```json', '{\n  "stage": 2,\n}', '```');
    expect(reasonOf(text)).toBe(
      `invalid JSON in the "### Stage Carry Evidence" block at line 2:13 (line 4 of the final message): trailing comma before '}'`,
    );
  });

  it('names the schema paths that are wrong', () => {
    const bad = { ...CARRY, validation: [{ cmd: 'npm test', exitCode: 'zero' }], exitContract: { met: true } };
    const reason = reasonOf(message('### Stage Carry Evidence', '```json', JSON.stringify(bad), '```'));
    expect(reason).toMatch(/^the "### Stage Carry Evidence" JSON does not match the carry schema: /);
    expect(reason).toContain('/validation/0/exitCode: ');
    expect(reason).toContain('/exitContract: missing property "evidence"');
  });

  it('refuses evidence written for another stage when the stage is known', () => {
    const text = message('### Stage Carry Evidence', '```json', json, '```');
    expect(parseCarryEvidence(text, { stage: 3 })).toEqual({
      ok: false,
      reason: 'the "### Stage Carry Evidence" JSON is for stage 2, but this run is stage 3',
    });
    expect(parseCarryEvidence(text, { stage: 2 }).ok).toBe(true);
  });
});
