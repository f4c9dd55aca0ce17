/**
 * The verdict rule okstra applies (src/core/verdict/synthesize.ts) reaches the
 * verifiers in their prompt, in the words the report will use.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { composePrompt, type GateBodies } from '../../src/core/prompts/index.js';
import { failWithoutBlockingReason } from '../../src/core/verdict/index.js';
import { loadGates } from '../../src/engine/load-gates.js';
import { promptInput } from './prompt-input.js';

let gates: GateBodies;

beforeAll(async () => {
  gates = await loadGates();
});

function verifierPrompt(): string {
  const result = composePrompt(promptInput('verifier', gates));
  if (!result.ok) throw new Error(`prompt refused: ${result.problems.join('; ')}`);
  return result.prompt.replace(/\s+/g, ' ');
}

describe('the verifier prompt states the FAIL rule', () => {
  it('says a FAIL always fails the stage, with the reason the report gives when no blocking finding stands', () => {
    const prompt = verifierPrompt();
    expect(prompt).toContain('a `FAIL` always fails the stage');
    expect(prompt).toContain(failWithoutBlockingReason('<your roster name>'));
  });

  it('keeps the rule that major, minor and info findings alone never make a FAIL', () => {
    expect(verifierPrompt()).toContain('Major, minor and info findings alone never make a FAIL.');
  });
});
