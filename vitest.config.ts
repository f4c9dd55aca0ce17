import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { testTiers } from './test/tiers.js';

// Two tiers (test/tiers.ts says which file is in which, from its folder, its name and its imports):
// `vitest run` (npm test) runs both, `npm run test:fast` the fast one. Only the slow tier bundles
// okstra (test/global-setup.ts): no fast test starts it.
const tiers = testTiers(dirname(fileURLToPath(import.meta.url)));

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'fast',
          include: tiers.fast,
          setupFiles: ['test/setup.ts', 'test/setup-fast.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'slow',
          include: tiers.slow,
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
