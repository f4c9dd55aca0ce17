/**
 * The headings that introduce each role's result block in an agent's final
 * message. The role templates in prompts/ show them and the parsers look for
 * them; keeping them in one place is what stops the two from drifting apart.
 */
export const RESULT_HEADINGS = {
  carry: 'Stage Carry Evidence',
  verifier: 'Verifier Result',
  reverify: 'Reverify Result',
  critic: 'Critic Result',
  planReview: 'Plan Review Result',
} as const;

export type ResultKind = keyof typeof RESULT_HEADINGS;

/** The heading as the prompts ask agents to write it: level 3. */
export function resultHeadingLine(kind: ResultKind): string {
  return `### ${RESULT_HEADINGS[kind]}`;
}
