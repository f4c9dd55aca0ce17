import { closestMatch } from '../text/did-you-mean.js';
import type { StageFieldKey } from './types.js';

/** Spellings accepted for each field, after normalising case and separators. */
const ALIASES: Record<StageFieldKey, readonly string[]> = {
  'depends-on': ['depends-on', 'dependencies'],
  files: ['files'],
  validation: ['validation', 'validation-commands', 'stage-validation'],
  'exit-contract': ['exit-contract', 'stage-exit-contract'],
  rollback: ['rollback'],
  tdd: ['tdd', 'test-first'],
};

const BY_SPELLING = new Map<string, StageFieldKey>(
  (Object.keys(ALIASES) as StageFieldKey[]).flatMap((key) =>
    ALIASES[key].map((spelling) => [spelling, key] as [string, StageFieldKey]),
  ),
);

/** `Depends on`, `depends_on` and `DEPENDS-ON` all become `depends-on`. */
export function normaliseKey(key: string): string {
  return key
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-');
}

export function canonicalFieldKey(key: string): StageFieldKey | null {
  return BY_SPELLING.get(normaliseKey(key)) ?? null;
}

/** Every accepted spelling, for did-you-mean suggestions. */
export const FIELD_SPELLINGS: readonly string[] = [...BY_SPELLING.keys()];

/** How each accepted spelling reads in prose, for suggestions in the author's own style. */
const DISPLAY: Record<string, string> = {
  'depends-on': 'Depends on',
  dependencies: 'Dependencies',
  files: 'Files',
  validation: 'Validation',
  'validation-commands': 'Validation commands',
  'stage-validation': 'Stage validation',
  'exit-contract': 'Exit contract',
  'stage-exit-contract': 'Stage exit contract',
  rollback: 'Rollback',
  tdd: 'TDD',
  'test-first': 'Test first',
};

/**
 * The known field spelling closest to an unknown key, written the way the
 * author writes keys (their separator and case), so `Depend on` gets
 * `Depends on` and `depend_on` gets `depends_on`; null when nothing is close.
 */
export function suggestFieldKey(written: string): string | null {
  const match = closestMatch(normaliseKey(written), FIELD_SPELLINGS);
  if (match === null) return null;
  const key = written.trim();
  const separator = /[\s_-]/.exec(key)?.[0];
  const words = (DISPLAY[match] ?? match).split(' ');
  const joined = words.join(separator === '_' || separator === '-' ? separator : ' ');
  if (key === key.toUpperCase() && key !== key.toLowerCase()) return joined.toUpperCase();
  if (key === key.toLowerCase()) return joined.toLowerCase();
  return joined;
}
