import type { StageFieldKey } from './types.js';

/** Spellings accepted for each field, after normalising case and separators. */
const ALIASES: Record<StageFieldKey, readonly string[]> = {
  'depends-on': ['depends-on', 'dependencies'],
  files: ['files'],
  validation: ['validation', 'validation-commands', 'stage-validation'],
  'exit-contract': ['exit-contract', 'stage-exit-contract'],
  rollback: ['rollback'],
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
