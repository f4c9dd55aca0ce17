import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSimpleFieldList } from '../../src/core/plan/fast-field-list.js';
import { parsePlanWith } from '../../src/core/plan/parse-plan.js';
import { LineIndex } from '../../src/core/plan/source.js';

// parsePlan cuts the document into segments and reads simple field lists
// without micromark (for speed). The `whole-document` strategy hands the file
// to micromark in one piece: it is the reference every shortcut must match.
function expectSameAsReference(text: string, path = 'plan.md'): void {
  const fast = parsePlanWith(text, { path }, 'segmented');
  const reference = parsePlanWith(text, { path }, 'whole-document');
  expect(fast).toEqual(reference);
}

const fixtureDirs = [join(import.meta.dirname, '../fixtures/plans'), join(import.meta.dirname, '../../examples/plans')];

describe('segmented parsing matches the whole-document reference', () => {
  for (const dir of fixtureDirs) {
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.md'))) {
      it(`on ${file}`, () => expectSameAsReference(readFileSync(join(dir, file), 'utf8'), file));
    }
  }

  it('on generated documents mixing every construct that can hide, swallow or fake a heading', () => {
    const random = seededRandom(20240607);
    for (let i = 0; i < 400; i++) {
      const text = randomDocument(random);
      const fast = parsePlanWith(text, { path: 'plan.md' }, 'segmented');
      const reference = parsePlanWith(text, { path: 'plan.md' }, 'whole-document');
      // The message shows the failing document, not just a diff of two big objects.
      if (JSON.stringify(fast) !== JSON.stringify(reference))
        expect(fast, `document ${i}:\n${text}`).toEqual(reference);
    }
  });
});

describe('the fast field-list reader', () => {
  const read = (text: string) => readSimpleFieldList(text, 0, text.length, new LineIndex(text));

  it('reads inline, bold and nested fields', () => {
    const list = read(
      'Intro line.\n\n- **Depends-on:** 1\n- Files:\n  - `a.ts`\n  - b.ts\n- Validation:\n  - pre:\n    - `npm ci`\n\nBody.\n',
    );
    expect(list?.items.map((item) => item.key)).toEqual(['Depends-on', 'Files', 'Validation']);
  });

  it.each([
    ['a fenced block inside a field', '- validation:\n  ```\n  npm test\n  ```\n'],
    ['a lazy continuation line', '- depends-on: 1\nmore text\n'],
    ['a backslash escape', '- files: a\\_b.ts\n'],
    ['an HTML tag', '- validation: `x` <b>y</b>\n'],
    ['a list that is not a field list', '- Note: something\n'],
    ['a body before the list that is not plain text', '> quote\n\n- depends-on: 1\n'],
    ['content after a blank line inside an item', '- depends-on: 1\n\n  continued\n'],
  ])('leaves %s to micromark', (_, text) => {
    expect(read(text)).toBeNull();
  });
});

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const SNIPPETS: readonly string[] = [
  '## Stage Map',
  '## 5.5 Stage Map',
  '## Context',
  '# Title',
  'Title\n=====',
  'Sub title\n---',
  '---',
  '### Stage 1: One',
  '### Stage 2 — Two',
  '### Stage 3. Three ###',
  '### Stage 2.5: Half',
  '### Stage two: Word',
  '### Stage 4',
  '### Notes',
  '  ### Stage 5: indented heading',
  '#### Stage 6: level four',
  '- **Depends-on:** none\n- **Files:** `a.ts`, `b.ts`\n- **Validation:** `npm test`',
  '- Depends-on: 1, 2\n- Files:\n  - `x.ts` — note, with a comma\n  - y.ts\n- Validation:\n  - pre:\n    - `npm ci`\n  - `npm test`',
  '- depends-on: Stage 1\n\n- exit contract: done\n  - nested',
  '* files: a.ts\n* rollback: revert',
  '- depends-on: 3\n- validation: npm test\nlazy continuation',
  '- depends-on: 1\n- validation:\n  ```sh\n  npm test\n  ```',
  '- depnds-on: 1\n- Owner: me',
  '- a step\n- another step',
  '1. first\n2. second',
  'A paragraph line.\nAnother line.',
  '```\n### Stage 7: in fence\n```',
  '```\nunclosed fence',
  '~~~~\n```\n### Stage 8: still fenced\n~~~~',
  '   ```\n### Stage 9: after indented fence\n   ```',
  '<!--\n### Stage 10: in comment\n-->',
  '<!-- unclosed comment',
  '<div>\n### Stage 11: in html block',
  '<div>\n\n### Stage 12: after html block',
  '> ### Stage 13: quoted\n> more',
  '> quote\n### Stage 14: after quote',
  '    ### Stage 15: indented code',
  '- item\n  ### Stage 16: in item\n  ```\n  ### in nested fence\n  ```',
  '| a | b |\n| - | - |\n| 1 | 2 |',
  '## Clarification Items\n\n| # | Question | Answer |\n|---|---|---|\n| 1 | Why? | Because |',
  '[ref]: https://example.com "title"',
  'Text with a \\`backslash and <span>html</span>.',
  '- validation: `a` and ``b ` c``',
  '### Stage 17: Trailing spaces   ',
  '###   Stage 18:   Padded   #',
  '### Stage 19: C#',
  '###',
  '#',
  '- depends-on: 1   \n- files: a.ts\t\n- rollback:',
  '+ **Files**: `a`\n+ __Rollback:__ undo',
  '- files:\n  - a\n    - b\n      - c\n  * d',
  '- files:\n   - misaligned\n- rollback: x',
  '- validation:\n  - pre: `a`\n    - `b`\n  - main:\n  - `c` `d`',
  '- exit contract: first line\n  second line\n- rollback: x',
  '- depends-on:',
  '-\n- depends-on: 1',
  '<script>\n### Stage 20: in script\n</script>',
  '<pre>\n### Stage 21: in pre',
  '<![CDATA[\n### Stage 22\n]]>',
  '<?php\n### Stage 23\n?>',
  '<!DOCTYPE html\n### Stage 24\n>',
  '<span>inline html at line start</span>\n### Stage 25: after type 7',
  '> lazy\ncontinuation\n### Stage 26: after lazy',
  '1. item\n   ### Stage 27: in ordered item',
  '- item\n\n    code in item\n### Stage 28: after item',
  '\t### Stage 29: tab indented',
  '- depends-on:\t1',
  '***',
  '- - -',
  '\\### Stage 30: escaped',
  '- item\n---',
  'para\n===',
  '- depends-on: 1\n===',
  '[foo]:\n/url\n"title"',
  '```js\ncode\n````',
  '  ```\n  ### Stage 31: indented fence\n  ```',
  ' ~~~\n### Stage 32: one-space fence',
  '````\n```\n### Stage 33\n```',
  '- files: `unclosed code',
  '- validation: ``` x ```',
  '- files:\n  - `a`, `b`\n  - c, d',
  '- depends-on: 1,\n  - 2',
  '  - depends-on: 1',
  '- rollback: a\n\n  b',
  '- **Validation**:\n  - **pre:** `x`',
  '### Stage 34: Emoji 🚀 title',
  '## Clarification Items\n\n1. Q?\n   Answer: A\n2. Q2?',
  '## Clarification Items\n\n| Question |\n|---|\n| Only? |',
];

function randomDocument(random: () => number): string {
  const parts: string[] = [];
  if (random() < 0.3) parts.push('---\nid: generated\n# yaml comment\n---');
  const count = 3 + Math.floor(random() * 25);
  for (let i = 0; i < count; i++) {
    parts.push(SNIPPETS[Math.floor(random() * SNIPPETS.length)] as string);
  }
  return parts.map((part) => part + (random() < 0.7 ? '\n\n' : '\n')).join('');
}
