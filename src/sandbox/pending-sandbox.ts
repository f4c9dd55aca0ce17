import type { AgentLease, AgentSandbox, HandOver } from './sandbox.js';

/**
 * The agents' boundary while it is still being proven. A stage run claims its
 * stage meanwhile (the claim is what the plan's next hop and a person wait
 * for, and the proof is a handful of process starts as an agent user), then
 * waits on {@link proven} before it does anything else: no agent, QA command
 * or shared tree exists before the boundary holds, and every method that
 * could make one waits for it too. What it says of itself (mode, statement)
 * is asked only after that; asked earlier, it is a bug and says so.
 */
export class PendingSandbox implements AgentSandbox {
  private settled: AgentSandbox | null = null;
  private readonly opening: Promise<AgentSandbox>;

  constructor(opening: Promise<AgentSandbox>) {
    this.opening = opening.then((sandbox) => (this.settled = sandbox));
    // Awaited by whoever uses it; a run that ends before (refused at intake) must not see an unhandled rejection.
    this.opening.catch(() => undefined);
  }

  get mode(): AgentSandbox['mode'] {
    return this.now().mode;
  }

  get statement(): string {
    return this.now().statement;
  }

  async proven(): Promise<void> {
    await this.opening;
  }

  async acquire(): Promise<AgentLease> {
    return (await this.opening).acquire();
  }

  async shareForReading(dir: string | HandOver): Promise<void> {
    return (await this.opening).shareForReading(dir);
  }

  async makeReachable(path: string): Promise<void> {
    return (await this.opening).makeReachable(path);
  }

  /** Closes the boundary once it is open; one that failed to open has undone itself (openProvenSandbox). */
  async close(): Promise<void> {
    const sandbox = await this.opening.catch(() => null);
    await sandbox?.close();
  }

  private now(): AgentSandbox {
    if (!this.settled) throw new Error("okstra: the agents' boundary was asked about before it was proven");
    return this.settled;
  }
}
