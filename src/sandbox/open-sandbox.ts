import { checkBoundary, createSandbox, IsolationError, type AgentSandbox, type SandboxOptions } from './sandbox.js';

/**
 * The boundary agents run behind, proved on this machine before any of them
 * starts: the paths agents need are made reachable, then an agent user must
 * not be able to read okstra's environment, else the run stops here.
 * `where` names the machine in the error ("on this runner").
 */
export async function openProvenSandbox(
  options: SandboxOptions,
  reachable: readonly string[],
  where: string,
): Promise<AgentSandbox> {
  const sandbox = await createSandbox(options);
  for (const path of reachable) await sandbox.makeReachable(path);
  const broken = await checkBoundary(sandbox);
  if (broken) {
    await sandbox.close();
    throw new IsolationError(`the agents' boundary does not hold ${where}: ${broken}`);
  }
  return sandbox;
}
