import { afterEach, vi } from 'vitest';
import { removeTempDirs } from './helpers/temp-dirs.js';

// Tests never depend on the developer's git identity or global config.
process.env.GIT_CONFIG_NOSYSTEM = '1';
process.env.GIT_CONFIG_GLOBAL = '/dev/null';
process.env.GIT_AUTHOR_NAME = 'okstra test';
process.env.GIT_AUTHOR_EMAIL = 'test@okstra.invalid';
process.env.GIT_COMMITTER_NAME = 'okstra test';
process.env.GIT_COMMITTER_EMAIL = 'test@okstra.invalid';

afterEach(() => {
  vi.useRealTimers();
  removeTempDirs();
});
