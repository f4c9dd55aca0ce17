/**
 * The starter plan `okstra init` writes: two stages, the second building on
 * the first, each with validation commands, and comments saying what to
 * change. It is valid as written (`okstra plan validate`), so a first run of
 * the tools works before anything is edited.
 */
export function starterPlan(id: string, plansDir: string): string {
  const path = `${plansDir.replace(/\/+$/, '')}/${id}.md`;
  return `---
id: ${id}
---
# My first okstra plan

<!--
Written by \`okstra init\` as a template. Replace the title, the context and both
stages with your own work (docs/plan-format.md describes every field), then check it:

  okstra plan validate ${path}

No stage runs until a person approves the plan's exact content: a review of the
pull request that adds it, \`/okstra approve\` on that pull request, or
\`okstra plan approve --plan ${path}\`.
-->

## Context

What the change is for, and what the agents should know: the modules involved,
the conventions to follow, what must not change. Everything outside the Stage
Map is read by people and by the agents; okstra's parser reads only the stages.

## Stage Map

### Stage 1: Add the building block

<!-- A stage is one branch and one verified unit of work: small enough that a verifier can read all of it. -->

- **Depends-on:** none
- **Files:** \`src/example.ts\`, \`test/example.test.ts\`
- **Validation:**
  - pre: \`npm ci\`
  - \`npm test\`
- **Exit contract:** the new function is exported and its tests cover the edge cases.
- **Rollback:** revert the stage's commits.

<!-- Validation: your project's commands; okstra runs them at the stage's head and every one must pass. -->

Steps:

1. Write the function.
2. Write its tests.

### Stage 2: Use it

- **Depends-on:** 1
- **Files:** \`src/app.ts\`
- **Validation:** \`npm test\` and \`npm run lint\`
- **Exit contract:** the application calls the new function; behaviour elsewhere is unchanged.

<!-- Depends-on: 1 means this stage starts from stage 1's verified branch, once stage 1 is done. -->

Call the new function where the application needs it.
`;
}
