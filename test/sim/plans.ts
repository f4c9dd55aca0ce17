/** A plan of stages that each write their own file, as the simulations run them (a simulation fixture). */
export function filePerStagePlan(
  id: string,
  title: string,
  stages: ReadonlyArray<{ n: number; title: string; dependsOn: readonly number[] }>,
): string {
  const stage = (n: number, name: string, dependsOn: readonly number[]): string => {
    const checks = [...dependsOn, n].map((d) => `test -f src/stage-${d}.txt`).join(' && ');
    return `### Stage ${n}: ${name}

- **Depends-on:** ${dependsOn.length === 0 ? 'none' : dependsOn.join(', ')}
- **Files:** \`src/stage-${n}.txt\`
- **Validation:** \`${checks}\`
- **Exit contract:** \`src/stage-${n}.txt\` exists.
- **Rollback:** revert the stage commit.

Write \`src/stage-${n}.txt\`.
`;
  };
  return `---
id: ${id}
base: main
---
# ${title} (simulation fixture)

## Stage Map

${stages.map((s) => stage(s.n, s.title, s.dependsOn)).join('\n')}`;
}
