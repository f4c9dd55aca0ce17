import type { RootContent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { readSimpleFieldList } from '../../src/core/plan/fast-field-list.js';
import { buildOutline } from '../../src/core/plan/outline.js';
import { parsePlanWith } from '../../src/core/plan/parse-plan.js';
import { LineIndex } from '../../src/core/plan/source.js';

// The fenced `validation` fast path (nested-fence.ts, fenced-segment.ts) must
// give exactly what micromark gives: the `whole-document` strategy is the
// reference, as in equivalence.test.ts.

function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

type Random = () => number;
const pick = <T>(random: Random, options: readonly T[]): T => options[Math.floor(random() * options.length)] as T;

const FENCES = ['```', '````', '~~~', '~~~~'];
const INFOS = ['', 'sh', ' bash ', 'sh title="qa"', 'console {.x}'];
const ODD_INFOS = ['sh `bad`', 'sh\\_x', 'a&amp;b', 'sh\t'];
const CONTENT = [
  'npm test',
  'npm run lint -- --max-warnings 0',
  '# a shell comment',
  '',
  '   ',
  'echo `date`',
  '<div>',
];
const ODD_CONTENT = ['### not a heading', '---', '- not a list', '```', '~~~', 'tab\tinside', '<!--'];

/** Usually the common choice, sometimes (about one time in eight) an unusual one. */
const odd = (random: Random): boolean => random() < 0.12;

/** One fenced block for content indented by `indent`; usually well formed, sometimes not. */
function fence(random: Random, indent: number): string {
  const pad = ' '.repeat(indent);
  const extra = ' '.repeat(odd(random) ? pick(random, [1, 2, 3, 4]) : 0);
  const marker = pick(random, FENCES);
  const lines = [`${pad}${extra}${marker}${pick(random, odd(random) ? ODD_INFOS : INFOS)}`];
  const count = Math.floor(random() * 5);
  for (let i = 0; i < count; i++) {
    const text = pick(random, odd(random) ? ODD_CONTENT : CONTENT);
    const own = ' '.repeat(pick(random, [0, 0, 0, 1, 2, 4]));
    const lead = odd(random) ? pick(random, [pad.slice(1), '']) : pad;
    lines.push(text === '' ? '' : `${lead}${own}${text}`);
  }
  const close = odd(random)
    ? pick(random, [`${marker}${marker[0]}`, `${marker}  `, marker.slice(0, -1), `    ${marker}`, null /* unclosed */])
    : pick(random, [marker, `${extra}${marker}`, ` ${marker}`]);
  if (close !== null) lines.push(`${odd(random) ? '' : pad}${close}`);
  return lines.join('\n');
}

function nestedAfterFence(random: Random, indent: number): string {
  const pad = ' '.repeat(indent);
  return pick(random, [
    '',
    '',
    '',
    `\n${pad}- pre: \`npm ci\``,
    `\n${pad}- post:\n${pad}  - \`npm run e2e\``,
    `\n${pad}- pre:\n${fence(random, indent + 2)}`,
    `\n${fence(random, indent)}`,
    `\n${pad}more text`,
    '\nlazy text',
  ]);
}

function validationField(random: Random, bullet: string): string {
  const head = pick(random, ['**Validation:**', 'Validation:', '**Validation**:', 'validation: `npm ci`']);
  const before = pick(random, ['', '', `\n  - pre: \`npm ci\``]);
  return `${bullet} ${head}${before}\n${fence(random, 2)}${nestedAfterFence(random, 2)}`;
}

function stage(random: Random, n: number): string {
  const bullet = pick(random, ['-', '-', '*']);
  const fields = [`${bullet} **Depends-on:** ${n === 1 ? 'none' : n - 1}`, `${bullet} **Files:** \`src/m${n}.ts\``];
  fields.push(validationField(random, bullet));
  if (random() < 0.3) fields.push(`${bullet} **Exit contract:** tests pass\n${fence(random, 2)}`);
  fields.push(`${bullet} **Rollback:** revert`);
  const separator = pick(random, ['\n', '\n', '\n\n']);
  const body = pick(random, ['', '\nSteps:\n\n1. Do it.\n', '\n```ts\nexport const x = 1;\n```\n']);
  return `### Stage ${n}: Module ${n}\n\n${fields.join(separator)}\n${body}\n`;
}

function plan(random: Random): string {
  const stages = 1 + Math.floor(random() * 3);
  const parts = ['---\nid: fenced\n---\n# Fenced\n\n## Stage Map\n\n'];
  for (let n = 1; n <= stages; n++) parts.push(stage(random, n));
  if (random() < 0.5)
    parts.push('## Clarification Items\n\n| # | Question | Answer |\n|---|---|---|\n| 1 | Q? | A |\n');
  return parts.join('');
}

/** Stages whose fenced blocks the fast path read: the outline left them unparsed and the fast reader returned code. */
function fastStages(text: string): number {
  const lines = new LineIndex(text);
  const outline = buildOutline(text, lines, 'segmented');
  return outline.filter((node, i) => {
    if (node.type !== 'opaque' || outline[i - 1]?.type !== 'heading') return false;
    const list = readSimpleFieldList(text, node.start, node.end, lines, { fencedCode: true });
    return list?.items.some((item) => item.nested.some(holdsCode)) ?? false;
  }).length;
}

function holdsCode(node: RootContent): boolean {
  if (node.type === 'code') return true;
  return node.type === 'list' && node.children.some((item) => item.children.some(holdsCode));
}

describe('the fenced `validation` fast path', () => {
  it('gives the same plan, diagnostics, positions and commands as micromark on generated variants', () => {
    const random = seededRandom(424242);
    let fast = 0;
    let stages = 0;
    for (let i = 0; i < 500; i++) {
      const text = plan(random);
      const segmented = parsePlanWith(text, { path: 'plan.md' }, 'segmented');
      const reference = parsePlanWith(text, { path: 'plan.md' }, 'whole-document');
      if (JSON.stringify(segmented) !== JSON.stringify(reference))
        expect(segmented, `document ${i}:\n${text}`).toEqual(reference);
      fast += fastStages(text);
      stages += reference.plan?.stages.length ?? 0;
    }
    // Both paths are exercised: most stages take the fast path, the unusual ones fall back.
    expect(fast).toBeGreaterThan(stages / 5);
    expect(fast).toBeLessThan(stages);
  });

  const stageText = (validation: string): string =>
    `---\nid: p\n---\n## Stage Map\n\n### Stage 1: One\n\n- **Depends-on:** none\n${validation}\n- **Rollback:** revert\n\n### Stage 2: Two\n\n- **Depends-on:** 1\n`;

  it('reads the commands of a tilde fence with an info string, skipping comments and blank lines', () => {
    const text = stageText('- **Validation:**\n  ~~~sh title="qa"\n  npm ci\n\n  # lint next\n   npm run lint\n  ~~~');
    expect(fastStages(text)).toBe(1);
    const result = parsePlanWith(text, { path: 'plan.md' }, 'segmented');
    expect(result.errors).toEqual([]);
    expect(result.plan?.stages[0]?.validation).toEqual([
      { cmd: 'npm ci', phase: 'main', position: { line: 11, column: 3 } },
      { cmd: 'npm run lint', phase: 'main', position: { line: 14, column: 4 } },
    ]);
  });

  it('reads a fence inside a nested `pre:` item and a list after a fence', () => {
    const text = stageText(
      '- **Validation:**\n  - pre:\n    ```\n    npm ci\n    ```\n  ```\n  npm test\n  ```\n  - post: `npm run e2e`',
    );
    expect(fastStages(text)).toBe(1);
    const result = parsePlanWith(text, { path: 'plan.md' }, 'segmented');
    expect(result.plan?.stages[0]?.validation.map((c) => [c.phase, c.cmd])).toEqual([
      ['pre', 'npm ci'],
      ['main', 'npm test'],
      ['post', 'npm run e2e'],
    ]);
    expect(result).toEqual(parsePlanWith(text, { path: 'plan.md' }, 'whole-document'));
  });

  it.each([
    ['an unclosed fence', '- **Validation:**\n  ```\n  npm test'],
    ['a fence closed by an unindented line', '- **Validation:**\n  ```\n  npm test\n```'],
    ['a tab in the block', '- **Validation:**\n  ```\n  \tnpm test\n  ```'],
    ['an escape in the info string', '- **Validation:**\n  ```sh\\_x\n  npm test\n  ```'],
    ['a backtick in a backtick fence’s info string', '- **Validation:**\n  ```sh `x`\n  npm test\n  ```'],
    ['a fence indented as code', '- **Validation:**\n      ```\n      npm test\n      ```'],
  ])('falls back to micromark on %s, with the same result', (_, validation) => {
    const text = stageText(validation);
    const body = text.indexOf('- **Depends-on:** none');
    expect(
      readSimpleFieldList(text, body, text.indexOf('### Stage 2'), new LineIndex(text), { fencedCode: true }),
    ).toBeNull();
    expect(fastStages(text)).toBe(0);
    expect(parsePlanWith(text, { path: 'plan.md' }, 'segmented')).toEqual(
      parsePlanWith(text, { path: 'plan.md' }, 'whole-document'),
    );
  });
});
