import { describe, expect, it } from 'vitest';
import { fencedLineMask, fenceOpening } from '../../src/core/contracts/index.js';

describe('fencedLineMask', () => {
  it('marks fenced lines, fences included', () => {
    expect(fencedLineMask(['a', '```js', 'code', '```', 'b'])).toEqual([false, true, true, true, false]);
  });

  it('closes only on the same character with at least the opening length', () => {
    const lines = ['````', '```', '~~~~', '````', 'after'];
    expect(fencedLineMask(lines)).toEqual([true, true, true, true, false]);
  });

  it('keeps an unclosed fence open to the end', () => {
    expect(fencedLineMask(['```', '## heading'])).toEqual([true, true]);
  });

  it('does not close on a fence line with text after it', () => {
    expect(fencedLineMask(['```', '``` not a close', '```', 'x'])).toEqual([true, true, true, false]);
  });
});

describe('fenceOpening', () => {
  it('rejects a backtick fence whose info string holds a backtick, and four-space indentation', () => {
    expect(fenceOpening('``` a`b')).toBeNull();
    expect(fenceOpening('    ```')).toBeNull();
    expect(fenceOpening('~~~ a`b')).toEqual({ char: '~', length: 3, indent: 0, info: 'a`b' });
  });
});
