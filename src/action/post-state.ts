/**
 * The name of the step state the main step keeps its open claims under
 * (claims.ts), and whether the post step finds any: a module of its own so
 * the post step can tell without loading the ledger, git or the API client.
 */
export const STATE_NAME = 'okstra-claims';

/** The runner passes a main step's saved state to its post step as `STATE_<name>`; empty when no claim is open. */
export function claimsSaved(env: Readonly<Record<string, string | undefined>>): boolean {
  return (env[`STATE_${STATE_NAME}`] ?? '') !== '';
}
