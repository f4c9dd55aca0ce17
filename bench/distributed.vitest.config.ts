import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The distributed suite's plans run in test/sim's GitHub, whose harness needs vitest: the bundled Action's path
// comes from the global setup (inject) and its folders are removed after each test. So bench/distributed.ts runs
// bench/distributed.sim.ts through vitest with this config, which picks that one file and nothing of test/.
export default defineConfig({
  root: join(dirname(fileURLToPath(import.meta.url)), '..'),
  test: {
    include: ['bench/distributed.sim.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    // One plan per test; the suite passes a tighter bound at smoke size.
    testTimeout: Number(process.env.OKSTRA_BENCH_DISTRIBUTED_TIMEOUT_MS ?? 600_000),
    hookTimeout: 60_000,
  },
});
