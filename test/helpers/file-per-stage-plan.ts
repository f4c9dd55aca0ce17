/**
 * A plan whose stages each write their own file, `src/stage-N.txt` (a test fixture). A stage's validation checks
 * its own file and, unless `ownFileOnly`, its dependencies' files.
 */
export function filePerStagePlan(
  id: string,
  title: string,
  stages: ReadonlyArray<{ n: number; title: string; dependsOn: readonly number[] }>,
  o: { ownFileOnly?: boolean } = {},
): string {
  const stage = (n: number, name: string, dependsOn: readonly number[]): string => {
    const checks = [...(o.ownFileOnly ? [] : dependsOn), n].map((d) => `test -f src/stage-${d}.txt`).join(' && ');
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
# ${title}

## Stage Map

${stages.map((s) => stage(s.n, s.title, s.dependsOn)).join('\n')}`;
}
