// Plan parser speed: a generated 500-stage plan must parse and validate in
// well under 50 ms, so `okstra` can re-read big plans on every run. Smoke: 20 stages, 3 parses.
import { parsePlan } from '../src/core/plan/index.js';
import { fmt, sized, summarize, verdict } from './stats.js';

const TARGET_MS = 50;

type Shape = 'inline' | 'code-block' | 'nested' | 'fenced-validation';

/** A realistic stage: fields first, then a short body of steps. */
function stage(n: number, shape: Shape): string {
  const depends = n === 1 ? 'none' : n % 10 === 0 ? `${n - 1}, ${n - 5}` : `${n - 1}`;
  const code = shape === 'code-block' ? `\n\`\`\`ts\nexport function step${n}(): void {}\n\`\`\`\n` : '';
  const files =
    shape === 'nested'
      ? `- **Files:**\n  - \`src/modules/m${n}.ts\` — the module\n  - \`test/modules/m${n}.test.ts\`\n`
      : `- **Files:** \`src/modules/m${n}.ts\`, \`test/modules/m${n}.test.ts\`\n`;
  const validation =
    shape === 'fenced-validation'
      ? `- **Validation:**\n  \`\`\`sh\n  npm test -- m${n}\n  npm run lint\n  \`\`\`\n`
      : `- **Validation:** \`npm test -- m${n}\`\n`;
  return `### Stage ${n}: Module ${n}

- **Depends-on:** ${depends}
${files}${validation}- **Exit contract:** \`m${n}\` exports \`run${n}()\` and its tests pass.
- **Rollback:** revert the stage branch.

Steps:

1. Add the module and export \`run${n}()\`.
2. Wire it into \`src/modules/index.ts\`.
3. Cover the error path in the tests.
${code}
`;
}

export function generatePlan(stages: number, shape: Shape = 'inline'): string {
  const parts = [
    '---\nid: bench-plan\nbase: main\n---\n# Benchmark plan\n\n## Context\n\nGenerated.\n\n## 5.5 Stage Map\n\n',
  ];
  for (let n = 1; n <= stages; n++) parts.push(stage(n, shape));
  parts.push(
    '## Clarification Items\n\n| # | Question | Answer |\n|---|---|---|\n| 1 | Which database? | Postgres |\n',
  );
  return parts.join('');
}

function measure(text: string, stages: number, warmup: number, iterations: number): number[] {
  for (let i = 0; i < warmup; i++) check(parsePlan(text, { path: 'bench.md' }), stages);
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    const result = parsePlan(text, { path: 'bench.md' });
    samples.push(performance.now() - start);
    check(result, stages);
  }
  return samples;
}

function check(result: ReturnType<typeof parsePlan>, stages: number): void {
  if (result.errors.length > 0 || result.plan?.stages.length !== stages) {
    const first = result.errors[0];
    throw new Error(
      `benchmark plan did not parse cleanly: ${result.errors.length} errors${first ? ` (first: ${JSON.stringify(first)})` : ''}, ${result.plan?.stages.length ?? 0} of ${stages} stages`,
    );
  }
}

type Measured = readonly [label: string, shape: Shape, iterations: number];

const FENCED: Measured = ['fenced `validation` block in every stage', 'fenced-validation', 100];

// Every shape takes a fast path (the field-list reader, with fenced code for
// the last one); a shape that fell back to micromark per stage would show
// here at several times the others' figure.
const SHAPES: readonly Measured[] = [
  ['inline fields', 'inline', 100],
  ['inline fields + a code block in every body', 'code-block', 100],
  ['nested `files` list in every stage', 'nested', 100],
  FENCED,
];

function figure([label, shape, iterations]: Measured): string {
  const stages = sized(500, 20);
  const text = generatePlan(stages, shape);
  const n = sized(iterations, 3);
  const { p50, p99 } = summarize(measure(text, stages, sized(Math.ceil(iterations / 5), 1), n));
  return `parse+validate ${stages} stages, ${label} (${(text.length / 1024).toFixed(0)} KiB, n=${n}): median ${fmt(p50)}, p99 ${fmt(p99)} — ${verdict(p50, TARGET_MS)}`;
}

export async function benchPlan(): Promise<string[]> {
  return SHAPES.map(figure);
}

/** The fenced `validation` figure alone (500 stages, target 50 ms), for suites that report it beside their own. */
export async function benchFencedValidation(): Promise<string[]> {
  return [figure(FENCED)];
}
