import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SlowLongestFirst } from './test/sequencer.js';
import { testTiers, whyIsolated } from './test/tiers.js';

// Two tiers (test/tiers.ts says which file is in which, from its folder, its name and its imports):
// `vitest run` (npm test) runs both, `npm run test:fast` the fast one (projects `fast` and `fast-isolated`).
// Only the slow tier bundles okstra (test/global-setup.ts): no fast test starts it.
const root = dirname(fileURLToPath(import.meta.url));
const tiers = testTiers(root);
const isolated = tiers.fast.filter((file) => whyIsolated(root, join(root, file)) !== null);
const slowIsolated = tiers.slow.filter((file) => whyIsolated(root, join(root, file)) !== null);

// A fast file waits on the git it runs (synchronously) much of its time: other workers run tests meanwhile, even
// on two cores, where vitest's default is one. `npm run test:fast` on two cores, alternating: two workers 69.0,
// 67.8, 67.7 s; three 64.0, 66.4, 63.1 s.
const FAST_WORKERS = availableParallelism() + 1;
// A slow file waits most of its time on the processes it starts (okstra's bundle, git, the stand-in agents, the
// agent CLIs) and on the timeouts it tests: other files run meanwhile. Slow files share only what is made to be
// shared (agent OS users are leased across processes, servers listen on port 0, temporary folders are the test's
// own), and they share worker processes as the fast ones do (`isolate: false`).
//
// More files at once, and shared processes, used to fail now and then with a stand-in agent ending in error or
// SIGKILL within a second (test/cli/exit-codes, test/cli/demo, test/sim/parallel-action,
// test/engine/verdict-integrity). That was okstra's own race: two processes taking over a killed run's agent-user
// lease at once, the second killing the first one's new agent (fixed in src/sandbox/lease-locks.ts). Since, the
// whole `vitest run` on two cores, clean cache, one after the other on the same machine: each file in a process of
// its own, two at once 588 s, four at once 577 s; sharing processes, two at once 520 s, three 481 s, four 463 s; and
// two whole runs side by side (sharing, two at once each) both passed. Cores + 1 at once (three on two cores):
// four gained 4% more for a third more load on each test's 60 s. OKSTRA_SLOW_WORKERS sets another count.
const SLOW_WORKERS = Number(process.env.OKSTRA_SLOW_WORKERS ?? availableParallelism() + 1);

const fast = {
  setupFiles: ['test/setup.ts', 'test/setup-fast.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
  maxWorkers: FAST_WORKERS,
  // Projects that run side by side share a worker count: the slow project, with its own, runs after these.
  sequence: { groupOrder: 0 },
};

const slow = {
  globalSetup: ['test/global-setup.ts'],
  setupFiles: ['test/setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
  maxWorkers: SLOW_WORKERS,
  sequence: { groupOrder: 1 },
};

export default defineConfig({
  test: {
    // The slow tier's longest files start first (test/sequencer.ts says why).
    sequence: { sequencer: SlowLongestFirst },
    experimental: {
      // Vite's transform of each module kept on disk between runs, keyed by the module's path and text, vitest's
      // version and the config: a run transforms only what changed. In the worktree (node_modules may be shared).
      fsModuleCache: true,
      fsModuleCachePath: '.cache/vitest-modules',
    },
    projects: [
      {
        test: {
          ...fast,
          name: 'fast',
          include: tiers.fast.filter((file) => !isolated.includes(file)),
          // Files share a worker process one after another, src's modules loaded once per worker: a fresh
          // process and module graph per file was two thirds of the tier's CPU time. Forks, not threads: a test
          // sets process.umask, which a worker thread may not.
          pool: 'forks',
          isolate: false,
        },
      },
      {
        test: {
          ...fast,
          name: 'fast-isolated',
          include: isolated,
        },
      },
      {
        test: {
          ...slow,
          name: 'slow',
          include: tiers.slow.filter((file) => !slowIsolated.includes(file)),
          // As the fast project's files: a fresh process per file cost each slow file 0.6-0.8 s of start-up and
          // module loading (vitest's `import`: 67 s of the tier's, 7 s shared), ~100 s of worker time in all.
          pool: 'forks',
          isolate: false,
        },
      },
      // A slow file that mocks modules (none today) gets a process of its own, as a fast one does.
      ...(slowIsolated.length > 0 ? [{ test: { ...slow, name: 'slow-isolated', include: slowIsolated } }] : []),
    ],
  },
});
