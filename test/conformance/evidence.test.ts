import { describe, expect, it } from 'vitest';
import { unreadCitations, unreadCitationsReason } from '../../src/core/conformance/evidence.js';

describe('unreadCitations', () => {
  it('lists each cited file the session did not open, once, sorted; a bare name is not its deeper path', () => {
    expect(
      unreadCitations(['src/b.ts', 'src/a.ts', 'src/b.ts', 'a.ts', './src/a.ts'], { files: ['src/a.ts'] }, []),
    ).toEqual(['a.ts', 'src/b.ts']);
  });

  it('counts the change as opened only when the whole diff was printed', () => {
    expect(unreadCitations(['src/changed.ts'], { files: [], wholeDiff: true }, ['src/changed.ts'])).toEqual([]);
    expect(unreadCitations(['src/changed.ts'], { files: [] }, ['src/changed.ts'])).toEqual(['src/changed.ts']);
  });

  it('a file the tree hid from a plain diff is not read through that diff; --text or cat still backs it', () => {
    const changed = ['src/app.js', 'src/a.ts'];
    const hidden = ['src/app.js'];
    const wholePlain = { files: [], wholeDiff: true, plainDiff: { files: [], wholeDiff: true } };
    expect(unreadCitations(['src/app.js', 'src/a.ts'], wholePlain, changed, hidden)).toEqual(['src/app.js']);
    const pathPlain = { files: ['src/app.js'], plainDiff: { files: ['src/app.js'] } };
    expect(unreadCitations(['src/app.js'], pathPlain, changed, hidden)).toEqual(['src/app.js']);
    // Shown another way: a whole diff with --text, or the file printed by a content reader.
    expect(
      unreadCitations(['src/app.js'], { files: [], wholeDiff: true, plainDiff: { files: [] } }, changed, hidden),
    ).toEqual([]);
    expect(
      unreadCitations(
        ['src/app.js'],
        { files: ['src/app.js'], wholeDiff: true, plainDiff: { files: [], wholeDiff: true } },
        changed,
        hidden,
      ),
    ).toEqual([]);
  });

  it('ignores empty citations and says how many were cut from the reason', () => {
    expect(unreadCitations([''], { files: [] }, [])).toEqual([]);
    expect(unreadCitationsReason(['a', 'b', 'c', 'd', 'e', 'f', 'g'])).toBe(
      "cited 7 files its CLI's tool events show it never opened (a, b, c, d, e and 2 more); its result was discounted",
    );
  });
});
