import { vi } from 'vitest';
import type * as AgentUsers from '../src/sandbox/agent-users.js';

// The fast tier (test/tiers.ts) leases no agent OS user: a run that isolates its agents is a slow test. A fast
// test that gets here fails with where it belongs instead of taking a machine-wide user. A mock, so a fast test
// that never loads the sandbox does not pay for loading it.
vi.mock('../src/sandbox/agent-users.js', async (importOriginal) => {
  const original = await importOriginal<typeof AgentUsers>();
  original.AgentUserPool.prototype.acquire = async function acquire(): Promise<never> {
    throw new Error('a fast-tier test leased an agent OS user: list its file in SLOW_FILES (test/tiers.ts)');
  };
  return original;
});
