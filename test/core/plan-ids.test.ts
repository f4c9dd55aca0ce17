import { describe, expect, it } from 'vitest';
import { planBranchName, planFilePath, planIdFromText, planIdOfPlanBranch, planIdProblem } from '../../src/core/ids.js';

describe('plan ids made from text', () => {
  it('joins lower-case words with "-", after the prefix', () => {
    expect(planIdFromText('Add a Cache to the API!')).toBe('add-a-cache-to-the-api');
    expect(planIdFromText('Add a cache', 'issue-12')).toBe('issue-12-add-a-cache');
    expect(planIdFromText('Crème brûlée: über-fast')).toBe('creme-brulee-uber-fast');
  });

  it('cuts at a word, never past the limit, and the result is always a valid plan id', () => {
    const long = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen';
    const id = planIdFromText(long, 'issue-7', 30) as string;
    expect(id).toBe('issue-7-one-two-three-four');
    expect(id.length).toBeLessThanOrEqual(30);
    for (const text of [long, '...', '--x--', 'ÄÖÜ', 'a'.repeat(200)]) {
      const made = planIdFromText(text, 'issue-1');
      expect(made === null || planIdProblem(made) === null, `${text} → ${made}`).toBe(true);
    }
  });

  it('gives null when nothing usable is left (the shell then asks for an id), or the prefix alone', () => {
    expect(planIdFromText('!!! ??? ...')).toBeNull();
    expect(planIdFromText('日本語のタイトル', 'issue-3')).toBe('issue-3');
  });

  it('names the plan branch and reads the plan id back from it', () => {
    expect(planBranchName('issue-12-cache')).toBe('okstra/issue-12-cache/plan');
    expect(planIdOfPlanBranch('okstra/issue-12-cache/plan')).toBe('issue-12-cache');
    for (const ref of ['okstra/x/stage-1', 'okstra/../plan', 'okstra/Bad_ID/plan', 'main', 'okstra/a/b/plan'])
      expect(planIdOfPlanBranch(ref), ref).toBeNull();
  });

  it("puts the plan file in the config's plans folder, whatever slashes end it", () => {
    expect(planFilePath('.okstra/plans', 'issue-12-cache')).toBe('.okstra/plans/issue-12-cache.md');
    expect(planFilePath('docs/plans//', 'p')).toBe('docs/plans/p.md');
  });
});
